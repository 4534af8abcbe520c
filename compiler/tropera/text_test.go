package tropera_test

import (
	"testing"

	"github.com/roundtable-dev/roundtable/compiler"
	trocompiler "github.com/roundtable-dev/roundtable/compiler/tropera"
	"github.com/roundtable-dev/roundtable/engine/tropera/table"
)

// TestTextIsCompiled: the text: of weapons, terrain, characters, maps and
// battles reaches the tables as written (it was validated, then dropped).
func TestTextIsCompiled(t *testing.T) {
	p, diags := compiler.BasePack(trocompiler.Game)
	res, more := compiler.Compile([]*compiler.Pack{p})
	if diags = append(diags, more...); diags.Errors() > 0 {
		t.Fatalf("base content: %v", diags)
	}
	rs := res.Ruleset.(*table.Ruleset)
	text := func(kind, id string) string {
		find := func(n int, idText func(int) (string, string)) string {
			for i := range n {
				if got, txt := idText(i); got == id {
					return txt
				}
			}
			t.Fatalf("no %s %q", kind, id)
			return ""
		}
		switch kind {
		case "weapon":
			return find(len(rs.Weapons), func(i int) (string, string) { return rs.Weapons[i].ID, rs.Weapons[i].Text })
		case "terrain":
			return find(len(rs.Terrain), func(i int) (string, string) { return rs.Terrain[i].ID, rs.Terrain[i].Text })
		case "character":
			return find(len(rs.Characters), func(i int) (string, string) { return rs.Characters[i].ID, rs.Characters[i].Text })
		case "map":
			return find(len(rs.Maps), func(i int) (string, string) { return rs.Maps[i].ID, rs.Maps[i].Text })
		}
		return find(len(rs.Battles), func(i int) (string, string) { return rs.Battles[i].ID, rs.Battles[i].Text })
	}
	for _, c := range []struct{ kind, id, want string }{
		{"weapon", "levin-sword", "Strikes with lightning; damage targets Resistance."},
		{"terrain", "floor", "Flagstones indoors."},
		{"character", "lyn", "A plainswoman of Sowtlund's grasslands, quick and exact with a blade."},
		{"map", "durvalla-road", "The forest road into Calderia, a village off the verge and a dead oak across the old track."},
		{"battle", "durvalla-road", "A Vissan patrol catches Lyn's band on the forest road into Calderia."},
	} {
		if got := text(c.kind, c.id); got != c.want {
			t.Errorf("%s %s: text %q, want %q", c.kind, c.id, got, c.want)
		}
	}
}
