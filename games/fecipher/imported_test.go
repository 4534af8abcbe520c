package fecipher

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/fecipher/cardlist"
	"github.com/roundtable-dev/roundtable/compiler/fecipher/skill"
	fecengine "github.com/roundtable-dev/roundtable/engine/fecipher"
	"github.com/roundtable-dev/roundtable/engine/fecipher/table"
	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/engine/play/playtest"
)

// cardList finds the real card list (never copied into the repository):
// ../shared/data beside the repository root, or beside a folder above it (a
// git worktree in ../wt/NAME), or under ROUNDTABLE_SHARED.
func cardList() (string, bool) {
	dirs := []string{os.Getenv("ROUNDTABLE_SHARED")}
	for up := "../../.."; len(up) < 20; up += "/.." {
		dirs = append(dirs, filepath.Join(up, "shared"))
	}
	for _, d := range dirs {
		if d == "" {
			continue
		}
		p := filepath.Join(d, "data", "fe-cipher", "cardlist.json")
		if _, err := os.Stat(p); err == nil {
			return p, true
		}
	}
	return "", false
}

var importedGames = flag.Int("fec.imported", 300, "seeded games between decks of imported cards in TestPropertyImportedDecks (make fuzz runs thousands)")

var imported struct {
	once  sync.Once
	rs    *table.Ruleset
	lines []skill.Line
	err   error
}

// importedRules imports and compiles the real card list once, and builds
// decks of its cards: two per color, each led by a cost-1 card, the cards
// with compiled skills first.
func importedRules(t testing.TB) (*table.Ruleset, []skill.Line) {
	t.Helper()
	file, ok := cardList()
	if !ok {
		t.Skip("the real card list is absent: set ROUNDTABLE_SHARED to the shared folder (../shared beside the repository)")
	}
	imported.once.Do(func() {
		data, err := os.ReadFile(file)
		if err != nil {
			imported.err = err
			return
		}
		pk, diags := cardlist.Import(data, "cardlist.json")
		if diags.Errors() > 0 {
			imported.err = fmt.Errorf("import: %d errors", diags.Errors())
			return
		}
		fsys := fstest.MapFS{}
		for name, b := range pk.Files {
			fsys[name] = &fstest.MapFile{Data: b}
		}
		p, ds := compiler.LoadPack(fsys, "cipher")
		res, ds2 := compiler.Compile([]*compiler.Pack{p})
		if n := append(ds, ds2...).Errors(); n > 0 || res.Ruleset == nil {
			imported.err = fmt.Errorf("compile: %d errors", n)
			return
		}
		rs := res.Ruleset.(*table.Ruleset)
		rs.Decks = buildDecks(rs)
		imported.rs, imported.lines = rs, pk.Lines
	})
	if imported.err != nil {
		t.Fatalf("the real card list: %v", imported.err)
	}
	return imported.rs, imported.lines
}

// buildDecks makes legal decks of a ruleset's cards: for each symbol, two
// decks of 50 (at most four of a card name), led by a cost-1 card.
func buildDecks(rs *table.Ruleset) []table.Deck {
	var out []table.Deck
	for si, sym := range rs.Symbols {
		var pool []int
		for i, c := range rs.Cards {
			if len(c.Symbols) == 1 && int(c.Symbols[0]) == si && c.Cost != table.X && (!c.Promoted || c.Promotion != table.X) {
				pool = append(pool, i)
			}
		}
		skilled := func(i int) int {
			n := 0
			for _, s := range rs.Cards[i].Skills {
				n += len(s.Effects)
			}
			return n
		}
		for k := range 2 {
			r := rand.New(rand.NewPCG(uint64(si), uint64(k)))
			cards := slices.Clone(pool)
			r.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
			slices.SortStableFunc(cards, func(a, b int) int { return min(skilled(b), 1) - min(skilled(a), 1) })
			var main = -1
			for _, i := range cards {
				if rs.Cards[i].Cost == 1 && !rs.Cards[i].Promoted {
					main = i
					break
				}
			}
			if main < 0 {
				continue
			}
			d := table.Deck{ID: fmt.Sprintf("%s-%d", sym.ID, k+1), Name: sym.Name, Main: int16(main)}
			names := map[string]int{}
			total := 0
			add := func(i, n int) {
				name := rs.Cards[i].Name()
				n = min(n, 4-names[name], 50-total)
				if n <= 0 {
					return
				}
				names[name] += n
				total += n
				d.Cards = append(d.Cards, table.DeckEntry{Card: int16(i), Count: int8(n)})
			}
			add(main, 4)
			for _, i := range cards {
				if i != main && total < 50 {
					// Lower-cost cards more often, as real decks have them.
					add(i, 4-min(3, int(rs.Cards[i].Cost)/2))
				}
			}
			if total == 50 {
				out = append(out, d)
			}
		}
	}
	return out
}

// TestImportedCoverage holds the skill compiler to the figure docs/fecipher.md
// states ("**2,189 of 4,260 skill lines compiled"): it fails when fewer
// lines compile, when the count of lines changes, or below half. Raise the
// figure in the docs when the grammar grows.
func TestImportedCoverage(t *testing.T) {
	_, lines := importedRules(t)
	c := skill.Measure(lines)
	doc, err := os.ReadFile("../../docs/fecipher.md")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`\*\*([\d,]+) of ([\d,]+) skill lines compiled`).FindSubmatch(doc)
	if m == nil {
		t.Fatal("docs/fecipher.md does not state the coverage as **N of M skill lines compiled")
	}
	num := func(b []byte) int { n, _ := strconv.Atoi(strings.ReplaceAll(string(b), ",", "")); return n }
	floor, total := num(m[1]), num(m[2])
	if c.Lines != total {
		t.Errorf("%d skill lines, the docs say %d (the importer's splitting changed: update docs/fecipher.md)", c.Lines, total)
	}
	if c.Compiled < floor {
		t.Errorf("%d of %d skill lines compiled (%.1f%%), fewer than the %d docs/fecipher.md states", c.Compiled, c.Lines, c.Percent(), floor)
	}
	if 2*c.Compiled < c.Lines {
		t.Errorf("%d of %d skill lines compiled: less than half", c.Compiled, c.Lines)
	}
}

// TestImportedDecksConform plays matches between decks of imported cards
// through the game contract: positions (with mods, once-per-turn uses and
// pending skills) round-trip, clones and replays agree.
func TestImportedDecksConform(t *testing.T) {
	rs, _ := importedRules(t)
	for i := 0; i+1 < len(rs.Decks) && i < 8; i += 2 {
		flags := map[string][]string{"deck": {rs.Decks[i].ID, rs.Decks[len(rs.Decks)-1-i].ID}}
		t.Run(rs.Decks[i].ID, func(t *testing.T) {
			playtest.Conformance(t, playtest.Setup{Game: "fe-cipher", Mode: fecengine.Versus, Rules: rs, Flags: flags, Seeds: 4,
				Check: func(t testing.TB, m play.Match) {
					if err := m.(*fecengine.Match).G.Invariants(); err != nil {
						t.Fatalf("turn %d: %v", m.Turn(), err)
					}
				}})
		})
	}
}

// TestPropertyImportedDecks plays seeded games between random pairs of
// decks of imported cards, with random and greedy players: every action
// Legal offers is accepted by Apply, the invariants hold after each, and
// every game ends (by the rules or the turn limit).
func TestPropertyImportedDecks(t *testing.T) {
	rs, _ := importedRules(t)
	n := *importedGames
	if testing.Short() {
		n = 40
	}
	if len(rs.Decks) < 4 {
		t.Fatalf("only %d decks built", len(rs.Decks))
	}
	pols := []string{"random", "greedy"}
	results := map[string]int{}
	decided := map[string]int{}  // decisions reached, by kind
	answered := map[string]int{} // "you may" answers taken: use, skip
	for seed := uint64(1); seed <= uint64(n); seed++ {
		r := rand.New(rand.NewPCG(seed, 77))
		a, b := r.IntN(len(rs.Decks)), r.IntN(len(rs.Decks))
		flags := map[string][]string{"deck": {rs.Decks[a].ID, rs.Decks[b].ID}}
		m, err := fecengine.Versus.New(rs, play.Options{Seed: seed, Flags: flags, Quiet: true})
		if err != nil {
			t.Fatal(err)
		}
		ps := []play.Policy{fecengine.Versus.Policies[pols[r.IntN(2)]](seed, 0), fecengine.Versus.Policies[pols[r.IntN(2)]](seed, 1)}
		for steps := 0; !m.Over(); steps++ {
			if steps > 200000 {
				t.Fatalf("seed %d (%s vs %s): no end after %d actions", seed, flags["deck"][0], flags["deck"][1], steps)
			}
			if m.Legal() == 0 {
				t.Fatalf("seed %d: not over and no legal action", seed)
			}
			i := ps[m.ToMove()].Choose(m)
			text := m.Action(i)
			if g := m.(*fecengine.Match).G; len(g.Pending) > 0 {
				if f := g.Pending[len(g.Pending)-1]; f.Kind >= fecengine.FrameRedraw {
					decided[f.Kind.String()]++
					if f.Kind == fecengine.FrameMay {
						// "You may" is the player's: both answers offered, nothing else.
						if m.Legal() != 2 {
							t.Fatalf("seed %d: a \"you may\" decision offers %d actions", seed, m.Legal())
						}
						answered[strings.Fields(text)[0]]++
					}
				}
			}
			if err := m.Apply(i); err != nil {
				t.Fatalf("seed %d (%s vs %s) turn %d: Legal offered %q, Apply refused: %v", seed, flags["deck"][0], flags["deck"][1], m.Turn(), text, err)
			}
			if err := m.(*fecengine.Match).G.Invariants(); err != nil {
				t.Fatalf("seed %d (%s vs %s) turn %d, after %q: %v", seed, flags["deck"][0], flags["deck"][1], m.Turn(), text, err)
			}
		}
		results[m.Result().Reason]++
	}
	t.Logf("%d games: %v; decisions %v; you-may answers %v", n, results, decided, answered)
	// The imported decks' choices reach the players: optional effects,
	// targets, cost payments, same-name discards and trigger order.
	for _, k := range []string{"may", "target", "flip", "discard", "critical", "evade", "order", "put"} {
		if decided[k] == 0 {
			t.Errorf("no %q decision in %d games: %v", k, n, decided)
		}
	}
	if answered["use"] == 0 || answered["skip"] == 0 {
		t.Errorf("\"you may\" answered %v: both answers are the player's", answered)
	}
}
