package cli

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/roundtable-dev/roundtable/internal/growth"
)

// TestDiffGrowthIsLinear (issue 24, "diff"): two revisions of a pack,
// grown at n and 4n — n units each with one field changed, a unit whose
// list of mappings has n items (each a path of the diff) with the last
// one changed, a map whose grid text has n lines (compared line by line)
// with one changed — are read, then diffed and printed as text, JSON and
// Markdown.
// Allocations may grow at most ×6.5 (bytes ×13) from n to 4n, the bound of
// games/all TestGrowthIsLinear. Allocations miss work that allocates
// nothing: the n² lookup of a field path in a list of every path of the
// entity (a 64,000-item list took 50 s of CPU to diff) was found by profiling
// this test at n=8,000, and is gone (docs/reliability.md).
func TestDiffGrowthIsLinear(t *testing.T) {
	unit := func(id string, hp int, extra string) string {
		return fmt.Sprintf("---\nkind: unit\nid: %s\nname: Unit %s\nhp: %d\nattack: 2\nmove: 2\nrange: [1]\ncost: 3\n%s", id, id, hp, extra)
	}
	shapes := []struct {
		name string
		n    int
		make func(n int, changed bool) string
	}{
		{"units", 100, func(n int, changed bool) string {
			var b strings.Builder
			for i := range n {
				hp := 5
				if changed {
					hp = 6
				}
				b.WriteString(unit(fmt.Sprintf("u%d", i), hp, ""))
			}
			return b.String()
		}},
		{"list-of-mappings", 200, func(n int, changed bool) string {
			var b strings.Builder
			b.WriteString("effects:\n")
			for i := range n {
				v := 1
				if changed && i == n-1 {
					v = 2
				}
				fmt.Fprintf(&b, "  - {gain: attack, amount: %d, note: step %d}\n", v, i)
			}
			return unit("wide", 5, b.String())
		}},
		{"grid-lines", 200, func(n int, changed bool) string {
			var b strings.Builder
			b.WriteString("---\nkind: map\nid: long\ngrid: |\n")
			for i := range n {
				row := "......"
				if changed && i == n-1 {
					row = "....#."
				}
				fmt.Fprintf(&b, "  %s\n", row)
			}
			return b.String()
		}},
	}
	for _, sh := range shapes {
		t.Run(sh.name, func(t *testing.T) {
			var costs [2]growth.Cost
			var size [2]int
			for i, n := range []int{sh.n, 4 * sh.n} {
				dirs := [2]string{t.TempDir(), t.TempDir()}
				for j, d := range dirs {
					data := sh.make(n, j == 1)
					size[i] = len(data)
					if err := os.WriteFile(filepath.Join(d, "content.yaml"), []byte(data), 0o644); err != nil {
						t.Fatal(err)
					}
				}
				oldT, err := dirTree(dirs[0])
				if err != nil {
					t.Fatal(err)
				}
				newT, err := dirTree(dirs[1])
				if err != nil {
					t.Fatal(err)
				}
				// Reading the two folders is the loader's (TestGrowthIsLinear
				// measures it); this measures the diff and its printing.
				run := func() {
					d := diffTrees(oldT, newT)
					if d.count("changed") == 0 {
						t.Fatalf("n=%d: no change found", n)
					}
					d.printText(io.Discard)
					d.printMarkdown(io.Discard)
					if err := d.printJSON(io.Discard); err != nil {
						t.Fatal(err)
					}
				}
				run()
				costs[i] = growth.Measure(run)
			}
			growth.Check(t, sh.n, size, costs, growth.Floor{Mallocs: 500, Bytes: 64 << 10}, "")
		})
	}
}
