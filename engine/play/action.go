package play

import (
	"bufio"
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/roundtable-dev/roundtable/internal/phrase"
)

// Normalize is the canonical form of an action text: lower case, words
// separated by one space.
func Normalize(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }

// Find returns the index of the legal action written s: its text (compared
// after Normalize) or "@N", the N-th legal action counting from 0.
func Find(m Match, s string) (int, error) {
	s = Normalize(s)
	n := m.Legal()
	if n == 0 {
		return -1, fmt.Errorf("action %s: the match is over", phrase.Quote(s))
	}
	if rest, ok := strings.CutPrefix(s, "@"); ok {
		i, err := strconv.Atoi(rest)
		if err != nil || i < 0 || i >= n {
			return -1, fmt.Errorf("action %s: there are %d legal actions (@0 to @%d)", phrase.Quote(s), n, n-1)
		}
		return i, nil
	}
	texts := make([]string, n)
	for i := range n {
		texts[i] = m.Action(i)
		if texts[i] == s {
			return i, nil
		}
	}
	msg := fmt.Sprintf("action %s is not legal now (turn %d, %s to move, %d legal actions)", phrase.Quote(s), m.Turn(), seatName(m, m.ToMove()), n)
	if best := phrase.Closest(s, texts, phrase.Sentence); best != "" {
		msg += fmt.Sprintf("; did you mean %s?", phrase.Quote(best))
	} else {
		msg += "; list them with 'roundtable legal'"
	}
	return -1, fmt.Errorf("%s", msg)
}

func seatName(m Match, seat int) string {
	for _, s := range m.Seats() {
		if s.Index == seat {
			return s.Name
		}
	}
	return fmt.Sprintf("seat %d", seat)
}

// ActionLine is one action of an action list, with where it was written.
type ActionLine struct {
	Line int
	Text string
}

// ParseActions reads an action list: one action per line; blank lines and
// text after a "#" are ignored; a leading "- " is dropped, so a YAML list of
// plain strings reads the same.
func ParseActions(data []byte) ([]ActionLine, error) {
	var out []ActionLine
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64*1024), 64*1024)
	n := 0
	for sc.Scan() {
		n++
		line := sc.Text()
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		line = strings.TrimSpace(line)
		if rest, ok := strings.CutPrefix(line, "- "); ok || line == "-" {
			line = strings.TrimSpace(rest)
		}
		line = strings.Trim(line, `"'`)
		if line == "" {
			continue
		}
		out = append(out, ActionLine{Line: n, Text: Normalize(line)})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("line %d: %v", n+1, err)
	}
	return out, nil
}
