package play

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// Path is a place in a position's state: mapping keys (string) and list
// indexes (int), outermost first, as in At(state, "players", 1, "hand").
// A Key as the last element is the key of a mapping entry itself (an
// unknown id written as a key), not its value.
type Path []any

// Key names the key node of a mapping entry in a Path.
type Key string

// String writes p as people read it: players[1].hand[0].
func (p Path) String() string {
	var b strings.Builder
	for _, k := range p {
		switch k := k.(type) {
		case int:
			b.WriteByte('[')
			b.WriteString(strconv.Itoa(k))
			b.WriteByte(']')
		default:
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			fmt.Fprint(&b, k)
		}
	}
	return b.String()
}

// With is a copy of p with more elements: a path built in a loop never
// shares its memory with another.
func (p Path) With(more ...any) Path {
	out := make(Path, 0, len(p)+len(more))
	return append(append(out, p...), more...)
}

// At is the node at path under n (a document node counts as its content),
// or nil when the path is not all there.
func At(n *yaml.Node, path ...any) *yaml.Node {
	n, rest := walk(n, path)
	if rest > 0 {
		return nil
	}
	return n
}

// Near is the node at path under n or, when the path is not all there (a
// field left out, an index past the end), the deepest node on the way:
// the place an error about that path points at. nil only for a nil n.
func Near(n *yaml.Node, path ...any) *yaml.Node {
	n, _ = walk(n, path)
	return n
}

// walk follows path from n as far as it goes; rest is how many elements
// were not found.
func walk(n *yaml.Node, path []any) (*yaml.Node, int) {
	n = content(n)
	for i, p := range path {
		if n == nil {
			return nil, len(path) - i
		}
		var next *yaml.Node
		switch k := p.(type) {
		case string:
			next = value(n, k)
		case Key:
			if n.Kind == yaml.MappingNode {
				for j := 0; j+1 < len(n.Content); j += 2 {
					if n.Content[j].Value == string(k) {
						next = n.Content[j]
					}
				}
			}
		case int:
			if n.Kind == yaml.SequenceNode && k >= 0 && k < len(n.Content) {
				next = n.Content[k]
			}
		}
		if next == nil {
			return n, len(path) - i
		}
		n = content(next)
	}
	return n, 0
}

// content is n without the document and alias nodes around it.
func content(n *yaml.Node) *yaml.Node {
	for n != nil {
		switch {
		case n.Kind == yaml.DocumentNode && len(n.Content) > 0:
			n = n.Content[0]
		case n.Kind == yaml.AliasNode && n.Alias != nil:
			n = n.Alias
		default:
			return n
		}
	}
	return nil
}

// value is the value of key k in mapping n (the last one written), or nil.
func value(n *yaml.Node, k string) *yaml.Node {
	var v *yaml.Node
	if n.Kind == yaml.MappingNode {
		for j := 0; j+1 < len(n.Content); j += 2 {
			if n.Content[j].Value == k {
				v = n.Content[j+1]
			}
		}
	}
	return v
}

// Error is a problem in a position file: where (file, line and column,
// and the path in the state) and what. Its text is
// "file:line:col: path: message", each part left out when unknown.
type Error struct {
	File         string // "" until InFile names it
	Line, Column int    // from 1; 0 when unknown
	Path         string // players[1].hand[0]; "" for the whole file or state
	Msg          string
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		if b.Len() > 0 {
			b.WriteByte(':')
		}
		fmt.Fprintf(&b, "%d:%d", e.Line, e.Column)
	}
	for _, s := range []string{e.Path, e.Msg} {
		if s != "" {
			if b.Len() > 0 {
				b.WriteString(": ")
			}
			b.WriteString(s)
		}
	}
	return b.String()
}

// Errorf is an error at path under state: it points at the node there, or
// (a field left out) at the deepest node on the way, and names the path.
func Errorf(state *yaml.Node, path Path, format string, args ...any) error {
	e := &Error{Path: path.String(), Msg: fmt.Sprintf(format, args...)}
	if n := Near(state, path...); n != nil {
		e.Line, e.Column = n.Line, n.Column
	}
	return e
}

// PosError is an error at node n (nil: no position), without a path.
func PosError(n *yaml.Node, format string, args ...any) error {
	e := &Error{Msg: fmt.Sprintf(format, args...)}
	if n != nil {
		e.Line, e.Column = n.Line, n.Column
	}
	return e
}

// InFile names the file of a position error: "file:line:col: path:
// message". Any other error becomes "file: message".
func InFile(name string, err error) error {
	if err == nil {
		return nil
	}
	var e *Error
	if errors.As(err, &e) {
		c := *e
		if c.File == "" {
			c.File = name
		}
		return &c
	}
	return fmt.Errorf("%s: %w", name, err)
}
