package compiler

import (
	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/compiler/source"
)

// The positions a game's build reports at, written once for every game.

// PathPos is the position of the value at path in d (mapping keys, and list
// indexes as strings: "effects", "0", "modify"), or of the document when
// nothing is there.
func (d *Doc) PathPos(path ...string) diag.Pos {
	if n := source.Path(d.PosTree(), path...); n != nil {
		return source.NodePos(d.File, n)
	}
	return d.Pos()
}

// KeyPos is where key is written (the key, not its value) in the mapping at
// path; where it is not, the mapping's position, or the document's when
// path is empty.
func (d *Doc) KeyPos(key string, path ...string) diag.Pos {
	m := source.Path(d.PosTree(), path...)
	if m != nil && m.Kind == yaml.MappingNode {
		for i := 0; i+1 < len(m.Content); i += 2 {
			if m.Content[i].Value == key {
				return source.NodePos(d.File, m.Content[i])
			}
		}
	}
	if len(path) == 0 {
		return d.Pos()
	}
	return d.PathPos(path...)
}

// NodePos is the position of node n of d, or of the document when n is nil.
func (d *Doc) NodePos(n *yaml.Node) diag.Pos {
	if n == nil {
		return d.Pos()
	}
	return source.NodePos(d.File, n)
}
