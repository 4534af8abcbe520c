// Package playtest holds the tests every game runs against the game
// contract: conformance over many seeded matches, and scenario files
// (position + actions + expected position) a designer can read.
package playtest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/roundtable-dev/roundtable/engine/play"
)

// Setup says how to start matches of one mode.
type Setup struct {
	Game  string // the game id, for positions
	Mode  play.Mode
	Rules any
	// Flags are the mode's flag values; nil for the defaults.
	Flags map[string][]string
	// Seeds is how many seeded matches to play (default 20).
	Seeds int
	// MaxActions caps each match (default 5000).
	MaxActions int
	// Check, when set, is called after every action to test the game's own
	// invariants.
	Check func(t testing.TB, m play.Match)
}

// Conformance plays Seeds matches with the mode's random policy (and its
// greedy one on odd seeds) and checks the contract along the way:
//   - Legal is 0 exactly when Over; ToMove is a seat while not over;
//   - the texts of the legal actions are distinct and normalized, and Find
//     maps each back to its index;
//   - a position written (YAML and JSON) and loaded back writes the same
//     bytes, and plays on like the original;
//   - a Clone plays on like the original;
//   - the seed plus the action log, and the starting position plus the
//     action log, both reproduce the final position byte for byte;
//   - where the match is a play.Determinizer, a determinization leaves the
//     match as it was, offers the seat to move the same actions and plays
//     on; where it is a play.Participants, there is one list per seat and
//     no list repeats an id.
func Conformance(t *testing.T, s Setup) {
	t.Helper()
	seeds := s.Seeds
	if seeds == 0 {
		seeds = 20
	}
	for seed := uint64(1); seed <= uint64(seeds); seed++ {
		t.Run(fmt.Sprintf("seed%d", seed), func(t *testing.T) { ConformSeed(t, s, seed) })
	}
}

func (s Setup) options(seed uint64) play.Options {
	return play.Options{Seed: seed, Flags: s.Flags}
}

func (s Setup) maxActions() int {
	if s.MaxActions == 0 {
		return 5000
	}
	return s.MaxActions
}

// JSON is the position of m as JSON bytes.
func JSON(t testing.TB, game, mode string, m play.Match) []byte {
	t.Helper()
	b, err := play.MarshalPosition(game, mode, m, "json")
	if err != nil {
		t.Fatalf("position as JSON: %v", err)
	}
	return b
}

// Reload writes m's position in format and loads it back.
func Reload(t testing.TB, s Setup, m play.Match, format string) play.Match {
	t.Helper()
	b, err := play.MarshalPosition(s.Game, s.Mode.Name, m, format)
	if err != nil {
		t.Fatalf("position as %s: %v", format, err)
	}
	env, err := play.ReadPosition("position."+format, b)
	if err != nil {
		t.Fatalf("read position back: %v\n%s", err, b)
	}
	m2, err := s.Mode.Load(s.Rules, env.State)
	if err != nil {
		t.Fatalf("load position back: %v\n%s", err, b)
	}
	return m2
}

// ConformSeed is Conformance for one seed.
func ConformSeed(t testing.TB, s Setup, seed uint64) {
	m, err := s.Mode.New(s.Rules, s.options(seed))
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	start := JSON(t, s.Game, s.Mode.Name, m)
	startYAML, err := play.MarshalPosition(s.Game, s.Mode.Name, m, "yaml")
	if err != nil {
		t.Fatal(err)
	}
	pol := "random"
	if seed%2 == 1 && s.Mode.Policies["greedy"] != nil {
		pol = "greedy"
	}
	mk := s.Mode.Policies[pol]
	if mk == nil {
		mk = play.NewRandom
	}
	seats := m.Seats()
	pols := make([]play.Policy, len(seats))
	for i := range pols {
		pols[i] = mk(seed, i)
	}
	var events []play.Event
	r := play.NewRunner(m, func(e play.Event) { events = append(events, e) })
	for step := 0; !m.Over() && step < s.maxActions(); step++ {
		n := m.Legal()
		if n == 0 {
			t.Fatalf("step %d: not over but no legal action", step)
		}
		mover := m.ToMove()
		if mover < 0 || mover >= len(seats) {
			t.Fatalf("step %d: ToMove %d is not a seat (%d seats)", step, mover, len(seats))
		}
		seen := make(map[string]int, n)
		for i := range n {
			a := m.Action(i)
			if a != play.Normalize(a) || a == "" {
				t.Fatalf("step %d: action %d text %q is not normalized", step, i, a)
			}
			if j, dup := seen[a]; dup {
				t.Fatalf("step %d: actions %d and %d are both %q", step, j, i, a)
			}
			seen[a] = i
		}
		if step%37 == 0 || step == 3 || step == 11 {
			checkCopies(t, s, m, step)
			checkDeterminize(t, s, m, step, seed)
		}
		i := pols[mover].Choose(m)
		if i < 0 || i >= n {
			t.Fatalf("step %d: policy %s chose %d of %d", step, pol, i, n)
		}
		if j, err := play.Find(m, m.Action(i)); err != nil || j != i {
			t.Fatalf("step %d: Find(%q) = %d, %v; want %d", step, m.Action(i), j, err, i)
		}
		if err := r.Do(i); err != nil {
			t.Fatalf("step %d: %v", step, err)
		}
		if s.Check != nil {
			s.Check(t, m)
		}
	}
	if m.Over() && m.Legal() != 0 {
		t.Fatalf("over with %d legal actions", m.Legal())
	}
	for i, e := range events {
		if e.N != i+1 || e.Kind == "" {
			t.Fatalf("event %d: n=%d kind=%q", i, e.N, e.Kind)
		}
		if _, err := json.Marshal(e); err != nil {
			t.Fatalf("event %d does not marshal: %v", i, err)
		}
	}
	if m.Over() {
		res := m.Result()
		for _, w := range res.Winners {
			if w < 0 || w >= len(seats) {
				t.Fatalf("winner %d is not a seat", w)
			}
		}
		if res.Reason == "" {
			t.Fatalf("result without a reason")
		}
	}
	checkParticipants(t, m)
	final := JSON(t, s.Game, s.Mode.Name, m)
	for _, format := range []string{"yaml", "json"} {
		if got := JSON(t, s.Game, s.Mode.Name, Reload(t, s, m, format)); !bytes.Equal(got, final) {
			t.Fatalf("the final position read back from %s writes another position:\n%s", format, firstDiff(final, got))
		}
	}

	// Seed + actions.
	m2, err := s.Mode.New(s.Rules, s.options(seed))
	if err != nil {
		t.Fatal(err)
	}
	replay(t, m2, r.Log)
	if got := JSON(t, s.Game, s.Mode.Name, m2); !bytes.Equal(got, final) {
		t.Fatalf("seed + %d actions gives another final position:\n%s", len(r.Log), firstDiff(final, got))
	}
	// Starting position (JSON and YAML) + actions.
	for _, b := range [][]byte{start, startYAML} {
		env, err := play.ReadPosition("start", b)
		if err != nil {
			t.Fatal(err)
		}
		m3, err := s.Mode.Load(s.Rules, env.State)
		if err != nil {
			t.Fatalf("load start: %v", err)
		}
		replay(t, m3, r.Log)
		if got := JSON(t, s.Game, s.Mode.Name, m3); !bytes.Equal(got, final) {
			t.Fatalf("start position + %d actions gives another final position:\n%s", len(r.Log), firstDiff(final, got))
		}
	}
}

func replay(t testing.TB, m play.Match, log []string) {
	t.Helper()
	r := play.NewRunner(m, nil)
	for k, a := range log {
		if err := r.DoText(a); err != nil {
			t.Fatalf("replay action %d: %v", k+1, err)
		}
	}
}

// checkCopies compares m with a reloaded copy and a clone: same position,
// same legal actions, and the same position again after each plays the
// same next few actions.
func checkCopies(t testing.TB, s Setup, m play.Match, step int) {
	t.Helper()
	want := JSON(t, s.Game, s.Mode.Name, m)
	copies := map[string]play.Match{
		"yaml":  Reload(t, s, m, "yaml"),
		"json":  Reload(t, s, m, "json"),
		"clone": m.Clone(),
	}
	for name, c := range copies {
		if got := JSON(t, s.Game, s.Mode.Name, c); !bytes.Equal(got, want) {
			t.Fatalf("step %d: %s copy writes another position:\n%s", step, name, firstDiff(want, got))
		}
	}
	// Play a few actions on a clone of the original and on each copy.
	orig := m.Clone()
	for k := 0; k < 5 && !orig.Over(); k++ {
		i := (step + k) % orig.Legal()
		a := orig.Action(i)
		if err := orig.Apply(i); err != nil {
			t.Fatalf("step %d+%d: %v", step, k, err)
		}
		for name, c := range copies {
			j, err := play.Find(c, a)
			if err != nil {
				t.Fatalf("step %d+%d: %s copy: %v", step, k, name, err)
			}
			if err := c.Apply(j); err != nil {
				t.Fatalf("step %d+%d: %s copy: %v", step, k, name, err)
			}
		}
	}
	want = JSON(t, s.Game, s.Mode.Name, orig)
	for name, c := range copies {
		if got := JSON(t, s.Game, s.Mode.Name, c); !bytes.Equal(got, want) {
			t.Fatalf("step %d: %s copy plays on differently:\n%s", step, name, firstDiff(want, got))
		}
	}
	if got := JSON(t, s.Game, s.Mode.Name, m); !bytes.Equal(got, JSON(t, s.Game, s.Mode.Name, m)) {
		t.Fatalf("step %d: position is not stable", step)
	}
}

// checkDeterminize: a determinization for the seat to move leaves m as it
// was, offers that seat the same actions, and plays on.
func checkDeterminize(t testing.TB, s Setup, m play.Match, step int, seed uint64) {
	t.Helper()
	d, ok := m.(play.Determinizer)
	if !ok {
		return
	}
	want := JSON(t, s.Game, s.Mode.Name, m)
	seat := m.ToMove()
	c := d.Determinize(seat, rand.New(rand.NewPCG(seed, uint64(step))))
	if got := JSON(t, s.Game, s.Mode.Name, m); !bytes.Equal(got, want) {
		t.Fatalf("step %d: Determinize changed the match:\n%s", step, firstDiff(want, got))
	}
	if c.ToMove() != seat || c.Legal() != m.Legal() {
		t.Fatalf("step %d: a determinization for seat %d has seat %d to move with %d legal actions; the match has seat %d with %d", step, seat, c.ToMove(), c.Legal(), seat, m.Legal())
	}
	for i := range m.Legal() {
		if a, b := m.Action(i), c.Action(i); a != b {
			t.Fatalf("step %d: a determinization for seat %d offers action %d %q; the match offers %q", step, seat, i, b, a)
		}
	}
	for k := 0; k < 5 && !c.Over(); k++ {
		if err := c.Apply((step + k) % c.Legal()); err != nil {
			t.Fatalf("step %d+%d: a determinization does not play on: %v", step, k, err)
		}
	}
}

// checkParticipants: one list per seat, no id twice in a list.
func checkParticipants(t testing.TB, m play.Match) {
	t.Helper()
	p, ok := m.(play.Participants)
	if !ok {
		return
	}
	lists := p.Participants()
	if len(lists) != len(m.Seats()) {
		t.Fatalf("Participants: %d lists for %d seats", len(lists), len(m.Seats()))
	}
	for seat, ids := range lists {
		seen := map[string]bool{}
		for _, id := range ids {
			if seen[id] || id == "" {
				t.Fatalf("Participants: seat %d lists %q twice (or empty)", seat, id)
			}
			seen[id] = true
		}
	}
}

// firstDiff shows where two texts first differ.
func firstDiff(a, b []byte) string {
	la, lb := bytes.Split(a, []byte("\n")), bytes.Split(b, []byte("\n"))
	for i := range max(len(la), len(lb)) {
		var x, y []byte
		if i < len(la) {
			x = la[i]
		}
		if i < len(lb) {
			y = lb[i]
		}
		if !bytes.Equal(x, y) {
			return fmt.Sprintf("line %d:\n  want %s\n  got  %s", i+1, x, y)
		}
	}
	return "(equal)"
}
