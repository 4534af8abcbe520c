package cardlist_test

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/compiler/fecipher/cardlist"
	"github.com/roundtable-dev/roundtable/engine/fecipher/table"
)

// importClean imports a card list, fails on any error, and returns the pack.
func importClean(t *testing.T, data []byte, name string) (*cardlist.Pack, diag.List) {
	t.Helper()
	pk, diags := cardlist.Import(data, name)
	if diags.Errors() > 0 {
		t.Fatalf("%s: %d errors: %v", name, diags.Errors(), diags)
	}
	return pk, diags
}

// compilePack checks an imported pack as check does and returns its table.
func compilePack(t *testing.T, pk *cardlist.Pack) *table.Ruleset {
	t.Helper()
	fsys := fstest.MapFS{}
	for name, b := range pk.Files {
		fsys[name] = &fstest.MapFile{Data: b}
	}
	p, ds := compiler.LoadPack(fsys, "imported")
	res, more := compiler.Compile([]*compiler.Pack{p})
	ds = append(ds, more...)
	if len(ds) > 0 || res.Ruleset == nil {
		t.Fatalf("check on the imported pack: %v", ds)
	}
	return res.Ruleset.(*table.Ruleset)
}

// diffFiles lists how two imports' card files differ (pack.yaml names
// the shape): a missing file, or a file's first differing line.
func diffFiles(got, want *cardlist.Pack) []string {
	var out []string
	for _, name := range slices.Sorted(maps.Keys(want.Files)) {
		if name == "pack.yaml" {
			continue
		}
		g, ok := got.Files[name]
		w := want.Files[name]
		switch {
		case !ok:
			out = append(out, "no "+name)
		case string(g) != string(w):
			gl, wl := strings.Split(string(g), "\n"), strings.Split(string(w), "\n")
			i := 0
			for i < min(len(gl), len(wl)) && gl[i] == wl[i] {
				i++
			}
			line := func(l []string) string {
				if i < len(l) {
					return l[i]
				}
				return "(end)"
			}
			out = append(out, fmt.Sprintf("%s line %d: got %q, want %q", name, i+1, line(gl), line(wl)))
		}
	}
	if len(got.Files) != len(want.Files) {
		out = append(out, fmt.Sprintf("%d files, want %d", len(got.Files), len(want.Files)))
	}
	return out
}

func sameFiles(t *testing.T, what string, got, want *cardlist.Pack) {
	t.Helper()
	for _, d := range diffFiles(got, want) {
		t.Errorf("%s: %s", what, d)
	}
}

// TestDiffFilesCatchesAPrinting: the comparison the shape tests rely on
// sees one printing's rarity changed, and a printing left out.
func TestDiffFilesCatchesAPrinting(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "shapes", "decksteria.json"))
	if err != nil {
		t.Fatal(err)
	}
	want, _ := importClean(t, data, "decksteria.json")
	for _, c := range []struct{ from, to, diff string }{
		{`"Rarity": "HN"`, `"Rarity": "R"`, `series-31.yaml line 124: got "    rarity: R", want "    rarity: HN"`},
		{`,
     {"ID": 1, "CardCode": "B31-001SR+", "SetCode": "B31", "Rarity": "SR+", "SeriesNo": 31}`, ``, `series-31.yaml line 30: got "---", want "  - set: B31"`},
	} {
		changed := strings.Replace(string(data), c.from, c.to, 1)
		if changed == string(data) {
			t.Fatalf("%q not in the sample", c.from)
		}
		got, _ := importClean(t, []byte(changed), "changed.json")
		if d := diffFiles(got, want); len(d) != 1 || d[0] != c.diff {
			t.Errorf("%q -> %q: differences %q, want [%q]", c.from, c.to, d, c.diff)
		}
	}
}

// TestShapesImportTheSameCards: the same five original cards (eight
// printings, one a reprint in a starter set, one listed last in the
// LackeyCCG file) written in every shape are recognised as that shape
// and import to the same cards, printings included, which check clean.
func TestShapesImportTheSameCards(t *testing.T) {
	read := func(name string) []byte {
		b, err := os.ReadFile(filepath.Join("testdata", "shapes", name))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	want, _ := importClean(t, read("decksteria.json"), "decksteria.json")
	if want.Shape != "decksteria" {
		t.Fatalf("decksteria.json read as %q", want.Shape)
	}
	rs := compilePack(t, want)
	if len(rs.Cards) != 5 || want.Stats.Printings != 8 {
		t.Fatalf("%d cards, %d printings; want 5, 8", len(rs.Cards), want.Stats.Printings)
	}
	wren := rs.Cards[rs.CardIndex("b31-002")]
	if w := []table.Printing{{Set: "B31", Number: "B31-002", Rarity: "R", Series: 31}, {Set: "S31", Number: "B31-002", Rarity: "ST", Series: 31}}; !reflect.DeepEqual(wren.Printings, w) {
		t.Errorf("b31-002 printings %+v, want %+v", wren.Printings, w)
	}
	for _, c := range []struct{ file, shape string }{
		{"card-rarity.json", "card-rarity"},
		{"cards.csv", "csv"},
		{"rows.json", "csv"},
		{"lackey.txt", "lackey"},
	} {
		got, _ := importClean(t, read(c.file), c.file)
		if got.Shape != c.shape {
			t.Errorf("%s read as %q, want %q", c.file, got.Shape, c.shape)
		}
		compilePack(t, got)
		sameFiles(t, c.file, got, want)
	}
	// Every shape registered has its sample here (flat, one printing a
	// card, is TestFieldVariantsReadTheSame's).
	var names []string
	for _, sh := range cardlist.Shapes() {
		names = append(names, sh.Name)
	}
	if w := []string{"decksteria", "card-rarity", "flat", "csv", "lackey"}; !slices.Equal(names, w) {
		t.Errorf("shapes %v, want %v: give a new shape its sample in testdata/shapes and a case here", names, w)
	}
}

// TestUnknownShapeIsOneDiagnostic: a file in no known shape is one
// error at its start naming the fields found (sorted, the first eight)
// and the nearest shape with what it lacks, whatever its size.
func TestUnknownShapeIsOneDiagnostic(t *testing.T) {
	var many []string
	for i := range 500 {
		many = append(many, fmt.Sprintf(`{"Id": %d, "Title": "Warden", "Power": 40}`, i))
	}
	cases := []struct {
		name, data, msg string
	}{
		{"power.json", "[" + strings.Join(many, ",\n") + "]",
			"power.json is not a Fire Emblem Cipher card list in a shape the importer reads: fields found: Id, Power, Title; nearest shape: flat (lacks Character, CardCode, Class, Cost, Color, Type, … 2 more); nothing imported"},
		{"half.json", `[{"Character": "Rowan", "Title": "Squire", "Cost": "1", "Color": ["Red"], "Class": "Squire", "Attack": "40", "Support": "20", "AlternateArts": [{"CardCode": "B31-001N"}]}]`,
			"half.json is not a Fire Emblem Cipher card list in a shape the importer reads: fields found: AlternateArts, Attack, Character, Class, Color, Cost, Support, Title; nearest shape: card-rarity (lacks Rarity, Type, MinRange or Range); nothing imported"},
		{"sheet.csv", "name,set,artist,flavor\nRowan,B31,Anon,Brave\n",
			"sheet.csv is not a Fire Emblem Cipher card list in a shape the importer reads: fields found: artist, flavor, name, set; nearest shape: lackey (lacks Class, Cost, Color, Type, MinRange or Range, Attack, … 3 more); nothing imported"},
		{"lackey.csv", "Name,Set,ImageFile,Color,Cost,Class,Type,Range,Attack,Support\nRowan, Squire,B31,B31-001N.png,Red,1,Squire,Male,1,40,20\n",
			"lackey.csv is not a Fire Emblem Cipher card list in a shape the importer reads: fields found: Attack, Class, Color, Cost, ImageFile, Name, Range, Set, … (2 more); nearest shape: lackey (lacks tabs between cells); nothing imported"},
	}
	for _, c := range cases {
		pk, diags := cardlist.Import([]byte(c.data), c.name)
		if len(diags) != 1 {
			t.Errorf("%s: %d diagnostics, want 1: %v", c.name, len(diags), diags)
			continue
		}
		d := diags[0]
		if d.Code != cardlist.CodeShape.ID || d.Message != c.msg || d.Pos.Line != 1 || d.Pos.Col != 1 {
			t.Errorf("%s:\n got %s at %d:%d: %s\nwant %s at 1:1: %s", c.name, d.Code, d.Pos.Line, d.Pos.Col, d.Message, cardlist.CodeShape.ID, c.msg)
		}
		if len(pk.Cards) != 0 || len(pk.Files) != 0 || pk.Shape != "" {
			t.Errorf("%s: imported %d cards, %d files as %q", c.name, len(pk.Cards), len(pk.Files), pk.Shape)
		}
	}
}

// TestFieldVariantsReadTheSame: one card written with each variant of a
// field's name or value imports to the same card as the plain spelling.
func TestFieldVariantsReadTheSame(t *testing.T) {
	base := map[string]string{
		"Character": `"Rowan"`, "Title": `"Squire of the Ford"`, "Color": `["None"]`, "Cost": `"1"`, "ClassChangeCost": `"-"`,
		"Class": `"Squire"`, "Type": `["Male", "Sword"]`, "MinRange": `1`, "MaxRange": `2`, "Attack": `"40"`, "Support": `"20"`,
		"Skill": `"-"`, "CardCode": `"B31-001SR"`, "SetCode": `"B31"`, "Rarity": `"SR"`, "SeriesNo": `31`,
	}
	card := func(change map[string]string) []byte {
		fields := map[string]string{}
		for k, v := range base {
			fields[k] = v
		}
		for k, v := range change {
			if strings.HasPrefix(k, "-") {
				delete(fields, k[1:])
				continue
			}
			fields[k] = v
		}
		var parts []string
		for _, k := range []string{"Character", "Title", "Color", "Cost", "ClassChangeCost", "Class", "Type", "MinRange", "MaxRange", "Attack", "Support", "Skill", "CardCode", "SetCode", "Rarity", "SeriesNo"} {
			if v, ok := fields[k]; ok {
				parts = append(parts, fmt.Sprintf("%q: %s", k, v))
			}
		}
		for k, v := range fields {
			if _, ok := base[k]; !ok {
				parts = append(parts, fmt.Sprintf("%q: %s", k, v))
			}
		}
		return []byte("[{" + strings.Join(parts, ", ") + "}]")
	}
	want, _ := importClean(t, card(nil), "base.json")
	for _, v := range []map[string]string{
		{"-SeriesNo": "", "SeriesNumber": `31`},
		{"-SeriesNo": "", "Series Number": `"31"`},
		{"-SeriesNo": "", "series_number": `31`},
		{"-SeriesNo": ""}, // a booster's set code says its series
		{"-Rarity": ""},   // the code says the rarity
		{"Color": `["Colorless"]`},
		{"Color": `["colorless"]`},
		{"Color": `"-"`},
		{"-Color": "", "Colour": `"None"`},
		{"-ClassChangeCost": ""},
		{"ClassChangeCost": `""`},
		{"ClassChangeCost": `null`},
		{"Type": `"Male/Sword"`},
		{"Type": `"Male, Sword"`},
		{"-Type": "", "Emblems": `["Male", "Sword"]`},
		{"-MinRange": "", "-MaxRange": "", "Range": `"1-2"`},
		{"-MinRange": "", "-MaxRange": "", "Range": `"1~2"`},
		{"MinRange": `"1"`, "MaxRange": `"2"`},
		{"Cost": `1`, "Attack": `40`, "Support": `20`},
		{"Skill": `""`},
		{"-Skill": ""},
		{"-CardCode": "", "Card Code": `"B31-001SR"`},
		{"-CardCode": "", "code": `"B31-001SR"`},
		{"-SetCode": ""}, // the code says the set
		{"-Character": "", "-Title": "", "character": `"Rowan"`, " TITLE ": `"Squire of the Ford"`},
	} {
		got, diags := importClean(t, card(v), "variant.json")
		if len(diags) > 0 {
			t.Errorf("%v: %v", v, diags)
		}
		if got.Shape != "flat" {
			t.Errorf("%v: read as %q", v, got.Shape)
		}
		sameFiles(t, fmt.Sprint(v), got, want)
	}
}
