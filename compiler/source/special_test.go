//go:build unix

package source

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/roundtable-dev/roundtable/compiler/diag"
)

// TestLoadNamedPipe: a named pipe called *.yaml (and a link to one) is
// reported, not opened: opening it waits for a writer forever. With and
// without a cache, through os.DirFS and os.Root.
func TestLoadNamedPipe(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "a.yaml"), []byte("kind: tag\nid: a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe.yaml"), 0o644); err != nil {
		t.Skip("no named pipes:", err)
	}
	if err := os.Symlink("pipe.yaml", filepath.Join(dir, "link.yaml")); err != nil {
		t.Skip("no symbolic links:", err)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	for _, fsys := range []struct {
		name string
		load func() (*Set, []string)
	}{
		{"DirFS", func() (*Set, []string) { s, d := Load(os.DirFS(dir), "pack"); return s, msgs(d) }},
		{"Root", func() (*Set, []string) { s, d := Load(root.FS(), "pack"); return s, msgs(d) }},
		{"Root cached", func() (*Set, []string) {
			s, d := LoadCached(root.FS(), "pack", nil, newMemStore())
			return s, msgs(d)
		}},
	} {
		done := make(chan struct{})
		var set *Set
		var got []string
		go func() {
			defer close(done)
			set, got = fsys.load()
		}()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			// Let the test end: a writer releases the blocked open.
			if f, err := os.OpenFile(filepath.Join(dir, "pipe.yaml"), os.O_WRONLY, 0); err == nil {
				f.Close()
			}
			t.Fatalf("%s: loading a folder with a named pipe does not return", fsys.name)
		}
		want := []string{
			"pack/link.yaml: io-error: cannot read: not a regular file",
			"pack/pipe.yaml: io-error: cannot read: not a regular file",
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s: diagnostics\n%s\nwant\n%s", fsys.name, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		if len(set.Docs) != 1 || set.Docs[0].File != "pack/a.yaml" {
			t.Errorf("%s: %d documents, want a.yaml's", fsys.name, len(set.Docs))
		}
	}
}

// msgs prints diagnostics as "file: code: message".
func msgs(l diag.List) []string {
	var out []string
	for _, d := range l {
		out = append(out, d.Pos.File+": "+d.Code+": "+d.Message)
	}
	return out
}
