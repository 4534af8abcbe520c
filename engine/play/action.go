package play

import (
	"bufio"
	"bytes"
	"fmt"
	"github.com/roundtable-dev/roundtable/engine/play/quote"
	"strconv"
	"strings"
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
		return -1, fmt.Errorf("action %s: the match is over", quote.Quote(s))
	}
	if rest, ok := strings.CutPrefix(s, "@"); ok {
		i, err := strconv.Atoi(rest)
		if err != nil || i < 0 || i >= n {
			return -1, fmt.Errorf("action %s: there are %d legal actions (@0 to @%d)", quote.Quote(s), n, n-1)
		}
		return i, nil
	}
	best, bestD := "", 1<<30
	for i := range n {
		t := m.Action(i)
		if t == s {
			return i, nil
		}
		if d := distance(t, s); d < bestD {
			best, bestD = t, d
		}
	}
	msg := fmt.Sprintf("action %s is not legal now (turn %d, %s to move, %d legal actions)", quote.Quote(s), m.Turn(), seatName(m, m.ToMove()), n)
	if bestD <= max(3, len(s)/3) {
		msg += fmt.Sprintf("; did you mean %s?", quote.Quote(best))
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

// distance is the edit distance of a and b (bytes).
func distance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			c := prev[j-1]
			if a[i-1] != b[j-1] {
				c++
			}
			cur[j] = min(c, prev[j]+1, cur[j-1]+1)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
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
