package source

import (
	"fmt"
	"testing"
)

// TestSyntaxErrorKeepsOtherDocuments: a syntax error loses only the
// document it is in; the documents before and after it load, each error of
// each broken document is reported, and the broken ones leave stubs with
// their kind and id (Recovered).
func TestSyntaxErrorKeepsOtherDocuments(t *testing.T) {
	for _, tc := range []struct {
		src      string
		ids      string // ids of the documents that load
		errLines string // lines of the syntax errors, as yaml.v3 finds them
		stubs    string // kind/id@line:col of each stub
	}{
		{"kind: tag\nid: a\nblocks: [x\n---\nkind: tag\nid: b\n", "[b]", "[3]", "[tag/a@2:5]"},
		{"kind: tag\nid: a\n---\nkind: tag\nid: b\nname: \"abc\ntext: x\n---\nkind: tag\nid: c\n", "[a c]", "[6]", "[tag/b@5:5]"},
		{"kind: tag\nid: a\n---\nkind: tag\nid: 'b' # quoted\n  name: x\ntext: y\n---\nkind: tag\nid: c\n", "[a c]", "[4]", "[tag/b@5:5]"},
		{"kind: tag\nid: a\nx: [\n---\nkind: tag\nid: b\ny: {\n---\nkind: tag\nid: c\n", "[c]", "[4 8]", "[tag/a@2:5 tag/b@6:5]"},
		{"kind: tag\nid: a\n---\nkind: tag\nid: b\ntext: [\n", "[a]", "[7]", "[tag/b@5:5]"},
		{"---\n  bad: [\n---\nkind: tag\nid: c\n", "[c]", "[3]", "[]"},
	} {
		docs, diags := Parse("f.yaml", []byte(tc.src))
		var ids, lines, stubs []string
		for _, d := range docs {
			ids = append(ids, d.StrField("id"))
		}
		for _, d := range diags {
			lines = append(lines, fmt.Sprint(d.Pos.Line))
		}
		for _, s := range Recovered("f.yaml", []byte(tc.src)) {
			stubs = append(stubs, fmt.Sprintf("%s/%s@%d:%d", s.Kind, s.StrField("id"), s.FieldPos("id").Line, s.FieldPos("id").Col))
		}
		if got := fmt.Sprint(ids); got != tc.ids {
			t.Errorf("%q: documents %s, want %s", tc.src, got, tc.ids)
		}
		if got := fmt.Sprint(lines); got != tc.errLines {
			t.Errorf("%q: errors at lines %s, want %s (%v)", tc.src, got, tc.errLines, diags)
		}
		if got := fmt.Sprint(stubs); got != tc.stubs {
			t.Errorf("%q: stubs %s, want %s", tc.src, got, tc.stubs)
		}
	}
}
