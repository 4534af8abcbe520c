package lsp

import (
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// Positions: the compiler's are 1-based lines and 1-based columns counted
// in characters (yaml.v3's); LSP's are 0-based lines and 0-based columns
// counted in UTF-16 code units. Both convert through a line's bytes.

// lines splits text into lines without their line breaks.
func lines(text []byte) []string {
	s := strings.ReplaceAll(string(text), "\r\n", "\n")
	return strings.Split(s, "\n")
}

// lineAt returns line i (0-based) of ls, or "".
func lineAt(ls []string, i int) string {
	if i < 0 || i >= len(ls) {
		return ""
	}
	return ls[i]
}

// byteOfChar is the byte offset of the col-th character (1-based) of s.
func byteOfChar(s string, col int) int {
	b := 0
	for n := 1; n < col && b < len(s); n++ {
		_, w := utf8.DecodeRuneInString(s[b:])
		b += w
	}
	return b
}

// utf16Of is the UTF-16 length of s[:b].
func utf16Of(s string, b int) int {
	n := 0
	for _, r := range s[:min(b, len(s))] {
		n += len(utf16.Encode([]rune{r}))
	}
	return n
}

// byteOfUTF16 is the byte offset of UTF-16 offset u in s.
func byteOfUTF16(s string, u int) int {
	n := 0
	for i, r := range s {
		if n >= u {
			return i
		}
		n += len(utf16.Encode([]rune{r}))
	}
	return len(s)
}

// tokenEnd is the byte offset where the YAML token starting at byte b of
// s ends: a quoted scalar to its closing quote, a plain scalar to a flow
// indicator, a comment, ": " or the end of the line.
func tokenEnd(s string, b int) int {
	if b >= len(s) {
		return len(s)
	}
	switch q := s[b]; q {
	case '"', '\'':
		for i := b + 1; i < len(s); i++ {
			if s[i] == '\\' && q == '"' {
				i++
				continue
			}
			if s[i] == q {
				return i + 1
			}
		}
		return len(s)
	case '[', '{', '|', '>':
		return b + 1
	}
	end := len(s)
	for i := b; i < len(s); i++ {
		c := s[i]
		if c == ',' || c == ']' || c == '}' || c == '[' || c == '{' {
			end = i
			break
		}
		if c == '#' && i > b && s[i-1] == ' ' {
			end = i
			break
		}
		if c == ':' && (i+1 == len(s) || s[i+1] == ' ') {
			end = i
			break
		}
	}
	return len(strings.TrimRight(s[:end], " \t"))
}

// unquote returns a scalar token's value.
func unquote(tok string) string {
	if len(tok) >= 2 && (tok[0] == '"' || tok[0] == '\'') && tok[len(tok)-1] == tok[0] {
		return tok[1 : len(tok)-1]
	}
	return tok
}

// cursor is what the text says about a place in a YAML document, read from
// the lines without parsing them (the text being typed rarely parses).
type cursor struct {
	path  []string // keys from the document root; "*" for a list item
	isKey bool     // a key may be written here
	// isItem: the cursor is on a "- " item that may be a scalar or a
	// mapping (the schema decides).
	isItem    bool
	word      string // the partial token before the cursor
	wordStart int    // its byte offset in the line
	indent    int    // column of the mapping the key would go into
}

// cursorAt reads the place at byte b of line i of ls.
func cursorAt(ls []string, i, b int) cursor {
	line := lineAt(ls, i)
	b = min(b, len(line))
	pre := line[:b]
	pos := len(pre) - len(strings.TrimLeft(pre, " "))
	var dashes []int
	for pos < len(pre) && pre[pos] == '-' && (pos+1 == len(pre) || pre[pos+1] == ' ') {
		dashes = append(dashes, pos)
		pos++
		for pos < len(pre) && pre[pos] == ' ' {
			pos++
		}
	}
	if strings.TrimSpace(pre) == "" && len(dashes) == 0 {
		// An empty place: its column says which mapping it is in.
		pos = len(pre)
	}
	first := pos
	if len(dashes) > 0 {
		first = dashes[0]
	}
	c := cursor{path: parents(ls, i, first)}
	for range dashes {
		c.path = append(c.path, "*")
	}
	c.indent = pos
	rest := pre[pos:]
	if k, v, ok := cutKey(rest); ok {
		c.path = append(c.path, k)
		vstart := pos + len(rest) - len(v)
		flow(&c, v, vstart)
		return c
	}
	if strings.HasPrefix(rest, "[") || strings.HasPrefix(rest, "{") {
		flow(&c, rest, pos)
		return c
	}
	c.isKey = true
	c.isItem = len(dashes) > 0
	c.word, c.wordStart = rest, pos
	return c
}

// cutKey splits "key: value" at a plain or quoted key.
func cutKey(s string) (key, value string, ok bool) {
	if s == "" || strings.ContainsRune("[{#&*!|>'\"%@`", rune(s[0])) && s[0] != '"' && s[0] != '\'' {
		return "", "", false
	}
	end := tokenEnd(s, 0)
	if end >= len(s) || s[end] != ':' {
		return "", "", false
	}
	if end+1 < len(s) && s[end+1] != ' ' {
		return "", "", false
	}
	return unquote(s[:end]), s[end+1:], true
}

// flow reads a value written after a key (or a flow collection) up to the
// cursor: nested [ ] and { } add to the path.
func flow(c *cursor, v string, start int) {
	type frame struct {
		mapping bool
		depth   int // len(c.path) when opened
		keyed   bool
	}
	var stack []frame
	tok := 0 // start of the current token in v
	for i := 0; i < len(v); i++ {
		switch ch := v[i]; ch {
		case '"', '\'':
			j := tokenEnd(v, i)
			i = j - 1
		case '[', '{':
			stack = append(stack, frame{mapping: ch == '{', depth: len(c.path)})
			if ch == '[' {
				c.path = append(c.path, "*")
			}
			tok = i + 1
		case ']', '}':
			if len(stack) > 0 {
				c.path = c.path[:stack[len(stack)-1].depth]
				stack = stack[:len(stack)-1]
			}
			tok = i + 1
		case ',':
			if n := len(stack); n > 0 && stack[n-1].mapping && stack[n-1].keyed {
				c.path = c.path[:stack[n-1].depth]
				stack[n-1].keyed = false
			}
			tok = i + 1
		case ':':
			if n := len(stack); n > 0 && stack[n-1].mapping && !stack[n-1].keyed && (i+1 == len(v) || v[i+1] == ' ') {
				c.path = append(c.path, unquote(strings.TrimSpace(v[tok:i])))
				stack[n-1].keyed = true
				tok = i + 1
			}
		}
	}
	word := v[tok:]
	trimmed := strings.TrimLeft(word, " ")
	c.wordStart = start + tok + len(word) - len(trimmed)
	c.word = trimmed
	if n := len(stack); n > 0 && stack[n-1].mapping && !stack[n-1].keyed {
		c.isKey = true
	}
}

// parents lists the keys that contain column col of line i, from the
// document root, by the indentation of the lines above.
func parents(ls []string, i, col int) []string {
	var rev []string
	for j := i - 1; j >= 0 && col > 0; j-- {
		l := ls[j]
		if strings.HasPrefix(l, "---") || strings.HasPrefix(l, "...") {
			break
		}
		t := strings.TrimLeft(l, " ")
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		pos := len(l) - len(t)
		var dashes []int
		for pos < len(l) && l[pos] == '-' && (pos+1 == len(l) || l[pos+1] == ' ') {
			dashes = append(dashes, pos)
			pos++
			for pos < len(l) && l[pos] == ' ' {
				pos++
			}
		}
		first := pos
		if len(dashes) > 0 {
			first = dashes[0]
		}
		if first >= col {
			continue
		}
		k, v, isKey := cutKey(l[pos:])
		if isKey && pos < col && strings.TrimSpace(stripComment(v)) == "" {
			rev = append(rev, k)
		} else if isKey && pos < col {
			// A key with a value on its line above a deeper line: a
			// multi-line scalar; nothing to add.
			return nil
		}
		for d := len(dashes) - 1; d >= 0; d-- {
			if dashes[d] < col {
				rev = append(rev, "*")
			}
		}
		col = first
	}
	out := make([]string, 0, len(rev))
	for k := len(rev) - 1; k >= 0; k-- {
		out = append(out, rev[k])
	}
	return out
}

func stripComment(s string) string {
	if i := strings.Index(s, " #"); i >= 0 {
		return s[:i]
	}
	if strings.HasPrefix(s, "#") {
		return ""
	}
	return s
}

// docRange returns the first and last line (0-based) of the YAML document
// that holds line i.
func docRange(ls []string, i int) (int, int) {
	first, last := 0, len(ls)-1
	for j := i; j >= 0; j-- {
		if strings.HasPrefix(lineAt(ls, j), "---") {
			first = j + 1
			break
		}
	}
	for j := i + 1; j < len(ls); j++ {
		if strings.HasPrefix(ls[j], "---") {
			last = j - 1
			break
		}
	}
	return first, last
}

// docKind returns the kind: written at the top of the document that holds
// line i, or "".
func docKind(ls []string, i int) string {
	first, last := docRange(ls, i)
	for j := first; j <= last; j++ {
		if v, ok := strings.CutPrefix(ls[j], "kind:"); ok {
			return unquote(strings.TrimSpace(stripComment(v)))
		}
	}
	return ""
}

// siblings lists the keys already written in the mapping at column col
// around line i.
func siblings(ls []string, i, col int) []string {
	first, last := docRange(ls, i)
	var out []string
	keyAt := func(l string) (string, int, bool) {
		t := strings.TrimLeft(l, " ")
		pos := len(l) - len(t)
		lead := pos
		for pos < len(l) && l[pos] == '-' && (pos+1 == len(l) || l[pos+1] == ' ') {
			pos++
			for pos < len(l) && l[pos] == ' ' {
				pos++
			}
		}
		k, _, ok := cutKey(l[pos:])
		return k, lead, ok && pos == col
	}
	for j := i - 1; j >= first; j-- {
		l := ls[j]
		if strings.TrimSpace(l) == "" || strings.HasPrefix(strings.TrimSpace(l), "#") {
			continue
		}
		k, lead, ok := keyAt(l)
		if ok {
			out = append(out, k)
		}
		if lead < col || lead == col && l[lead] == '-' {
			break
		}
	}
	for j := i + 1; j <= last; j++ {
		l := ls[j]
		if strings.TrimSpace(l) == "" || strings.HasPrefix(strings.TrimSpace(l), "#") {
			continue
		}
		k, lead, ok := keyAt(l)
		if lead < col || lead == col && l[lead] == '-' {
			break
		}
		if ok {
			out = append(out, k)
		}
	}
	return out
}
