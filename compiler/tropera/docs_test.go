package tropera_test

import (
	"io/fs"
	"os"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/roundtable-dev/roundtable/compiler"
	trocompiler "github.com/roundtable-dev/roundtable/compiler/tropera"
)

// TestDocsExamplesCompile keeps docs/tropera.md copyable: every YAML
// example that is a whole document compiles beside the base pack (ids
// prefixed doc- so they do not collide with the base pack's).
func TestDocsExamplesCompile(t *testing.T) {
	md, err := os.ReadFile("../../docs/tropera.md")
	if err != nil {
		t.Fatal(err)
	}
	var docs []string
	for _, b := range regexp.MustCompile("(?s)```yaml\n(.*?)```").FindAllStringSubmatch(string(md), -1) {
		for _, d := range strings.Split(b[1], "\n---\n") {
			if strings.Contains(d, "kind:") {
				docs = append(docs, regexp.MustCompile(`(?m)^id: (\S+)`).ReplaceAllString(d, "id: doc-$1"))
			}
		}
	}
	if len(docs) != 8 {
		t.Errorf("%d whole examples in docs/tropera.md, want 8 (character, feat, weapon, item, terrain, performance, map, battle)", len(docs))
	}
	mfs := fstest.MapFS{"docs.yaml": {Data: []byte(strings.Join(docs, "\n---\n"))}}
	err = fs.WalkDir(trocompiler.Game.Content, ".", func(p string, d fs.DirEntry, err error) error {
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
	p, diags := compiler.LoadPack(mfs, "docs")
	res, more := compiler.Compile([]*compiler.Pack{p})
	diags = append(diags, more...)
	if len(diags) > 0 {
		t.Errorf("docs examples: %v", diags)
	}
	for _, k := range []string{"character", "feat", "weapon", "item", "terrain", "performance", "map", "battle"} {
		base := 0
		for _, d := range p.Set.Docs {
			if d.Kind == k && !strings.HasPrefix(d.File, "docs/docs.yaml") {
				base++
			}
		}
		if res.Counts[k] != base+1 {
			t.Errorf("%s: %d valid, want the base pack's %d and the example", k, res.Counts[k], base)
		}
	}
}
