package all_test

import (
	"fmt"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/internal/growth"
)

// TestPositionGrowthIsLinear (issue 24, "the engines reading a position"):
// for every mode of every game, a real position (after 12 actions) is grown
// two ways at n and 4n — every list of its state n items wide at every
// depth, every string 40n bytes — and read as the play command reads it:
// ReadPosition, the mode's Load and, when it loads, its legal actions and
// the position written back. An action list of n and 4n lines is parsed
// and looked up the same way. As in TestGrowthIsLinear the cost is counted
// in allocations, and may grow at most ×6.5 (bytes ×13) from n to 4n,
// scaled by the input's own growth. A refusal's message must stay short:
// it quoted a 6,400-byte string whole until phrase.Quote bounded it.
func TestPositionGrowthIsLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("reads every mode's position at two sizes")
	}
	for _, fm := range fuzzModes() {
		m, err := fm.mode.New(fm.rules, exampleOptions(fm.mode, 1))
		if err != nil {
			t.Fatalf("%s %s: %v", fm.game.ID, fm.mode.Name, err)
		}
		for step := 0; step < 12 && !m.Over(); step++ {
			if err := m.Apply((step * 7) % m.Legal()); err != nil {
				t.Fatalf("%s %s: %v", fm.game.ID, fm.mode.Name, err)
			}
		}
		pos, err := play.MarshalPosition(fm.game.ID, fm.mode.Name, m, "yaml")
		if err != nil {
			t.Fatal(err)
		}
		var outcome string
		var errLen int
		read := func(data []byte) {
			env, err := play.ReadPosition("grown.yaml", data)
			if err != nil {
				outcome, errLen = "refused by ReadPosition", len(err.Error())
				return
			}
			m, err := fm.mode.Load(fm.rules, env.State)
			if err != nil {
				outcome, errLen = fmt.Sprintf("refused by Load (%d-byte error)", len(err.Error())), len(err.Error())
				return
			}
			outcome = fmt.Sprintf("loaded, %d legal actions", m.Legal())
			for i := range m.Legal() {
				_ = m.Action(i)
			}
			_, _ = play.MarshalPosition(fm.game.ID, fm.mode.Name, m, "yaml")
		}
		actions := func(n int) []byte {
			var b strings.Builder
			for i := range n {
				if i%2 == 0 {
					fmt.Fprintf(&b, "@%d\n", i%max(m.Legal(), 1))
				} else {
					fmt.Fprintf(&b, "%s\n", m.Action(i%max(m.Legal(), 1)))
				}
			}
			return []byte(b.String())
		}
		shapes := []struct {
			name string
			n    int
			make func(n int) []byte
		}{
			{"wide-lists", 40, func(n int) []byte {
				doc := parseDoc(t, pos)
				widen(doc, n)
				return encode(doc)
			}},
			{"long-strings", 40, func(n int) []byte {
				doc := parseDoc(t, pos)
				walkValues(doc, func(key string, v *yaml.Node) {
					if key != "game" && key != "mode" && v.Kind == yaml.ScalarNode && v.Tag == "!!str" && v.Value != "" {
						v.Value = strings.Repeat(v.Value+" ", 40*n/(len(v.Value)+1)+1)[:40*n]
						v.Style = yaml.DoubleQuotedStyle
					}
				})
				return encode(doc)
			}},
			{"action-lines", 200, actions},
		}
		for _, sh := range shapes {
			t.Run(fm.game.ID+"/"+fm.mode.Name+"/"+sh.name, func(t *testing.T) {
				outcome, errLen = "", 0
				run := read
				if sh.name == "action-lines" {
					run = func(data []byte) {
						lines, err := play.ParseActions(data)
						if err != nil {
							outcome, errLen = "refused by ParseActions", len(err.Error())
							return
						}
						found := 0
						for _, l := range lines {
							if _, err := play.Find(m, l.Text); err == nil {
								found++
							}
						}
						outcome = fmt.Sprintf("%d of %d lines found", found, len(lines))
					}
				}
				var costs [2]growth.Cost
				var size [2]int
				for i, n := range []int{sh.n, 4 * sh.n} {
					data := sh.make(n)
					size[i] = len(data)
					run(data) // warm
					costs[i] = growth.Measure(func() { run(data) })
				}
				growth.Check(t, sh.n, size, costs, growth.Floor{Mallocs: 500, Bytes: 64 << 10}, outcome)
				// A refusal quotes what it refuses bounded (phrase.Quote):
				// its message does not grow with the input.
				if errLen > 1000 {
					t.Errorf("at 4n the refusal is %d bytes long; quoted values must be bounded", errLen)
				}
			})
		}
	}
}

func parseDoc(t *testing.T, data []byte) *yaml.Node {
	t.Helper()
	return (&source{data}).doc(t)
}
