package battlecrest

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/roundtable-dev/roundtable/internal/phrase"
)

// Tile is the name of a position of the map diagram: its column as letters
// (a is the west column; z, then aa, ab …) and its row as a number (1 is the
// north row), the way a spreadsheet names its cells: "a1" is the north-west
// corner.
func Tile(p Pos) string {
	if p.R < 0 || p.C < 0 {
		return "-"
	}
	return colName(int(p.C)) + strconv.Itoa(int(p.R)+1)
}

func colName(c int) string {
	s := ""
	for c++; c > 0; c = (c - 1) / 26 {
		s = string(rune('a'+(c-1)%26)) + s
	}
	return s
}

// ParseTile reads a tile name written by Tile.
func ParseTile(s string) (Pos, error) {
	i := 0
	for i < len(s) && s[i] >= 'a' && s[i] <= 'z' {
		i++
	}
	if i == 0 || i == len(s) || i > 2 {
		return Pos{}, fmt.Errorf("%s is not a tile name (a column letter and a row number, like c3)", phrase.Quote(s))
	}
	c := 0
	for _, ch := range s[:i] {
		c = c*26 + int(ch-'a'+1)
	}
	r, err := strconv.Atoi(s[i:])
	if err != nil || r < 1 || r > 64 || c > 64 || s[i] == '0' {
		return Pos{}, fmt.Errorf("%s is not a tile name (a column letter and a row number, like c3)", phrase.Quote(s))
	}
	return Pos{int8(r - 1), int8(c - 1)}, nil
}

// Slug is a name as one lower-case word of an action text: "Hawk's Eye"
// is "hawks-eye". An action card of a player's row is named by its side's
// Slug, or by its id when another card of the row has the same word
// (CardWords).
func Slug(name string) string { return slug(name) }

// CardWords are the words action texts name a player's row of action
// cards by, given each card's id and the name of the side it shows.
func CardWords(ids, sides []string) []string {
	out := make([]string, len(sides))
	for k, s := range sides {
		out[k] = slug(s)
	}
	words := slices.Clone(out)
	for k := range out {
		for j := range words {
			if j != k && words[j] == words[k] {
				out[k] = ids[k]
			}
		}
	}
	return out
}

// slug is Slug.
func slug(name string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(name) {
		switch {
		case r == '\'' || r == '’':
			continue
		case r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127:
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
		default:
			dash = true
		}
	}
	if b.Len() == 0 {
		return "unnamed"
	}
	return b.String()
}

// unknown is the error for an id that is none of known: with a did-you-mean
// when one is close.
func unknown(what, id string, known []string) error {
	msg := fmt.Sprintf("no %s %s", what, phrase.Quote(id))
	if best := phrase.Suggest(id, known); best != "" {
		msg += fmt.Sprintf(" (did you mean %s?)", phrase.Quote(best))
	}
	return fmt.Errorf("%s; %ss: %s", msg, what, strings.Join(known, ", "))
}
