package all_test

import (
	"os"
	"testing"

	"github.com/roundtable-dev/roundtable/engine/play"
)

func TestZZDump(t *testing.T) {
	for _, fm := range fuzzModes() {
		m, err := fm.mode.New(fm.rules, exampleOptions(fm.mode, 1))
		if err != nil {
			t.Fatal(err)
		}
		for step := 0; step < 6 && !m.Over(); step++ {
			m.Apply((step * 7) % m.Legal())
		}
		b, _ := play.MarshalPosition(fm.game.ID, fm.mode.Name, m, "yaml")
		os.WriteFile("/tmp/posdump/"+fm.game.ID+"-"+fm.mode.Name+".yaml", b, 0o644)
	}
}
