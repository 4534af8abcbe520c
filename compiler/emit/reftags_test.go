package emit

import (
	"reflect"
	"testing"

	"github.com/roundtable-dev/roundtable/games"
	_ "github.com/roundtable-dev/roundtable/games/all"
)

// TestTableRefTagsNameRulesetLists holds every rt struct tag of every
// registered game's tables (the type of its base ruleset) to a list of
// their Ruleset that has ids (a misspelt list would silently print no
// comments), and to a field kind the tag fits: integers (or lists of them)
// for index=, unsigned integers for bits=.
func TestTableRefTagsNameRulesetLists(t *testing.T) {
	if len(games.All()) < 5 {
		t.Fatalf("only %d games registered", len(games.All()))
	}
	for _, g := range games.All() {
		root := reflect.TypeOf(g.Base())
		if root.Kind() == reflect.Pointer {
			root = root.Elem()
		}
		lists := idLists(reflect.New(root))
		tagged := 0
		seen := map[reflect.Type]bool{}
		var walk func(t reflect.Type)
		walk = func(typ reflect.Type) {
			if seen[typ] {
				return
			}
			seen[typ] = true
			switch typ.Kind() {
			case reflect.Pointer, reflect.Slice, reflect.Array:
				walk(typ.Elem())
			case reflect.Map:
				walk(typ.Elem())
			case reflect.Struct:
				for i := range typ.NumField() {
					f := typ.Field(i)
					walk(f.Type)
					if _, has := f.Tag.Lookup("rt"); !has {
						continue
					}
					tagged++
					r, ok := parseRef(f.Tag)
					if !ok {
						t.Errorf("%s.%s: rt tag %q is neither index=LIST nor bits=LIST", typ, f.Name, f.Tag.Get("rt"))
						continue
					}
					if _, ok := lists[r.list]; !ok {
						t.Errorf("%s.%s: %s has no list %s with ids", typ, f.Name, root, r.list)
					}
					k := f.Type.Kind()
					if k == reflect.Slice || k == reflect.Array {
						k = f.Type.Elem().Kind()
					}
					signed := k >= reflect.Int && k <= reflect.Int64
					unsigned := k >= reflect.Uint && k <= reflect.Uint64
					if r.bits && (!unsigned || f.Type.Kind() != k) || !r.bits && !signed {
						t.Errorf("%s.%s: rt tag %q does not fit a %s", typ, f.Name, f.Tag.Get("rt"), f.Type)
					}
				}
			}
		}
		walk(root)
		if tagged == 0 {
			t.Errorf("%s: no rt-tagged field", root)
		}
	}
}
