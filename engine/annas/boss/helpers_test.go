package boss

import (
	"slices"
	"testing"

	"github.com/roundtable-dev/roundtable/engine/annas/table"
)

// newGame is a fresh fixture game at P1's first turn with an empty board.
func newGame(t *testing.T, boss, players int) *Game {
	t.Helper()
	g, err := New(fixture(), Options{Seed: 1, Boss: boss, Players: players, Map: -1})
	if err != nil {
		t.Fatal(err)
	}
	g.Units, g.Summons = nil, nil
	return g
}

// put places a ready unit of card for owner on tile at.
func put(g *Game, card, owner int, at string) *Unit {
	g.nextID++
	n := int8(0)
	for _, u := range g.Units {
		if int(u.Owner) == owner {
			n++
		}
	}
	u := &Unit{ID: g.nextID, Card: int16(card), Owner: int8(owner), Slot: n, Tile: tile(at)}
	if sk := g.Rules.Units[card].Skill; sk >= 0 && g.Rules.Skills[sk].Kind == table.SkillSpecial {
		u.Special = true
	}
	g.Units = append(g.Units, u)
	return u
}

func putSummon(g *Game, kind int, at string) *Summoned {
	g.nextID++
	s := &Summoned{ID: g.nextID, Kind: int16(kind), Tile: tile(at)}
	g.Summons = append(g.Summons, s)
	return s
}

// setCard makes the boss card id the current card (top of the deck).
func setCard(t *testing.T, g *Game, id string) {
	t.Helper()
	i := slices.IndexFunc(g.BossDeck, func(c int16) bool { return g.Rules.BossCards[c].ID == id })
	if i < 0 {
		t.Fatalf("card %s not in the deck", id)
	}
	c := g.BossDeck[i]
	g.BossDeck = append(slices.Delete(g.BossDeck, i, i+1), c)
}

// legal returns the one legal action matching ok, failing otherwise.
func legal(t *testing.T, g *Game, ok func(Action) bool) Action {
	t.Helper()
	var found []Action
	for _, a := range g.LegalActions() {
		if ok(a) {
			found = append(found, a)
		}
	}
	if len(found) != 1 {
		t.Fatalf("want 1 matching legal action, got %d: %v", len(found), found)
	}
	return found[0]
}

func apply(t *testing.T, g *Game, a Action) {
	t.Helper()
	if err := g.Apply(a); err != nil {
		t.Fatalf("%s: %v", g.Describe(a), err)
	}
}

// activation matches an activation of the unit on from that stays put.
func activation(from string, do Do, target string) func(Action) bool {
	return func(a Action) bool {
		tt := NoTile
		if target != "" {
			tt = tile(target)
		}
		return a.Kind == Activate && a.From == tile(from) && a.To == tile(from) && a.Do == do && a.Target == tt
	}
}

// recorder is a Chooser that records the options it was offered.
type recorder struct {
	CoOp
	corners, ranges [][]int
	order           [][]int32
	corner, rng     int
}

func (r *recorder) Corner(_ *Game, _ *Unit, o []int) int {
	r.corners = append(r.corners, slices.Clone(o))
	return r.corner
}
func (r *recorder) Range(_ *Game, _ *Unit, o []int) int {
	r.ranges = append(r.ranges, slices.Clone(o))
	return r.rng
}
func (r *recorder) AttackOrder(g *Game, ids []int32) []int32 {
	r.order = append(r.order, slices.Clone(ids))
	out := slices.Clone(ids)
	slices.Reverse(out)
	return out
}
