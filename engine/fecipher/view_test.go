package fecipher_test

import (
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	. "github.com/roundtable-dev/roundtable/engine/fecipher"
	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/engine/play/playtest"
)

// hiddenFrom is Hidden (hidden.go), the one copy the studio's play leak
// test uses too.
func hiddenFrom() playtest.Hidden { return Hidden() }

var (
	viewGames = flag.Int("fec.view-games", 80, "seeded games TestViews plays (-short: 10)")
	update    = flag.Bool("update", false, "rewrite the examples of docs/play.md this package generates")
)

// TestViews: at every decision of seeded games (greedy on odd seeds,
// random on even), no seat's view, text or events holds a card it may not
// see (playtest.Views, with hiddenFrom), and a determinization for the
// seat gives it the same view and text.
func TestViews(t *testing.T) {
	n := *viewGames
	if testing.Short() {
		n = 10
	}
	st := playtest.Views(t, playtest.Setup{Game: "fe-cipher", Mode: Versus, Rules: rs, Seeds: n}, hiddenFrom())
	t.Logf("%d games: %+v", n, st)
	// A game is about 230 decisions; at each, each of the three seats
	// misses both decks and both orb areas (ten ids and names or more) and the
	// random source. Every turn from the second draws: hidden events.
	if st.Decisions < 150*n || st.Hidden < 3*10*st.Decisions || st.Private < 10*n {
		t.Fatalf("the views test saw too little: %+v", st)
	}
}

// leaky breaks one part of what a seat may see.
type leaky struct {
	*Match
	leak string // "view", "show", "event"
}

func (l leaky) Clone() play.Match  { return leaky{l.Match.Clone().(*Match), l.leak} }
func (l leaky) Unwrap() play.Match { return l.Match }
func (l leaky) View(seat int) any {
	if l.leak == "view" {
		return l.G.Position()
	}
	return l.Match.View(seat)
}
func (l leaky) Show(seat int) string {
	if p := l.G.P[0]; l.leak == "show" && len(p.Orbs) > 0 {
		return l.Match.Show(seat) + "P1's last orb: " + l.G.C(p.Orbs[len(p.Orbs)-1]).ID + "\n"
	}
	return l.Match.Show(seat)
}
func (l leaky) Events() []play.Event {
	es := l.Match.Events()
	if l.leak == "event" {
		for i := range es {
			es[i].Only, es[i].Public = nil, nil
		}
	}
	return es
}

// TestViewsCatchLeaks: hiddenFrom is not vacuous. A view that is the
// whole position, a text that names an orb (face down to its owner too)
// and draw events shown as they are to every seat each fail the harness.
func TestViewsCatchLeaks(t *testing.T) {
	for leak, want := range map[string]string{"view": "View holds", "show": "Show holds", "event": "events holds"} {
		mode := Versus
		mode.New = func(rules any, o play.Options) (play.Match, error) {
			m, err := Versus.New(rules, o)
			if err != nil {
				return nil, err
			}
			return leaky{m.(*Match), leak}, nil
		}
		mode.Policies = map[string]play.PolicyMaker{"random": play.NewRandom}
		msg := playtest.Failure(func(tb testing.TB) {
			playtest.ViewSeed(tb, playtest.Setup{Game: "fe-cipher", Mode: mode, Rules: rs}, 2, hiddenFrom())
		})
		if !strings.Contains(msg, want) {
			t.Errorf("leaking by %s: got %q, want a failure holding %q", leak, msg, want)
		}
	}
}

// loadExample reads a position of docs/examples.
func loadExample(t *testing.T, name string) *Match {
	t.Helper()
	b, err := os.ReadFile("../../docs/examples/" + name)
	if err != nil {
		t.Fatal(err)
	}
	env, err := play.ReadPosition(name, b)
	if err != nil {
		t.Fatal(err)
	}
	m, err := Versus.Load(rs, env.State)
	if err != nil {
		t.Fatal(err)
	}
	return m.(*Match)
}

// missing are the lines of want that are not lines of text.
func missing(text string, want ...string) []string {
	have := strings.Split(text, "\n")
	var out []string
	for _, w := range want {
		if !slices.Contains(have, w) {
			out = append(out, w)
		}
	}
	return out
}

// TestViewOfAPosition: in docs/examples/fecipher-critical.yaml each player
// sees its own hand and a count of the other's, both fields and bonds (the
// face-down bond's card too: it never left the table), and counts of both
// decks and of both orb areas (face down to their owner too).
func TestViewOfAPosition(t *testing.T) {
	m := loadExample(t, "fecipher-critical.yaml")
	for _, c := range []struct {
		seat int
		want []string
	}{
		{0, []string{
			"fe-cipher, turn 5, seen by P1: P1's action phase",
			"P2: deck 2, orbs 1 (4 broken), retreat 0, hand 1 card",
			"  front line (vanguard): chrom-shepherd (attack 60, range 1, main, tapped, 2",
			"P1: deck 3, orbs 3 (2 broken), retreat 0",
			"  bonds 3 (2 face up): cain-cavalier, abel-cavalier, caeda-pegasus (face down)",
			"  hand: marth-star-lord, marth-young-prince, caeda-pegasus",
		}},
		{1, []string{
			"fe-cipher, turn 5, seen by P2: P1's action phase",
			"P1: deck 3, orbs 3 (2 broken), retreat 0, hand 3 cards",
			"P2: deck 2, orbs 1 (4 broken), retreat 0",
			"  hand: lissa-cleric",
		}},
	} {
		show := m.Show(c.seat)
		if miss := missing(show, c.want...); len(miss) > 0 {
			t.Errorf("Show(%d) lacks the lines %q:\n%s", c.seat, miss, show)
		}
		v := m.View(c.seat).(*View)
		me, other := v.Seats[c.seat], v.Seats[1-c.seat]
		if got := fmt.Sprintln(me.Hand, other.Hand, me.Deck, other.Deck, me.Orbs, other.Orbs); got != map[int]string{
			0: "[marth-star-lord marth-young-prince caeda-pegasus] {1} {3} {2} {3} {1}\n",
			1: "[lissa-cleric] {3} {2} {3} {1} {3}\n",
		}[c.seat] {
			t.Errorf("View(%d): hands, decks, orbs %s", c.seat, got)
		}
	}
}

// TestOrbIsSeenByItsOwnerOnly: an orb that breaks goes to its owner's
// hand: the event names it for the owner, not for the other seat; the log
// names it.
func TestOrbIsSeenByItsOwnerOnly(t *testing.T) {
	m := loadExample(t, "fecipher-critical.yaml")
	var events []play.Event
	r := play.NewRunner(m, func(e play.Event) { events = append(events, e) })
	for _, a := range []string{"attack chrom-shepherd with marth-exiled-prince", "critical marth-young-prince"} {
		if err := r.DoText(a); err != nil {
			t.Fatal(err)
		}
	}
	orb := func(seat int) string {
		for _, e := range play.SeenBy(events, seat) {
			if e.Kind == "orb" {
				b, _ := json.Marshal(e.Data)
				return e.Text + " " + string(b)
			}
		}
		return "no orb event"
	}
	for seat, want := range map[int]string{
		1:  `P2 orb Unflinching Cavalier, Sully (an orb breaks to the hand; 0 left) {"phase":"action","card":"Unflinching Cavalier, Sully","detail":"an orb breaks to the hand; 0 left"}`,
		0:  `P2 orb (an orb breaks to the hand; 0 left) {"phase":"action","detail":"an orb breaks to the hand; 0 left"}`,
		-1: `P2 orb (an orb breaks to the hand; 0 left) {"phase":"action","detail":"an orb breaks to the hand; 0 left"}`,
	} {
		if got := orb(seat); got != want {
			t.Errorf("seat %d sees %s, want %s", seat, got, want)
		}
	}
}

// TestDrawIsSeenByTheDrawerOnly: the beginning phase's draw names the
// card for the player who drew it; the other sees "a card".
func TestDrawIsSeenByTheDrawerOnly(t *testing.T) {
	m := loadExample(t, "fecipher-critical.yaml")
	var events []play.Event
	r := play.NewRunner(m, func(e play.Event) { events = append(events, e) })
	if err := r.DoText("end turn"); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, seat := range []int{1, 0} {
		for _, e := range play.SeenBy(events, seat) {
			if e.Kind == "draw" {
				got = append(got, e.Text)
			}
		}
	}
	if want := []string{"P2 draw Self-Styled Teacher, Vaike (beginning phase)", "P2 draw a card (beginning phase)"}; !slices.Equal(got, want) {
		t.Errorf("the draw as P2 and P1 see it: %q, want %q", got, want)
	}
}

// TestShowFitsEightyColumns: at every decision of seeded games no line of
// any seat's text is wider than 80 columns.
func TestShowFitsEightyColumns(t *testing.T) {
	for seed := uint64(1); seed <= 6; seed++ {
		pm, err := Versus.New(rs, play.Options{Seed: seed, Quiet: true})
		if err != nil {
			t.Fatal(err)
		}
		m := pm.(*Match)
		pols := []play.Policy{play.NewRandom(seed, 0), play.NewRandom(seed, 1)}
		for n := 0; !m.Over() && n < 3000; n++ {
			for seat := -1; seat < 2; seat++ {
				for _, l := range strings.Split(m.Show(seat), "\n") {
					if len(l) > 80 {
						t.Fatalf("seed %d, action %d: a line of %d columns for seat %d:\n%s", seed, n, len(l), seat, l)
					}
				}
			}
			if err := m.Apply(pols[m.ToMove()].Choose(m)); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestViewDocExamples writes (-update) or checks the examples of
// docs/play.md, "What each seat sees": a part of a view, a text, and a
// hidden event as two seats see it.
func TestViewDocExamples(t *testing.T) {
	const doc = "../../docs/play.md"
	m := loadExample(t, "fecipher-critical.yaml")
	v := m.View(0).(*View)
	playtest.DocBlock(t, doc, "fe-cipher-view", playtest.YAMLPart(t, v, "players.name", "players.deck", "players.hand", "players.orbs",
		"players.orbs-broken", "players.bonds"), *update)
	playtest.DocBlock(t, doc, "fe-cipher-show", m.Show(0), *update)
	var events []play.Event
	r := play.NewRunner(m, func(e play.Event) { events = append(events, e) })
	for _, a := range []string{"attack chrom-shepherd with marth-exiled-prince", "critical marth-young-prince"} {
		if err := r.DoText(a); err != nil {
			t.Fatal(err)
		}
	}
	var out []string
	for _, seat := range []int{1, 0} {
		for _, e := range play.SeenBy(events, seat) {
			if e.Kind == "orb" {
				b, _ := json.Marshal(e)
				out = append(out, fmt.Sprintf("P%d sees: %s", seat+1, b))
			}
		}
	}
	playtest.DocBlock(t, doc, "fe-cipher-event", strings.Join(out, "\n"), *update)
}

// TestFaceUpOrbIsNotHidden: an orb flipped face up ("flip 1 of your orbs
// face up") is in every seat's view (orbs-face-up) and Show, so Hidden
// does not hold it to being hidden; the face-down orbs stay hidden, and a
// determinization keeps the face-up orb where it is.
func TestFaceUpOrbIsNotHidden(t *testing.T) {
	m := loadExample(t, "fecipher-critical.yaml")
	p := m.G.P[0]
	p.OrbsUp = 1
	up, down := m.G.C(p.Orbs[0]).ID, m.G.C(p.Orbs[2]).ID
	for _, seat := range []int{-1, 0, 1} {
		v := m.View(seat).(*View)
		if !slices.Equal(v.Seats[0].OrbsUp, []string{up}) {
			t.Fatalf("seat %d: face-up orbs %v, want [%s]", seat, v.Seats[0].OrbsUp, up)
		}
		secrets := hiddenFrom()(m, seat)
		if slices.Contains(secrets, up) || !slices.Contains(secrets, down) {
			t.Errorf("seat %d: Hidden holds %s (face up) %v, %s (face down) %v; want false, true", seat,
				up, slices.Contains(secrets, up), down, slices.Contains(secrets, down))
		}
		if seat >= 0 {
			d := m.Determinize(seat, rand.New(rand.NewPCG(1, 2))).(*Match)
			if got := d.G.C(d.G.P[0].Orbs[0]).ID; got != up {
				t.Errorf("a determinization for seat %d has %s face up, want %s", seat, got, up)
			}
		}
	}
}
