package tablebattles

import (
	"fmt"
	"slices"
	"strings"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/compiler/source"
	"github.com/roundtable-dev/roundtable/engine/tablebattles/table"
)

// changes are the keys of an effect that say what it changes; an effect
// has exactly one.
var changes = []string{"forbid", "react", "rout-morale", "dice", "cubes"}

// actionBits are the effect words of the actions, as Effect.Actions bits.
var actionBits = map[string]uint8{"retire": table.RetireBit}

func init() {
	for i, n := range table.ActionNames {
		actionBits[n] = 1 << i
	}
}

// effect compiles one effect of a special rule of scenario d (at path):
// dice and cubes are folded into ts and give no table effect; the others
// come back with ok set. side maps the scenario's formations to sides.
func (b *builder) effect(d *compiler.Doc, ts *table.Scenario, side map[int16]int, sideIDs map[string]int, e effectDoc, path ...string) (table.Effect, bool) {
	node := source.Path(d.PosTree(), path...)
	sub := func(p ...string) []string { return append(slices.Clone(path), p...) }
	has := func(k string) bool { return node != nil && source.Lookup(node, k) != nil }
	bad := func(at []string, format string, args ...any) *diag.Diagnostic {
		return b.diags.Add(CodeSpecialRule, b.pos(d, at...), "scenario %q: %s", d.ID, fmt.Sprintf(format, args...))
	}
	var what []string
	for _, k := range changes {
		if has(k) {
			what = append(what, k)
		}
	}
	switch len(what) {
	case 0:
		bad(path, "the effect changes nothing").Hint = "give it one of " + strings.Join(changes, ", ")
		return table.Effect{}, false
	case 1:
	default:
		bad(sub(what[1]), "an effect changes one thing, and this one has %s and %s", what[0], what[1]).Hint = "write two effects"
		return table.Effect{}, false
	}
	change := what[0]
	te := table.Effect{From: e.Turns.From, To: e.Turns.To}
	ok := true
	notHere := func(k, why string) {
		if has(k) {
			bad(sub(k), "%s takes no %s: %s", change, k, why)
			ok = false
		}
	}
	s := -1
	if e.Side != "" {
		if i, known := sideIDs[e.Side]; known {
			s, te.Sides = i, 1<<i
		} else {
			b.unknownSide(d, b.pos(d, sub("side")...), e.Side, sideIDs)
			ok = false
		}
	}
	for j, id := range e.Formations {
		at := sub("formations", fmt.Sprint(j))
		fi := b.ref(id, b.pos(d, at...))
		if fi < 0 {
			ok = false
			continue
		}
		fs, in := side[fi]
		switch {
		case !in:
			bad(at, "formation %q is not in this scenario", id)
			ok = false
		case s >= 0 && fs != s:
			bad(at, "formation %q fights for %s, not %s", id, ts.Sides[fs].ID, e.Side)
			ok = false
		}
		te.Formations = append(te.Formations, fi)
	}
	for j, w := range e.Actions {
		if change == "react" && (w == "retire" || !actionTypes[w].Reaction()) {
			bad(sub("actions", fmt.Sprint(j)), "react changes reactions (screen, counterattack, absorb), not %s", article(w)).Hint = "forbid an action with forbid: true"
			ok = false
		}
		te.Actions |= actionBits[w]
	}
	if e.Turns.From != 0 && e.Turns.To != 0 && e.Turns.From > e.Turns.To {
		bad(sub("turns", "to"), "turns from %d to %d: the last turn comes before the first", e.Turns.From, e.Turns.To)
		ok = false
	}
	switch change {
	case "forbid":
		te.Kind = table.Forbid
	case "react":
		te.Kind = table.MustReact
		if e.React == "may" {
			te.Kind = table.MayDecline
		}
		if te.Actions == 0 {
			te.Actions = actionBits["screen"] | actionBits["counterattack"] | actionBits["absorb"]
		}
	case "rout-morale":
		te.Kind, te.Value = table.RoutMorale, e.RoutMorale
		notHere("actions", "it is given when a formation routs, whatever routs it")
	case "dice", "cubes":
		why := "the rulebook's numbers hold for the whole battle"
		notHere("formations", why)
		notHere("actions", why)
		notHere("turns", why)
		if change == "cubes" {
			notHere("side", "the box is shared")
			if ok {
				ts.Cubes = e.Cubes
			}
			return table.Effect{}, false
		}
		if !has("side") {
			bad(sub("dice"), "dice is a side's: name the side").Hint = "side: " + ts.Sides[0].ID + " (or " + ts.Sides[1].ID + ")"
			return table.Effect{}, false
		}
		if ok {
			ts.Sides[s].Dice = e.Dice
		}
		return table.Effect{}, false
	}
	return te, ok
}

// pos is the position of the node at path in d, or of the deepest node
// found on the way.
func (b *builder) pos(d *compiler.Doc, path ...string) diag.Pos {
	for n := len(path); n > 0; n-- {
		if node := source.Path(d.PosTree(), path[:n]...); node != nil {
			return source.NodePos(d.File, node)
		}
	}
	return d.Pos()
}
