package playtest

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// recorder is a testing.TB that records the first failure and stops.
type recorder struct {
	testing.TB
	msg string
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	if r.msg == "" {
		r.msg = fmt.Sprintf(format, args...)
	}
}
func (r *recorder) Fatalf(format string, args ...any) {
	r.Errorf(format, args...)
	runtime.Goexit()
}
func (r *recorder) Fatal(args ...any) { r.Fatalf("%s", fmt.Sprint(args...)) }

func docBlock(path, name, text string, update bool) string {
	r := &recorder{}
	done := make(chan bool)
	go func() {
		defer close(done)
		DocBlock(r, path, name, text, update)
	}()
	<-done
	return r.msg
}

// TestDocBlockHoldsDocsToTheCode: a block that matches passes, one that
// does not fails with the first line that differs, -update rewrites only
// that block, and a missing marker fails.
func TestDocBlockHoldsDocsToTheCode(t *testing.T) {
	path := filepath.Join(t.TempDir(), "doc.md")
	doc := "# Doc\n\n<!-- generated: ex (a test) -->\n```text\nold line\n```\n\nafter\n"
	if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	if msg := docBlock(path, "ex", "old line", false); msg != "" {
		t.Errorf("a matching block fails: %s", msg)
	}
	want := path + ": the example ex is not what the code prints (run the test with -update):\nline 1:\n  want old line\n  got  new line"
	if msg := docBlock(path, "ex", "new line\n", false); msg != want {
		t.Errorf("a stale block: got %q, want %q", msg, want)
	}
	if msg := docBlock(path, "ex", "new line\nand more\n", true); msg != "" {
		t.Errorf("update fails: %s", msg)
	}
	b, _ := os.ReadFile(path)
	if got := string(b); got != "# Doc\n\n<!-- generated: ex (a test) -->\n```text\nnew line\nand more\n```\n\nafter\n" {
		t.Errorf("updated doc:\n%s", got)
	}
	if msg := docBlock(path, "other", "x", true); msg != path+`: no line "<!-- generated: other ... -->" followed by a fenced block` {
		t.Errorf("a missing marker: %q", msg)
	}
}

// TestYAMLPartKeepsTheKeysNamed: top-level keys and keys of list items,
// in the value's order.
func TestYAMLPartKeepsTheKeysNamed(t *testing.T) {
	type player struct {
		Hand  []string `yaml:"hand"`
		Coins int      `yaml:"coins"`
		DV    int      `yaml:"dv"`
	}
	v := struct {
		Turn    int      `yaml:"turn"`
		Deck    int      `yaml:"deck"`
		Players []player `yaml:"players"`
	}{3, 28, []player{{[]string{"chrom"}, 1, 2}, {nil, 0, 5}}}
	got := YAMLPart(t, v, "deck", "players.hand", "players.dv")
	want := "deck: 28\nplayers:\n    - hand:\n        - chrom\n      dv: 2\n    - hand: []\n      dv: 5\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
