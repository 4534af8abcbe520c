package playtest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/roundtable-dev/roundtable/engine/play"
)

// Hidden lists what seat may not see in m's true position: the ids of
// cards in zones hidden from seat that are in no zone seat sees, the state
// of the random source, and anything else the rulebook keeps from seat. It
// is written per game from the position (never from the view), so that
// Views tests the view against the truth.
type Hidden func(m play.Match, seat int) []string

// ViewStats is what Views saw, for a test to assert that it was not
// vacuous.
type ViewStats struct {
	Decisions int // decisions checked
	Hidden    int // hidden values searched for, over all seats and decisions
	Private   int // events some seat saw in another form, or not at all
}

// Views plays Seeds seeded matches (random policy, greedy on odd seeds)
// and, at every decision and for every seat and the onlooker (-1):
//   - the seat's View, its Show text and the events it was given since the
//     previous decision hold none of hidden's values (searched for as
//     whole words in their serialized form);
//   - View and Show leave the match as it was;
//   - where the match is a play.Determinizer, a determinization for the
//     seat gives the seat the same View and Show: what the seat sees is
//     all that a determinization keeps.
func Views(t *testing.T, s Setup, hidden Hidden) ViewStats {
	t.Helper()
	var all ViewStats
	seeds := s.Seeds
	if seeds == 0 {
		seeds = 20
	}
	for seed := uint64(1); seed <= uint64(seeds); seed++ {
		t.Run(fmt.Sprintf("seed%d", seed), func(t *testing.T) {
			st := ViewSeed(t, s, seed, hidden)
			all.Decisions += st.Decisions
			all.Hidden += st.Hidden
			all.Private += st.Private
		})
	}
	return all
}

// ViewSeed is Views for one seed.
func ViewSeed(t testing.TB, s Setup, seed uint64, hidden Hidden) ViewStats {
	t.Helper()
	var st ViewStats
	m, err := s.Mode.New(s.Rules, s.options(seed))
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	if _, ok := m.(play.Viewer); !ok {
		t.Fatalf("%T does not implement play.Viewer", m)
	}
	var pending []play.Event
	r := play.NewRunner(m, func(e play.Event) { pending = append(pending, e) })
	var pols []play.Policy
	name := "random"
	if seed%2 == 1 && s.Mode.Policies["greedy"] != nil {
		name = "greedy"
	}
	for _, seat := range m.Seats() {
		if mk := s.Mode.Policies[name]; mk != nil && !seat.Auto {
			pols = append(pols, mk(seed, seat.Index))
		} else {
			pols = append(pols, nil)
		}
	}
	for step := 0; ; step++ {
		st.add(checkViews(t, s, m, pending, hidden, seed, step))
		pending = pending[:0]
		if m.Over() || step >= s.maxActions() {
			return st
		}
		seat := m.ToMove()
		if seat < 0 || seat >= len(pols) || pols[seat] == nil {
			t.Fatalf("step %d: no policy for seat %d", step, seat)
		}
		if err := r.Do(pols[seat].Choose(m)); err != nil {
			t.Fatalf("step %d: %v", step, err)
		}
	}
}

func (st *ViewStats) add(o ViewStats) {
	st.Decisions += o.Decisions
	st.Hidden += o.Hidden
	st.Private += o.Private
}

func checkViews(t testing.TB, s Setup, m play.Match, events []play.Event, hidden Hidden, seed uint64, step int) ViewStats {
	t.Helper()
	st := ViewStats{Decisions: 1}
	v := m.(play.Viewer)
	before := JSON(t, s.Game, s.Mode.Name, m)
	for _, e := range events {
		if e.Only != nil {
			st.Private++
		}
	}
	seats := []int{-1}
	for _, seat := range m.Seats() {
		seats = append(seats, seat.Index)
	}
	for _, seat := range seats {
		view := viewJSON(t, v, seat)
		shown := v.Show(seat)
		seen, err := json.Marshal(play.SeenBy(events, seat))
		if err != nil {
			t.Fatalf("step %d: events seen by seat %d do not marshal: %v", step, seat, err)
		}
		secrets := hidden(m, seat)
		st.Hidden += len(secrets)
		texts := []struct {
			name        string
			text, lower []byte
		}{{"View", view, nil}, {"Show", []byte(shown), nil}, {"events", seen, nil}}
		for i := range texts {
			texts[i].lower = bytes.ToLower(texts[i].text)
		}
		for _, h := range secrets {
			w := bytes.ToLower([]byte(h))
			for _, where := range texts {
				if h != "" && containsLowerWord(where.lower, w) {
					t.Fatalf("step %d (turn %d): seat %d's %s holds %q, which it may not see:\n%s", step, m.Turn(), seat, where.name, h, indented(where.text))
				}
			}
		}
		if d, ok := m.(play.Determinizer); ok && seat >= 0 {
			c := d.Determinize(seat, rand.New(rand.NewPCG(seed, uint64(step)<<8|uint64(seat+1))))
			cv, ok := c.(play.Viewer)
			if !ok {
				t.Fatalf("step %d: a determinization (%T) is not a play.Viewer", step, c)
			}
			if got := viewJSON(t, cv, seat); !bytes.Equal(got, view) {
				t.Fatalf("step %d (turn %d): a determinization for seat %d gives it another View:\n%s", step, m.Turn(), seat, firstDiff(indented(view), indented(got)))
			}
			if got := cv.Show(seat); got != shown {
				t.Fatalf("step %d (turn %d): a determinization for seat %d gives it another Show:\n%s", step, m.Turn(), seat, firstDiff([]byte(shown), []byte(got)))
			}
		}
	}
	if after := JSON(t, s.Game, s.Mode.Name, m); !bytes.Equal(after, before) {
		t.Fatalf("step %d: View or Show changed the match:\n%s", step, firstDiff(before, after))
	}
	return st
}

// viewJSON is seat's View as compact JSON (indented only for a failure's
// message: indenting every view took a fifth of the time).
func viewJSON(t testing.TB, v play.Viewer, seat int) []byte {
	t.Helper()
	b, err := json.Marshal(v.View(seat))
	if err != nil {
		t.Fatalf("View(%d) does not marshal: %v", seat, err)
	}
	return b
}

// indented is JSON text indented for a message; other text as it is.
func indented(b []byte) []byte {
	var out bytes.Buffer
	if json.Indent(&out, b, "", "  ") != nil {
		return b
	}
	return out.Bytes()
}

// ContainsWord reports whether word occurs in text, in any case, with no
// letter, digit, '-' or '_' on either side: "marth" is in
// `"hand":["marth"]` and in "you draw Marth", not in "marth-2" or
// "marthas".
func ContainsWord(text []byte, word string) bool {
	return containsLowerWord(bytes.ToLower(text), bytes.ToLower([]byte(word)))
}

// containsLowerWord is ContainsWord of text and w already in lower case
// (Views lowers each text once for all the words it searches).
func containsLowerWord(text, w []byte) bool {
	for i := 0; ; {
		j := bytes.Index(text[i:], w)
		if j < 0 {
			return false
		}
		j += i
		end := j + len(w)
		if (j == 0 || !wordByte(text[j-1])) && (end == len(text) || !wordByte(text[end])) {
			return true
		}
		i = j + 1
	}
}

func wordByte(c byte) bool {
	return c == '-' || c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}
