package lsp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/check"
	"github.com/roundtable-dev/roundtable/compiler/packget"
)

// TestCheckLoadsLockedPacks: the language server loads the packs a
// folder's roundtable.lock names as check does (vendor/ here: its files are
// not the folder's own content), and refuses one whose files changed.
func TestCheckLoadsLockedPacks(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("pack.yaml", "kind: pack\nid: conquest\nname: Conquest\nversion: 1.0.0\ngame: annas\nrequires:\n  annas-base: \">=1.0 <2\"\n  valm-core: \"^1.0\"\nsources:\n  valm-core: {git: \"https://example.invalid/core.git\"}\n")
	write("units.yaml", "kind: unit\nid: excellus\nname: Excellus\ncolor: green\nstats: {hp: 8, atk: 4, spd: 4, def: 3}\nrange: [1, 2]\nmov: 3\ntags: [valm-drill]\n")
	write("vendor/valm-core/pack.yaml", "kind: pack\nid: valm-core\nname: Valm Core\nversion: 1.0.0\ngame: annas\nrequires:\n  annas-base: \">=1.0 <2\"\n")
	write("vendor/valm-core/tags.yaml", "kind: tag\nid: valm-drill\nname: Valm Drill\ncategory: passive\ntext: Drilled.\n")
	h, err := packget.HashDir(filepath.Join(dir, "vendor", "valm-core"), "valm-core", "1.0.0")
	if err != nil {
		t.Fatal(err)
	}
	lock := &packget.Lock{Entries: []packget.Entry{{ID: "valm-core", Version: "1.0.0", Source: packget.Source{Git: "https://example.invalid/core.git"}, Tag: "v1.0.0", Hash: h}}}
	write(packget.LockName, string(lock.Format()))

	run := func() []string {
		root, err := os.OpenRoot(dir)
		if err != nil {
			t.Fatal(err)
		}
		defer root.Close()
		res := checkPacks([]check.Source{{Dir: filepath.ToSlash(dir), FS: root.FS()}}, compiler.Loader{}, nil, &docCache{})
		var out []string
		for _, d := range res.diags {
			out = append(out, d.Code+" "+d.Pos.File)
		}
		return out
	}
	if got := run(); len(got) != 0 {
		t.Fatalf("a vendored lock: %v", got)
	}
	write("vendor/valm-core/tags.yaml", "kind: tag\nid: valm-drill\nname: Valm Drill\ncategory: passive\ntext: Edited.\n")
	got := run()
	if len(got) != 1 || !strings.HasPrefix(got[0], "lock-hash ") || !strings.HasSuffix(got[0], "/roundtable.lock") {
		t.Fatalf("an edited vendored pack: %v, want one lock-hash at roundtable.lock", got)
	}
}
