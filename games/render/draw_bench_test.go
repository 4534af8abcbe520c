package render_test

import (
	"testing"

	"github.com/roundtable-dev/roundtable/games"
	"github.com/roundtable-dev/roundtable/games/render"
)

// BenchmarkDrawBase draws every base picture of every game, one after
// another (what the budget's counting costs: docs/reliability.md).
func BenchmarkDrawBase(b *testing.B) {
	type set struct {
		l    *render.Layouts
		pics []games.Picture
	}
	var sets []set
	for _, g := range games.All() {
		if g.Render == nil {
			continue
		}
		l, err := render.Load(g)
		if err != nil {
			b.Fatal(err)
		}
		sets = append(sets, set{l, g.Render.Pictures(g.Base())})
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, s := range sets {
			for _, p := range s.pics {
				if _, err := s.l.Draw(p); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
}
