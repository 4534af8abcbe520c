package annas

import (
	"embed"
	"io/fs"
	"strings"

	"github.com/roundtable-dev/roundtable/compiler/source"
	"github.com/roundtable-dev/roundtable/games"
)

//go:embed templates
var templates embed.FS

var scaffold = &games.Scaffold{
	Templates: sub(templates),
	Examples: []games.Example{
		{Kind: "tag", ID: "swift", Name: "Swift"},
		{Kind: "terrain", ID: "marsh", Name: "Marsh"},
		{Kind: "unit", ID: "sellsword", Name: "Sellsword"},
		{Kind: "map", ID: "twin-castles", Name: "Twin Castles"},
		{Kind: "boss", ID: "warlord", Name: "Warlord"},
		{Kind: "shop-card", ID: "tonic", Name: "Tonic"},
	},
	Covered:  map[string][]string{"boss": {"boss-card"}},
	Defaults: map[string]string{"boss": "grima"},
	Try:      games.Example{Kind: "unit", ID: "my-knight"},
	Values: func(docs []*source.Document, _ map[string]string) map[string]any {
		return map[string]any{"Glyph": freeGlyph(docs)}
	},
}

func sub(f embed.FS) fs.FS {
	s, err := fs.Sub(f, "templates")
	if err != nil {
		panic(err)
	}
	return s
}

// freeGlyph picks a terrain glyph no given document uses.
func freeGlyph(docs []*source.Document) string {
	used := map[string]bool{}
	for _, d := range docs {
		if g := d.Field("glyph"); g != nil {
			used[g.Value] = true
		}
	}
	for _, c := range strings.Split("~:;*%&#=+^ABDEGHIJKLNOPQSTUVXYZ", "") {
		if !used[c] {
			return c
		}
	}
	return "?"
}
