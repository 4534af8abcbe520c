package render_test

import (
	"testing"
	"testing/fstest"
	"time"

	"github.com/roundtable-dev/roundtable/games/render"
)

func TestProbe(t *testing.T) {
	g := annasGame(t)
	for _, text := range []string{
		"<svg>\n{{range seq 1e9}}x{{end}}</svg>",
		"<svg>\n{{range seq 100000}}{{range seq 100000}}x{{end}}{{end}}</svg>",
		"<svg>\n{{range 1000000000}}{{end}}</svg>",
		"<svg>\n{{range seq 20000}}{{range seq 20000}}\nline{{end}}{{end}}</svg>",
		"<svg>\n{{range seq 1000}}{{printf \"%100000s\" \"x\"}}{{end}}</svg>",
		"<svg>\n{{define \"r\"}}{{template \"r\" .}}{{end}}{{template \"r\" .}}</svg>",
		"<svg>\n{{define \"r\"}}{{template \"r\" .}}{{template \"r\" .}}{{end}}\n{{template \"r\" .}}</svg>",
		"<svg>\n{{$s := \"xxxxxxxxxx\"}}{{range seq 100}}\n{{$s = print $s $s}}{{end}}</svg>",
		"<svg>\n{{$s := \"&&&&&&&&&&\"}}{{range seq 100}}\n{{$s = html $s}}{{end}}</svg>",
		"<svg>{{.Name}}</svg>",
	} {
		l, err := render.Load(g, render.Pack{FS: fstest.MapFS{"layouts/unit.svg.tmpl": {Data: []byte(text)}}, Dir: "valm"})
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		b, err := l.Draw(unitPicture(t, g, "chrom"))
		t.Logf("%q: %d bytes, %v (%v)", text, len(b), err, time.Since(start))
	}
}
