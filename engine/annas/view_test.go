package annas

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/engine/play/playtest"
	annasgen "github.com/roundtable-dev/roundtable/generated/annas"
)

// hiddenFrom is Hidden (hidden.go), the one copy the studio's play leak
// test uses too.
func hiddenFrom() playtest.Hidden { return Hidden() }

var (
	viewGames = flag.Int("annas.view-games", 150, "seeded games each Views test plays (-short: 20)")
	update    = flag.Bool("update", false, "rewrite the examples of docs/play.md this package generates")
)

func viewSeeds() int {
	if testing.Short() {
		return 20
	}
	return *viewGames
}

// TestViewsVersus: at every decision of seeded versus games (greedy on odd
// seeds, random on even), no seat's view, text or events holds a card it
// may not see (playtest.Views, with hiddenFrom), and a determinization
// for the seat gives it the same view and text.
func TestViewsVersus(t *testing.T) {
	n := viewSeeds()
	st := playtest.Views(t, playtest.Setup{Game: "annas", Mode: Versus, Rules: annasgen.Ruleset, Seeds: n}, hiddenFrom())
	t.Logf("%d games: %+v", n, st)
	// A game is about 140 decisions; at each, each of the three seats
	// (the onlooker too) misses at least the unit deck (12 ids and more)
	// and the random source. Every deploy and discard draws: hidden events.
	if st.Decisions < 100*n || st.Hidden < 3*10*st.Decisions || st.Private < 15*n {
		t.Fatalf("the views test saw too little: %+v", st)
	}
}

// TestViewsBoss is TestViewsVersus for Boss Mode: each boss, 2 to 4
// players (the boss seat sees what an onlooker sees).
func TestViewsBoss(t *testing.T) {
	n := max(1, viewSeeds()/6)
	for _, boss := range []string{"grima", "medeus"} {
		for _, players := range []int{2, 3, 4} {
			t.Run(fmt.Sprintf("%s-%d", boss, players), func(t *testing.T) {
				st := playtest.Views(t, playtest.Setup{Game: "annas", Mode: Boss, Rules: annasgen.Ruleset, Seeds: n,
					Flags: map[string][]string{"boss": {boss}, "players": {fmt.Sprint(players)}}}, hiddenFrom())
				t.Logf("%d games: %+v", n, st)
				if st.Decisions < 30*n || st.Hidden < (players+2)*10*st.Decisions || st.Private < 5*n {
					t.Fatalf("the views test saw too little: %+v", st)
				}
			})
		}
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
		return l.G.position()
	}
	return l.Match.View(seat)
}
func (l leaky) Show(seat int) string {
	if l.leak == "show" && len(l.G.Deck) > 0 {
		return l.Match.Show(seat) + "next card: " + l.G.Rules.Units[l.G.Deck[len(l.G.Deck)-1]].ID + "\n"
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
// whole position, a text that names the next card of the deck and draw
// events shown as they are to every seat each fail the harness, in both
// modes.
func TestViewsCatchLeaks(t *testing.T) {
	for _, base := range []struct {
		mode  play.Mode
		flags map[string][]string
	}{{Versus, nil}, {Boss, map[string][]string{"boss": {"grima"}, "players": {"3"}}}} {
		for leak, want := range map[string]string{"view": "View holds", "show": "Show holds", "event": "events holds"} {
			mode := base.mode
			mode.New = func(rules any, o play.Options) (play.Match, error) {
				m, err := base.mode.New(rules, o)
				if err != nil {
					return nil, err
				}
				return leaky{m.(*Match), leak}, nil
			}
			mode.Policies = map[string]play.PolicyMaker{"random": play.NewRandom}
			msg := playtest.Failure(func(tb testing.TB) {
				playtest.ViewSeed(tb, playtest.Setup{Game: "annas", Mode: mode, Rules: annasgen.Ruleset, Flags: base.flags}, 2, hiddenFrom())
			})
			if !strings.Contains(msg, want) {
				t.Errorf("%s leaking by %s: got %q, want a failure holding %q", base.mode.Name, leak, msg, want)
			}
		}
	}
}

// loadExample reads a position of docs/examples.
func loadExample(t *testing.T, mode play.Mode, name string) *Match {
	t.Helper()
	b, err := os.ReadFile("../../docs/examples/" + name)
	if err != nil {
		t.Fatal(err)
	}
	env, err := play.ReadPosition(name, b)
	if err != nil {
		t.Fatal(err)
	}
	m, err := mode.Load(annasgen.Ruleset, env.State)
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

// TestViewOfAPosition: in docs/examples/annas-versus.yaml each player
// sees its own hand and a count of the other's; both see the board, the
// shop row, the shop cards in hand and the face-up VP deck; the unit and
// shop decks are counts (45 units less 12 in hands, 4 on the board and 1
// discarded: 28).
func TestViewOfAPosition(t *testing.T) {
	m := loadExample(t, Versus, "annas-versus.yaml")
	for _, c := range []struct {
		seat int
		want []string
	}{
		{0, []string{
			"annas versus, map default, turn 7, seen by P1: P1's turn",
			" 5    .   F  Ch2  .   M   .   5",
			" 4    .   W   C  Ce2  F   .   4",
			"Ce2 cherche (P2, green) at d4: HP 7/10, exhausted; -2 DEF until next-turn",
			"P1 (south): coins 3, DV 1, VP 2 (tokens 1, cards 1), lost 0, DV tile held",
			"  hand: lucina, robin, olivia, ogma, draug, serra",
			"  shop cards: dracoshield",
			"P2 (north): coins 1, DV 2, VP 4 (tokens 0, cards 2+2), lost 1",
			"  hand: 6 cards",
			"  shop cards: guard-ward",
			"unit deck: 28 cards",
			"shop row: 1 elixir (3 coins), 2 boots (3 coins), 3 guard-ward (2 coins)",
			"VP deck (top first): 3, 3, 4, 4, 8, 8",
		}},
		{1, []string{
			"annas versus, map default, turn 7, seen by P2: P1's turn",
			"  hand: 6 cards",
			"  hand: camilla, oscar, lissa, virion, stahl, tiki",
			"P2's DV tile: e3, ruins side up",
		}},
	} {
		if miss := missing(m.Show(c.seat), c.want...); len(miss) > 0 {
			t.Errorf("Show(%d) lacks the lines %q:\n%s", c.seat, miss, m.Show(c.seat))
		}
		v := m.View(c.seat).(*View)
		if got := fmt.Sprint(v.Players[c.seat].Hand, v.Players[1-c.seat].Hand, v.Deck, *v.ShopDeck); got != map[int]string{
			0: "[lucina robin olivia ogma draug serra] {6} {28} {" + fmt.Sprint(len(m.G.ShopDeck)) + "}",
			1: "[camilla oscar lissa virion stahl tiki] {6} {28} {" + fmt.Sprint(len(m.G.ShopDeck)) + "}",
		}[c.seat] {
			t.Errorf("View(%d): own hand, other hand, decks %s", c.seat, got)
		}
	}
	if strings.Contains(m.Show(-1), "lucina") || strings.Contains(m.Show(-1), "camilla") {
		t.Errorf("an onlooker sees a hand:\n%s", m.Show(-1))
	}
}

// TestViewOfABossPosition: in docs/examples/annas-boss.yaml P2 sees its
// hand, the other two hands as counts, the current boss card with the
// count of cards under it (four), and the boss's corners on the board.
func TestViewOfABossPosition(t *testing.T) {
	m := loadExample(t, Boss, "annas-boss.yaml")
	show := m.Show(1)
	if miss := missing(show,
		"annas boss grima, map boss-mode, turn 8, seen by P2: P2's turn",
		" 4    .   .  @x  @r   .   .   4",
		" 3    .   .  @g  @b  Az3  .   3",
		"@ grima on c3-d4: NW gray 6/6, NE red 6/6, SE blue 6/6, SW green 2/6",
		"  discard: grima-expiration, grima-fell-breath, grima-call-the-risen",
		"P1 (south): DV 2, lost 1",
		"  hand: 6 cards",
		"  hand: camilla, oscar, draug, ogma, virion, tiki",
	); len(miss) > 0 {
		t.Errorf("Show(1) lacks the lines %q:\n%s", miss, show)
	}
	if !strings.Contains(show, "  current card: grima-curse (") || !strings.Contains(show, "4 under it") {
		t.Errorf("Show(1) does not show the current card and the four under it:\n%s", show)
	}
	for _, id := range []string{"grima-ruin", "grima-dragon-scales", "chrom", "lucina"} {
		if playtest.ContainsWord([]byte(show), id) {
			t.Errorf("Show(1) names %s, which P2 may not see", id)
		}
	}
	v := m.View(1).(*View)
	if got := fmt.Sprintln(v.Boss.Card, v.Boss.Deck, v.Players[0].Hand, v.Players[2].Hand); got != "grima-curse {4} {6} {6}\n" {
		t.Errorf("View(1): boss card, cards under it, other hands: %s", got)
	}
}

// TestDrawIsSeenByTheDrawerOnly: a discard draws back up to six; the
// event names the card drawn for the player who drew it and counts it for
// the others; the log (the event as it is) names it.
func TestDrawIsSeenByTheDrawerOnly(t *testing.T) {
	m := loadExample(t, Versus, "annas-versus.yaml")
	var events []play.Event
	r := play.NewRunner(m, func(e play.Event) { events = append(events, e) })
	if err := r.DoText("discard serra"); err != nil {
		t.Fatal(err)
	}
	drawn := m.G.Players[0].Hand[5]
	id := m.G.Rules.Units[drawn].ID
	texts := func(seat int) string {
		var out []string
		for _, e := range play.SeenBy(events, seat) {
			b, _ := json.Marshal(e.Data)
			out = append(out, e.Text+" "+string(b))
		}
		return strings.Join(out, "; ")
	}
	for seat, want := range map[int]string{
		0:  `P1: discard serra null; P1 draws ` + id + ` {"seat":0,"count":1,"cards":["` + id + `"]}`,
		1:  `P1: discard serra null; P1 draws a card {"seat":0,"count":1}`,
		-1: `P1: discard serra null; P1 draws a card {"seat":0,"count":1}`,
	} {
		if got := texts(seat); got != want {
			t.Errorf("seat %d sees %s, want %s", seat, got, want)
		}
	}
	if b, _ := json.Marshal(events[1]); !strings.Contains(string(b), id) {
		t.Errorf("the log's draw does not name the card: %s", b)
	}
}

// TestViewDocExamples writes (-update) or checks the examples of
// docs/play.md, "What each seat sees": a part of a view, a text, and a
// hidden event as two seats see it, for both modes.
func TestViewDocExamples(t *testing.T) {
	const doc = "../../docs/play.md"
	eventLines := func(m *Match, actions ...string) string {
		var events []play.Event
		r := play.NewRunner(m, func(e play.Event) { events = append(events, e) })
		for _, a := range actions {
			if err := r.DoText(a); err != nil {
				t.Fatal(err)
			}
		}
		var out []string
		for _, seat := range []int{0, 1} {
			for _, e := range play.SeenBy(events, seat) {
				if e.Kind == "draw" {
					b, _ := json.Marshal(e)
					out = append(out, fmt.Sprintf("P%d sees: %s", seat+1, b))
				}
			}
		}
		return strings.Join(out, "\n")
	}
	m := loadExample(t, Versus, "annas-versus.yaml")
	v := m.View(0).(*View)
	playtest.DocBlock(t, doc, "annas-versus-view", playtest.YAMLPart(t, v, "deck", "shop-deck", "players.hand", "players.shop", "players.coins"), *update)
	playtest.DocBlock(t, doc, "annas-versus-show", m.Show(0), *update)
	playtest.DocBlock(t, doc, "annas-versus-event", eventLines(m, "discard serra"), *update)
	b := loadExample(t, Boss, "annas-boss.yaml")
	bv := b.View(1).(*View)
	playtest.DocBlock(t, doc, "annas-boss-view", playtest.YAMLPart(t, bv, "deck", "players.hand", "boss.lives", "boss.card", "boss.deck", "boss.discard"), *update)
	playtest.DocBlock(t, doc, "annas-boss-show", b.Show(1), *update)
	playtest.DocBlock(t, doc, "annas-boss-event", eventLines(b, "discard camilla"), *update)
}

// TestShowFitsEightyColumns: at every decision of seeded games of both
// modes (4 players in Boss Mode: the longest lists), no line of any
// seat's text is wider than 80 columns.
func TestShowFitsEightyColumns(t *testing.T) {
	for _, c := range []struct {
		mode  play.Mode
		flags map[string][]string
	}{{Versus, nil}, {Boss, map[string][]string{"boss": {"medeus"}, "players": {"4"}}}} {
		for seed := uint64(1); seed <= 6; seed++ {
			pm, err := c.mode.New(annasgen.Ruleset, play.Options{Seed: seed, Quiet: true, Flags: c.flags})
			if err != nil {
				t.Fatal(err)
			}
			m := pm.(*Match)
			pols := make([]play.Policy, len(m.G.Players))
			for i := range pols {
				pols[i] = policies["random"](seed, i)
			}
			for n := 0; !m.Over() && n < 3000; n++ {
				for seat := -1; seat < len(m.Seats()); seat++ {
					for _, l := range strings.Split(m.Show(seat), "\n") {
						if len(l) > 80 {
							t.Fatalf("%s seed %d, action %d: a line of %d columns for seat %d:\n%s", c.mode.Name, seed, n, len(l), seat, l)
						}
					}
				}
				if err := m.Apply(pols[m.ToMove()].Choose(m)); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}
