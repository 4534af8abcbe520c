package tablebattles

import (
	"embed"
	"io/fs"
	"strconv"

	"github.com/roundtable-dev/roundtable/compiler/source"
	"github.com/roundtable-dev/roundtable/games"
)

//go:embed templates
var templates embed.FS

// A scenario brings its formations: a formation fights only where a
// scenario lists it with its targets on the other side.
var scaffold = &games.Scaffold{
	Templates: sub(templates),
	Examples:  []games.Example{{Kind: "scenario", ID: "ostia-gate", Name: "The Gate of Ostia"}},
	Covered:   map[string][]string{"scenario": {"formation"}},
	Defaults:  map[string]string{"formation": "gangrel-guard"},
	Try:       games.Example{Kind: "scenario", ID: "my-battle"},
	Values: func(docs []*source.Document, _ map[string]string) map[string]any {
		return map[string]any{"Cards": freeCards(docs)}
	},
}

func sub(f embed.FS) fs.FS {
	s, err := fs.Sub(f, "templates")
	if err != nil {
		panic(err)
	}
	return s
}

// freeCards picks card numbers (41A) above every number the given
// documents' formations claim, so new formations claim none twice.
func freeCards(docs []*source.Document) []string {
	top := 0
	for _, d := range docs {
		c := d.Field("card")
		if c == nil || len(c.Value) < 2 {
			continue
		}
		if n, err := strconv.Atoi(c.Value[:len(c.Value)-1]); err == nil {
			top = max(top, n)
		}
	}
	out := make([]string, 8)
	for i := range out {
		out[i] = strconv.Itoa(top+1+i) + "A"
	}
	return out
}
