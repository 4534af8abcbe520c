package tropera_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/engine/play/playtest"
	. "github.com/roundtable-dev/roundtable/engine/tropera"
	"github.com/roundtable-dev/roundtable/engine/tropera/table"
)

// Invariants of a battle after every action: no unit on ground it cannot
// enter, no two units on a tile, movement within the allowance, HP within
// bounds, wounded units never acting, passengers off the map.
func Invariants(t testing.TB, m play.Match) {
	t.Helper()
	if err := Check(m.(*Battle)); err != nil {
		t.Fatal(err)
	}
}

// TestBattleConformance plays every shipped battle through the contract's
// conformance harness.
func TestBattleConformance(t *testing.T) {
	for _, bt := range rs.Battles {
		t.Run(bt.ID, func(t *testing.T) {
			playtest.Conformance(t, playtest.Setup{Game: "tropera", Mode: BattleMode, Rules: rs,
				Flags: map[string][]string{"battle": {bt.ID}}, Seeds: 13, MaxActions: 4000, Check: Invariants})
		})
	}
}

// TestLevelUpConformance plays level-ups through the contract: every
// character of the base content, up to 12 levels (milestone 8 included).
func TestLevelUpConformance(t *testing.T) {
	for _, c := range rs.Characters {
		levels := min(12, table.MaxLevel-int(c.Level))
		if levels < 1 {
			continue
		}
		t.Run(c.ID, func(t *testing.T) {
			playtest.Conformance(t, playtest.Setup{Game: "tropera", Mode: LevelUpMode, Rules: rs,
				Flags: map[string][]string{"character": {c.ID}, "levels": {fmt.Sprint(levels)}}, Seeds: 4})
		})
	}
}

// TestBattlesEndWithInvariants is the property test of the battle engine:
// hundreds of seeded battles on every shipped map, with every mix of the
// greedy and random players, each ending by its objective or the round
// limit (never by the action cap), with the invariants of Check after every
// action, no action by a unit at 0 HP, and every move within what the
// terrain allows (worked out here independently).
func TestBattlesEndWithInvariants(t *testing.T) {
	seeds := 75
	if testing.Short() {
		seeds = 10
	}
	ends := map[string]int{}
	for bi, bt := range rs.Battles {
		for seed := uint64(1); seed <= uint64(seeds); seed++ {
			b, err := NewBattle(rs, bi, seed, true)
			if err != nil {
				t.Fatal(err)
			}
			pols := [2]play.Policy{NewGreedy(seed, 0), NewGreedy(seed, 1)}
			if seed%2 == 0 {
				pols[0] = play.NewRandom(seed, 0)
			}
			if seed%3 == 0 {
				pols[1] = play.NewRandom(seed, 1)
			}
			steps := 0
			for ; !b.Over() && steps < 20000; steps++ {
				i := pols[b.ToMove()].Choose(b)
				text := b.Action(i)
				actor := b.Unit(strings.Fields(text)[0])
				if actor != nil && !actor.Standing() {
					t.Fatalf("%s seed %d: %s acts at %d HP: %q", bt.ID, seed, actor.ID, actor.HP, text)
				}
				if f := strings.Fields(text); len(f) == 3 && f[1] == "move" {
					to, _ := b.Map().Tile(f[2])
					if need, left := cheapest(b, actor, to), b.Allowance(actor)-actor.T.Spent; need < 0 || need > left {
						t.Fatalf("%s seed %d: %q costs %d by the terrain, with %d movement left", bt.ID, seed, text, need, left)
					}
				}
				if err := b.Apply(i); err != nil {
					t.Fatalf("%s seed %d: %q: %v", bt.ID, seed, text, err)
				}
				if err := Check(b); err != nil {
					t.Fatalf("%s seed %d after %q: %v", bt.ID, seed, text, err)
				}
			}
			if !b.Over() {
				t.Fatalf("%s seed %d: not over after %d actions", bt.ID, seed, steps)
			}
			r := b.Result()
			end := "draw"
			if len(r.Winners) > 0 {
				end = SideNames[r.Winners[0]]
			}
			if end == "draw" && !strings.HasPrefix(r.Reason, "the round limit") {
				t.Errorf("%s seed %d: a draw for %q", bt.ID, seed, r.Reason)
			}
			ends[bt.ID+" "+end]++
		}
	}
	t.Logf("%d battles: %v", seeds*len(rs.Battles), ends)
	for _, bt := range rs.Battles {
		if ends[bt.ID+" party"] == 0 || ends[bt.ID+" enemy"]+ends[bt.ID+" draw"] == 0 {
			t.Errorf("%s: every battle ends the same way (%v): the test would not see a rule break either side", bt.ID, ends)
		}
	}
}

// cheapest is what reaching tile to costs u by the rulebook's movement
// rules, read here apart from the engine: plain ground 1; difficult ground
// 2, 3 for the Mounted, 1 for fliers and Guerilla; impassable ground only
// for fliers (not walls, 1) and Guerilla (not cliffs or walls, 2); through
// allies, not foes (Thieves pass foes); ending on an empty tile. -1: out
// of reach.
func cheapest(b *Battle, u *BUnit, to int) int {
	m := b.Map()
	w := int(m.Width)
	flies := u.Combat.Flies && b.Def().Weather != table.Adverse
	cost := func(t int) int {
		tr := b.Terrain(t)
		switch {
		case tr.Move == table.Normal:
			return 1
		case tr.Move == table.Difficult && (flies || u.Combat.Guerilla):
			return 1
		case tr.Move == table.Difficult && u.Combat.Mounted:
			return 3
		case tr.Move == table.Difficult:
			return 2
		case tr.Wall:
			return 0
		case flies:
			return 1
		case u.Combat.Guerilla && !tr.Cliff:
			return 2
		}
		return 0
	}
	foeAt := map[int]bool{}
	for _, o := range b.Units {
		if o.At >= 0 && o.Side != u.Side {
			foeAt[o.At] = true
		}
		if o.At == to && o != u {
			return -1
		}
	}
	dist := map[int]int{u.At: 0}
	queue := []int{u.At}
	for len(queue) > 0 {
		t := queue[0]
		queue = queue[1:]
		x, y := t%w, t/w
		for _, n := range [][2]int{{x + 1, y}, {x - 1, y}, {x, y + 1}, {x, y - 1}} {
			if n[0] < 0 || n[1] < 0 || n[0] >= w || n[1] >= int(m.Height) {
				continue
			}
			k := n[1]*w + n[0]
			c := cost(k)
			if c == 0 || foeAt[k] && !u.Combat.PassFoes {
				continue
			}
			if old, ok := dist[k]; !ok || dist[t]+c < old {
				dist[k] = dist[t] + c
				queue = append(queue, k)
			}
		}
	}
	if d, ok := dist[to]; ok {
		return d
	}
	return -1
}
