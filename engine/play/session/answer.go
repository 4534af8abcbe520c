package session

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/roundtable-dev/roundtable/engine/play"
)

// Group is the legal actions of one kind: those whose text begins with the
// same word (move, attack, play, pass, end…).
type Group struct {
	Word    string
	Choices []Choice
}

// Choice is one legal action as a person is offered it: N is the number
// they answer with (from 1, counting through the groups in order), Index
// the action's index in the match.
type Choice struct {
	N     int
	Index int
	Text  string
}

// Menu is the legal actions of m grouped by their first word, groups in
// the order their first action comes, actions in the match's order within
// a group, numbered from 1 in that order.
func Menu(m play.Match) []Group {
	var groups []Group
	at := map[string]int{}
	for i := range m.Legal() {
		t := m.Action(i)
		w, _, _ := strings.Cut(t, " ")
		g, ok := at[w]
		if !ok {
			g = len(groups)
			at[w] = g
			groups = append(groups, Group{Word: w})
		}
		groups[g].Choices = append(groups[g].Choices, Choice{Index: i, Text: t})
	}
	n := 0
	for g := range groups {
		for c := range groups[g].Choices {
			n++
			groups[g].Choices[c].N = n
		}
	}
	return groups
}

// NotLegalError is an answer that names no legal action, with the legal
// actions nearest to it (ambiguous: every action it begins).
type NotLegalError struct {
	Answer    string
	Ambiguous bool
	Nearest   []string
	Legal     int
}

func (e *NotLegalError) Error() string {
	q := strconv.Quote(e.Answer)
	if e.Ambiguous {
		return fmt.Sprintf("%s is ambiguous: %s", q, list(e.Nearest))
	}
	if len(e.Nearest) == 0 {
		return fmt.Sprintf("%s is not a legal action (answer 1 to %d)", q, e.Legal)
	}
	return fmt.Sprintf("%s is not a legal action; nearest: %s", q, list(e.Nearest))
}

// maxNamed is how many actions one line names.
const maxNamed = 4

func list(texts []string) string {
	if len(texts) > maxNamed {
		return strings.Join(texts[:maxNamed], ", ") + fmt.Sprintf(" (and %d more)", len(texts)-maxNamed)
	}
	return strings.Join(texts, ", ")
}

// Resolve is the legal action a person's answer names: its number in
// Menu, its text, a prefix of exactly one action's text, or @N (the N-th
// legal action counted from 0, as legal prints it). Texts are compared
// after play.Normalize.
func Resolve(m play.Match, answer string) (int, error) {
	a := play.Normalize(answer)
	n := m.Legal()
	if n == 0 {
		return -1, fmt.Errorf("the match is over")
	}
	if k, err := strconv.Atoi(a); err == nil {
		if k < 1 || k > n {
			return -1, &NotLegalError{Answer: a, Legal: n}
		}
		for _, g := range Menu(m) {
			for _, c := range g.Choices {
				if c.N == k {
					return c.Index, nil
				}
			}
		}
	}
	if strings.HasPrefix(a, "@") {
		return play.Find(m, a)
	}
	texts := make([]string, n)
	var starts []int
	for i := range n {
		texts[i] = m.Action(i)
		if texts[i] == a {
			return i, nil
		}
		if strings.HasPrefix(texts[i], a) {
			starts = append(starts, i)
		}
	}
	switch {
	case len(starts) == 1:
		return starts[0], nil
	case len(starts) > 1:
		e := &NotLegalError{Answer: a, Ambiguous: true, Legal: n}
		for _, i := range starts {
			e.Nearest = append(e.Nearest, texts[i])
		}
		return -1, e
	}
	return -1, &NotLegalError{Answer: a, Nearest: play.Nearest(a, texts, 3), Legal: n}
}
