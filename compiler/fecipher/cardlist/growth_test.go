package cardlist

import (
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/internal/growth"
)

// growthCard is one original card in the Decksteria shape; fill gives its
// name, type list, printings and skill text.
func growthCard(i int, name, types, arts, skill string) string {
	return fmt.Sprintf(`{"ID": %d, "Character": %q, "Title": "Warden of the Ford", "Color": ["Red"], "Cost": "2", "ClassChangeCost": "1", "Class": "Mercenary", "Type": [%s], "MinRange": 1, "MaxRange": 1, "Attack": "50", "Support": "20", "Skill": %q, "SupportSkill": "|ATK SUPP| Emblem of Steel: +20.", "AlternateArts": [%s]}`,
		i, name, types, skill, arts)
}

func art(i int) string {
	return fmt.Sprintf(`{"CardCode": "G01-%03dN", "SetCode": "G01", "Rarity": "N", "SeriesNo": 1}`, i%1000)
}

const growthSkill = "Steady Guard |CONT| During your turn, this unit gains +10 attack."

// TestImportGrowthIsLinear (issue 24, "import"): a card list grown six
// ways — many cards, many cards whose ids collide, one card with n types
// and n printings, CSV rows of n cards and of one card's n printings, one
// card with 40n-byte strings (its skill text goes through the skill
// compiler) — imported at n and 4n with its diagnostics
// printed. Allocations may grow at most ×6.5 (bytes ×13) from n to 4n,
// the bound of TestGrowthIsLinear; every message stays under
// diag.MaxMessage whatever the input.
func TestImportGrowthIsLinear(t *testing.T) {
	shapes := []struct {
		name string
		n    int
		make func(n int) string
	}{
		{"cards", 100, func(n int) string {
			var cs []string
			for i := range n {
				cs = append(cs, strings.Replace(growthCard(i, fmt.Sprintf("Rowan %d", i), `"Male", "Sword"`, art(i), growthSkill), "G01-", fmt.Sprintf("G%02d-", i/1000), 1))
			}
			return "[" + strings.Join(cs, ",\n") + "]"
		}},
		{"colliding-ids", 100, func(n int) string {
			var cs []string
			for i := range n {
				cs = append(cs, growthCard(i, "Rowan", `"Male", "Sword"`, art(0), growthSkill))
			}
			return "[" + strings.Join(cs, ",\n") + "]"
		}},
		{"wide-lists", 200, func(n int) string {
			var types, arts []string
			for i := range n {
				types = append(types, `"Sword"`)
				arts = append(arts, art(i))
			}
			return "[" + growthCard(0, "Rowan", strings.Join(types, ", "), strings.Join(arts, ", "), growthSkill) + "]"
		}},
		{"csv-rows", 100, func(n int) string {
			rows := []string{"Character,Title,Class,Cost,Color,Type,Range,Attack,Support,Skill,CardCode"}
			for i := range n {
				rows = append(rows, fmt.Sprintf("Rowan %d,Warden,Mercenary,2,Red,Male/Sword,1,50,20,%q,G%02d-%03dN", i, growthSkill, i/1000, i%1000))
			}
			return strings.Join(rows, "\n") + "\n"
		}},
		{"csv-printings", 100, func(n int) string { // n rows of one card: n printings
			rows := []string{"Character,Title,Class,Cost,Color,Type,Range,Attack,Support,Skill,CardCode"}
			for i := range n {
				rows = append(rows, fmt.Sprintf("Rowan,Warden,Mercenary,2,Red,Male/Sword,1,50,20,%q,G01-001N%d", growthSkill, i))
			}
			return strings.Join(rows, "\n") + "\n"
		}},
		{"long-strings", 100, func(n int) string {
			long := func(s string) string { return strings.Repeat(s+" ", 40*n/(len(s)+1)+1)[:40*n] }
			return "[" + growthCard(0, long("Rowan"), `"Male", "Sword"`, art(0), long(growthSkill)) + "]"
		}},
	}
	for _, sh := range shapes {
		t.Run(sh.name, func(t *testing.T) {
			var costs [2]growth.Cost
			var size [2]int
			longest := 0
			for i, n := range []int{sh.n, 4 * sh.n} {
				data := []byte(sh.make(n))
				size[i] = len(data)
				run := func() {
					pk, diags := Import(data, "cards.json")
					if len(pk.Cards) == 0 {
						t.Fatalf("n=%d: nothing imported: %v", n, diags)
					}
					_ = diag.Print(io.Discard, "text", diags, nil)
					for _, d := range diags {
						longest = max(longest, len(d.Message))
					}
				}
				run()
				costs[i] = growth.Measure(run)
			}
			growth.Check(t, sh.n, size, costs, growth.Floor{Mallocs: 500, Bytes: 64 << 10}, fmt.Sprintf("longest message %d bytes", longest))
			if longest > diag.MaxMessage+100 {
				t.Errorf("a message is %d bytes long", longest)
			}
		})
	}
}
