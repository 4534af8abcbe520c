package annas

import (
	"flag"
	"fmt"
	"testing"

	"github.com/roundtable-dev/roundtable/engine/annas/table"
)

var bossGames = flag.Int("boss.games", 1000, "seeded games in the boss-mode property test")

// checkBoss reports the first broken boss-mode invariant, or nil: the boss
// block on the board, every corner's HP within its bar, lives within the
// boss's count, no two things on one square, no negative DV, every player
// board within its deploy limits (slots, distinct colors, one gray, one
// legendary), summons within their count, unit cards all accounted for.
func checkBoss(g *Game) error {
	b := g.Boss
	if !ValidBossTile(b.At()) {
		return fmt.Errorf("boss block at %s is off the board", b.At())
	}
	for c := range 4 {
		if l := b.CornerLeft(c); l < 0 || l > int(b.def.Corners[c].HP) {
			return fmt.Errorf("corner %d has %d of %d HP left", c, l, b.def.Corners[c].HP)
		}
	}
	if b.Lives < 0 || b.Lives > int(b.def.Lives[len(g.Players)]) {
		return fmt.Errorf("%d lives", b.Lives)
	}
	seen := b.Squares()
	cards := len(g.Deck) + len(g.Discard)
	for _, q := range g.Pieces {
		if q.Kind == BossPiece {
			continue
		}
		if seen.Has(q.Tile) {
			return fmt.Errorf("%s shares %s", g.pieceName(q), q.Tile)
		}
		seen = with(seen, q.Tile)
		if q.Kind == UnitPiece {
			cards++
			if g.HP(q) <= 0 {
				return fmt.Errorf("%s on the board with %d HP", g.pieceName(q), g.HP(q))
			}
		}
	}
	for k := range b.def.Summons {
		if n := g.SummonCount(k); n > int(b.def.Summons[k].Count) {
			return fmt.Errorf("%d %s, more than its %d", n, b.def.Summons[k].ID, b.def.Summons[k].Count)
		}
	}
	for p := range g.Players {
		cards += len(g.Players[p].Hand)
		if g.Players[p].DV < 0 {
			return fmt.Errorf("player %d has %d DV", p+1, g.Players[p].DV)
		}
		var n, gray, legend int
		var colors [4]bool
		for _, u := range g.Pieces {
			if u.Kind != UnitPiece || int(u.Owner) != p {
				continue
			}
			n++
			c := &g.Rules.Units[u.Card]
			if colors[c.Color] && g.num.DistinctColors {
				return fmt.Errorf("player %d has two %s units", p+1, c.Color)
			}
			colors[c.Color] = true
			if c.Color == table.Gray {
				gray++
			}
			if c.Legendary {
				legend++
			}
		}
		if n > int(g.num.Slots) || gray > int(g.num.MaxGray) || legend > int(g.num.MaxLegendary) {
			return fmt.Errorf("player %d has %d units (%d gray, %d legendary)", p+1, n, gray, legend)
		}
	}
	if cards != len(g.Rules.Units) {
		return fmt.Errorf("%d unit cards, want %d", cards, len(g.Rules.Units))
	}
	return nil
}

// playBossChecked plays a seeded boss game through Apply, every decision
// an action, checking the invariants after each; it returns the first
// violation.
func playBossChecked(seed uint64, boss, players int, random bool) (*Game, error) {
	rs := bossFixture()
	if seed%5 == 0 {
		rs.Rules.Boss.Mulligans, rs.Rules.Boss.MulliganMax = 1, 6
	}
	g, err := New(rs, Options{Seed: seed, Mode: table.BossMode, Boss: boss, Players: players})
	if err != nil {
		return nil, err
	}
	g.record = true
	var bad error
	fail := func(f string, a ...any) {
		if bad == nil {
			bad = fmt.Errorf("seed %d boss %d players %d turn %d: %s", seed, boss, players, g.Turn, fmt.Sprintf(f, a...))
		}
	}
	lives := g.Boss.Lives
	var turns []int // whose turns, as recorded
	if g.Phase != PhaseMulligan {
		turns = append(turns, 0) // setup already began P1's turn
	}
	pols := make([]Policy, players)
	for p := range pols {
		name := "greedy"
		if random && p%2 == 1 {
			name = "random"
		}
		pols[p], _ = NewPolicy(name, seed, p)
	}
	for n := 0; !g.Over() && n < 20000 && bad == nil; n++ {
		if g.pending == nil && g.Phase == PhaseTurn && isBossTurn(g) {
			fail("asked for a player action on the boss's turn")
		}
		if g.Phase == PhaseMulligan && g.Turn != 0 {
			fail("a mulligan after the first turn")
		}
		legal := g.LegalActions()
		a := pols[g.Actor()].Choose(g, legal)
		if int(a.Player) != g.Actor() {
			fail("P%d's action while P%d decides", a.Player+1, g.Actor()+1)
		}
		if err := g.Apply(a); err != nil {
			return g, err
		}
		if err := checkBoss(g); err != nil {
			fail("%v", err)
		}
		if g.Boss.Lives > lives {
			fail("lives went from %d to %d", lives, g.Boss.Lives)
		}
		lives = g.Boss.Lives
		for _, e := range g.Events() {
			switch e.Kind {
			case "turn":
				turns = append(turns, e.Seat)
			case "boss-turn":
				turns = append(turns, g.BossSeat())
			}
		}
	}
	if !g.Over() {
		fail("not over after 20000 actions")
	}
	for i, who := range turns {
		if want := g.Boss.Order[i%len(g.Boss.Order)]; who != want {
			fail("turn %d was %d, the order table says %d", i+1, who, want)
			break
		}
	}
	return g, bad
}

// The invariants over many seeded games: the boss block stays on the
// board, corner HP stays within its bar, lives never grow, turns follow
// the order table, and players decide on the boss's turn only what the
// rulebook gives them (decisions inside it); also no two things share a
// square, DV never goes negative and every board keeps the deploy limits.
func TestPropertyBossGames(t *testing.T) {
	n := *bossGames
	if testing.Short() {
		n = 100
	}
	for i := range n {
		seed := uint64(i)
		if _, err := playBossChecked(seed, i%2, 2+i%3, i%4 == 3); err != nil {
			t.Fatal(err)
		}
	}
}

// Each boss is beaten in some seeds and wins in others.
func TestEachBossWinsAndLoses(t *testing.T) {
	rs := bossFixture()
	for b := range rs.Bosses {
		var won, lost int
		for seed := range uint64(60) {
			g, err := New(rs, Options{Seed: seed, Mode: table.BossMode, Boss: b, Players: 2 + int(seed%3)})
			if err != nil {
				t.Fatal(err)
			}
			pols := make([]Policy, len(g.Players))
			for p := range pols {
				pols[p], _ = NewPolicy("greedy", seed, p)
			}
			if err := g.PlayOut(pols, nil); err != nil {
				t.Fatal(err)
			}
			switch g.Boss.Result {
			case PlayersWin:
				won++
			case BossWins:
				lost++
			}
		}
		if won == 0 || lost == 0 {
			t.Errorf("%s: players won %d, lost %d of 60", rs.Bosses[b].ID, won, lost)
		}
	}
}

// Seeded games replay exactly, and the fast PlayOut (decisions answered
// inline) plays the same game as Apply (decisions unwound and replayed).
func TestBossSeedReplays(t *testing.T) {
	a, err := playBossChecked(42, 0, 3, true)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := playBossChecked(42, 0, 3, true)
	if len(a.Log) != len(b.Log) || a.Boss.Result != b.Boss.Result {
		t.Fatalf("seed 42 played twice: %d/%d actions", len(a.Log), len(b.Log))
	}
	for i := range a.Log {
		if a.Log[i] != b.Log[i] {
			t.Fatalf("action %d differs: %v / %v", i, a.Log[i], b.Log[i])
		}
	}
	rs := bossFixture()
	c, _ := New(rs, Options{Seed: 42, Mode: table.BossMode, Boss: 0, Players: 3})
	pols := make([]Policy, 3)
	for p := range pols {
		name := "greedy"
		if p%2 == 1 {
			name = "random"
		}
		pols[p], _ = NewPolicy(name, 42, p)
	}
	if err := c.PlayOut(pols, nil); err != nil {
		t.Fatal(err)
	}
	if len(c.Log) != len(a.Log) || c.Boss.Result != a.Boss.Result || c.Reason != a.Reason {
		t.Fatalf("PlayOut: %d actions, %s (%s); Apply: %d actions, %s (%s)", len(c.Log), c.Boss.Result, c.Reason, len(a.Log), a.Boss.Result, a.Reason)
	}
	for i := range a.Log {
		if a.Log[i] != c.Log[i] {
			t.Fatalf("action %d differs: %s / %s", i, a.Describe(a.Log[i]), c.Describe(c.Log[i]))
		}
	}
}

func BenchmarkBossGame(b *testing.B) {
	rs := bossFixture()
	for _, c := range []struct {
		boss, players int
	}{{grima, 2}, {grima, 4}, {medeus, 3}} {
		b.Run(fmt.Sprintf("%s-%dp", rs.Bosses[c.boss].ID, c.players), func(b *testing.B) {
			b.ReportAllocs()
			seed := uint64(0)
			for b.Loop() {
				g, _ := New(rs, Options{Seed: seed, Mode: table.BossMode, Boss: c.boss, Players: c.players})
				pols := make([]Policy, c.players)
				for p := range pols {
					pols[p], _ = NewPolicy("greedy", seed, p)
				}
				if err := g.PlayOut(pols, nil); err != nil {
					b.Fatal(err)
				}
				seed++
			}
		})
	}
}

// checkBoss catches each broken state it claims to.
func TestCheckBossCatchesBrokenStates(t *testing.T) {
	for name, breakIt := range map[string]func(g *Game){
		"boss off the board": func(g *Game) { g.Boss.piece.Tile = bt("f3") },
		"corner overfilled":  func(g *Game) { g.Boss.CornerDmg[2] = 9 },
		"lives above count":  func(g *Game) { g.Boss.Lives = 3 },
		"shared square":      func(g *Game) { bput(g, uIke, 0, "c3") },
		"negative DV":        func(g *Game) { g.Players[1].DV = -1 },
		"two reds":           func(g *Game) { bput(g, uIke, 0, "a1"); bput(g, uVaike, 0, "b1") },
		"three units":        func(g *Game) { bput(g, uIke, 0, "a1"); bput(g, uSoren, 0, "b1"); bput(g, uTitania, 0, "c1") },
		"two legendaries":    func(g *Game) { bput(g, uHector, 0, "a1"); bput(g, uLucina, 0, "b1") },
	} {
		g := newBossGame(t, grima, 2)
		// bput takes cards from nowhere: return them to the deck first.
		fresh := func() {
			g.Deck = g.Deck[:0]
			for c := range g.Rules.Units {
				held := false
				for _, p := range g.Players {
					for _, h := range p.Hand {
						held = held || int(h) == c
					}
				}
				for _, q := range g.unitPieces() {
					held = held || int(q.Card) == c
				}
				if !held {
					g.Deck = append(g.Deck, int16(c))
				}
			}
		}
		fresh()
		if err := checkBoss(g); err != nil {
			t.Fatalf("fresh game: %v", err)
		}
		breakIt(g)
		fresh()
		if checkBoss(g) == nil {
			t.Errorf("%s: checkBoss passed", name)
		}
	}
}
