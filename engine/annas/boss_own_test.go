package annas

import (
	"slices"
	"testing"

	"github.com/roundtable-dev/roundtable/engine/annas/table"
)

// sideGame is a three-player fixture game with an empty board whose Rally
// (titania: every unit of side within 2, self too, +2 DEF until your next
// turn) and Physic (rhys: heal 3 to one unit of side within 2) use side.
func sideGame(t *testing.T, side table.Side) *Game {
	t.Helper()
	rs := bossFixture()
	rs.Skills[skRally].Effects[0].Target.Side = side
	rs.Tags[tagPhysic].Effects[0].Target.Side = side
	g, err := New(rs, Options{Seed: 1, Mode: table.BossMode, Boss: grima, Players: 3})
	if err != nil {
		t.Fatal(err)
	}
	clearBoard(g)
	return g
}

func defMods(u *Piece) int {
	n := 0
	for _, m := range u.Mods {
		n += int(m.DEF)
	}
	return n
}

// Rulebook VIII, Clarifications: "Ally units" includes the units of all
// players, but "All units you control" does not include the units of other
// players. An area effect on own units skips P2's unit next to the source;
// the same effect on ally units gives it the +2 DEF.
func TestBossOwnSkipsOtherPlayersUnits(t *testing.T) {
	for _, tc := range []struct {
		name                 string
		side                 table.Side
		titania, ike, p2unit int
	}{
		{"ally", table.SideAlly, 2, 2, 2},
		{"own", table.SideOwn, 2, 2, 0},
	} {
		g := sideGame(t, tc.side)
		ti := bput(g, uTitania, 0, "a1")
		ike := bput(g, uIke, 0, "b1")     // P1's, adjacent
		other := bput(g, uSoren, 1, "a2") // P2's, adjacent
		actSettled(t, g, blegal(t, g, bact("a1", AssistDo, "")))
		got := [3]int{defMods(ti), defMods(ike), defMods(other)}
		if want := [3]int{tc.titania, tc.ike, tc.p2unit}; got != want {
			t.Errorf("%s: DEF mods titania, ike, P2's soren = %v, want %v", tc.name, got, want)
		}
	}
}

// Rulebook VIII, Clarifications: a single-target effect on own units can
// pick only the controller's units; on ally units, any player's.
func TestBossOwnTargetsOnlyControllersUnits(t *testing.T) {
	for _, tc := range []struct {
		name string
		side table.Side
		want []string
	}{
		{"ally", table.SideAlly, []string{"a3", "b2"}},
		{"own", table.SideOwn, []string{"b2"}},
	} {
		g := sideGame(t, tc.side)
		bput(g, uPriest, 0, "a1")
		bput(g, uIke, 0, "b2").Damage = 4
		bput(g, uSoren, 2, "a3").Damage = 4 // P3's
		var targets []string
		for _, a := range g.LegalActions() {
			if a.Kind == Activate && a.From == bt("a1") && a.To == bt("a1") && a.Do == AssistDo {
				targets = append(targets, a.Target.String())
			}
		}
		slices.Sort(targets)
		if !slices.Equal(targets, tc.want) {
			t.Errorf("%s: Physic targets %v, want %v", tc.name, targets, tc.want)
		}
	}
}

// Rulebook VIII, Clarifications: conditions and event scopes on own units
// ignore other players' units; the boss's own units are its summons.
func TestBossOwnConditionsAndScopes(t *testing.T) {
	g := sideGame(t, table.SideAlly)
	src := bput(g, uIke, 0, "a1")
	other := bput(g, uSoren, 1, "a2") // P2's, adjacent
	c := g.newCtx(src, 0)
	cond := func(k table.CondKind, s table.Side) bool {
		return g.cond(&table.Effect{}, &table.Cond{Kind: k, Side: s, Within: 1, N: 1, Tag: -1, Terrain: -1}, c)
	}
	if cond(table.CondNear, table.SideOwn) || !cond(table.CondNear, table.SideAlly) {
		t.Errorf("P2's unit adjacent: near own %v (want false), near ally %v (want true)", cond(table.CondNear, table.SideOwn), cond(table.CondNear, table.SideAlly))
	}
	if !cond(table.CondAlone, table.SideOwn) || cond(table.CondAlone, table.SideAlly) {
		t.Errorf("P2's unit adjacent: alone own %v (want true), alone ally %v (want false)", cond(table.CondAlone, table.SideOwn), cond(table.CondAlone, table.SideAlly))
	}
	mine := bput(g, uTitania, 0, "b1")
	if !cond(table.CondNear, table.SideOwn) {
		t.Error("P1's unit adjacent: near own false, want true")
	}
	about := func(s table.Side, trig *Piece) bool {
		return g.aboutOK(table.Scope{Side: s, Within: 1}, 0, src, trig)
	}
	if got := [4]bool{about(table.SideAlly, other), about(table.SideOwn, other), about(table.SideOwn, mine), about(table.SideOwn, src)}; got != [4]bool{true, false, true, false} {
		t.Errorf("about ally/P2, own/P2, own/P1, own/self = %v, want [true false true false]", got)
	}
	risen := putSummon(g, 0, "f6")
	bs := g.BossSeat()
	if !g.sideOK(table.SideOwn, bs, g.Boss.piece, risen) || g.sideOK(table.SideOwn, bs, g.Boss.piece, src) {
		t.Error("the boss's own units: want its summons, not the players' units")
	}
}
