package tropera_test

import (
	"os"
	"path/filepath"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/engine/play"
	. "github.com/roundtable-dev/roundtable/engine/tropera"
)

// FuzzLoadBattle: a position file, however broken, loads with an error or
// plays on without a panic (the seed corpus is the scenarios' positions and
// the docs example; it runs in every go test).
func FuzzLoadBattle(f *testing.F) {
	files, _ := filepath.Glob("testdata/scenarios/*.yaml")
	files = append(files, "../../docs/examples/tropera-skirmish.yaml")
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		var doc struct {
			Position yaml.Node `yaml:"position"`
		}
		if yaml.Unmarshal(data, &doc) == nil && doc.Position.Kind != 0 {
			if b, err := yaml.Marshal(&doc.Position); err == nil {
				f.Add(b)
			}
			continue
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		env, err := play.ReadPosition("fuzz", data)
		if err != nil || env.State == nil {
			return
		}
		b, err := LoadBattle(rs, env.State)
		if err != nil {
			return
		}
		for k := 0; k < 30 && !b.Over(); k++ {
			n := b.Legal()
			if n == 0 {
				t.Fatalf("not over, no legal action")
			}
			if err := b.Apply(k % n); err != nil {
				t.Fatalf("legal action %q: %v", b.Action(k%n), err)
			}
		}
		if _, err := play.MarshalPosition("tropera", "battle", b, "json"); err != nil {
			t.Fatal(err)
		}
	})
}
