package annas

import (
	"testing"

	"github.com/roundtable-dev/roundtable/engine/annas/table"
)

// Rulebook VIII, Clarifications separate "ally units" from "units you
// control" only in boss mode; with two players every friendly unit is one
// you control, so own and ally pick the same units: the same Physic
// targets, and the same answer from every target, condition and scope test
// for every source and unit on a mixed board.
func TestOwnIsAllyInVersus(t *testing.T) {
	physic := func(side table.Side) []Tile {
		g := started(t)
		g.Rules.Tags[tPhysic].Effects[0].Target.Side = side
		g.srcCache = nil
		tr := put(t, g, "troubadour", 0, "c2")
		put(t, g, "red", 0, "c4").Damage = 5
		put(t, g, "green", 1, "c3").Damage = 5 // the opponent's, in range
		put(t, g, "blue", 0, "f2")             // too far
		var out []Tile
		for _, a := range unitActs(g, tr.Tile, AssistDo) {
			out = append(out, a.Target)
		}
		return out
	}
	for _, side := range []table.Side{table.SideAlly, table.SideOwn} {
		if got := physic(side); len(got) != 1 || got[0] != tile(t, "c4") {
			t.Errorf("side %d: Physic targets %v, want only c4", side, got)
		}
	}

	g := started(t)
	ps := []*Piece{
		put(t, g, "red", 0, "c2"),
		put(t, g, "blue", 0, "c3"),
		put(t, g, "gray", 0, "e5"),
		put(t, g, "green", 1, "b2"),
		put(t, g, "fast", 1, "d3"),
	}
	for _, src := range ps {
		c := &ctx{src: src, owner: int(src.Owner)}
		for _, w := range []int8{0, 1, 2} {
			for _, n := range []int8{1, 2} {
				for _, k := range []table.CondKind{table.CondNear, table.CondAlone} {
					ally := g.cond(&table.Effect{}, &table.Cond{Kind: k, Side: table.SideAlly, Within: w, N: n, Tag: -1, Terrain: -1}, c)
					own := g.cond(&table.Effect{}, &table.Cond{Kind: k, Side: table.SideOwn, Within: w, N: n, Tag: -1, Terrain: -1}, c)
					if ally != own {
						t.Errorf("src %s within %d n %d cond %d: ally %v, own %v", src.Tile, w, n, k, ally, own)
					}
				}
			}
		}
		for _, q := range ps {
			for _, self := range []bool{false, true} {
				ta := table.Target{Kind: table.TargetOne, Side: table.SideAlly, Within: 2, Tag: -1, IncludeSelf: self}
				to := ta
				to.Side = table.SideOwn
				if a, o := g.targetOK(&table.Effect{Target: ta, Tag: -1, Summon: -1}, c, q), g.targetOK(&table.Effect{Target: to, Tag: -1, Summon: -1}, c, q); a != o {
					t.Errorf("src %s q %s include-self %v: target ally %v, own %v", src.Tile, q.Tile, self, a, o)
				}
			}
			for _, w := range []int8{0, 1} {
				a := g.aboutOK(table.Scope{Side: table.SideAlly, Within: w}, c.owner, src, q)
				o := g.aboutOK(table.Scope{Side: table.SideOwn, Within: w}, c.owner, src, q)
				if a != o {
					t.Errorf("src %s trig %s within %d: about ally %v, own %v", src.Tile, q.Tile, w, a, o)
				}
			}
		}
	}
	// A shop card has no source: its scope is its player's units.
	for p := range 2 {
		for _, q := range ps {
			a := g.aboutOK(table.Scope{Side: table.SideAlly}, p, nil, q)
			if o := g.aboutOK(table.Scope{Side: table.SideOwn}, p, nil, q); a != o || a != (int(q.Owner) == p) {
				t.Errorf("shop card of P%d, trig %s: about ally %v, own %v, want %v", p+1, q.Tile, a, o, int(q.Owner) == p)
			}
		}
	}
}
