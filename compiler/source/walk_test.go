package source

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/roundtable-dev/roundtable/compiler/diag"
)

// serialWalk is the loader's walk before walkFiles: fs.WalkDir.
func serialWalk(fsys fs.FS, show func(string) string) ([]string, diag.List) {
	var diags diag.List
	var files []string
	fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			diags.Add(diag.CodeIO, diag.Pos{File: show(p)}, "cannot read: %v", trimErr(err))
			return nil
		}
		if p != "." && strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil // hidden files are not content either
		}
		if d.Type()&fs.ModeSymlink != 0 {
			if target, _, ok := linkTarget(fsys, p, &diags, show(p)); ok {
				if fi, err := fs.Stat(fsys, target); err == nil && fi.IsDir() {
					diags.Add(diag.CodeSymlinkDir, diag.Pos{File: show(p)}, "symlinked folder is not followed; link the files or move the folder into the pack")
				} else if isYAML(p) {
					files = append(files, p)
				}
			}
			return nil
		}
		if d.IsDir() {
			return nil
		}
		if isYAML(p) {
			files = append(files, p)
		}
		return nil
	})
	slices.Sort(files)
	return files, diags
}

func checkWalk(t *testing.T, fsys fs.FS) {
	t.Helper()
	show := func(p string) string { return "pack/" + p }
	wantFiles, wantDiags := serialWalk(fsys, show)
	found, gotDiags := walkFiles(fsys, show, true)
	var gotFiles []string
	for _, w := range found {
		gotFiles = append(gotFiles, w.path)
	}
	slices.Sort(gotFiles)
	if !reflect.DeepEqual(gotFiles, wantFiles) {
		t.Errorf("files:\n%v\nwant\n%v", gotFiles, wantFiles)
	}
	if !reflect.DeepEqual(gotDiags, wantDiags) {
		t.Errorf("diagnostics:\n%v\nwant\n%v", gotDiags, wantDiags)
	}
	if len(wantFiles) == 0 && len(wantDiags) == 0 {
		t.Error("the tree yields nothing: the test tests nothing")
	}
}

// TestWalkIsTheSerialWalk: walkFiles finds the files fs.WalkDir found and
// reports the same diagnostics in the same order, on a tree with many
// folders (read concurrently), hidden folders, symbolic links of every kind.
func TestWalkIsTheSerialWalk(t *testing.T) {
	dir := t.TempDir()
	write := func(p string) {
		t.Helper()
		full := filepath.Join(dir, p)
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte("kind: tag\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	link := func(target, p string) {
		t.Helper()
		if err := os.Symlink(target, filepath.Join(dir, p)); err != nil {
			t.Skip("no symbolic links:", err)
		}
	}
	for i := range 30 {
		for j := range 5 {
			write(fmt.Sprintf("units/%02d/sub%d/u%d.yaml", i, j, j))
		}
		write(fmt.Sprintf("units/%02d/notes.txt", i))
		// Each folder reports something, so that order shows.
		link("/etc/passwd", fmt.Sprintf("units/%02d/abs.yaml", i))
	}
	write("pack.yaml")
	write("a-b.yml")
	write("a/b.yaml")
	write(".hidden/x.yaml")
	write("units/.git/y.yaml")
	link("pack.yaml", "alias.yaml")
	link("units", "linked-folder")
	link("../outside.yaml", "escape.yaml")
	link("missing.yaml", "dangling.yaml")
	checkWalk(t, os.DirFS(dir))
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	checkWalk(t, root.FS())

	m := fstest.MapFS{}
	for i := range 50 {
		m[fmt.Sprintf("d%02d/e/f.yaml", i)] = &fstest.MapFile{Data: []byte("kind: x\n")}
		m[fmt.Sprintf("d%02d/g.yml", i)] = &fstest.MapFile{Data: []byte("kind: x\n")}
		m[fmt.Sprintf("d%02d/.h/i.yaml", i)] = &fstest.MapFile{Data: []byte("kind: x\n")}
	}
	checkWalk(t, m)
}

// TestReadDirStatIsLstat: the fast listing gives each entry the type
// fs.ReadDir gives it and each regular file the stat StatOf makes
// of its FileInfo, so that caches written through either path agree.
func TestReadDirStatIsLstat(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"b.yaml", "a.yaml", "c.txt"} {
		if err := os.WriteFile(filepath.Join(dir, n), []byte("kind: tag\n"+n), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("a.yaml", filepath.Join(dir, "link.yaml")); err != nil {
		t.Skip("no symbolic links:", err)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	for _, fsys := range []fs.FS{os.DirFS(dir), root.FS()} {
		ents, ok := readDirStat(fsys, ".")
		if !ok {
			if runtime.GOOS == "linux" {
				t.Fatal("readDirStat failed on linux")
			}
			t.Skip("no fast listing on", runtime.GOOS)
		}
		want, err := fs.ReadDir(fsys, ".")
		if err != nil {
			t.Fatal(err)
		}
		if len(ents) != len(want) {
			t.Fatalf("%d entries, want %d", len(ents), len(want))
		}
		for i, e := range ents {
			w := want[i]
			if e.name != w.Name() || e.typ.Type()&(fs.ModeDir|fs.ModeSymlink) != w.Type()&(fs.ModeDir|fs.ModeSymlink) {
				t.Errorf("entry %d: %s %v, want %s %v", i, e.name, e.typ, w.Name(), w.Type())
			}
			if e.hasStat != w.Type().IsRegular() {
				t.Errorf("%s: hasStat %v", e.name, e.hasStat)
			}
			if e.hasStat {
				fi, err := w.Info()
				if err != nil {
					t.Fatal(err)
				}
				if got, want := e.st, StatOf(fi); got != want || got.Ino == 0 || got.Ctime == 0 {
					t.Errorf("%s: stat %+v, want %+v", e.name, got, want)
				}
			}
		}
	}
}

func TestIsYAML(t *testing.T) {
	for name, want := range map[string]bool{
		"a.yaml": true, "a.yml": true, "units/a.YAML": true, "a.Yml": true,
		"a.yaml.txt": false, "yaml": false, "a.json": false, ".yaml": true, "a.yamll": false,
	} {
		if got := IsYAML(name); got != want {
			t.Errorf("IsYAML(%q) = %v, want %v", name, got, want)
		}
	}
}
