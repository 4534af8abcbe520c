package cardlist

import (
	"bytes"
	"slices"
	"strings"
)

// read parses the file far enough to recognise its shape: JSON (an array
// of card objects, or of rows under a header row) or a table's header.
func (im *importer) read() *input {
	if t := bytes.TrimLeft(im.data, " \t\r\n"); len(t) > 0 && (t[0] == '[' || t[0] == '{') {
		return im.readJSON()
	}
	cells, sep := header(im.data)
	return &input{header: cells, seen: seeHeader(cells, sep)}
}

func (im *importer) readJSON() *input {
	for _, off := range LoneSurrogates(im.data) {
		im.diags.Add(CodeText, im.pos(off), "%s is a lone UTF-16 surrogate; read as U+FFFD", string(im.data[off:off+6])).Hint = "write the character itself, or the escapes of both halves of its surrogate pair"
	}
	root, err := Parse(im.data)
	if err != nil {
		var off int64
		if se, ok := err.(*SyntaxError); ok {
			off = se.Off
		}
		im.diags.Add(CodeJSON, im.pos(off), "%s is not valid JSON: %v", im.display, err)
		return nil
	}
	if root.Kind != KindArray {
		im.diags.Add(CodeJSON, im.pos(root.Off), "the card list must be a JSON array of cards, found %s %s", article(root.Kind), root.Kind)
		return nil
	}
	if len(root.Elems) > 0 && headerRow(root.Elems[0]) {
		// A spreadsheet saved as JSON: rows of cells, the first the header.
		var rows [][]*Value
		for _, e := range root.Elems[1:] {
			if e.Kind != KindArray {
				im.diags.Add(CodeJSON, im.pos(e.Off), "a row must be a JSON array like the header row, not %s %s", article(e.Kind), e.Kind)
				continue
			}
			rows = append(rows, e.Elems)
		}
		return &input{root: root, header: root.Elems[0].Elems, rows: rows, seen: seeHeader(root.Elems[0].Elems, 0)}
	}
	seen := seeObjects(root)
	if seen.Cards == 0 && len(root.Elems) > 0 {
		var kinds []string
		for _, e := range root.Elems {
			if k := e.Kind.String() + "s"; !slices.Contains(kinds, k) {
				kinds = append(kinds, k)
			}
		}
		im.diags.Add(CodeJSON, im.pos(root.Off), "the card list must be a JSON array of card objects; it holds %s", strings.Join(kinds, ", "))
		return nil
	}
	return &input{root: root, seen: seen}
}

// headerRow reports a JSON array of strings: a header row.
func headerRow(v *Value) bool {
	return v.Kind == KindArray && len(v.Elems) > 0 && !slices.ContainsFunc(v.Elems, func(e *Value) bool { return e.Kind != KindString })
}
