package emit

import (
	"io"
	"reflect"
	"testing"

	annastable "github.com/roundtable-dev/roundtable/engine/annas/table"
	annasgen "github.com/roundtable-dev/roundtable/generated/annas"
)

// BenchmarkPrinterComments prints Anna's base ruleset, repeated to 40 times
// its units, with and without the id comments of rt-tagged fields: compare
// the two in one run for what the comments cost.
func BenchmarkPrinterComments(b *testing.B) {
	rs := *annasgen.Ruleset
	var units []annastable.Unit
	for range 40 {
		units = append(units, rs.Units...)
	}
	rs.Units = units
	for _, c := range []struct {
		name string
		ids  map[string][]string
	}{{"with", idLists(reflect.ValueOf(&rs))}, {"without", map[string][]string{}}} {
		b.Run(c.name, func(b *testing.B) {
			f := goFile{consts: annastable.GoConsts, pkg: "annas", name: "Ruleset", value: reflect.ValueOf(&rs), ids: c.ids}
			for b.Loop() {
				if err := f.write(io.Discard); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
