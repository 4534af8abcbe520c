package toy_test

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/engine/play/playtest"
	"github.com/roundtable-dev/roundtable/engine/play/playtest/toy"
)

func TestToysConform(t *testing.T) {
	playtest.Conformance(t, playtest.Setup{Game: "nim", Mode: toy.NimMode, Seeds: 3})
	playtest.Conformance(t, playtest.Setup{Game: "duel", Mode: toy.DuelMode, Seeds: 10})
}

// TestDuelRounds: seed 1 deals P1 cedar, maple, rowan (powers 3, 8, 11)
// and P2 ash, elm, fir (1, 4, 5). The higher card takes the round and its
// player leads the next; two rounds win.
func TestDuelRounds(t *testing.T) {
	d := toy.NewDuel(toy.BasePowers(), 1, true)
	if got := fmt.Sprint(d.S.Hands); got != "[[cedar maple rowan] [ash elm fir]]" {
		t.Fatalf("hands %s", got)
	}
	r := play.NewRunner(d, nil)
	for _, a := range []string{"play rowan", "play ash", "play cedar", "play elm"} {
		if err := r.DoText(a); err != nil {
			t.Fatal(err)
		}
	}
	if d.S.Wins != [2]int{1, 1} || d.ToMove() != 1 || d.Over() {
		t.Fatalf("after two rounds: %+v", d.S)
	}
	for _, a := range []string{"play fir", "play maple"} {
		if err := r.DoText(a); err != nil {
			t.Fatal(err)
		}
	}
	if !d.Over() || fmt.Sprint(d.Result().Winners) != "[0]" {
		t.Fatalf("after three rounds: over %v, %+v", d.Over(), d.Result())
	}
	if got := fmt.Sprint(d.Participants()); got != "[[rowan cedar maple] [ash elm fir]]" {
		t.Fatalf("participants %s", got)
	}
}

// brokenDuel redeals the hand of the seat that asks, too.
type brokenDuel struct{ *toy.Duel }

func (b brokenDuel) Clone() play.Match { return brokenDuel{b.Duel.Clone().(*toy.Duel)} }
func (b brokenDuel) Determinize(seat int, rng *rand.Rand) play.Match {
	c := b.Duel.Determinize(1-seat, rng).(*toy.Duel)
	return c
}

// failer is a testing.TB that records the first failure and stops.
type failer struct {
	testing.TB
	msg string
}

func (f *failer) Helper() {}
func (f *failer) Fatalf(format string, args ...any) {
	f.msg = fmt.Sprintf(format, args...)
	runtime.Goexit()
}
func (f *failer) Fatal(args ...any) { f.Fatalf("%s", fmt.Sprint(args...)) }

// TestConformanceCatchesABadDeterminizer: a determinization that redeals
// the hand of the seat to move fails the harness.
func TestConformanceCatchesABadDeterminizer(t *testing.T) {
	mode := toy.DuelMode
	mode.New = func(rules any, o play.Options) (play.Match, error) {
		m, err := toy.DuelMode.New(rules, o)
		if err != nil {
			return nil, err
		}
		return brokenDuel{m.(*toy.Duel)}, nil
	}
	f := &failer{}
	done := make(chan bool)
	go func() {
		defer close(done)
		for seed := uint64(1); seed <= 5 && f.msg == ""; seed++ {
			playtest.ConformSeed(f, playtest.Setup{Game: "duel", Mode: mode}, seed)
		}
	}()
	<-done
	if !strings.Contains(f.msg, "a determinization for seat") {
		t.Fatalf("a determinizer that changes the mover's hand: got %q", f.msg)
	}
}
