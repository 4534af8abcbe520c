package compiler

import (
	"math"

	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/compiler/source"
)

// At is a decoded value that remembers its YAML node: a field of type
// At[T] in a document struct decodes as T does, and d.NodePos(a.N) is
// where its value is written (positions without a path into the
// document).
type At[T any] struct {
	V T
	N *yaml.Node
}

func (a *At[T]) UnmarshalYAML(n *yaml.Node) error {
	a.N = n
	// A new yaml.v3 decoder per node (n.Decode) costs more than the node.
	if n.Kind == yaml.ScalarNode && a.fast(n) {
		return nil
	}
	return n.Decode(&a.V)
}

// fast decodes a plain string or decimal int scalar as yaml.v3 does, and
// reports false for anything else.
func (a *At[T]) fast(n *yaml.Node) bool {
	switch v := any(&a.V).(type) {
	case *string:
		return fastString(n, v)
	case *int:
		if i, ok := plainInt(n); ok {
			*v = i
			return true
		}
	case *int8:
		if i, ok := plainInt(n); ok && i >= math.MinInt8 && i <= math.MaxInt8 {
			*v = int8(i)
			return true
		}
	}
	return false
}

func fastString(n *yaml.Node, s *string) bool {
	if n.Kind != yaml.ScalarNode || n.Tag != "!!str" {
		return false
	}
	*s = n.Value
	return true
}

// plainInt reads an !!int scalar written as source.Decimal reads it.
func plainInt(n *yaml.Node) (int, bool) {
	if n.Tag != "!!int" {
		return 0, false
	}
	i, ok := source.Decimal(n.Value)
	return int(i), ok && int64(int(i)) == i // fits int on every platform
}

// Pos is where the value is written in d, or d's position when it was not
// decoded from a node.
func (a At[T]) Pos(d *Doc) diag.Pos { return d.NodePos(a.N) }
