package tropera_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	. "github.com/roundtable-dev/roundtable/engine/tropera"
	"github.com/roundtable-dev/roundtable/engine/tropera/table"
)

// Cross-check: the Lex Talionis engine's weapon types (MIT, in
// ../shared/data/lex-talionis) carry the same triangle as the Tropera
// rulebook, with the same 15 accuracy: every advantage and disadvantage it
// lists is ours, and types it leaves out of the triangle (Bow, Staff) are
// neutral here too.
func TestTriangleMatchesLexTalionis(t *testing.T) {
	shared := filepath.Join("..", "..", "..", "shared")
	if s := os.Getenv("ROUNDTABLE_SHARED"); s != "" {
		shared = s
	}
	b, err := os.ReadFile(filepath.Join(shared, "data", "lex-talionis", "weapons.json"))
	if err != nil {
		t.Skipf("real data absent (%v): set ROUNDTABLE_SHARED to the shared folder to run this test", err)
	}
	type edge struct {
		WeaponType string `json:"weapon_type"`
		Accuracy   string `json:"accuracy"`
	}
	var types []struct {
		NID          string `json:"nid"`
		Advantage    []edge `json:"advantage"`
		Disadvantage []edge `json:"disadvantage"`
	}
	if err := json.Unmarshal(b, &types); err != nil {
		t.Fatal(err)
	}
	ours := map[string]table.WeaponType{"Sword": table.Sword, "Lance": table.Lance, "Axe": table.Axe, "Bow": table.Bow, "Staff": table.Staff, "Light": table.LightTome, "Anima": table.AnimaTome, "Dark": table.DarkTome}
	pairs := 0
	for _, wt := range types {
		a, ok := ours[wt.NID]
		if !ok {
			continue
		}
		for _, sign := range []int{1, -1} {
			list := wt.Advantage
			if sign < 0 {
				list = wt.Disadvantage
			}
			for _, x := range list {
				d, ok := ours[x.WeaponType]
				if !ok {
					t.Errorf("%s: unknown type %s", wt.NID, x.WeaponType)
					continue
				}
				pairs++
				if Triangle(a, d) != sign {
					t.Errorf("%s against %s: ours %d, Lex Talionis %d", wt.NID, x.WeaponType, Triangle(a, d), sign)
				}
				if acc, _ := strconv.Atoi(x.Accuracy); acc != sign*TriangleAccuracy {
					t.Errorf("%s against %s: accuracy %s, ours %d", wt.NID, x.WeaponType, x.Accuracy, sign*TriangleAccuracy)
				}
			}
		}
		if (a == table.Bow || a == table.Staff) && (len(wt.Advantage) > 0 || len(wt.Disadvantage) > 0) {
			t.Errorf("%s is in Lex Talionis's triangle", wt.NID)
		}
	}
	if pairs != 12 {
		t.Errorf("checked %d pairs, want 12 (6 types, one advantage and one disadvantage each)", pairs)
	}
}
