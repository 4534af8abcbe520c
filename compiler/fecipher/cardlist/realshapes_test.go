package cardlist_test

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/roundtable-dev/roundtable/compiler/fecipher/cardlist"
)

// realCards reads the real list with encoding/json, apart from the importer.
func realCards(t *testing.T) ([]byte, []map[string]any) {
	t.Helper()
	data, err := os.ReadFile(cardListPath(t))
	if err != nil {
		t.Fatal(err)
	}
	var cards []map[string]any
	if err := json.Unmarshal(data, &cards); err != nil {
		t.Fatal(err)
	}
	return data, cards
}

func arts(c map[string]any) []map[string]any {
	var out []map[string]any
	for _, a := range c["AlternateArts"].([]any) {
		out = append(out, a.(map[string]any))
	}
	return out
}

// asCardRarity writes the real list as a second community list would:
// rarity and series on the card (its first printing's), each printing
// under AlternateArts with its own CardCode, SetCode and SeriesNumber and
// no rarity (its code has it), and no SupportSkill where there is none.
func asCardRarity(t testing.TB, cards []map[string]any) []byte {
	var out []map[string]any
	for _, c := range cards {
		o := map[string]any{}
		for k, v := range c {
			switch {
			case k == "ID" || k == "AlternateArts":
			case k == "SupportSkill" && v == "-":
			default:
				o[k] = v
			}
		}
		as := arts(c)
		o["Rarity"], o["SeriesNumber"] = as[0]["Rarity"], as[0]["SeriesNo"]
		var prints []map[string]any
		for _, a := range as {
			prints = append(prints, map[string]any{"CardCode": a["CardCode"], "SetCode": a["SetCode"], "SeriesNumber": a["SeriesNo"]})
		}
		o["AlternateArts"] = prints
		out = append(out, o)
	}
	b, err := json.MarshalIndent(out, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// asCSV writes the real list as a spreadsheet export: a row per printing,
// the columns in another order under other names, colors and emblems
// joined by "/", the range in one column ("1-2", "-" for none), and the
// list's card ID column (two cards of the list are alike in every field).
func asCSV(t testing.TB, cards []map[string]any) []byte {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	header := []string{"Card Code", "Set", "Rarity", "Series Number", "ID", "Title", "Character", "Class", "Colour", "Deploy Cost", "Class Change Cost", "Emblems", "Range", "Atk", "Support", "Skill", "Support Skill"}
	if err := w.Write(header); err != nil {
		t.Fatal(err)
	}
	join := func(v any) string {
		var s []string
		for _, e := range v.([]any) {
			s = append(s, e.(string))
		}
		return strings.Join(s, "/")
	}
	for _, c := range cards {
		rng := "-"
		if lo, hi := c["MinRange"].(float64), c["MaxRange"].(float64); hi > 0 {
			rng = fmt.Sprintf("%g-%g", lo, hi)
		}
		support, _ := c["SupportSkill"].(string)
		for _, a := range arts(c) {
			row := []string{a["CardCode"].(string), a["SetCode"].(string), a["Rarity"].(string), fmt.Sprint(a["SeriesNo"]), fmt.Sprint(c["ID"]),
				c["Title"].(string), c["Character"].(string), c["Class"].(string), join(c["Color"]), c["Cost"].(string), c["ClassChangeCost"].(string),
				join(c["Type"]), rng, c["Attack"].(string), c["Support"].(string), c["Skill"].(string), support}
			if err := w.Write(row); err != nil {
				t.Fatal(err)
			}
		}
	}
	w.Flush()
	return b.Bytes()
}

// TestRealListInOtherShapes is "a second community list of the same
// cards": the 2,427 published cards converted in memory into the
// card-rarity JSON shape and into a CSV export import to the same pack,
// file for file, as the list itself, and say the same about them but for
// what the other shape writes differently (no SupportSkill where there is
// none; no stray spaces in emblems joined into one cell).
func TestRealListInOtherShapes(t *testing.T) {
	data, cards := realCards(t)
	want, wantDiags := importClean(t, data, "cardlist.json")
	count := func(l []string) map[string]int { // diagnostic codes, less those the shapes differ in
		m := map[string]int{}
		for _, c := range l {
			m[c]++
		}
		return m
	}
	var wantCodes []string
	for _, d := range wantDiags {
		if d.Code != cardlist.CodeField.ID && d.Code != cardlist.CodeEmblem.ID {
			wantCodes = append(wantCodes, d.Code)
		}
	}
	for _, c := range []struct {
		name, shape string
		data        []byte
	}{
		{"card-rarity.json", "card-rarity", asCardRarity(t, cards)},
		{"cards.csv", "csv", asCSV(t, cards)},
	} {
		got, diags := importClean(t, c.data, c.name)
		if got.Shape != c.shape || got.Stats.Cards != 2427 || got.Stats.Printings != 3180 {
			t.Errorf("%s: read as %q, %d cards, %d printings; want %s, 2427, 3180", c.name, got.Shape, got.Stats.Cards, got.Stats.Printings, c.shape)
		}
		sameFiles(t, c.name, got, want)
		var gotCodes []string
		for _, d := range diags {
			if d.Code != cardlist.CodeField.ID && d.Code != cardlist.CodeEmblem.ID {
				gotCodes = append(gotCodes, d.Code)
			}
		}
		equalMaps(t, c.name+" diagnostics", count(gotCodes), count(wantCodes))
	}
}

// BenchmarkImportShapes imports the real list as it is and converted into
// the card-rarity JSON and a CSV export: what recognising and decoding
// another shape costs against the list's own.
func BenchmarkImportShapes(b *testing.B) {
	data, err := os.ReadFile(cardListPath(b))
	if err != nil {
		b.Fatal(err)
	}
	var cards []map[string]any
	if err := json.Unmarshal(data, &cards); err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name string
		data []byte
	}{{"decksteria", data}, {"card-rarity", asCardRarity(b, cards)}, {"csv", asCSV(b, cards)}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(c.data)))
			for b.Loop() {
				if pk, _ := cardlist.Import(c.data, c.name); pk.Stats.Cards != 2427 {
					b.Fatalf("%d cards", pk.Stats.Cards)
				}
			}
		})
	}
}
