package boss

import (
	"flag"
	"fmt"
	"testing"
)

var games = flag.Int("boss.games", 1000, "seeded games in the boss-mode property test")

// playChecked plays a seeded game, checking the invariants after every
// logged step; it returns the first violation.
func playChecked(seed uint64, boss, players int, random bool) (*Game, error) {
	rs := fixture()
	if seed%5 == 0 {
		rs.Rules.Boss.Mulligans, rs.Rules.Boss.MulliganMax = 1, 6
	}
	g, err := New(rs, Options{Seed: seed, Boss: boss, Players: players, Map: -1})
	if err != nil {
		return nil, err
	}
	var bad error
	fail := func(f string, a ...any) {
		if bad == nil {
			bad = fmt.Errorf("seed %d boss %d players %d turn %d: %s", seed, boss, players, g.Turn, fmt.Sprintf(f, a...))
		}
	}
	lives := g.Lives
	var turns []int // whose turns, as logged
	g.OnStep = func(s Step) {
		if err := g.Check(); err != nil {
			fail("%v", err)
		}
		if g.Lives > lives {
			fail("lives went from %d to %d", lives, g.Lives)
		}
		lives = g.Lives
		switch s.Kind {
		case "action":
			if g.IsBossTurn() || s.Who == "boss" {
				fail("a player acted on the boss's turn: %s", s.Text)
			}
		case "start":
			turns = append(turns, g.Current)
		case "boss-turn":
			turns = append(turns, BossSeat)
		}
	}
	if g.Phase != PhaseMulligan {
		turns = append(turns, 0) // setup already began P1's turn
	}
	pols := make([]Policy, players)
	for p := range pols {
		pols[p] = Greedy
		if random && p%2 == 1 {
			pols[p] = Random(seed + uint64(p))
		}
	}
	for n := 0; !g.Over() && n < 20000; n++ {
		if g.IsBossTurn() {
			fail("asked for a player action on the boss's turn")
		}
		if g.Phase == PhaseMulligan && g.Turn != 0 {
			fail("a mulligan after the first turn")
		}
		legal := g.LegalActions()
		a := pols[g.Actor()](g, legal)
		if int(a.Player) != g.Actor() {
			fail("P%d's action while P%d decides", a.Player+1, g.Actor()+1)
		}
		if err := g.Apply(a); err != nil {
			return g, err
		}
	}
	if !g.Over() {
		fail("not over after 20000 actions")
	}
	for i, who := range turns {
		if want := g.Order[i%len(g.Order)]; who != want {
			fail("turn %d was %d, the order table says %d", i+1, who, want)
			break
		}
	}
	return g, bad
}

// The invariants of issue 5 over many seeded games: the boss block stays on
// the board, corner HP stays within its bar, lives never grow, turns follow
// the order table, and no player acts on the boss's turn; also no two
// things share a square, DV never goes negative and every board keeps the
// deploy limits (two slots, distinct colors, one gray, one legendary).
func TestPropertyBossGames(t *testing.T) {
	n := *games
	if testing.Short() {
		n = 100
	}
	for i := range n {
		seed := uint64(i)
		if _, err := playChecked(seed, i%2, 2+i%3, i%4 == 3); err != nil {
			t.Fatal(err)
		}
	}
}

// Each boss is beaten in some seeds and wins in others.
func TestEachBossWinsAndLoses(t *testing.T) {
	rs := fixture()
	for b := range rs.Bosses {
		var won, lost int
		for seed := range uint64(60) {
			g, err := New(rs, Options{Seed: seed, Boss: b, Players: 2 + int(seed%3), Map: -1})
			if err != nil {
				t.Fatal(err)
			}
			Play(g, []Policy{Greedy, Greedy, Greedy, Greedy}, 0)
			switch g.Result {
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

// Seeded games replay exactly.
func TestSeedReplays(t *testing.T) {
	a, _ := playChecked(42, 0, 3, true)
	b, _ := playChecked(42, 0, 3, true)
	if len(a.Log) != len(b.Log) || a.Result != b.Result {
		t.Fatalf("seed 42 played twice: %d/%d steps", len(a.Log), len(b.Log))
	}
	for i := range a.Log {
		if a.Log[i] != b.Log[i] {
			t.Fatalf("step %d differs: %v / %v", i, a.Log[i], b.Log[i])
		}
	}
}

func BenchmarkBossGame(b *testing.B) {
	rs := fixture()
	for _, c := range []struct {
		boss, players int
	}{{grima, 2}, {grima, 4}, {medeus, 3}} {
		b.Run(fmt.Sprintf("%s-%dp", rs.Bosses[c.boss].ID, c.players), func(b *testing.B) {
			b.ReportAllocs()
			seed := uint64(0)
			for b.Loop() {
				g, _ := New(rs, Options{Seed: seed, Boss: c.boss, Players: c.players, Map: -1})
				Play(g, []Policy{Greedy, Greedy, Greedy, Greedy}, 0)
				seed++
			}
		})
	}
}

// Check catches each broken state it claims to.
func TestCheckCatchesBrokenStates(t *testing.T) {
	for name, breakIt := range map[string]func(g *Game){
		"boss off the board": func(g *Game) { g.BossAt = tile("f3") },
		"corner overfilled":  func(g *Game) { g.CornerDmg[2] = 9 },
		"lives above count":  func(g *Game) { g.Lives = 3 },
		"shared square":      func(g *Game) { put(g, uIke, 0, "c3") },
		"negative DV":        func(g *Game) { g.Players[1].DV = -1 },
		"two reds":           func(g *Game) { put(g, uIke, 0, "a1"); put(g, uVaike, 0, "b1") },
		"three units":        func(g *Game) { put(g, uIke, 0, "a1"); put(g, uSoren, 0, "b1"); put(g, uTitania, 0, "c1") },
		"two legendaries":    func(g *Game) { put(g, uHector, 0, "a1"); put(g, uLucina, 0, "b1") },
	} {
		g := newGame(t, grima, 2)
		if err := g.Check(); err != nil {
			t.Fatalf("fresh game: %v", err)
		}
		breakIt(g)
		if g.Check() == nil {
			t.Errorf("%s: Check passed", name)
		}
	}
}
