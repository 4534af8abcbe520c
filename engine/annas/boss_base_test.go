package annas

import (
	"fmt"
	"testing"

	"github.com/roundtable-dev/roundtable/engine/annas/table"
	annasgen "github.com/roundtable-dev/roundtable/generated/annas"
)

// playBase plays a boss game on the base content to its end with the named
// policy per seat, checking the invariants after every action and decision.
func playBase(t testing.TB, seed uint64, boss, players int, names ...string) *Game {
	t.Helper()
	g, err := New(annasgen.Ruleset, Options{Seed: seed, Mode: table.BossMode, Boss: boss, Players: players})
	if err != nil {
		t.Fatal(err)
	}
	pols := make([]Policy, players)
	for p := range pols {
		pols[p], _ = NewPolicy(names[p%len(names)], seed, p)
	}
	lives := g.Boss.Lives
	err = g.PlayOut(pols, func(g *Game, a Action, _ string, _ int) {
		if err := checkBoss(g); err != nil || g.Boss.Lives > lives {
			t.Fatalf("seed %d after %s: %v (lives %d after %d)", seed, g.Describe(a), err, g.Boss.Lives, lives)
		}
		lives = g.Boss.Lives
	})
	if err != nil {
		t.Fatalf("seed %d: %v", seed, err)
	}
	if !g.Over() || g.Boss.Result == Undecided {
		t.Fatalf("seed %d: not over (%s)", seed, g.Reason)
	}
	return g
}

// Each base boss is beaten in some seeds and wins in others, played by the
// built-in greedy co-op policies on the base content; every step keeps the
// invariants and lives never grow.
func TestBaseBossesWinAndLose(t *testing.T) {
	rs := annasgen.Ruleset
	if len(rs.Bosses) < 2 {
		t.Fatalf("base content has %d bosses, want the two base bosses", len(rs.Bosses))
	}
	for b := range rs.Bosses {
		won, lost := 0, 0
		reasons := map[string]int{}
		for seed := range uint64(90) {
			g := playBase(t, seed, b, 2+int(seed%3), "greedy")
			switch g.Boss.Result {
			case PlayersWin:
				won++
			case BossWins:
				lost++
			}
			reasons[g.Reason]++
		}
		t.Logf("%s: players won %d, lost %d: %v", rs.Bosses[b].ID, won, lost, reasons)
		if won == 0 || lost == 0 {
			t.Errorf("%s: players won %d and lost %d of 90; want both", rs.Bosses[b].ID, won, lost)
		}
	}
}

// Random players on the base content: every step keeps the invariants and
// every game ends by the rules.
func TestBaseBossesRandomPlayers(t *testing.T) {
	rs := annasgen.Ruleset
	for seed := range uint64(120) {
		playBase(t, seed, int(seed)%len(rs.Bosses), 2+int(seed/2%3), "random", "greedy")
	}
}

// A whole boss game on the base content with the greedy policies.
func BenchmarkBaseBossGame(b *testing.B) {
	rs := annasgen.Ruleset
	for i := range rs.Bosses {
		for _, n := range []int{2, 4} {
			b.Run(fmt.Sprintf("%s-%dp", rs.Bosses[i].ID, n), func(b *testing.B) {
				b.ReportAllocs()
				seed := uint64(0)
				for b.Loop() {
					g, _ := New(rs, Options{Seed: seed, Mode: table.BossMode, Boss: i, Players: n})
					pols := make([]Policy, n)
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
}

// Rulebook VIII: "There are no Shop Cards or Anna Coins" in Boss Mode. On
// the base content (which has a shop), a boss game deals no shop row, no
// player holds Anna's Cheer, and in every seeded game no action buys or
// uses a shop card, and no player ever holds a coin.
func TestNoShopOrCoinsInBossMode(t *testing.T) {
	for seed := uint64(1); seed <= 5; seed++ {
		g, err := New(annasgen.Ruleset, Options{Seed: seed, Mode: table.BossMode, Boss: 0, Players: 2})
		if err != nil {
			t.Fatal(err)
		}
		if len(g.ShopRow) != 0 || len(g.ShopDeck) != 0 || len(g.Players[1].Shop) != 0 {
			t.Fatalf("seed %d: shop row %v, shop deck %d, P2's shop cards %v; want none", seed, g.ShopRow, len(g.ShopDeck), g.Players[1].Shop)
		}
		pols := []Policy{}
		for p := range 2 {
			pol, _ := NewPolicy("random", seed, p)
			pols = append(pols, pol)
		}
		err = g.PlayOut(pols, func(g *Game, a Action, _ string, _ int) {
			if a.Kind == Buy || a.Kind == UseShop || a.Kind == ShiftGray {
				t.Fatalf("seed %d: %s taken in Boss Mode", seed, g.Describe(a))
			}
			for p := range g.Players {
				if g.Players[p].Coins != 0 {
					t.Fatalf("seed %d: P%d holds %d coins after %s", seed, p+1, g.Players[p].Coins, g.Describe(a))
				}
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		if !g.Over() || g.Turn < 4 {
			t.Fatalf("seed %d: over %v after %d turns; want a whole game", seed, g.Over(), g.Turn)
		}
	}
}
