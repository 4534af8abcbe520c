package cardlist_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/roundtable-dev/roundtable/compiler"
	_ "github.com/roundtable-dev/roundtable/compiler/fecipher"
	"github.com/roundtable-dev/roundtable/compiler/fecipher/cardlist"
	"github.com/roundtable-dev/roundtable/engine/fecipher/table"
)

// cardListPath finds ../shared/data relative to the repository root; a git
// worktree outside /work may point ROUNDTABLE_SHARED at the shared folder.
func cardListPath(t testing.TB) string {
	shared := filepath.Join("..", "..", "..", "..", "shared")
	if s := os.Getenv("ROUNDTABLE_SHARED"); s != "" {
		shared = s
	}
	p := filepath.Join(shared, "data", "fe-cipher", "cardlist.json")
	if _, err := os.Stat(p); err != nil {
		t.Skipf("real data absent (%v): the fe-cipher card list lives in ../shared/data/fe-cipher/cardlist.json beside the repository; set ROUNDTABLE_SHARED to the shared folder to run this test", err)
	}
	return p
}

// counts are the totals the test checks.
type counts struct {
	cards      int
	emblem     map[string]int
	color      map[string]int
	cost       map[string]int
	skillType  map[string]int
	noRange    int
	promotions int
}

// fromJSON reads the totals straight from the JSON with encoding/json and
// its own normalization, independently of the importer.
func fromJSON(t *testing.T, data []byte) counts {
	var raw []map[string]any
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	c := counts{emblem: map[string]int{}, color: map[string]int{}, cost: map[string]int{}, skillType: map[string]int{}}
	c.cards = len(raw)
	marker := regexp.MustCompile(`[|}](ACT|CONT|AUTO|SPEC|BOND|HAND|ATK SUPP|DEF SUPP|ATK/DEF SUPP)\|`)
	label := regexp.MustCompile(`^((\[(BS|CP|CCS|FS)\]|\|(CCS|FS)\|)\s*)+`)
	words := map[string]string{"ACT": "action", "CONT": "permanent", "AUTO": "auto", "SPEC": "special", "BOND": "bond", "HAND": "hand",
		"ATK SUPP": "attack-support", "DEF SUPP": "defense-support", "ATK/DEF SUPP": "support"}
	for _, card := range raw {
		for _, e := range card["Type"].([]any) {
			s := strings.TrimSpace(e.(string))
			c.emblem[strings.ToUpper(s[:1])+strings.ToLower(s[1:])]++
		}
		for _, col := range card["Color"].([]any) {
			c.color[col.(string)]++
		}
		c.cost[card["Cost"].(string)]++
		if card["MaxRange"].(float64) == 0 {
			c.noRange++
		}
		if card["ClassChangeCost"].(string) != "-" {
			c.promotions++
		}
		for _, key := range []string{"Skill", "SupportSkill"} {
			text, _ := card[key].(string)
			for _, line := range regexp.MustCompile(`\n|\*\*\*`).Split(text, -1) {
				line = label.ReplaceAllString(strings.TrimSpace(line), "")
				if m := marker.FindStringSubmatch(line); m != nil {
					c.skillType[words[m[1]]]++
				}
			}
		}
	}
	return c
}

// fromPack counts the same totals in the compiled imported pack.
func fromPack(rs *table.Ruleset) counts {
	c := counts{emblem: map[string]int{}, color: map[string]int{}, cost: map[string]int{}, skillType: map[string]int{}}
	colorWord := map[string]string{"red": "Red", "blue": "Blue", "white": "White", "black": "Black", "green": "Green",
		"purple": "Purple", "yellow": "Yellow", "brown": "Brown", "colorless": "None"}
	c.cards = len(rs.Cards)
	for _, card := range rs.Cards {
		for i, name := range table.EmblemNames {
			if card.Emblems.Has(1 << uint(i)) {
				c.emblem[name]++
			}
		}
		for _, s := range card.Symbols {
			c.color[colorWord[rs.Symbols[s].Color]]++
		}
		if card.Cost == table.X {
			c.cost["X"]++
		} else {
			c.cost[string(rune('0'+card.Cost))]++
		}
		if !card.CanAttack() {
			c.noRange++
		}
		if card.Promoted {
			c.promotions++
		}
		for _, s := range card.Skills {
			if !s.Granted { // a skill written out in another's text is not a line of the list
				c.skillType[s.Type.String()]++
			}
		}
	}
	return c
}

func equalMaps(t *testing.T, what string, got, want map[string]int) {
	t.Helper()
	for k, w := range want {
		if got[k] != w {
			t.Errorf("%s %q: got %d, want %d", what, k, got[k], w)
		}
	}
	for k, g := range got {
		if _, ok := want[k]; !ok {
			t.Errorf("%s %q: got %d, want none", what, k, g)
		}
	}
}

// TestImportRealCardList imports the 2,427 published cards, checks the pack
// clean and compares its totals with totals read from the JSON directly and
// with the exact numbers of the data set.
func TestImportRealCardList(t *testing.T) {
	path := cardListPath(t)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	pk, diags := cardlist.Import(data, "cardlist.json")
	if diags.Errors() > 0 {
		t.Fatalf("import reported %d errors: %v", diags.Errors(), diags)
	}
	codes := map[string]int{}
	for _, d := range diags {
		codes[d.Code]++
	}
	equalMaps(t, "warnings", codes, map[string]int{
		cardlist.CodeEmblem.ID: 6, // "Lance " x2, "STaff", "Dragon ", "Bow ", "Staff "
		cardlist.CodeField.ID:  3, // three cards lack SupportSkill
		cardlist.CodeID.ID:     5, // b02-093, b03-047, b04-009, b04-017, b20-001 taken twice
		// "}AUTO|" once, three numbered lines of one skill, 20 lines
		// holding two skills (7 |CONT|, 13 |SPEC| second halves) split,
		// and 8 |AUTO| skills without a trigger read as |CONT|.
		cardlist.CodeSkill.ID:  32,
		cardlist.CodeSeries.ID: 153,
		cardlist.CodeFix.ID:    7, // misprinted classes fixed by corrections.yaml
		cardlist.CodeRange.ID:  3, // staff-only cards printing range 2-2
	})
	dir := t.TempDir()
	for name, b := range pk.Files {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if len(pk.Files) != 25 { // pack, symbols, series 1-22 but 19 is separate from 17, unknown
		t.Errorf("files: got %d, want 25", len(pk.Files))
	}
	p, ds := compiler.LoadPack(os.DirFS(dir), "imported")
	res, more := compiler.Compile([]*compiler.Pack{p})
	ds = append(ds, more...)
	if ds.Errors() > 0 || res.Ruleset == nil {
		t.Fatalf("check on the imported pack: %d errors, first: %v", ds.Errors(), ds[:min(3, len(ds))])
	}
	rs := res.Ruleset.(*table.Ruleset)
	got := fromPack(rs)

	// Same card name, different text: both survive under their own ids.
	var camillas []string
	texts := map[string]bool{}
	for _, c := range rs.Cards {
		if c.Name() == "Bewitching Malig Knight, Camilla" {
			camillas = append(camillas, c.ID)
			texts[fmt.Sprint(c.Skills)] = true
		}
	}
	slices.Sort(camillas)
	if len(camillas) != 2 || len(texts) != 2 || camillas[0] != "b11-101" || camillas[1] != "s04-003" {
		t.Errorf("Bewitching Malig Knight, Camilla: ids %v with %d skill texts; want b11-101 and s04-003, two texts", camillas, len(texts))
	}
	// Two printings of B04-017 are different cards: the later gets -2.
	for _, want := range []string{"b04-017", "b04-017-2", "b08-047a", "b08-047b", "b08-047c"} {
		if rs.CardIndex(want) < 0 {
			t.Errorf("no card %s", want)
		}
	}
	want := fromJSON(t, data)

	if got.cards != 2427 || want.cards != 2427 {
		t.Errorf("cards: imported %d, JSON %d, want 2427", got.cards, want.cards)
	}
	equalMaps(t, "emblem (JSON)", want.emblem, map[string]int{
		"Male": 1250, "Female": 1164, "Sword": 735, "Beast": 647, "Lance": 478, "Tome": 471, "Flier": 332, "Axe": 200,
		"Bow": 200, "Dragon": 181, "Armored": 125, "Staff": 92, "Fang": 83, "Knife": 72, "Dragonstone": 59, "Mirage": 59,
		"Monster": 16, "Brawl": 5,
	})
	equalMaps(t, "emblem", got.emblem, want.emblem)
	equalMaps(t, "color (JSON)", want.color, map[string]int{
		"Purple": 384, "Red": 343, "Green": 316, "Blue": 301, "Yellow": 288, "Black": 254, "White": 250, "Brown": 196, "None": 142,
	})
	equalMaps(t, "color", got.color, want.color)
	equalMaps(t, "cost (JSON)", want.cost, map[string]int{"0": 15, "1": 833, "2": 218, "3": 653, "4": 498, "5": 181, "6": 20, "7": 8, "X": 1})
	equalMaps(t, "cost", got.cost, want.cost)
	equalMaps(t, "skill type (JSON)", want.skillType, map[string]int{
		"action": 1607, "permanent": 1469, "auto": 954, "attack-support": 716, "defense-support": 168, "special": 130,
		"bond": 45, "hand": 35, "support": 22,
	})
	// The 20 split lines add their second skills: 7 permanent, 13 special.
	want.skillType["permanent"] += 7
	want.skillType["special"] += 13
	// 8 |AUTO| skills without a trigger are continuous skills misprinted.
	want.skillType["permanent"] += 8
	want.skillType["auto"] -= 8
	equalMaps(t, "skill type", got.skillType, want.skillType)
	if got.noRange != 136 || want.noRange != 136 {
		t.Errorf("cards without range: imported %d, JSON %d, want 136", got.noRange, want.noRange)
	}
	if got.promotions != 1251 || want.promotions != 1251 {
		t.Errorf("promoted cards: imported %d, JSON %d, want 1251 (2427 - 1176 with \"-\")", got.promotions, want.promotions)
	}
}
