package all_test

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/engine/play"
)

// TestRequiredFieldsAreDocumented: docs/play.md's table of the fields a
// position must hold is what the readers do. For every mode, each field of
// a real position's state is left out in turn: refused as missing exactly
// when the table's state column lists it, and every field it lists is one
// the engine writes.
func TestRequiredFieldsAreDocumented(t *testing.T) {
	doc, err := os.ReadFile("../../docs/play.md")
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile("(?m)^\\| `([a-z-]+)` \\| ([^|]+) \\| ([^|]+) \\|")
	documented := map[string][]string{} // "game mode" → state fields
	for _, m := range row.FindAllStringSubmatch(string(doc), -1) {
		fields := regexp.MustCompile("`([a-z-]+)`").FindAllStringSubmatch(m[3], -1)
		for _, mode := range regexp.MustCompile("`([a-z-]+)`").FindAllStringSubmatch(m[2], -1) {
			for _, f := range fields {
				documented[m[1]+" "+mode[1]] = append(documented[m[1]+" "+mode[1]], f[1])
			}
		}
	}
	for _, fm := range fuzzModes() {
		key := fm.game.ID + " " + fm.mode.Name
		want, ok := documented[key]
		if !ok {
			t.Errorf("%s: not in docs/play.md's table of required fields", key)
			continue
		}
		_, full := positionAfter(t, fm, 6)
		var n yaml.Node
		if err := yaml.Unmarshal(full, &n); err != nil {
			t.Fatal(err)
		}
		state := play.At(&n, "state")
		var written []string
		for i := 0; i+1 < len(state.Content); i += 2 {
			field := state.Content[i].Value
			written = append(written, field)
			c := *state
			c.Content = slices.Delete(slices.Clone(state.Content), i, i+2)
			cn := n
			root := *n.Content[0]
			root.Content = slices.Clone(root.Content)
			for j := 0; j+1 < len(root.Content); j += 2 {
				if root.Content[j].Value == "state" {
					root.Content[j+1] = &c
				}
			}
			cn.Content = []*yaml.Node{&root}
			b, err := yaml.Marshal(&cn)
			if err != nil {
				t.Fatal(err)
			}
			err = refuse(fm, b)
			missing := err != nil && strings.Contains(err.Error(), ": "+field+": missing: the field is required")
			if missing != slices.Contains(want, field) {
				t.Errorf("%s without %s: %v (documented as required: %v)", key, field, err, slices.Contains(want, field))
			}
		}
		for _, f := range want {
			if !slices.Contains(written, f) {
				t.Errorf("%s: docs/play.md requires %s, which the engine does not write here", key, f)
			}
		}
	}
}
