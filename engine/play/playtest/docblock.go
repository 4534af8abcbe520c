package playtest

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// DocBlock holds a documentation example to what the code prints: in the
// Markdown file at path, the fenced block right after the line holding
// "<!-- generated: name " must be text. With update it rewrites that block
// instead (the marker line stays; it says which test writes the block).
// A marker that is missing, or not followed by a fenced block, fails.
func DocBlock(t testing.TB, path, name, text string, update bool) {
	t.Helper()
	doc, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(doc), "\n")
	at := -1
	for i, l := range lines {
		if strings.Contains(l, "<!-- generated: "+name+" ") {
			at = i
			break
		}
	}
	if at < 0 || at+1 >= len(lines) || !strings.HasPrefix(lines[at+1], "```") {
		t.Fatalf("%s: no line \"<!-- generated: %s ... -->\" followed by a fenced block", path, name)
	}
	end := at + 2
	for end < len(lines) && strings.TrimSpace(lines[end]) != "```" {
		end++
	}
	if end == len(lines) {
		t.Fatalf("%s: the block after %q does not end", path, name)
	}
	got := strings.Join(lines[at+2:end], "")
	if !strings.HasSuffix(text, "\n") {
		text += "\n"
	}
	if got == text {
		return
	}
	if !update {
		t.Errorf("%s: the example %s is not what the code prints (run the test with -update):\n%s", path, name,
			firstDiff([]byte(got), []byte(text)))
		return
	}
	var out bytes.Buffer
	out.WriteString(strings.Join(lines[:at+2], ""))
	out.WriteString(text)
	out.WriteString(strings.Join(lines[end:], ""))
	if err := os.WriteFile(path, out.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}
