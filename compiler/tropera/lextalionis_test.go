package tropera_test

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/diag"
	trocompiler "github.com/roundtable-dev/roundtable/compiler/tropera"
	"github.com/roundtable-dev/roundtable/engine/tropera/table"
)

// lexTalionis finds ../shared/data/lex-talionis relative to the repository
// root; a git worktree elsewhere may point ROUNDTABLE_SHARED at the shared folder.
func lexTalionis(t *testing.T) string {
	shared := filepath.Join("..", "..", "..", "shared")
	if s := os.Getenv("ROUNDTABLE_SHARED"); s != "" {
		shared = s
	}
	p := filepath.Join(shared, "data", "lex-talionis")
	if _, err := os.Stat(filepath.Join(p, "items")); err != nil {
		t.Skipf("real data absent (%v): set ROUNDTABLE_SHARED to the shared folder to run this test", err)
	}
	return p
}

// ltEffective maps Lex Talionis effectiveness tags to Tropera feats; tags
// without a Tropera counterpart (Monster, Sword) are dropped.
var ltEffective = map[string]string{"Armor": "heavy-armor", "Flying": "flying-mount", "Horse": "mounted", "Dragon": "laguz-dragon"}

// importWeapons turns every Lex Talionis weapon with a Tropera type and a
// might into a Tropera weapon document, sorted by id. E rank becomes D
// (Tropera's lowest); personal weapons (no rank) carry none.
func importWeapons(t *testing.T, dir string) (string, int) {
	files, err := filepath.Glob(filepath.Join(dir, "items", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(files)
	var docs []string
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var items []struct {
			NID        string            `json:"nid"`
			Name       string            `json:"name"`
			Components []json.RawMessage `json:"components"`
		}
		if err := json.Unmarshal(b, &items); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for _, it := range items {
			c := map[string]json.RawMessage{}
			for _, raw := range it.Components {
				var kv []json.RawMessage
				if json.Unmarshal(raw, &kv) == nil && len(kv) == 2 {
					var k string
					_ = json.Unmarshal(kv[0], &k)
					c[k] = kv[1]
				}
			}
			var wt string
			_ = json.Unmarshal(c["weapon_type"], &wt)
			typ := map[string]string{"Sword": "sword", "Lance": "lance", "Axe": "axe", "Bow": "bow", "Light": "light", "Anima": "anima", "Dark": "dark"}[wt]
			if typ == "" || c["damage"] == nil {
				continue
			}
			num := func(k string) (int, bool) {
				var n float64
				if json.Unmarshal(c[k], &n) != nil || c[k] == nil || string(c[k]) == "null" {
					return 0, false
				}
				return int(n), true
			}
			var y strings.Builder
			id := "lt-" + strings.ReplaceAll(strings.ToLower(it.NID), "_", "-")
			fmt.Fprintf(&y, "kind: weapon\nid: %s\nname: %q\ntype: %s\n", id, it.Name, typ)
			var rank string
			_ = json.Unmarshal(c["weapon_rank"], &rank)
			if rank == "E" {
				rank = "D"
			}
			if rank != "" {
				fmt.Fprintf(&y, "rank: %s\n", rank)
			}
			m, _ := num("damage")
			h, _ := num("hit")
			fmt.Fprintf(&y, "might: %d\naccuracy: %d\n", m, h)
			if cr, ok := num("crit"); ok {
				fmt.Fprintf(&y, "crit: %d\n", cr)
			}
			lo, _ := num("min_range")
			hi, ok := num("max_range")
			if !ok {
				hi = lo
			}
			fmt.Fprintf(&y, "range: {min: %d, max: %d}\n", lo, hi)
			if w, ok := num("weight"); ok {
				fmt.Fprintf(&y, "weight: %d\n", w)
			}
			if u, ok := num("uses"); ok {
				fmt.Fprintf(&y, "charges: %d\n", u)
			}
			if c["brave"] != nil {
				y.WriteString("brave: true\n")
			}
			if c["magic"] != nil && typ != "light" && typ != "anima" && typ != "dark" {
				y.WriteString("damage: magical\n")
			}
			var eff struct {
				Tags []string `json:"effective_tags"`
			}
			_ = json.Unmarshal(c["effective_damage"], &eff)
			var feats []string
			for _, tag := range eff.Tags {
				if f := ltEffective[tag]; f != "" {
					feats = append(feats, f)
				}
			}
			if len(feats) > 0 {
				fmt.Fprintf(&y, "effective: [%s]\n", strings.Join(feats, ", "))
			}
			docs = append(docs, y.String())
		}
	}
	return strings.Join(docs, "---\n"), len(docs)
}

// TestLexTalionisWeaponsFitTheSchema imports the Lex Talionis engine's
// weapons into a pack beside the base content and compiles it: the weapon
// schema's bounds hold for real data, except the one weapon that reaches
// farther than Tropera's 10 spaces.
func TestLexTalionisWeaponsFitTheSchema(t *testing.T) {
	text, n := importWeapons(t, lexTalionis(t))
	if n != 90 {
		t.Errorf("imported %d weapons, want the 90 sword, lance, axe, bow and tome items with might", n)
	}
	mfs := fstest.MapFS{"lt-weapons.yaml": {Data: []byte(text)}}
	err := fs.WalkDir(trocompiler.Game.Content, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".yaml") {
			return err
		}
		b, err := fs.ReadFile(trocompiler.Game.Content, p)
		mfs[p] = &fstest.MapFile{Data: b}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	p, diags := compiler.LoadPack(mfs, "lt")
	res, more := compiler.Compile([]*compiler.Pack{p})
	diags = append(diags, more...)
	var got []string
	for _, d := range diags.Sort() {
		got = append(got, fmt.Sprintf("%s %s[%s] %s", d.Pos, d.Severity, d.Code, d.Message))
	}
	// Long Ballista's 3-15 range: the only value out of bounds.
	line := 1 + strings.Count(text[:strings.Index(text, "id: lt-long-ballista")], "\n") + 7 // the id, then name, type, rank, might, accuracy, crit, range
	want := []string{fmt.Sprintf("lt/lt-weapons.yaml:%d:22 error[%s] range.max: 15 is out of range (want <=10)", line, diag.CodeOutOfRange.ID)}
	if !slices.Equal(got, want) {
		t.Errorf("diagnostics:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if res.Counts["weapon"] != n-1+len(baseWeapons(t)) {
		t.Errorf("%d valid weapons, want %d imported less one plus the base pack's", res.Counts["weapon"], n)
	}
}

func baseWeapons(t *testing.T) []table.Weapon {
	p, diags := compiler.BasePack(trocompiler.Game)
	res, more := compiler.Compile([]*compiler.Pack{p})
	if diags.Errors()+more.Errors() > 0 {
		t.Fatalf("base pack: %v %v", diags, more)
	}
	return res.Ruleset.(*table.Ruleset).Weapons
}
