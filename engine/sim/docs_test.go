package sim_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/roundtable-dev/roundtable/engine/sim"
)

// TestSizingTableInDocs recomputes the sizing table of docs/sim.md: the
// half-width of the 95% Wilson interval, in points, at rates of 50% and
// 20%, per number of appearances.
func TestSizingTableInDocs(t *testing.T) {
	doc, err := os.ReadFile("../../docs/sim.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(doc), "<!-- sizing -->\n")
	table, _, ok2 := strings.Cut(rest, "<!-- /sizing -->")
	if !ok || !ok2 {
		t.Fatal("docs/sim.md has no <!-- sizing --> table")
	}
	var b strings.Builder
	b.WriteString("| appearances | ± points at 50% | ± points at 20% |\n|---:|---:|---:|\n")
	for _, n := range []int{100, 400, 1000, 4000, 10000, 40000, 100000} {
		l5, h5 := sim.Wilson(n/2, n, 0.95)
		l2, h2 := sim.Wilson(n/5, n, 0.95)
		fmt.Fprintf(&b, "| %s | %.1f | %.1f |\n", thousands(n), 50*(h5-l5), 50*(h2-l2))
	}
	if table != b.String() {
		t.Fatalf("docs/sim.md sizing table:\n%s\nwant:\n%s", table, b.String())
	}
}

func thousands(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
