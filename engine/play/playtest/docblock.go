package playtest

import (
	"bytes"
	"os"
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
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

// YAMLPart is v as YAML with only some of its keys, for a short example:
// keep lists the keys kept at the top, and for a key whose value is a
// list of mappings ("players"), "players.hand" keeps only those keys of
// each item. Keys stay in v's order.
func YAMLPart(t testing.TB, v any, keep ...string) string {
	t.Helper()
	var n yaml.Node
	if err := n.Encode(v); err != nil {
		t.Fatal(err)
	}
	filter(&n, keep, "")
	b, err := yaml.Marshal(&n)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// filter drops the keys of mapping n (at path prefix) that keep does not
// name, whole or as the start of a longer path; list items are filtered
// with the list's path.
func filter(n *yaml.Node, keep []string, prefix string) {
	switch n.Kind {
	case yaml.SequenceNode:
		for _, c := range n.Content {
			filter(c, keep, prefix)
		}
	case yaml.MappingNode:
		var out []*yaml.Node
		for i := 0; i+1 < len(n.Content); i += 2 {
			path := prefix + n.Content[i].Value
			deeper := slices.ContainsFunc(keep, func(k string) bool { return strings.HasPrefix(k, path+".") })
			if !deeper && !slices.Contains(keep, path) {
				continue
			}
			if deeper {
				filter(n.Content[i+1], keep, path+".")
			}
			out = append(out, n.Content[i], n.Content[i+1])
		}
		n.Content = out
	}
}
