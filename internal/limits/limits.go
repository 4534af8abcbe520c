// Package limits holds the bounds on one YAML file that every reader of a
// user's YAML applies: the content loader (compiler/source) and the
// position reader (engine/play) take them from here, so a position file is
// bounded exactly as a content file is (docs/reliability.md). It is a leaf
// outside engine/, which the compiler does not import (TestLayering).
package limits

import "unicode/utf8"

// Limits on what one file may cost. They are far above real content and
// real positions.
const (
	FileSize    = 4 << 20 // bytes
	Depth       = 64      // nested mappings and sequences
	AliasBudget = 10000   // nodes produced by expanding aliases, per document
)

// BadUTF8 is the line and column (both from 1, the column in runes) of the
// first byte of data that is not valid UTF-8; the end of data when it is
// all valid.
func BadUTF8(data []byte) (line, col int) {
	line, col = 1, 1
	for len(data) > 0 {
		r, size := utf8.DecodeRune(data)
		if r == utf8.RuneError && size <= 1 {
			return line, col
		}
		if r == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
		data = data[size:]
	}
	return line, col
}
