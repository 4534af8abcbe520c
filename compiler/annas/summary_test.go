package annas

import (
	"reflect"
	"testing"

	"github.com/roundtable-dev/roundtable/engine/annas/table"
)

// TestUnitSummaryRoundTrip: a unit's memo summary gives back what curve
// and unusedTags read (id, color, legendary, stats, tags), with the
// decoded id when it is not link's, and any prefix of it reads without a
// panic.
func TestUnitSummaryRoundTrip(t *testing.T) {
	u := table.Unit{ID: "tagged", Color: table.Blue, Legendary: true, Stats: table.Stats{HP: 12, ATK: -3, SPD: 127, DEF: -128}, Skill: -1}
	for _, linkID := range []string{"tagged", ""} {
		s := string(unitSummary(u, linkID, []int{3, 200, 70000}))
		var tags []int
		got := readUnitSummary(linkID, s, func(t int) { tags = append(tags, t) })
		if !reflect.DeepEqual(got, u) || !reflect.DeepEqual(tags, []int{3, 200, 70000}) {
			t.Errorf("link id %q: %+v, tags %v", linkID, got, tags)
		}
		for n := range len(s) {
			readUnitSummary(linkID, s[:n], func(int) {})
		}
	}
}
