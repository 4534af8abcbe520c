package battlecrest

import (
	"slices"
	"testing"

	"github.com/roundtable-dev/roundtable/engine/battlecrest/table"
)

// Conditional special abilities (rulebook, Special Abilities: "abilities on
// Hero, Minion, and Landmark Cards require special conditions or stars to
// use"; the vocabulary of conditions is docs/battlecrest.md's). Nettle's
// Bristle (when damaged) is shown by the scenarios bristle-*.yaml.

var longShot = table.Ability{Keyword: table.Attack, Value: 1, Range: table.Long, Reach: 5, Targets: 1, Crest: table.NoCrest}

// TestConditionalStartOfTurn: a start-of-turn special is offered to its
// player when the turn begins and its conditions hold (no enemy adjacent,
// an enemy in range), used or skipped; not offered when they do not hold.
func TestConditionalStartOfTurn(t *testing.T) {
	eye := table.Special{Name: "Hawk's Eye", When: table.StartOfTurn, If: []table.Clause{{Kind: table.NoAdjacentEnemy}}, Ability: longShot}
	r := withSpecial("corvane", false, eye)
	g := game(t, r, map[int]Pos{corvane: {2, 2}, hollis: {2, 4}, nettle: {4, 6}})
	g.Active, g.done = 1, []string{ActMove, ActPrime}
	g.advance(false)
	if got, want := legal(g), []string{"use hawks-eye", "skip hawks-eye"}; !slices.Equal(got, want) || g.ToMove() != 0 || g.turn != 2 {
		t.Fatalf("start of P1's turn: %q for seat %d on turn %d, want %q for seat 0 on turn 2", got, g.ToMove(), g.turn, want)
	}
	do(t, g, "use hawks-eye", "do not defend") // Hollis, the only target
	if g.Taken(1) != 1 || !slices.Contains(g.used, "p1:hero") || g.ToMove() != 0 || len(g.stack) != 0 {
		t.Errorf("Hollis took %d, used %v, to move %d, pending %d; want 1, [p1:hero], 0, 0", g.Taken(1), g.used, g.ToMove(), len(g.stack))
	}

	g = game(t, r, map[int]Pos{corvane: {2, 2}, hollis: {2, 4}, nettle: {4, 6}})
	g.Active, g.done = 1, []string{ActMove, ActPrime}
	g.advance(false)
	do(t, g, "skip hawks-eye")
	if g.Taken(1) != 0 || len(g.used) != 0 || !slices.Contains(legal(g), "prime longbow") {
		t.Errorf("skipped: Hollis took %d, used %v, legal %q; want 0, none, the player actions", g.Taken(1), g.used, legal(g))
	}

	g = game(t, r, map[int]Pos{corvane: {2, 2}, hollis: {2, 3}, nettle: {4, 6}}) // Hollis adjacent
	g.Active, g.done = 1, []string{ActMove, ActPrime}
	g.advance(false)
	if slices.Contains(legal(g), "use hawks-eye") || g.ToMove() != 0 {
		t.Errorf("an enemy adjacent: %q offered to seat %d", legal(g), g.ToMove())
	}
}

// TestConditionalEndOfTurn: an end-of-turn special is offered after the
// turn's second player action, before the turn passes.
func TestConditionalEndOfTurn(t *testing.T) {
	eye := table.Special{Name: "Last Light", When: table.EndOfTurn, If: []table.Clause{{Kind: table.Wounded}}, Ability: longShot}
	g := game(t, withSpecial("corvane", false, eye), map[int]Pos{corvane: {2, 2}, hollis: {2, 4}, nettle: {4, 6}})
	g.W[corvane].Wounded, g.W[corvane].Health = true, 1
	g.done = []string{ActMove}
	g.refresh()
	do(t, g, "prime longbow")
	if got := legal(g); !slices.Equal(got, []string{"use last-light", "skip last-light"}) || g.Active != 0 || g.turn != 1 {
		t.Fatalf("end of P1's turn: %q, active %d, turn %d; want the special, 0, 1", got, g.Active, g.turn)
	}
	do(t, g, "use last-light", "do not defend")
	if g.Taken(1) != 1 || g.Active != 1 || g.turn != 2 || g.ToMove() != 1 {
		t.Errorf("Hollis took %d, active %d, turn %d, to move %d; want 1 1 2 1", g.Taken(1), g.Active, g.turn, g.ToMove())
	}
}

// TestConditionalOncePerTurn: like a star-powered ability, a conditional
// one is used at most once a turn (docs: the reading that also stops two
// "when damaged" specials answering each other forever).
func TestConditionalOncePerTurn(t *testing.T) {
	guard := table.Special{Name: "Thorn Guard", When: table.WhenDamaged, Ability: table.Ability{Keyword: table.Attack, Value: 1, Range: table.Medium, Targets: 1, Crest: table.NoCrest}}
	g := game(t, withSpecial("hollis", false, guard), map[int]Pos{corvane: {2, 2}, hollis: {2, 3}})
	hit := table.Ability{Keyword: table.Attack, Value: 1, Range: table.Short, Targets: 1, Crest: table.NoCrest}
	g.use(0, corvane, hit)
	do(t, g, "do not defend")
	if got := legal(g); !slices.Equal(got, []string{"use thorn-guard", "skip thorn-guard"}) || g.ToMove() != 1 {
		t.Fatalf("after Hollis is hit: %q for seat %d, want the special for seat 1", got, g.ToMove())
	}
	do(t, g, "use thorn-guard", "do not defend")
	if g.Taken(0) != 1 || g.Taken(1) != 1 {
		t.Fatalf("taken %d/%d, want 1/1", g.Taken(0), g.Taken(1))
	}
	g.use(0, corvane, hit)
	do(t, g, "do not defend")
	if slices.Contains(legal(g), "use thorn-guard") || g.Taken(1) != 2 {
		t.Errorf("the second hit: Hollis took %d, legal %q; want 2 and no special", g.Taken(1), legal(g))
	}
}

// TestConditionalLandmark: a landmark's conditional ability is offered to
// the active player's hero within its reach, flips by its flip icon, and is
// no longer a star-powered ability.
func TestConditionalLandmark(t *testing.T) {
	r := *rs
	r.Landmarks = slices.Clone(rs.Landmarks)
	for i := range r.Landmarks {
		if r.Landmarks[i].ID == "thorn-thicket" {
			a := &r.Landmarks[i].Ability
			a.Star, a.When, a.If = false, table.StartOfTurn, []table.Clause{{Kind: table.AdjacentEnemy}}
		}
	}
	g := game(t, &r, map[int]Pos{hollis: {2, 2}, corvane: {2, 3}, nettle: {4, 6}})
	if slices.Contains(starKeys(g, 1), "landmark:thorn-thicket") {
		t.Errorf("a conditional landmark ability is offered for a star")
	}
	g.done = []string{ActMove, ActPrime}
	g.advance(false) // P1's turn ends; P2's begins, Hollis 2 from the thicket
	if got := legal(g); !slices.Equal(got, []string{"use briar-lash", "skip briar-lash"}) || g.ToMove() != 1 {
		t.Fatalf("start of P2's turn: %q for seat %d", got, g.ToMove())
	}
	do(t, g, "use briar-lash", "do not defend")
	if g.Taken(0) != 1 || !g.Lm[lm(g, "thorn-thicket")].Flipped || !slices.Contains(g.used, "landmark:thorn-thicket") {
		t.Errorf("Corvane took %d, thicket flipped %v, used %v; want 1, true, landmark:thorn-thicket", g.Taken(0), g.Lm[lm(g, "thorn-thicket")].Flipped, g.used)
	}
}

// TestConditionClauses: each clause of the vocabulary, for Nettle at e3
// beside Corvane at d3, Hollis at a1, on Thornmere (Mirror Pool d2 and Fox
// Burrow d4 adjacent to her).
func TestConditionClauses(t *testing.T) {
	g := game(t, rs, map[int]Pos{nettle: {2, 4}, corvane: {2, 3}, hollis: {0, 0}})
	idx := func(id string) int16 {
		for i, l := range rs.Landmarks {
			if l.ID == id {
				return int16(i)
			}
		}
		t.Fatalf("no landmark %s", id)
		return 0
	}
	for _, c := range []struct {
		clause table.Clause
		want   bool
	}{
		{table.Clause{Kind: table.Healthy}, true},
		{table.Clause{Kind: table.Wounded}, false},
		{table.Clause{Kind: table.AdjacentEnemy}, true},
		{table.Clause{Kind: table.NoAdjacentEnemy}, false},
		{table.Clause{Kind: table.AdjacentEnemyHero}, true},
		{table.Clause{Kind: table.AdjacentEnemyMinion}, false},
		{table.Clause{Kind: table.AdjacentAlly}, false},
		{table.Clause{Kind: table.AdjacentLandmark, Arg: idx("mirror-pool")}, true},
		{table.Clause{Kind: table.AdjacentLandmark, Arg: idx("hollow-oak")}, false},
		{table.Clause{Kind: table.AdjacentMapSet, Arg: 0}, true},
		{table.Clause{Kind: table.AdjacentMapSet, Arg: 1}, false},
	} {
		if got := g.holds(nettle, []table.Clause{c.clause}); got != c.want {
			t.Errorf("clause %+v: %v, want %v", c.clause, got, c.want)
		}
	}
	if g.holds(nettle, []table.Clause{{Kind: table.Healthy}, {Kind: table.Wounded}}) {
		t.Errorf("healthy and wounded together hold")
	}
	g.W[hollis].Pos = Pos{2, 5} // Hollis beside Nettle
	if !g.holds(nettle, []table.Clause{{Kind: table.AdjacentAlly}}) {
		t.Errorf("adjacent to an ally: Hollis beside her")
	}
}
