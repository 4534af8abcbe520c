package annas_test

import (
	"testing"
	"testing/fstest"

	"github.com/roundtable-dev/roundtable/compiler"
	annascompiler "github.com/roundtable-dev/roundtable/compiler/annas"
	"github.com/roundtable-dev/roundtable/engine/annas/table"
)

const ownDocs = `kind: unit
id: lissa
name: Lissa
color: gray
stats: {hp: 8, atk: 3, spd: 5, def: 2}
range: [1]
mov: 3
skill:
  name: Own Care
  kind: passive
  text: Units you control nearby are watched over.
  effects:
    - when: moved
      about: {side: own, within: 2}
      if: {near: {side: own, at-least: 2}, alone: {side: own, within: 3}}
      target: {side: own, within: 1, all: true, include-self: true}
      heal: 1
---
kind: shop-card
id: own-ward
name: Own Ward
cost: 2
type: reaction
text: Play when a unit you control is attacked; it has +1 DEF in that combat.
trigger: {when: attacked, side: own, within: 0}
effects:
  - target: {side: trigger}
    modify: {def: 1}
`

// The vocabulary's side `own` ("units you control", rulebook VIII,
// Clarifications) compiles to table.SideOwn in targets, conditions, event
// scopes and reaction triggers.
func TestSideOwnCompiles(t *testing.T) {
	fsys := fstest.MapFS{
		"pack.yaml":    {Data: []byte("kind: pack\nid: p\nname: P\nversion: 0.1.0\ngame: annas\n")},
		"content.yaml": {Data: []byte(ownDocs)},
	}
	p, diags := compiler.LoadPack(fsys, "p")
	if diags.Errors() > 0 {
		t.Fatal(diags)
	}
	if p.Game == nil {
		p.Game = annascompiler.Game
	}
	res, diags := compiler.Compile([]*compiler.Pack{p})
	if diags.Errors() > 0 {
		t.Fatal(diags)
	}
	rs := res.Ruleset.(*table.Ruleset)
	if table.SideOwn != 4 {
		t.Errorf("SideOwn = %d, want 4 (appended after self, ally, enemy, any)", table.SideOwn)
	}
	e := rs.Skills[rs.Units[rs.UnitIndex("lissa")].Skill].Effects[0]
	if want := (table.Scope{Side: table.SideOwn, Within: 2}); e.About != want {
		t.Errorf("about = %+v, want %+v", e.About, want)
	}
	wantIf := []table.Cond{
		{Kind: table.CondNear, Side: table.SideOwn, Within: 1, N: 2, Tag: -1, Terrain: -1},
		{Kind: table.CondAlone, Side: table.SideOwn, Within: 3, Tag: -1, Terrain: -1},
	}
	if len(e.If) != 2 || e.If[0] != wantIf[0] || e.If[1] != wantIf[1] {
		t.Errorf("if = %+v, want %+v", e.If, wantIf)
	}
	if want := (table.Target{Kind: table.TargetAll, Side: table.SideOwn, Within: 1, Tag: -1, IncludeSelf: true}); e.Target != want {
		t.Errorf("target = %+v, want %+v", e.Target, want)
	}
	sc := rs.ShopCards[0]
	if want := (table.Scope{Side: table.SideOwn}); sc.ID != "own-ward" || sc.About != want || sc.Effects[0].About != want {
		t.Errorf("shop card %s about %+v, effect about %+v; want %+v", sc.ID, sc.About, sc.Effects[0].About, want)
	}
}
