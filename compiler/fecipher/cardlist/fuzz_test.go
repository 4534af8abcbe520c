package cardlist

import (
	"bytes"
	"testing"
)

// FuzzImport (issue 24): any bytes import without a panic, every
// diagnostic's position lies inside the input, and a card list that
// imports writes only files of a bounded size (each at most 64 times its
// share of the input, plus the fixed pack.yaml and symbols.yaml).
func FuzzImport(f *testing.F) {
	for _, s := range []string{
		`[{"ID": 0, "Character": "Marth", "Title": "Prince", "Color": ["Red"], "Cost": "1", "ClassChangeCost": "-", "Class": "Lord", "Type": ["Male", "Sword"], "MinRange": 1, "MaxRange": 1, "Attack": "50", "Support": "20", "Skill": "Hold |CONT| This unit gains +10 attack.", "SupportSkill": "|ATK SUPP| Attack Emblem: +20.", "AlternateArts": [{"CardCode": "B01-001N", "SetCode": "B01", "Rarity": "N", "SeriesNo": 1}]}]`,
		`[{"ID": 0, "Character": "Ma\ud800rth", "Title": "P", "CardCode": "S01-001ST", "SetCode": "S01", "Rarity": "ST", "SeriesNo": 1}]`,
		`[{"ID": 0, "ID": 1}]`, `{}`, `[1, "x", null]`, `[`, "[\xff]",
		// The other shapes (issue 33): rarity on the card, a CSV export, a
		// JSON array of rows, a LackeyCCG file, a quote left open.
		`[{"Character": "Marth", "Title": "Prince", "Color": "Red", "Cost": 1, "Class": "Lord", "Type": "Male/Sword", "Range": "1", "Attack": 50, "Support": 20, "Rarity": "N", "SeriesNumber": 1, "AlternateArts": [{"CardCode": "B01-001N", "SetCode": "B01"}, {"CardCode": "B01-001N+"}]}]`,
		"Character,Title,Class,Cost,Color,Type,Range,Attack,Support,CardCode,Skill\nMarth,Prince,Lord,1,Red,Male/Sword,1-2,50,20,B01-001N,\"Hold |CONT| This unit gains +10 attack.\nStand |ACT| [Tap this unit] Draw 1 card.\"\nMarth,Prince,Lord,1,Red,Male/Sword,1-2,50,20,B01-001N+,\n",
		`[["Character", "Title", "Class", "Cost", "Color", "Type", "MinRange", "MaxRange", "Attack", "Support", "CardCode"], ["Marth", "Prince", "Lord", 1, "Red", "Male", 1, 1, 50, 20, "B01-001N"], [], 3]`,
		"Name\tSet\tImageFile\tColor\tCost\tClass\tType\tMinRange\tMaxRange\tAttack\tSupport\tText\nMarth, Prince+\tB01\tB01-001Nplus_SAMPLE.png\tRed\t1\tLord\tMale\t1\t1\t50\t20\tHold |CONT| +10.***Stand |ACT| Draw.\textra\n",
		"Character;Title;Class;Cost;Color;Type;Range;Attack;Support;CardCode\n\"Marth;Prince;Lord;1;Red;Male;1;50;20;B01-001N\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 64<<10 {
			t.Skip()
		}
		pk, diags := Import(data, "fuzz.json")
		lines := bytes.Count(data, []byte("\n")) + 1
		for _, d := range diags {
			if d.Pos.Line > lines || d.Pos.Line < 0 {
				t.Fatalf("diagnostic at line %d of %d: %s", d.Pos.Line, lines, d.Message)
			}
		}
		total := 0
		for name, b := range pk.Files {
			if name != "pack.yaml" && name != "symbols.yaml" {
				total += len(b)
			}
		}
		if total > 64*len(data)+4096 {
			t.Fatalf("%d bytes of input wrote %d bytes of cards", len(data), total)
		}
	})
}
