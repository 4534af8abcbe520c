package render

import (
	"errors"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/roundtable-dev/roundtable/games"
)

// TestBaseDrawingsWellWithinLimits draws every base picture of every game
// and holds what each took to a twentieth of each limit, so that the
// limits stop attacks, not content: a layout that grows toward a limit
// fails here first. The largest figures are logged (docs/reliability.md).
func TestBaseDrawingsWellWithinLimits(t *testing.T) {
	for _, g := range games.All() {
		if g.Render == nil {
			continue
		}
		l, err := Load(g)
		if err != nil {
			t.Fatal(err)
		}
		var steps, depth int
		var made, out int64
		var most string
		for _, p := range g.Render.Pictures(g.Base()) {
			e := l.get()
			e.b.reset(l.Limits)
			w := &capWriter{b: e.b}
			if err := e.tmpl.ExecuteTemplate(w, p.Layout+LayoutSuffix, p.Data); err != nil {
				t.Fatal(err)
			}
			if e.b.steps > steps {
				steps, most = e.b.steps, p.Kind+" "+p.ID
			}
			made, out = max(made, e.b.made), max(out, int64(w.buf.Len()))
			depth = max(depth, e.b.maxDepth)
			l.put(e)
		}
		t.Logf("%s: at most %d steps (%s), %d bytes made, %d written, %d deep", g.ID, steps, most, made, out, depth)
		lim := DefaultLimits
		if steps > lim.Steps/20 || made > lim.Made/20 || out > lim.Output/20 || depth > lim.Depth/20 {
			t.Errorf("%s: a base picture takes over a twentieth of a limit (%+v)", g.ID, lim)
		}
		if steps == 0 || made == 0 {
			t.Errorf("%s: nothing counted: %d steps, %d made", g.ID, steps, made)
		}
	}
}

// TestTimeLimitStopsADrawing: a drawing that keeps to every other limit
// but runs past its time is stopped at the loop's line.
func TestTimeLimitStopsADrawing(t *testing.T) {
	g, _ := games.Lookup("annas")
	l, err := Load(g, Pack{FS: fstest.MapFS{"layouts/unit.svg.tmpl": {Data: []byte("<svg>\n{{range 100000}}\n{{end}}</svg>")}}, Dir: "valm"})
	if err != nil {
		t.Fatal(err)
	}
	var pic games.Picture
	for _, p := range g.Render.Pictures(g.Base()) {
		if p.Kind == "unit" {
			pic = p
			break
		}
	}
	if _, err := l.Draw(pic); err != nil {
		t.Fatalf("within the limits: %v", err)
	}
	l.Limits.Time = time.Nanosecond
	_, err = l.Draw(pic)
	var ov *Overrun
	if !errors.As(err, &ov) || ov.File != "valm/layouts/unit.svg.tmpl" || ov.Line != 2 || ov.What != "over 1ns of drawing" {
		t.Errorf("got %v, want an overrun of time at valm/layouts/unit.svg.tmpl:2", err)
	}
	if !strings.HasPrefix(err.Error(), "unit "+pic.ID+": valm/layouts/unit.svg.tmpl:2: over 1ns of drawing") {
		t.Errorf("message %q", err)
	}
}
