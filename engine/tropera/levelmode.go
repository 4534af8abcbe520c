package tropera

import (
	"fmt"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/engine/tropera/table"
	"github.com/roundtable-dev/roundtable/internal/phrase"
)

// Leveling is a character's level-ups as a match: the GM's d20s are rolls,
// the player's picks are actions ("raise skl spd str mag": four of the five
// best; at levels 8 and 16 "add str" nine times, at most twice a stat).
type Leveling struct {
	rs     *table.Ruleset
	c      *table.Character
	level  int // reached so far
	target int
	gains  table.Stats // from the character's own gains on
	lu     LevelUp     // the level-up in progress
	dice   *Seeded
	quiet  bool
	events []play.Event
}

// NewLeveling starts levels level-ups of character ci.
func NewLeveling(rs *table.Ruleset, ci, levels int, seed uint64, quiet bool) (*Leveling, error) {
	c := &rs.Characters[ci]
	if levels < 1 || levels > table.MaxLevel-int(c.Level) {
		if int(c.Level) >= table.MaxLevel {
			return nil, fmt.Errorf("%s is already level %d, the highest", c.ID, c.Level)
		}
		return nil, fmt.Errorf("%s is level %d; --levels must be 1 to %d", c.ID, c.Level, table.MaxLevel-int(c.Level))
	}
	l := &Leveling{rs: rs, c: c, level: int(c.Level), target: int(c.Level) + levels, gains: c.Gains, dice: NewSeeded(int64(seed)), quiet: quiet}
	l.next()
	return l, nil
}

// stats are the character's stats now: points, gains, 10 HP.
func (l *Leveling) stats() table.Stats {
	s := l.c.Points
	for i := range s {
		s[i] += l.gains[i]
	}
	s[table.HP] += table.BaseHP
	return s
}

// next rolls the next level-up, if any is left.
func (l *Leveling) next() {
	if l.level >= l.target {
		return
	}
	l.lu = RollLevel(l.dice, l.c.Growths, l.level)
	if l.quiet {
		return
	}
	if l.lu.Milestone() {
		l.note("milestone", "level %d: 9 free points (at most 2 a stat) and 2 HP", l.lu.Level)
		return
	}
	var rolls []string
	for _, r := range l.lu.Rolls {
		x := fmt.Sprintf("%s %d", r.Stat, r.Result)
		switch r.Natural {
		case 20:
			x += "(nat 20)"
		case 1:
			x += "(nat 1)"
		}
		rolls = append(rolls, x)
	}
	text := fmt.Sprintf("level %d: %s; five best %s", l.lu.Level, strings.Join(rolls, " "), statList(l.lu.Eligible))
	if len(l.lu.Natural) > 0 {
		text += "; free " + statList(l.lu.Natural)
	}
	l.events = append(l.events, play.Event{Turn: l.lu.Level, Seat: -1, Kind: "roll", Text: text, Data: levelData(l.lu)})
}

func (l *Leveling) note(kind, format string, args ...any) {
	if !l.quiet {
		l.events = append(l.events, play.Event{Turn: l.lu.Level, Seat: -1, Kind: kind, Text: fmt.Sprintf(format, args...)})
	}
}

type rollData struct {
	Stat    string `json:"stat"`
	Natural int    `json:"natural"`
	Result  int    `json:"result"`
	Rerolls []int  `json:"rerolls,omitempty"`
}

func levelData(lu LevelUp) any {
	var rolls []rollData
	for _, r := range lu.Rolls {
		rolls = append(rolls, rollData{Stat: r.Stat.String(), Natural: r.Natural, Result: r.Result, Rerolls: r.Rerolls})
	}
	return map[string]any{"level": lu.Level, "rolls": rolls, "eligible": names(lu.Eligible), "natural_20": names(lu.Natural)}
}

func names(ss []table.Stat) []string {
	out := []string{}
	for _, s := range ss {
		out = append(out, s.String())
	}
	return out
}

// choices are the legal picks now.
func (l *Leveling) choices() [][]table.Stat {
	if l.level >= l.target {
		return nil
	}
	if l.lu.Milestone() {
		var out [][]table.Stat
		for s := range table.NumStats {
			if l.lu.Gains[s] < table.MilestonePerStat {
				out = append(out, []table.Stat{s})
			}
		}
		return out
	}
	e := l.lu.Eligible
	n := min(table.LevelUpRaises, len(e))
	if n == len(e) {
		return [][]table.Stat{slices.Clone(e)}
	}
	// Four of five: leave one out, the worst first left out.
	var out [][]table.Stat
	for skip := len(e) - 1; skip >= 0; skip-- {
		var c []table.Stat
		for i, s := range e {
			if i != skip {
				c = append(c, s)
			}
		}
		out = append(out, c)
	}
	return out
}

func (l *Leveling) text(c []table.Stat) string {
	if l.lu.Milestone() {
		return "add " + c[0].String()
	}
	return "raise " + statList(c)
}

// Seats implements play.Match.
func (l *Leveling) Seats() []play.Seat { return []play.Seat{{Index: 0, Name: "player"}} }

// ToMove implements play.Match.
func (l *Leveling) ToMove() int {
	if l.Over() {
		return -1
	}
	return 0
}

// Legal implements play.Match.
func (l *Leveling) Legal() int { return len(l.choices()) }

// Action implements play.Match.
func (l *Leveling) Action(i int) string { return l.text(l.choices()[i]) }

// Apply implements play.Match.
func (l *Leveling) Apply(i int) error {
	cs := l.choices()
	if i < 0 || i >= len(cs) {
		return fmt.Errorf("no legal action %d", i)
	}
	if l.lu.Milestone() {
		s := cs[i][0]
		l.lu.Gains[s]++
		sum := 0
		for _, v := range l.lu.Gains {
			sum += int(v)
		}
		if sum < table.MilestonePoints {
			return nil
		}
		points := l.lu.Gains
		l.lu.Gains = table.Stats{}
		if err := l.lu.Allocate(points); err != nil {
			return err
		}
	} else if err := l.lu.Choose(cs[i]); err != nil {
		return err
	}
	for s, g := range l.lu.Gains {
		l.gains[s] += g
	}
	var gains []string
	for s, g := range l.lu.Gains {
		if g > 0 {
			gains = append(gains, fmt.Sprintf("%s+%d", table.Stat(s), g))
		}
	}
	st := l.stats()
	var now []string
	for s, v := range st {
		now = append(now, fmt.Sprintf("%s %d", table.Stat(s), v))
	}
	l.note("level", "%s reaches level %d: %s; stats %s", l.c.ID, l.lu.Level, strings.Join(gains, " "), strings.Join(now, ", "))
	l.level = l.lu.Level
	l.lu = LevelUp{}
	l.next()
	return nil
}

// Over implements play.Match.
func (l *Leveling) Over() bool { return l.level >= l.target }

// Result implements play.Match.
func (l *Leveling) Result() play.Result {
	return play.Win(fmt.Sprintf("%s reached level %d", l.c.ID, l.level), 0)
}

// Turn implements play.Match: the level being reached (once over, the
// level reached).
func (l *Leveling) Turn() int {
	if l.Over() {
		return l.level
	}
	return l.lu.Level
}

// Events implements play.Match.
func (l *Leveling) Events() []play.Event {
	e := l.events
	l.events = nil
	return e
}

// Clone implements play.Match.
func (l *Leveling) Clone() play.Match {
	c := *l
	c.lu.Rolls = slices.Clone(l.lu.Rolls)
	c.lu.Eligible = slices.Clone(l.lu.Eligible)
	c.lu.Chosen = slices.Clone(l.lu.Chosen)
	c.lu.Natural = slices.Clone(l.lu.Natural)
	c.dice = l.dice.Clone()
	c.events = nil
	return &c
}

// LevelingPos is the level-up mode's position.
type LevelingPos struct {
	Character string `json:"character" yaml:"character" pos:"required"`
	Level     int    `json:"level" yaml:"level" pos:"required"`   // reached so far
	Target    int    `json:"target" yaml:"target" pos:"required"` // to reach
	// Gains are the character's level-up gains so far.
	Gains map[string]int `json:"gains" yaml:"gains"`
	// The level-up in progress: its rolls and the five best, or (levels 8
	// and 16) the free points assigned so far.
	Rolls    []RollPos      `json:"rolls,omitempty" yaml:"rolls,omitempty"`
	Eligible []string       `json:"eligible,omitempty" yaml:"eligible,omitempty"`
	Assigned map[string]int `json:"assigned,omitempty" yaml:"assigned,omitempty"`
	RNG      string         `json:"rng" yaml:"rng" pos:"required"`
}

// RollPos is one stat's d20 of the level-up in progress.
type RollPos struct {
	Stat    string `json:"stat" yaml:"stat" pos:"required"`
	Natural int    `json:"natural" yaml:"natural" pos:"required"`
	Result  int    `json:"result" yaml:"result" pos:"required"`
	Rerolls []int  `json:"rerolls,omitempty" yaml:"rerolls,omitempty"`
}

func statMap(s table.Stats) map[string]int {
	m := map[string]int{}
	for i, v := range s {
		if v != 0 {
			m[table.StatNames[i]] = int(v)
		}
	}
	return m
}

// Position implements play.Match.
func (l *Leveling) Position() any {
	p := LevelingPos{Character: l.c.ID, Level: l.level, Target: l.target, Gains: statMap(l.gains), RNG: l.dice.State()}
	if !l.Over() {
		if l.lu.Milestone() {
			p.Assigned = statMap(l.lu.Gains)
		} else {
			for _, r := range l.lu.Rolls {
				p.Rolls = append(p.Rolls, RollPos{Stat: r.Stat.String(), Natural: r.Natural, Result: r.Result, Rerolls: r.Rerolls})
			}
			p.Eligible = names(l.lu.Eligible)
		}
	}
	return p
}

// LoadLeveling reads a level-up match back from its position: decode,
// then check each field.
func LoadLeveling(rs *table.Ruleset, n *yaml.Node) (*Leveling, error) {
	var p LevelingPos
	if err := play.Decode(n, &p); err != nil {
		return nil, err
	}
	errf := func(path play.Path, format string, args ...any) error { return play.Errorf(n, path, format, args...) }
	ci := rs.CharacterIndex(p.Character)
	if ci < 0 {
		return nil, errf(play.Path{"character"}, "no character %s", phrase.Quote(p.Character))
	}
	c := &rs.Characters[ci]
	if p.Level < int(c.Level) || p.Level > table.MaxLevel {
		return nil, errf(play.Path{"level"}, "%d is not %d (%s's own) to %d", p.Level, c.Level, c.ID, table.MaxLevel)
	}
	if p.Target < p.Level || p.Target > table.MaxLevel {
		return nil, errf(play.Path{"target"}, "%d is not the level %d to %d", p.Target, p.Level, table.MaxLevel)
	}
	l := &Leveling{rs: rs, c: c, level: p.Level, target: p.Target, dice: NewSeeded(0)}
	if err := l.dice.SetState(p.RNG); err != nil {
		return nil, errf(play.Path{"rng"}, "%v", err)
	}
	stat := func(name string, path play.Path) (table.Stat, error) {
		k := slices.Index(table.StatNames[:], name)
		if k < 0 {
			return 0, errf(path, "no stat %s (stats: %s)", phrase.Quote(name), strings.Join(table.StatNames[:], ", "))
		}
		return table.Stat(k), nil
	}
	for _, name := range sortedKeys(p.Gains) {
		s, err := stat(name, play.Path{"gains", play.Key(name)})
		if err != nil {
			return nil, err
		}
		// A level gives a stat at most 2 (a raise and a natural 20, or a
		// milestone's most), on top of the character's own gains.
		if v, hi := p.Gains[name], int(c.Gains[s])+2*(p.Level-int(c.Level)); v < 0 || v > hi {
			return nil, errf(play.Path{"gains", name}, "%s gains %d: 0 to %d at level %d", name, v, hi, p.Level)
		}
		l.gains[s] = int8(p.Gains[name])
	}
	if l.Over() {
		return l, nil
	}
	l.lu = LevelUp{Level: p.Level + 1}
	if l.lu.Milestone() {
		return l, l.loadMilestone(&p, stat, errf)
	}
	return l, l.loadRolls(&p, stat, errf)
}

func (l *Leveling) loadMilestone(p *LevelingPos, stat func(string, play.Path) (table.Stat, error), errf func(play.Path, string, ...any) error) error {
	sum := 0
	for _, name := range sortedKeys(p.Assigned) {
		s, err := stat(name, play.Path{"assigned", play.Key(name)})
		if err != nil {
			return err
		}
		v := p.Assigned[name]
		if v < 0 || v > table.MilestonePerStat {
			return errf(play.Path{"assigned", name}, "%d points to %s: at most %d a stat", v, name, table.MilestonePerStat)
		}
		l.lu.Gains[s] = int8(v)
		sum += v
	}
	if sum >= table.MilestonePoints {
		return errf(play.Path{"assigned"}, "%d points assigned: a milestone's 9 would be spent", sum)
	}
	return nil
}

func (l *Leveling) loadRolls(p *LevelingPos, stat func(string, play.Path) (table.Stat, error), errf func(play.Path, string, ...any) error) error {
	c := l.c
	if len(p.Rolls) != int(table.NumStats) {
		return errf(play.Path{"rolls"}, "%d rolls: a level-up rolls one d20 per stat (%d)", len(p.Rolls), table.NumStats)
	}
	for k, r := range p.Rolls {
		path := play.Path{"rolls", k}
		s, err := stat(r.Stat, path.With("stat"))
		if err != nil {
			return err
		}
		if slices.ContainsFunc(l.lu.Rolls, func(x Roll20) bool { return x.Stat == s }) {
			return errf(path.With("stat"), "%s is rolled twice", r.Stat)
		}
		if r.Natural < 1 || r.Natural > 20 || r.Result != r.Natural+int(c.Growths[s]) {
			return errf(path, "%s: natural %d and result %d do not fit a d20 plus the growth rate %d", r.Stat, r.Natural, r.Result, c.Growths[s])
		}
		if len(r.Rerolls) > 100 {
			return errf(path.With("rerolls"), "%d rerolls (at most 100)", len(r.Rerolls))
		}
		for j, x := range r.Rerolls {
			if x < 1 || x > 20 {
				return errf(path.With("rerolls", j), "reroll %d is not a d20's 1 to 20", x)
			}
		}
		l.lu.Rolls = append(l.lu.Rolls, Roll20{Stat: s, Natural: r.Natural, Result: r.Result, Rerolls: r.Rerolls})
		if r.Natural == 20 {
			l.lu.Natural = append(l.lu.Natural, s)
			l.lu.Gains[s]++
		}
	}
	if len(p.Eligible) > table.LevelUpEligible {
		return errf(play.Path{"eligible"}, "%d eligible stats: at most the five best", len(p.Eligible))
	}
	for k, name := range p.Eligible {
		s, err := stat(name, play.Path{"eligible", k})
		if err != nil {
			return err
		}
		if slices.Contains(l.lu.Eligible, s) {
			return errf(play.Path{"eligible", k}, "%s is listed twice", name)
		}
		l.lu.Eligible = append(l.lu.Eligible, s)
	}
	return nil
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// LevelUpMode is a character's level-ups with the player's picks as
// actions: `roundtable play tropera levelup --character lyn --levels 3`.
var LevelUpMode = play.Mode{
	Name:    "levelup",
	Summary: "a character's level-ups: the d20 rolls, and the player's picks as actions",
	Flags: []play.Flag{
		{Name: "character", Usage: "character id (default: the first character)", Kind: play.String, Choices: func(rules any) []string {
			var out []string
			for _, c := range rules.(*table.Ruleset).Characters {
				out = append(out, c.ID)
			}
			return out
		}},
		{Name: "levels", Usage: "levels to gain", Default: "1", Kind: play.Int},
	},
	New: func(rules any, o play.Options) (play.Match, error) {
		rs := rules.(*table.Ruleset)
		if len(rs.Characters) == 0 {
			return nil, fmt.Errorf("the content has no character")
		}
		ci := 0
		if id := o.Str("character"); id != "" {
			if ci = rs.CharacterIndex(id); ci < 0 {
				var ids []string
				for _, c := range rs.Characters {
					ids = append(ids, c.ID)
				}
				if s := phrase.Suggest(id, ids); s != "" {
					return nil, fmt.Errorf("no character %s (did you mean %s?)", phrase.Quote(id), phrase.Quote(s))
				}
				return nil, fmt.Errorf("no character %s", phrase.Quote(id))
			}
		}
		n, err := o.Int("levels", 1)
		if err != nil {
			return nil, err
		}
		return NewLeveling(rs, ci, n, o.Seed, o.Quiet)
	},
	Load: func(rules any, st *yaml.Node) (play.Match, error) {
		return play.Playable(LoadLeveling(rules.(*table.Ruleset), st))
	},
	Policies:      map[string]play.PolicyMaker{"random": play.NewRandom, "greedy": newBestPicks},
	DefaultPolicy: "greedy",
	Example:       "--character lyn --levels 8 --seed 1",
}

// bestPicks raises the four best results, and spreads free points to the
// highest growth rates first.
type bestPicks struct{}

func newBestPicks(uint64, int) play.Policy { return bestPicks{} }

// Choose implements play.Policy.
func (bestPicks) Choose(m play.Match) int {
	l := m.(*Leveling)
	if !l.lu.Milestone() {
		return 0 // the first choice leaves the fifth best out
	}
	cs := l.choices()
	best := 0
	for i, c := range cs {
		if l.c.Growths[c[0]] > l.c.Growths[cs[best][0]] {
			best = i
		}
	}
	return best
}
