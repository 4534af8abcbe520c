package battlecrest

import (
	"embed"
	"io/fs"
	"path"
	"strconv"

	"github.com/roundtable-dev/roundtable/compiler/source"
	"github.com/roundtable-dev/roundtable/games"
)

//go:embed templates
var templates embed.FS

// A map set brings its landmarks (one per L of its diagram), a hero set its
// action cards.
var scaffold = &games.Scaffold{
	Templates: sub(templates),
	Examples: []games.Example{
		{Kind: "crest", ID: "tide", Name: "Tide"},
		{Kind: "map-set", ID: "saltmarsh", Name: "Saltmarsh"},
		{Kind: "hero-set", ID: "maren", Name: "Maren"},
	},
	Covered:  map[string][]string{"map-set": {"landmark"}, "hero-set": {"action"}},
	Defaults: map[string]string{"crest": "gale", "map-set": "thornmere", "hero-set": "corvane"},
	OwnFirst: []string{"map-set", "hero-set"},
	Try:      games.Example{Kind: "hero-set", ID: "my-hero"},
	Values: func(docs []*source.Document, ref map[string]string) map[string]any {
		return map[string]any{"Landmark": freeLandmark(docs, ref["map-set"])}
	},
}

func sub(f embed.FS) fs.FS {
	s, err := fs.Sub(f, "templates")
	if err != nil {
		panic(err)
	}
	return s
}

// freeLandmark picks the number after the highest one the landmarks of map
// set set claim (numbers differ within a set), at most 99.
func freeLandmark(docs []*source.Document, set string) string {
	top := 0
	for _, d := range docs {
		s, n := d.Field("set"), d.Field("number")
		if d.Kind != "landmark" || s == nil || n == nil || path.Base(s.Value) != path.Base(set) {
			continue
		}
		if v, err := strconv.Atoi(n.Value); err == nil {
			top = max(top, v)
		}
	}
	return strconv.Itoa(min(top+1, 99))
}
