package lsp

import (
	"testing"
	"unicode/utf8"

	"go.lsp.dev/protocol"
)

// FuzzDocumentEdits (issue 24): any sequence of edits (ranges in UTF-16
// positions, anywhere, backwards or past the end) applies without a panic,
// each result is exactly the text before the range, the new text and the
// text after it, and valid UTF-8 stays valid UTF-8 (a position inside a
// character does not split it).
func FuzzDocumentEdits(f *testing.F) {
	f.Add("kind: unit\nid: a\nname: Ä😀b\n", []byte{2, 6, 2, 7, 'x', 0, 0, 9, 9, 'y'})
	f.Add("a\r\nb\n", []byte{0, 1, 1, 0, '\n'})
	f.Add("", []byte{5, 5, 0, 0, 'z'})
	f.Fuzz(func(t *testing.T, text string, edits []byte) {
		if len(text) > 16<<10 || len(edits) > 256 {
			t.Skip()
		}
		cur := []byte(text)
		valid := utf8.ValidString(text)
		for i := 0; i+5 <= len(edits); i += 5 {
			r := protocol.Range{
				Start: protocol.Position{Line: uint32(edits[i]), Character: uint32(edits[i+1])},
				End:   protocol.Position{Line: uint32(edits[i+2]), Character: uint32(edits[i+3])},
			}
			with := string(rune('a' + edits[i+4]%26))
			if edits[i+4]%7 == 0 {
				with = "😀\n"
			}
			start, end := offsetOf(cur, r.Start), offsetOf(cur, r.End)
			if end < start {
				start, end = end, start
			}
			if start < 0 || end > len(cur) {
				t.Fatalf("range %v is bytes %d-%d of %d", r, start, end, len(cur))
			}
			next := applyEdit(cur, r, with)
			if want := string(cur[:start]) + with + string(cur[end:]); string(next) != want {
				t.Fatalf("edit %v of %q gave %q, want %q", r, cur, next, want)
			}
			if valid && !utf8.Valid(next) {
				t.Fatalf("edit %v of %q split a character: %q", r, cur, next)
			}
			cur = next
			_ = lines(cur)
		}
	})
}
