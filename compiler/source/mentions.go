package source

import "strings"

// Mentions reports whether s may occur in the document's keys or scalar
// values: false means it does not. It is a cheap test (a substring search
// of the encoding, where strings are stored as they are) before Field,
// which walks the encoding.
func (d *Document) Mentions(s string) bool {
	if d.tree != nil || d.enc == "" {
		return true // a tree: cannot tell without walking it
	}
	return strings.Contains(d.enc, s)
}
