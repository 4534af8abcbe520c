package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestDiffOfUnparsableTreeExits1: YAML that does not parse is content that
// needs attention (exit 1, as check), not a usage error (exit 2).
func TestDiffOfUnparsableTreeExits1(t *testing.T) {
	dir := t.TempDir()
	for _, tree := range []string{"old", "new"} {
		if err := os.MkdirAll(filepath.Join(dir, tree), 0o755); err != nil {
			t.Fatal(err)
		}
		pack := "kind: pack\nid: p\nname: P\nversion: 1.0.0\ngame: annas\nrequires: {annas-base: \"1.x\"}\n"
		if err := os.WriteFile(filepath.Join(dir, tree, "pack.yaml"), []byte(pack), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "new", "bad.yaml"), []byte("kind: tag\n\tid: x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if code := run([]string{"diff", filepath.Join(dir, "old"), filepath.Join(dir, "new")}, nil, &out, &errb); code != exitContent {
		t.Errorf("diff of an unparsable tree exited %d, want %d\n%s", code, exitContent, errb.String())
	}
	if !bytes.Contains(errb.Bytes(), []byte("bad.yaml:2:1: error[yaml-syntax]")) || !bytes.Contains(errb.Bytes(), []byte("does not parse; fix it (roundtable check) before diffing")) {
		t.Errorf("stderr does not name the problem:\n%s", errb.String())
	}
}
