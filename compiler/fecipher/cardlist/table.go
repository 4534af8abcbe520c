package cardlist

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strings"
)

// A card list that is not JSON is a table: a header row, then a row per
// card or per printing, its cells separated by commas, semicolons or tabs
// (whichever the header has most of). A CSV cell may be quoted ("" for a
// quote, line breaks inside); a LackeyCCG file is split as is.

// headerLine returns the first line with text and where it starts.
func headerLine(data []byte) (string, int64) {
	off := 0
	for off < len(data) {
		end := bytes.IndexByte(data[off:], '\n')
		if end < 0 {
			end = len(data) - off
		}
		line := strings.TrimRight(string(data[off:off+end]), "\r")
		if strings.TrimSpace(line) != "" {
			return line, int64(off)
		}
		off += end + 1
	}
	return "", int64(len(data))
}

// sniff picks the separator the header line has most of, outside quotes.
func sniff(line string) rune {
	count := map[rune]int{}
	quoted := false
	for _, r := range line {
		switch r {
		case '"':
			quoted = !quoted
		case '\t', ',', ';':
			if !quoted {
				count[r]++
			}
		}
	}
	best := ','
	for _, r := range []rune{'\t', ';'} {
		if count[r] > count[best] {
			best = r
		}
	}
	return best
}

// splitRaw splits a line at sep, keeping each cell's offset.
func splitRaw(line string, off int64, sep rune) []*Value {
	var out []*Value
	start := 0
	for i, r := range line {
		if r == sep {
			out = append(out, &Value{Kind: KindString, Str: line[start:i], Off: off + int64(start), form: formRaw})
			start = i + len(string(sep))
		}
	}
	return append(out, &Value{Kind: KindString, Str: line[start:], Off: off + int64(start), form: formRaw})
}

// header reads the header row's cells (a quoted header cell unquoted).
func header(data []byte) ([]*Value, rune) {
	line, off := headerLine(data)
	sep := sniff(line)
	cells := splitRaw(line, off, sep)
	for _, c := range cells {
		if t := strings.TrimSpace(c.Str); len(t) >= 2 && t[0] == '"' && t[len(t)-1] == '"' {
			c.Str = strings.ReplaceAll(t[1:len(t)-1], `""`, `"`)
		}
	}
	return cells, sep
}

// rawRows splits the lines after the header at sep (LackeyCCG: no quoting).
func rawRows(data []byte, sep rune) [][]*Value {
	_, off := headerLine(data)
	var rows [][]*Value
	first := true
	for int(off) < len(data) {
		end := bytes.IndexByte(data[off:], '\n')
		if end < 0 {
			end = len(data) - int(off)
		}
		line := strings.TrimRight(string(data[off:off+int64(end)]), "\r")
		if !first && strings.TrimSpace(line) != "" {
			rows = append(rows, splitRaw(line, off, sep))
		}
		first = false
		off += int64(end) + 1
	}
	return rows
}

// tableError is a CSV syntax error at a byte offset.
type tableError struct {
	off int64
	msg string
}

// csvRows reads the rows after the header with encoding/csv, each cell
// with its offset (FieldPos: line and byte column).
func csvRows(data []byte, lines *Lines, sep rune) ([][]*Value, *tableError) {
	r := csv.NewReader(bytes.NewReader(data))
	r.Comma = sep
	r.FieldsPerRecord = -1 // a short row is cells left empty, a long one reported per row
	// Not LazyQuotes: with it a quote left open reads the rest of the file
	// into one cell without a word.
	var rows [][]*Value
	header := true
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) && pe.StartLine != pe.Line && errors.Is(pe.Err, csv.ErrQuote) {
				return rows, &tableError{off: lines.Offset(pe.StartLine, 1), msg: fmt.Sprintf("a quoted cell of the row on line %d is not closed before the end of line %d", pe.StartLine, pe.Line)}
			}
			if errors.As(err, &pe) {
				return rows, &tableError{off: lines.Offset(pe.Line, pe.Column), msg: pe.Err.Error()}
			}
			return rows, &tableError{msg: err.Error()}
		}
		if header {
			header = false
			continue
		}
		row := make([]*Value, len(rec))
		for i, s := range rec {
			l, c := r.FieldPos(i)
			off := lines.Offset(l, c)
			f := formRaw
			if int(off) < len(data) && data[off] == '"' {
				f = formQuoted
			}
			row[i] = &Value{Kind: KindString, Str: s, Off: off, form: f}
		}
		rows = append(rows, row)
	}
	return rows, nil
}

// Offset is the byte offset of a line and a byte column (1-based).
func (l *Lines) Offset(line, col int) int64 {
	if line < 1 || line > len(l.starts) {
		return int64(len(l.data))
	}
	return min(l.starts[line-1]+int64(max(col, 1)-1), int64(len(l.data)))
}

// within is the offset in the file of byte i of a string value's text.
func (im *importer) within(v *Value, i int) int64 {
	switch v.form {
	case formRaw:
		return v.Off + int64(i)
	case formQuoted:
		off := v.Off + 1
		for d := 0; d < i && off < int64(len(im.data)); d++ {
			if off+1 < int64(len(im.data)) && (im.data[off] == '"' && im.data[off+1] == '"' || im.data[off] == '\r' && im.data[off+1] == '\n') {
				off++
			}
			off++
		}
		return off
	}
	return Within(im.data, v, i)
}

// piece is the part s[i:j] of a string value, as a value of its own.
func (im *importer) piece(v *Value, i, j int) *Value {
	return &Value{Kind: KindString, Str: v.Str[i:j], Off: im.within(v, i), form: formRaw}
}
