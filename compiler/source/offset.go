package source

import (
	"bytes"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/compiler/diag"
)

// OffsetPos returns the position of byte offset off of scalar n's value, so
// that a game parsing a small language inside a string (a dice area, a cost
// formula) can point at the exact column. src is the file's bytes. Plain,
// single-quoted and double-quoted scalars on one line map exactly, escapes
// included; block scalars and folded lines fall back to the node's position.
func OffsetPos(file string, src []byte, n *yaml.Node, off int) diag.Pos {
	pos := NodePos(file, n)
	if n == nil || n.Kind != yaml.ScalarNode || off < 0 || off > len(n.Value) || n.Line < 1 || n.Column < 1 {
		return pos
	}
	line := lineOf(src, n.Line)
	if line == nil {
		return pos
	}
	// Skip to the node's column (columns count runes, 1-based).
	rest := line
	for c := 1; c < n.Column; c++ {
		_, size := utf8.DecodeRune(rest)
		if size == 0 {
			return pos
		}
		rest = rest[size:]
	}
	want := utf8.RuneCountInString(n.Value[:off]) // value runes before off
	col := n.Column
	switch {
	case n.Style&yaml.DoubleQuotedStyle != 0:
		if len(rest) == 0 || rest[0] != '"' {
			return pos
		}
		rest, col = rest[1:], col+1
		for i := 0; i < want; i++ {
			w := runesOfEscape(rest)
			if w == 0 {
				return pos
			}
			for range w {
				_, size := utf8.DecodeRune(rest)
				rest = rest[size:]
			}
			col += w
		}
	case n.Style&yaml.SingleQuotedStyle != 0:
		if len(rest) == 0 || rest[0] != '\'' {
			return pos
		}
		rest, col = rest[1:], col+1
		for i := 0; i < want; i++ {
			if len(rest) == 0 || rest[0] == '\'' && (len(rest) < 2 || rest[1] != '\'') {
				return pos // the value goes on past this line
			}
			w := 1
			if rest[0] == '\'' {
				w = 2
			}
			for range w {
				_, size := utf8.DecodeRune(rest)
				rest = rest[size:]
			}
			col += w
		}
	case n.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0:
		return pos
	default:
		// A plain scalar is its source text, unless it folds onto more lines.
		if !bytes.HasPrefix(rest, []byte(firstLine(n.Value))) || len(firstLine(n.Value)) < off {
			return pos
		}
		col += want
	}
	return diag.Pos{File: file, Line: n.Line, Col: col}
}

// runesOfEscape returns how many source runes make the next value rune of a
// double-quoted scalar, or 0 at its end.
func runesOfEscape(s []byte) int {
	if len(s) == 0 || s[0] == '"' {
		return 0
	}
	if s[0] != '\\' {
		return 1
	}
	if len(s) < 2 {
		return 0
	}
	switch s[1] {
	case 'x':
		return 4
	case 'u':
		return 6
	case 'U':
		return 10
	}
	return 2
}

func lineOf(src []byte, line int) []byte {
	for i := 1; i < line; i++ {
		j := bytes.IndexByte(src, '\n')
		if j < 0 {
			return nil
		}
		src = src[j+1:]
	}
	if j := bytes.IndexByte(src, '\n'); j >= 0 {
		src = src[:j]
	}
	return bytes.TrimSuffix(src, []byte("\r"))
}

func firstLine(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			return s[:i]
		}
	}
	return s
}
