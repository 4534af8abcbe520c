package cli

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestContentDocExamplesCheck: every whole-document YAML example of
// docs/content.md checks clean when it replaces the base entity it shows
// (the boss example's action destroyed a summon it did not have).
func TestContentDocExamplesCheck(t *testing.T) {
	data, err := os.ReadFile("../../../docs/content.md")
	if err != nil {
		t.Fatal(err)
	}
	idRe, kindRe := regexp.MustCompile(`(?m)^id: (\S+)`), regexp.MustCompile(`(?m)^kind: (\S+)`)
	blocks := regexp.MustCompile("(?s)```yaml\n(.*?)```").FindAllStringSubmatch(string(data), -1)
	n := 0
	for _, b := range blocks {
		text := b[1]
		if !strings.HasPrefix(text, "kind: ") || strings.HasPrefix(text, "kind: pack") {
			continue
		}
		n++
		var docs []string
		for _, doc := range strings.Split(text, "\n---\n") {
			target := kindRe.FindStringSubmatch(doc)[1] // rules, vp-deck: no id
			if m := idRe.FindStringSubmatch(doc); m != nil {
				target = m[1]
			}
			docs = append(docs, strings.TrimRight(doc, "\n")+"\noverrides: annas-base/"+target+"\n")
		}
		dir := t.TempDir()
		pack := fmt.Sprintf("kind: pack\nid: example-%d\nname: Example\nversion: 1.0.0\ngame: annas\nrequires: {annas-base: \"1.x\"}\n", n)
		if err := os.WriteFile(filepath.Join(dir, "pack.yaml"), []byte(pack), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "example.yaml"), []byte(strings.Join(docs, "---\n")), 0o644); err != nil {
			t.Fatal(err)
		}
		var out, errb bytes.Buffer
		if code := run([]string{"check", dir}, nil, &out, &errb); code != 0 {
			t.Errorf("docs/content.md example %d (%s) does not check:\n%s%s", n, strings.SplitN(text, "\n", 3)[1], out.String(), errb.String())
		}
	}
	if n < 9 {
		t.Errorf("found %d examples, want one per kind (9)", n)
	}
}
