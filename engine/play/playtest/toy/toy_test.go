package toy_test

import (
	"encoding/json"
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

// duelHidden is what seat may not see in a Duel: the other hand and the
// deck (every card is in one place, so none of them is seen elsewhere).
func duelHidden(m play.Match, seat int) []string {
	s := duelOf(m).S
	out := append([]string(nil), s.Deck...)
	for p, h := range s.Hands {
		if p != seat {
			out = append(out, h...)
		}
	}
	return out
}

func duelOf(m play.Match) *toy.Duel {
	switch d := m.(type) {
	case *toy.Duel:
		return d
	case leakyDuel:
		return d.Duel
	}
	panic(fmt.Sprintf("%T", m))
}

func TestDuelViewsHideTheOtherHandAndTheDeck(t *testing.T) {
	st := playtest.Views(t, playtest.Setup{Game: "duel", Mode: toy.DuelMode, Seeds: 10}, duelHidden)
	// 10 games of 4 to 6 decisions; at each, the onlooker misses 12 cards
	// less those played, each seat its deck and the other hand.
	if st.Decisions < 40 || st.Hidden < 40*3*6 {
		t.Fatalf("the views test saw too little: %+v", st)
	}
}

// leakyDuel breaks one part of what a seat may see.
type leakyDuel struct {
	*toy.Duel
	leak string // "view", "show", "event", "determinize"
}

func (l leakyDuel) Clone() play.Match { return leakyDuel{l.Duel.Clone().(*toy.Duel), l.leak} }
func (l leakyDuel) View(seat int) any {
	if l.leak == "view" {
		return l.Duel.S
	}
	return l.Duel.View(seat)
}
func (l leakyDuel) Show(seat int) string {
	if l.leak == "show" {
		return l.Duel.Show(seat) + "deck: " + strings.Join(l.Duel.S.Deck, ", ")
	}
	return l.Duel.Show(seat)
}
func (l leakyDuel) Events() []play.Event {
	e := l.Duel.Events()
	if l.leak == "event" && len(l.Duel.S.Deck) > 0 {
		e = append(e, play.Event{Seat: -1, Kind: "peek", Text: "the deck's top card is " + l.Duel.S.Deck[0]})
	}
	return e
}
func (l leakyDuel) Determinize(seat int, rng *rand.Rand) play.Match {
	c := l.Duel.Determinize(seat, rng).(*toy.Duel)
	if l.leak == "determinize" {
		c = l.Duel.Determinize(1-seat, rng).(*toy.Duel)
	}
	return leakyDuel{c, l.leak}
}

// TestViewsCatchLeaks: a view, a text, an event or a determinization that
// shows a seat what it may not see fails the harness.
func TestViewsCatchLeaks(t *testing.T) {
	for leak, want := range map[string]string{
		"view":        "View holds",
		"show":        "Show holds",
		"event":       "events holds",
		"determinize": "gives it another View",
	} {
		mode := toy.DuelMode
		mode.New = func(rules any, o play.Options) (play.Match, error) {
			m, err := toy.DuelMode.New(rules, o)
			if err != nil {
				return nil, err
			}
			return leakyDuel{m.(*toy.Duel), leak}, nil
		}
		f := &failer{}
		done := make(chan bool)
		go func() {
			defer close(done)
			playtest.ViewSeed(f, playtest.Setup{Game: "duel", Mode: mode}, 2, duelHidden)
		}()
		<-done
		if !strings.Contains(f.msg, want) {
			t.Errorf("a duel leaking by %s: got %q, want a failure holding %q", leak, f.msg, want)
		}
	}
}

// TestHiddenEventsAreSeenByTheirSeatsOnly: Hide and Seen, as the runner
// and the views see them.
func TestHiddenEventsAreSeenByTheirSeatsOnly(t *testing.T) {
	e := play.Event{N: 4, Turn: 2, Seat: 1, Kind: "draw", Text: "you draw marth"}.Hide(play.Event{Text: "P2 draws a card"}, 1)
	if got, ok := e.Seen(1); !ok || got.Text != "you draw marth" || got.Only != nil || got.Public != nil {
		t.Errorf("seat 1 sees %+v, %v", got, ok)
	}
	if got, ok := e.Seen(0); !ok || got.Text != "P2 draws a card" || got.Kind != "draw" || got.N != 4 || got.Turn != 2 || got.Seat != 1 {
		t.Errorf("seat 0 sees %+v, %v", got, ok)
	}
	if _, ok := (play.Event{Text: "secret"}).Hide(play.Event{}, 0).Seen(-1); !ok {
		t.Errorf("an onlooker sees nothing of an event with a public form")
	}
	none := play.Event{Text: "secret", Only: []int{0}}
	if _, ok := none.Seen(1); ok {
		t.Errorf("seat 1 sees an event for seat 0 with no public form")
	}
	if got := play.SeenBy([]play.Event{e, none, {Text: "public"}}, 1); len(got) != 2 || got[1].Text != "public" {
		t.Errorf("SeenBy(1) = %+v", got)
	}
	b, _ := json.Marshal(e)
	if strings.Contains(string(b), "P2 draws") || strings.Contains(string(b), "only") {
		t.Errorf("a log line writes the hidden form: %s", b)
	}
}
