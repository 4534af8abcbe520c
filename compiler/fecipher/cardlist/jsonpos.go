package cardlist

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
	"unicode/utf8"

	"github.com/roundtable-dev/roundtable/compiler/diag"
)

// Value is a JSON value with the byte offset where it starts, so that a
// message about it can cite line:col. encoding/json's Decoder reports
// InputOffset after each token; the value starts at the first byte after
// that offset that is not whitespace, ',' or ':'.
type Value struct {
	Off    int64
	Kind   Kind
	Str    string      // KindString
	Num    json.Number // KindNumber
	Bool   bool        // KindBool
	Keys   []string    // KindObject, in source order
	KeyOff []int64
	Fields []*Value
	Elems  []*Value // KindArray

	form form // how a string is written in the file (im.within)
}

// form is how a string value is written: a JSON string literal (escapes),
// a cell as is (a tab-separated row, a piece of a split string), or a
// quoted CSV cell ("" for a quote).
type form uint8

const (
	formJSON form = iota
	formRaw
	formQuoted
)

// Kind is a JSON value's type.
type Kind uint8

// Kinds of JSON values.
const (
	KindNull Kind = iota
	KindBool
	KindNumber
	KindString
	KindArray
	KindObject
)

var kindNames = [...]string{"null", "boolean", "number", "string", "array", "object"}

func (k Kind) String() string { return kindNames[k] }

// Field returns the value of key in an object, or nil.
func (v *Value) Field(key string) *Value {
	for i, k := range v.Keys {
		if k == key {
			return v.Fields[i]
		}
	}
	return nil
}

// SyntaxError is malformed JSON at a byte offset.
type SyntaxError struct {
	Off int64
	Msg string
}

func (e *SyntaxError) Error() string { return e.Msg }

// Parse reads one JSON document keeping positions.
func Parse(data []byte) (*Value, error) {
	p := &parser{data: data, dec: json.NewDecoder(bytes.NewReader(data))}
	p.dec.UseNumber()
	v, err := p.value()
	if err != nil {
		return nil, err
	}
	if _, err := p.dec.Token(); err != io.EOF {
		return nil, &SyntaxError{Off: p.dec.InputOffset(), Msg: "unexpected data after the top-level value"}
	}
	return v, nil
}

type parser struct {
	data []byte
	dec  *json.Decoder
}

// start returns the offset of the next token.
func (p *parser) start() int64 {
	off := p.dec.InputOffset()
	for off < int64(len(p.data)) {
		switch p.data[off] {
		case ' ', '\t', '\r', '\n', ',', ':':
			off++
			continue
		}
		break
	}
	return off
}

func (p *parser) token() (json.Token, int64, error) {
	off := p.start()
	t, err := p.dec.Token()
	if err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			return nil, se.Offset, &SyntaxError{Off: se.Offset, Msg: se.Error()}
		}
		if err == io.EOF || errors.Is(err, io.ErrUnexpectedEOF) {
			return nil, int64(len(p.data)), &SyntaxError{Off: int64(len(p.data)), Msg: "unexpected end of JSON input"}
		}
		return nil, off, &SyntaxError{Off: off, Msg: err.Error()}
	}
	return t, off, nil
}

func (p *parser) value() (*Value, error) {
	t, off, err := p.token()
	if err != nil {
		return nil, err
	}
	return p.valueFrom(t, off)
}

func (p *parser) valueFrom(t json.Token, off int64) (*Value, error) {
	v := &Value{Off: off}
	switch t := t.(type) {
	case nil:
		v.Kind = KindNull
	case bool:
		v.Kind, v.Bool = KindBool, t
	case json.Number:
		v.Kind, v.Num = KindNumber, t
	case string:
		v.Kind, v.Str = KindString, t
	case json.Delim:
		switch t {
		case '[':
			v.Kind = KindArray
			for p.dec.More() {
				e, err := p.value()
				if err != nil {
					return nil, err
				}
				v.Elems = append(v.Elems, e)
			}
			if _, _, err := p.token(); err != nil { // ]
				return nil, err
			}
		case '{':
			v.Kind = KindObject
			var seen map[string]bool // made past a few keys
			for p.dec.More() {
				kt, koff, err := p.token()
				if err != nil {
					return nil, err
				}
				k, _ := kt.(string)
				// encoding/json keeps the last of a key given twice;
				// the card list would then mean what its reader chose.
				dup := false
				if seen != nil {
					dup = seen[k]
					seen[k] = true
				} else {
					dup = slices.Contains(v.Keys, k)
					if len(v.Keys) >= 16 {
						seen = map[string]bool{k: true}
						for _, o := range v.Keys {
							seen[o] = true
						}
					}
				}
				if dup {
					return nil, &SyntaxError{Off: koff, Msg: fmt.Sprintf("key %s appears twice in one object", diag.Quote(k))}
				}
				f, err := p.value()
				if err != nil {
					return nil, err
				}
				v.Keys, v.KeyOff, v.Fields = append(v.Keys, k), append(v.KeyOff, koff), append(v.Fields, f)
			}
			if _, _, err := p.token(); err != nil { // }
				return nil, err
			}
		default:
			return nil, &SyntaxError{Off: off, Msg: fmt.Sprintf("unexpected %q", rune(t))}
		}
	}
	return v, nil
}

// Lines converts byte offsets to 1-based line and column (in runes).
type Lines struct {
	data   []byte
	starts []int64
}

// NewLines indexes the line starts of data.
func NewLines(data []byte) *Lines {
	l := &Lines{data: data, starts: []int64{0}}
	for i, b := range data {
		if b == '\n' {
			l.starts = append(l.starts, int64(i+1))
		}
	}
	return l
}

// At returns the line and column of a byte offset.
func (l *Lines) At(off int64) (line, col int) {
	i := sort.Search(len(l.starts), func(i int) bool { return l.starts[i] > off }) - 1
	if i < 0 {
		i = 0
	}
	end := min(off, int64(len(l.data)))
	return i + 1, utf8.RuneCount(l.data[l.starts[i]:end]) + 1
}

// Within returns the byte offset in data of byte i of the decoded string
// value s, stepping over escapes (\n, \", \u0027, surrogate pairs), so that
// a message can point inside a long string.
func Within(data []byte, s *Value, i int) int64 {
	off := s.Off + 1 // after the opening quote
	for d := 0; d < i && off < int64(len(data)); {
		if data[off] != '\\' {
			off++
			d++
			continue
		}
		if off+1 < int64(len(data)) && data[off+1] == 'u' && off+6 <= int64(len(data)) {
			r := hex4(data[off+2 : off+6])
			off += 6
			if r >= 0xD800 && r < 0xDC00 && off+6 <= int64(len(data)) && data[off] == '\\' && data[off+1] == 'u' {
				r = 0x10000 + (r-0xD800)<<10 + (hex4(data[off+2:off+6]) - 0xDC00)
				off += 6
			}
			d += utf8.RuneLen(rune(r))
			continue
		}
		off += 2
		d++
	}
	return off
}

// LoneSurrogates returns the offsets of the \u escapes in data that are
// half a UTF-16 surrogate pair without the other half.
func LoneSurrogates(data []byte) []int64 {
	var out []int64
	for i := 0; i < len(data); i++ {
		if data[i] != '\\' || i+1 >= len(data) {
			continue
		}
		if data[i+1] != 'u' || i+6 > len(data) {
			i++ // \\, \" and the rest: skip the escaped byte
			continue
		}
		r := hex4(data[i+2 : i+6])
		switch {
		case r >= 0xD800 && r < 0xDC00:
			if i+12 <= len(data) && data[i+6] == '\\' && data[i+7] == 'u' {
				if lo := hex4(data[i+8 : i+12]); lo >= 0xDC00 && lo < 0xE000 {
					i += 11
					continue
				}
			}
			out = append(out, int64(i))
		case r >= 0xDC00 && r < 0xE000:
			out = append(out, int64(i))
		}
		i += 5
	}
	return out
}

func hex4(b []byte) int {
	n := 0
	for _, c := range b {
		n <<= 4
		switch {
		case c >= '0' && c <= '9':
			n |= int(c - '0')
		case c >= 'a' && c <= 'f':
			n |= int(c-'a') + 10
		case c >= 'A' && c <= 'F':
			n |= int(c-'A') + 10
		}
	}
	return n
}
