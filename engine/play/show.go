package play

import (
	"fmt"
	"strings"

	"github.com/mitchellh/go-wordwrap"
)

// The pieces every game's Show writes with (Viewer.Show).

// ShowWidth is the widest line a Show writes: an 80-column terminal.
const ShowWidth = 80

// Wrap writes s to b as lines of at most width columns: the first after
// first, the others after rest (a word longer than a line stays whole).
func Wrap(b *strings.Builder, width int, first, rest, s string) {
	if len(first)+len(s) <= width {
		b.WriteString(first + s + "\n")
		return
	}
	for i, l := range strings.Split(wordwrap.WrapString(s, uint(width-max(len(first), len(rest)))), "\n") {
		if i == 0 {
			b.WriteString(first)
		} else {
			b.WriteString(rest)
		}
		b.WriteString(l + "\n")
	}
}

// Cards is "1 card" or "n cards".
func Cards(n int) string {
	if n == 1 {
		return "1 card"
	}
	return fmt.Sprintf("%d cards", n)
}

// List joins ids with ", ", "none" when there are none.
func List(ids []string) string {
	if len(ids) == 0 {
		return "none"
	}
	return strings.Join(ids, ", ")
}
