package compiler

import (
	"slices"
	"strings"
	"testing"
)

// TestCompileStagesFollowTheirNeeds: Compile's stage table runs each stage
// after the stages it needs, and every cache hook is at a boundary of a
// stage of the table (or the compile's start or end).
func TestCompileStagesFollowTheirNeeds(t *testing.T) {
	table := make([]Step[*compilation], len(stages))
	for i, st := range stages {
		table[i] = st.Step
	}
	if err := checkTable("compile stage", table); err != nil {
		t.Fatal(err)
	}
	want := "strip-overrides validate kinds stubs read-ids link build follow-ons"
	if got := strings.Join(StageNames(), " "); got != want {
		t.Errorf("stages %s, want %s", got, want)
	}
	for _, h := range cacheHooks {
		onStage := h.At == before || h.At == after
		if onStage != slices.Contains(StageNames(), h.Stage) {
			t.Errorf("hook of %s at %d names stage %q", h.Layer, h.At, h.Stage)
		}
	}
	// The order is checked: a stage before what it needs is refused.
	swapped := slices.Clone(table)
	swapped[4], swapped[5] = swapped[5], swapped[4]
	if err := checkTable("compile stage", swapped); err == nil || !strings.Contains(err.Error(), `"link" needs "read-ids", which runs after it`) {
		t.Errorf("link before read-ids: %v", err)
	}
}

// TestRecordedStagesAreTheReplayedOnes: the stages a replay of the build
// record skips are read-ids, link and build, one run of them.
func TestRecordedStagesAreTheReplayedOnes(t *testing.T) {
	var rec []string
	for _, st := range stages {
		if st.Recorded {
			rec = append(rec, st.Name)
		}
	}
	if got := strings.Join(rec, " "); got != "read-ids link build" {
		t.Errorf("recorded stages %s", got)
	}
}
