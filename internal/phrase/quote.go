// Package phrase is the text that messages show, written once for the
// compiler, the engines and the CLI: a quoted user value bounded in length
// (Quote), the edit distance of two words (Distance) and the did-you-mean
// of a value that names nothing (Suggest, Closest), with one rule for how
// close a suggestion must be (Closeness), so that the same typo gets the
// same suggestion in a pack, a play flag and an action. It imports nothing
// of the module: the compiler may import it, which may import nothing of
// engine/ but its table packages (TestLayering).
package phrase

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Max bounds a quoted value, in runes: an id or a name from a hostile file
// must not make a message as long as the file (docs/reliability.md).
const Max = 60

// Quote is strconv.Quote of s cut to Max runes: "aaaa…" (N more characters).
func Quote(s string) string {
	if utf8.RuneCountInString(s) <= Max {
		return strconv.Quote(s)
	}
	cut, n := s, 0
	for i := range s {
		if n == Max {
			cut = s[:i]
			break
		}
		n++
	}
	return strconv.Quote(cut) + fmt.Sprintf("… (%d more characters)", utf8.RuneCountInString(s)-Max)
}

// Path is a file name as messages print it: as it is when it is printable
// UTF-8, else quoted with Go's escapes ("pack/bad\xff.yaml"), so that no raw
// byte reaches a terminal and a newline in a name cannot forge a line.
func Path(name string) string {
	if utf8.ValidString(name) && !strings.HasPrefix(name, `"`) && !strings.ContainsFunc(name, func(r rune) bool { return !unicode.IsPrint(r) }) {
		return name
	}
	return strconv.Quote(name)
}
