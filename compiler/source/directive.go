package source

import (
	"bytes"
	"strconv"
	"strings"

	"github.com/roundtable-dev/roundtable/compiler/diag"
)

// IgnoreMarker starts an inline suppression comment:
//
//	hp: 14  # roundtable:ignore annas-curve -- the boss of a scenario
//
// The loader records every such comment of a file (Set.Ignores) while it
// has the file's bytes; the cache keeps them (Entry.Ignores), so a
// file it vouches for is not read to find them. What the comment means is
// the project package's business.
const IgnoreMarker = "roundtable:ignore"

// PlaceholderMarker marks a value `roundtable new` wrote that the author
// must replace: check reports it until the comment is gone.
//
//	title: Wandering Sellsword   # roundtable:placeholder
const PlaceholderMarker = "roundtable:placeholder"

// markers are the directive comments the loader records, by verb.
var markers = []string{IgnoreMarker, PlaceholderMarker}

// Directive is one "# roundtable:ignore ..." or "# roundtable:placeholder"
// comment.
type Directive struct {
	// Verb is "ignore" or "placeholder".
	Verb string
	Pos  diag.Pos // where the comment's '#' is
	// Alone says nothing but blanks precede the comment on its line: it
	// speaks for the next line; otherwise for its own.
	Alone bool
	// Doc is the index of the YAML document it is in (documents split at
	// lines starting with ---).
	Doc int
	// Text is what follows the marker, trimmed: "CODE[, CODE] -- reason".
	Text string
}

// scanIgnores finds the directive comments of a file (suppressions and
// placeholders), in the compact
// form the cache stores ("" when none). A marker inside a quoted string
// that happens to follow a '#' counts too: the project package then
// reports it as unused, which is the honest outcome.
func scanIgnores(data []byte) string {
	if !bytes.Contains(data, []byte("roundtable:")) {
		return ""
	}
	var b strings.Builder
	line, doc, content := 0, 0, false
	for len(data) > 0 {
		line++
		l := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			l, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		if bytes.HasPrefix(l, []byte("---")) && (len(l) == 3 || l[3] == ' ' || l[3] == '\r' || l[3] == '\t') {
			if content { // a leading --- starts document 0
				doc++
			}
			content = false
			continue
		}
		if t := bytes.TrimSpace(l); len(t) > 0 && t[0] != '#' {
			content = true
		}
		m, marker := -1, ""
		for _, mk := range markers {
			if i := bytes.Index(l, []byte(mk)); i >= 0 && (m < 0 || i < m) {
				m, marker = i, mk
			}
		}
		if m < 0 {
			continue
		}
		hash := bytes.LastIndexByte(l[:m], '#')
		if hash < 0 || len(bytes.TrimSpace(l[hash+1:m])) > 0 {
			continue // the marker must start the comment
		}
		alone := len(bytes.TrimSpace(l[:hash])) == 0
		text := strings.TrimSpace(string(bytes.TrimRight(l[m+len(marker):], "\r")))
		b.WriteString(strconv.Itoa(line))
		b.WriteByte(' ')
		b.WriteString(strconv.Itoa(len([]rune(string(l[:hash]))) + 1))
		if alone {
			b.WriteString(" 1 ")
		} else {
			b.WriteString(" 0 ")
		}
		b.WriteString(strings.TrimPrefix(marker, "roundtable:"))
		b.WriteByte(' ')
		b.WriteString(strconv.Itoa(doc))
		b.WriteByte(' ')
		b.WriteString(strings.ReplaceAll(text, "\n", " "))
		b.WriteByte('\n')
	}
	return b.String()
}

// Directives decodes the form scanIgnores makes, for the file named file.
func Directives(file, enc string) []Directive {
	var out []Directive
	for _, l := range strings.Split(strings.TrimSuffix(enc, "\n"), "\n") {
		f := strings.SplitN(l, " ", 6)
		if len(f) < 5 {
			continue
		}
		line, err1 := strconv.Atoi(f[0])
		col, err2 := strconv.Atoi(f[1])
		doc, err3 := strconv.Atoi(f[4])
		if err1 != nil || err2 != nil || err3 != nil {
			continue
		}
		d := Directive{Verb: f[3], Doc: doc, Pos: diag.Pos{File: file, Line: line, Col: col}, Alone: f[2] == "1"}
		if len(f) == 6 {
			d.Text = f[5]
		}
		out = append(out, d)
	}
	return out
}
