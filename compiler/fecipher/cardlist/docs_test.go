package cardlist_test

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/compiler/fecipher/cardlist"
)

// cardListsSection is docs/fecipher.md's "Card lists", up to the next
// section of its level.
func cardListsSection(t *testing.T) string {
	t.Helper()
	md, err := os.ReadFile("../../../docs/fecipher.md")
	if err != nil {
		t.Fatal(err)
	}
	s := string(md)
	i := strings.Index(s, "\n## Card lists\n")
	if i < 0 {
		t.Fatal(`docs/fecipher.md has no "## Card lists"`)
	}
	s = s[i+1:]
	if j := strings.Index(s, "\n## "); j >= 0 {
		s = s[:j]
	}
	return s
}

// TestDocsCardListExamples keeps docs/fecipher.md's "Card lists" true:
// the commands of its sh blocks are those fec_import_docs.txtar runs from
// the repository root (its /tmp/ folders in the script's work folder), its
// deck example is the deck of testdata/decks, and its unknown-shape
// message is what import prints for such a file.
func TestDocsCardListExamples(t *testing.T) {
	sec := cardListsSection(t)
	var doc []string
	for _, b := range regexp.MustCompile("(?s)```sh\n(.*?)```").FindAllStringSubmatch(sec, -1) {
		for _, line := range strings.Split(b[1], "\n") {
			if strings.HasPrefix(line, "roundtable ") {
				doc = append(doc, strings.ReplaceAll(line, "/tmp/", "$WORK/"))
			}
		}
	}
	script, err := os.ReadFile(filepath.Join("testdata", "script", "fec_import_docs.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	var run []string
	for _, line := range strings.Split(string(script), "\n") {
		if c, ok := strings.CutPrefix(line, "exec "); ok {
			run = append(run, c)
		}
	}
	if len(doc) != 6 || !slices.Equal(doc, run) {
		t.Errorf("the section's commands:\n%s\nfec_import_docs.txtar runs:\n%s", strings.Join(doc, "\n"), strings.Join(run, "\n"))
	}

	deck, err := os.ReadFile(filepath.Join("testdata", "decks", "decks.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	body := string(deck[bytes.Index(deck, []byte("kind: deck")):])
	if !strings.Contains(sec, "```yaml\n"+body+"```") {
		t.Errorf("the section's deck example is not testdata/decks/decks.yaml:\n%s", body)
	}

	_, diags := cardlist.Import([]byte(`[{"Id": 1, "Title": "Warden", "Power": 40}]`), "other.json")
	var out bytes.Buffer
	if err := diag.Print(&out, "text", diags, nil); err != nil {
		t.Fatal(err)
	}
	first, _, _ := strings.Cut(out.String(), "\n")
	if !strings.Contains(sec, "```\n"+first+"\n```") {
		t.Errorf("the section does not show the unknown-shape message import prints:\n%s", first)
	}
}
