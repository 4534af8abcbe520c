package battlecrest

import (
	"fmt"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/compiler/source"
	"github.com/roundtable-dev/roundtable/engine/battlecrest/table"
)

type abilityDoc struct {
	Attack  *int8  `yaml:"attack"`
	March   *int8  `yaml:"march"`
	Force   *int8  `yaml:"force"`
	Star    bool   `yaml:"star"`
	Range   string `yaml:"range"`
	Reach   int8   `yaml:"reach"`
	Targets int8   `yaml:"targets"`
	Crest   string `yaml:"crest"`
}

type specialDoc struct {
	Name    string      `yaml:"name"`
	Text    string      `yaml:"text"`
	Star    bool        `yaml:"star"`
	When    []string    `yaml:"when"`
	Target  string      `yaml:"target"`
	Ability *abilityDoc `yaml:"ability"`
	Reach   int8        `yaml:"reach"`
	Flip    bool        `yaml:"flip"`
}

type effectDoc struct {
	Edge     string   `yaml:"edge"`
	Shortcut []string `yaml:"shortcut"`
	Bonus    []string `yaml:"bonus"`
	Hazard   bool     `yaml:"hazard"`
}

type landmarkDoc struct {
	ID      string      `yaml:"id"`
	Set     string      `yaml:"set"`
	Name    string      `yaml:"name"`
	Number  int8        `yaml:"number"`
	Start   []effectDoc `yaml:"start"`
	Flipped []effectDoc `yaml:"flipped"`
	Ability specialDoc  `yaml:"ability"`
}

type mapDoc struct {
	ID     string   `yaml:"id"`
	Name   string   `yaml:"name"`
	Layout []string `yaml:"layout"`
}

type minionSideDoc struct {
	Movement int8 `yaml:"movement"`
	Defense  int8 `yaml:"defense"`
}

type heroSetDoc struct {
	ID   string `yaml:"id"`
	Name string `yaml:"name"`
	Hero struct {
		Name    string     `yaml:"name"`
		Special specialDoc `yaml:"special"`
	} `yaml:"hero"`
	Minion *struct {
		Name    string        `yaml:"name"`
		Special specialDoc    `yaml:"special"`
		Healthy minionSideDoc `yaml:"healthy"`
		Wounded minionSideDoc `yaml:"wounded"`
	} `yaml:"minion"`
	Health struct {
		Healthy struct {
			Start int8 `yaml:"start"`
			Flip  int8 `yaml:"flip"`
		} `yaml:"healthy"`
		Wounded struct {
			Start int8   `yaml:"start"`
			Skull int8   `yaml:"skull"`
			Crest string `yaml:"crest"`
		} `yaml:"wounded"`
	} `yaml:"health"`
}

type actionSideDoc struct {
	Name         string       `yaml:"name"`
	Abilities    []abilityDoc `yaml:"abilities"`
	Crest        string       `yaml:"crest"`
	Defense      int8         `yaml:"defense"`
	DefenseCrest string       `yaml:"defense-crest"`
	Movement     int8         `yaml:"movement"`
}

type actionDoc struct {
	ID    string        `yaml:"id"`
	Set   string        `yaml:"set"`
	Start actionSideDoc `yaml:"start"`
	Back  actionSideDoc `yaml:"back"`
}

type builder struct {
	p     *compiler.Program
	diags diag.List
	rs    *table.Ruleset
	// crest uses per hero set, for the dead-crest check
	bonuses map[int][]crestUse
	primes  map[int]map[int16]bool
}

type crestUse struct {
	crest int16
	pos   diag.Pos
	id    string
}

// build is the game's build: its steps in the order they run, each after
// the steps it needs (compiler.Steps).
var build = compiler.Steps[*builder]{
	New: newBuilder,
	Table: []compiler.Step[*builder]{
		{Name: "crests", Run: (*builder).crests},
		{Name: "mapSets", Run: (*builder).mapSets},
		{Name: "landmarks", Needs: []string{"mapSets"}, Run: (*builder).landmarks},
		{Name: "heroSets", Needs: []string{"crests"}, Run: (*builder).heroSets},
		{Name: "actions", Needs: []string{"crests", "heroSets"}, Run: (*builder).actions},
		{Name: "setChecks", Needs: []string{"crests", "heroSets", "actions"}, Run: (*builder).setChecks},
		{Name: "minionStarts", Needs: []string{"mapSets", "heroSets"}, Run: (*builder).minionStarts},
	},
}

// Result returns the ruleset and what the steps reported.
func (b *builder) Result() (any, diag.List) { return b.rs, b.diags }

func newBuilder(p *compiler.Program) *builder {
	return &builder{p: p, rs: &table.Ruleset{}, bonuses: map[int][]crestUse{}, primes: map[int]map[int16]bool{}}
}

// pos is the position of the value at path in d (compiler.Doc.PathPos).
var pos = (*compiler.Doc).PathPos

func join(path []string, more ...string) []string {
	return append(append([]string(nil), path...), more...)
}

type crestDoc struct {
	ID   string `yaml:"id"`
	Name string `yaml:"name"`
}

func (b *builder) crests() {
	for _, c := range compiler.Decoded[crestDoc](b.p, "crest", &b.diags, nil) {
		b.rs.Crests = append(b.rs.Crests, table.Crest{ID: c.ID, Name: c.Name})
	}
}

func (b *builder) crest(d *compiler.Doc, id string, path []string) int16 {
	if id == "" {
		return table.NoCrest
	}
	return int16(b.p.Resolve("crest", id, pos(d, path...), "crest", &b.diags))
}

var rangeCode = map[string]table.Range{"": table.NoRange, "short": table.Short, "medium": table.Medium, "long": table.Long}

// ability checks and builds one ability; star says whether a star is allowed.
func (b *builder) ability(d *compiler.Doc, a abilityDoc, path []string, star bool) table.Ability {
	at := func(field string) diag.Pos {
		if n := source.Path(d.PosTree(), join(path, field)...); n != nil {
			return source.NodePos(d.File, n)
		}
		return pos(d, path...)
	}
	var words []string
	t := table.Ability{Range: rangeCode[a.Range], Reach: a.Reach, Targets: 1, Crest: table.NoCrest}
	if a.Targets > 0 {
		t.Targets = a.Targets
	}
	if a.Attack != nil {
		words, t.Keyword, t.Value = append(words, "attack"), table.Attack, *a.Attack
	}
	if a.March != nil {
		words, t.Keyword, t.Value = append(words, "march"), table.March, *a.March
	}
	if a.Force != nil {
		words, t.Keyword, t.Value = append(words, "force"), table.Force, *a.Force
	}
	if a.Star {
		words, t.Keyword = append(words, "star"), table.Star
	}
	where := strings.Join(append([]string{d.ID}, path...), ".")
	if len(words) != 1 {
		dd := b.diags.Add(CodeAbility, pos(d, path...), "%s: an ability needs exactly one of attack, march, force or star; it has %d (%s)", where, len(words), strings.Join(words, ", "))
		dd.Hint = "split two keywords into two abilities; a card side holds up to two"
		return t
	}
	aimed := t.Keyword == table.Attack || t.Keyword == table.Force
	switch {
	case t.Keyword == table.Star && !star:
		b.diags.Add(CodeSpecial, at("star"), "%s: a special ability cannot be a star; stars are spent on special abilities", where)
	case aimed && a.Range == "":
		b.diags.Add(CodeAbility, pos(d, path...), "%s: %s needs a range (short, medium or long)", where, words[0])
	case !aimed && a.Range != "":
		b.diags.Add(CodeAbility, at("range"), "%s: %s takes no range", where, words[0])
	case !aimed && a.Targets > 0:
		b.diags.Add(CodeAbility, at("targets"), "%s: %s takes no targets", where, words[0])
	case a.Range == "long" && a.Reach == 0:
		b.diags.Add(CodeAbility, at("range"), "%s: long range needs a reach (the bow's number, 2 or more)", where)
	case a.Range != "long" && a.Reach != 0:
		b.diags.Add(CodeAbility, at("reach"), "%s: reach is long range's number; this ability's range is %q", where, a.Range)
	case t.Keyword == table.Star && a.Crest != "":
		b.diags.Add(CodeAbility, at("crest"), "%s: a star has no value for a crest bonus", where)
	}
	t.Crest = b.crest(d, a.Crest, join(path, "crest"))
	return t
}

// special checks and builds a special ability: star-powered, conditional
// (when:), or kept as text; self is the name of the warrior whose card
// holds it, "" for a landmark's.
func (b *builder) special(d *compiler.Doc, s specialDoc, path []string, self string) table.Special {
	t := table.Special{Name: s.Name, Text: s.Text, Star: s.Star, Reach: s.Reach, Flip: s.Flip}
	t.Ability.Crest = table.NoCrest // none unless it has an ability
	where := strings.Join(append([]string{d.ID}, path...), ".")
	switch {
	case s.Star && s.When != nil:
		b.diags.Add(CodeSpecial, pos(d, join(path, "when")...), "%s: special ability %q is star-powered and has a condition; it is one or the other", where, s.Name).Hint = "remove star: true for a conditional special, or when: for a star-powered one"
		return t
	case s.Star && s.Target != "":
		b.diags.Add(CodeSpecial, pos(d, join(path, "target")...), "%s: special ability %q is star-powered and has a target; a target names the warrior whose event triggered a special", where, s.Name).Hint = "remove target:, or give the special an event in when: (when an enemy ends a move within 2) instead of star: true"
		return t
	case s.Star && s.Ability == nil:
		b.diags.Add(CodeSpecial, pos(d, path...), "%s: star-powered special ability %q has no ability to resolve", where, s.Name).Hint = "add ability: {attack: 1, range: short} or similar"
		return t
	case s.When != nil && s.Ability == nil:
		b.diags.Add(CodeSpecial, pos(d, join(path, "when")...), "%s: conditional special ability %q has no ability to resolve when its condition holds", where, s.Name).Hint = "add ability: {attack: 1, range: short} or similar"
		return t
	case !s.Star && s.When == nil && s.Ability != nil:
		b.diags.Add(CodeSpecial, pos(d, join(path, "ability")...), "%s: special ability %q has neither star: true nor a when: condition, so its ability would never resolve", where, s.Name).Hint = "add star: true to make it star-powered, or when: [start of turn, ...] to make it conditional"
		return t
	case !s.Star && s.When == nil:
		b.diags.Add(CodeCondition, pos(d, path...), "%s: special ability %q has neither a star nor a when: condition; it is kept as text and the engine never uses it", where, s.Name).Hint = "write its condition as when: [start of turn, adjacent to an enemy] and what it does as ability:, or add star: true"
		return t
	}
	t.Ability = b.ability(d, *s.Ability, join(path, "ability"), false)
	if s.When != nil {
		ev, clauses, ok := b.condition(d, s.Name, s.When, path, self)
		if ok {
			aim, aimOK := b.aim(d, s.Name, s.Target, path, ev, t.Ability)
			if aimOK {
				t.When, t.Who, t.Near, t.Aim, t.If = ev.timing, ev.who, ev.near, aim, clauses
			}
		}
	}
	return t
}

func (b *builder) mapSets() {
	for d, m := range compiler.Decoded[mapDoc](b.p, "map-set", &b.diags, nil) {
		t := table.MapSet{ID: m.ID, Name: m.Name, Height: int8(len(m.Layout))}
		width := len(m.Layout[0])
		t.Width = int8(width)
		good := true
		for i, row := range m.Layout {
			if len(row) != width {
				b.diags.Add(CodeMapWidth, pos(d, "layout", strconv.Itoa(i)), "map-set %q: row %d is %d wide; row 1 is %d", m.ID, i+1, len(row), width).Hint = "write - for positions that are not spaces"
				good = false
			}
		}
		if good {
			t.Cells = make([]table.Cell, 0, width*len(m.Layout))
			for _, row := range m.Layout {
				for _, ch := range row {
					t.Cells = append(t.Cells, cellCode[ch])
				}
			}
			b.checkLayout(d, &t)
		}
		b.rs.MapSets = append(b.rs.MapSets, t)
	}
}

var cellCode = map[rune]table.Cell{'-': table.Void, '.': table.Space, 'L': table.LandmarkPos, 'H': table.HeroStart, 'M': table.MinionStart}

// cellPos is the position of one character of a layout row.
func cellPos(d *compiler.Doc, r, c int) diag.Pos {
	n := source.Path(d.PosTree(), "layout", strconv.Itoa(r))
	p := source.NodePos(d.File, n)
	if n != nil && (n.Style == yaml.DoubleQuotedStyle || n.Style == yaml.SingleQuotedStyle) {
		p.Col++
	}
	p.Col += c
	return p
}

// around counts the cells of kind k among the 8 neighbours of (r, c).
func around(m *table.MapSet, r, c int, k table.Cell) (n int, at [2]int) {
	for dr := -1; dr <= 1; dr++ {
		for dc := -1; dc <= 1; dc++ {
			if (dr != 0 || dc != 0) && m.At(r+dr, c+dc) == k {
				n++
				at = [2]int{r + dr, c + dc}
			}
		}
	}
	return n, at
}

func (b *builder) checkLayout(d *compiler.Doc, m *table.MapSet) {
	var heroes [][2]int
	var heroLM [][2]int
	for r := 0; r < int(m.Height); r++ {
		for c := 0; c < int(m.Width); c++ {
			cell := m.At(r, c)
			if cell == table.Void || cell == table.LandmarkPos {
				continue
			}
			if n, _ := around(m, r, c, table.LandmarkPos); n == 0 {
				b.diags.Add(CodeMapSpace, cellPos(d, r, c), "map-set %q: the space at row %d, column %d is not adjacent to a landmark position; warriors may not enter it", m.ID, r+1, c+1).Hint = "write - for a position that is not a space"
			}
			switch cell {
			case table.HeroStart:
				heroes = append(heroes, [2]int{r, c})
				n, at := around(m, r, c, table.LandmarkPos)
				if n != 1 {
					b.diags.Add(CodeMapStart, cellPos(d, r, c), "map-set %q: the hero start at row %d, column %d is adjacent to %d landmark positions; it needs exactly one, whose number decides who starts there", m.ID, r+1, c+1, n)
					continue
				}
				for i, o := range heroLM {
					if o == at {
						dd := b.diags.Add(CodeMapStart, cellPos(d, r, c), "map-set %q: both hero starts are adjacent to the landmark position at row %d, column %d; they need different ones", m.ID, at[0]+1, at[1]+1)
						dd.Related = append(dd.Related, diag.Related{Pos: cellPos(d, heroes[i][0], heroes[i][1]), Message: "the other hero start"})
					}
				}
				heroLM = append(heroLM, at)
			case table.MinionStart:
				if n, _ := around(m, r, c, table.HeroStart); n != 1 {
					b.diags.Add(CodeMapMinion, cellPos(d, r, c), "map-set %q: the minion start at row %d, column %d is adjacent to %d hero starts; it needs exactly one", m.ID, r+1, c+1, n)
				}
			}
		}
	}
	if len(heroes) != 2 {
		b.diags.Add(CodeMapStart, pos(d, "layout"), "map-set %q has %d hero starts (H); a two-player map needs 2", m.ID, len(heroes))
	}
}

var edgeCode = map[string]table.Edge{"north": table.North, "east": table.East, "south": table.South, "west": table.West}

var bonusCode = map[string]table.Bonus{"attack": table.AttackBonus, "defense": table.DefenseBonus, "range": table.RangeBonus, "movement": table.MovementBonus, "force": table.ForceBonus}

func (b *builder) effects(d *compiler.Doc, side string, es []effectDoc) []table.Effect {
	var out []table.Effect
	for i, e := range es {
		path := []string{side, strconv.Itoa(i)}
		var n int
		t := table.Effect{Edge: edgeCode[e.Edge]}
		if len(e.Shortcut) > 0 {
			n++
			t.Type = table.Shortcut
			// One diagnostic per mistake: an arrow back to the edge, or an
			// arrow repeated (at its second place, with the count), however
			// often it is written.
			count := map[string]int{}
			for _, to := range e.Shortcut {
				count[to]++
			}
			seen := map[string]int{}
			for j, to := range e.Shortcut {
				seen[to]++
				switch {
				case to == e.Edge && seen[to] == 1:
					b.diags.Add(CodeShortcut, pos(d, join(path, "shortcut", strconv.Itoa(j))...), "landmark %q: a shortcut from the %s edge cannot lead back to the %s edge", d.ID, e.Edge, to).Hint = "a shortcut crosses the card to another edge"
				case to != e.Edge && seen[to] == 2:
					times := "twice"
					if count[to] > 2 {
						times = strconv.Itoa(count[to]) + " times"
					}
					b.diags.Add(CodeShortcut, pos(d, join(path, "shortcut", strconv.Itoa(j))...), "landmark %q: the shortcut from the %s edge lists the %s arrow %s", d.ID, e.Edge, to, times)
				}
				t.To = append(t.To, edgeCode[to])
			}
		}
		if len(e.Bonus) > 0 {
			n++
			t.Type = table.MapBonus
			for _, bn := range e.Bonus {
				t.Bonus = append(t.Bonus, bonusCode[bn])
			}
		}
		if e.Hazard {
			n++
			t.Type = table.Hazard
		}
		if n != 1 {
			b.diags.Add(CodeEffect, pos(d, path...), "landmark %q: a map effect needs exactly one of shortcut, bonus or hazard; it has %d", d.ID, n).Hint = "write two effects on the same edge as two list items"
			continue
		}
		out = append(out, t)
	}
	return out
}

func (b *builder) landmarks() {
	type seen struct {
		pos diag.Pos
		id  string
	}
	numbers := map[[2]int]seen{}
	for d, l := range compiler.Decoded[landmarkDoc](b.p, "landmark", &b.diags, nil) {
		set := b.p.Resolve("map-set", l.Set, pos(d, "set"), "map set", &b.diags)
		t := table.Landmark{ID: l.ID, Name: l.Name, Set: int16(set), Number: l.Number}
		t.Sides[0] = b.effects(d, "start", l.Start)
		t.Sides[1] = b.effects(d, "flipped", l.Flipped)
		if l.Ability.When == nil {
			l.Ability.Star = true // star-powered unless conditional
		}
		t.Ability = b.special(d, l.Ability, []string{"ability"}, "")
		if set >= 0 {
			key := [2]int{set, int(l.Number)}
			if o, dup := numbers[key]; dup {
				dd := b.diags.Add(CodeNumber, pos(d, "number"), "landmark %q has number %d, as %q of map set %q does", l.ID, l.Number, o.id, l.Set)
				dd.Related = append(dd.Related, diag.Related{Pos: o.pos, Message: o.id + "'s number"})
				dd.Hint = "the first player's hero starts by the higher-numbered landmark, so numbers must differ"
			} else {
				numbers[key] = seen{pos(d, "number"), l.ID}
			}
		}
		b.rs.Landmarks = append(b.rs.Landmarks, t)
		if set >= 0 && set < len(b.rs.MapSets) {
			b.rs.MapSets[set].Landmarks = append(b.rs.MapSets[set].Landmarks, int16(len(b.rs.Landmarks)-1))
		}
	}
	// Each diagram has one landmark position per card.
	for i, d := range b.p.Valid("map-set") {
		if i >= len(b.rs.MapSets) {
			break
		}
		m := &b.rs.MapSets[i]
		if m.Cells == nil {
			continue
		}
		n := 0
		for _, c := range m.Cells {
			if c == table.LandmarkPos {
				n++
			}
		}
		if b.p.Mentioned(m.ID) {
			continue // a broken landmark may be one of its cards: its error says so
		}
		if n != len(m.Landmarks) {
			b.diags.Add(CodeMapCount, pos(d, "layout"), "map-set %q has %d landmark positions (L) but %d landmark cards", m.ID, n, len(m.Landmarks)).Hint = "every landmark card goes in one L position"
		}
		if len(m.Landmarks) != MapCards {
			b.diags.Add(CodeMapSize, d.IDPos(), "map-set %q has %d landmark card%s; the rulebook's map sets have %d", m.ID, len(m.Landmarks), map[bool]string{true: "s"}[len(m.Landmarks) != 1], MapCards).Hint = fmt.Sprintf("give it %d landmarks (kind: landmark, set: %s) and %d L positions", MapCards, m.ID, MapCards)
		}
	}
}

func (b *builder) heroSets() {
	for i, d := range b.p.Valid("hero-set") {
		h, ok := compiler.Decode[heroSetDoc](d, &b.diags)
		if !ok {
			continue
		}
		t := table.HeroSet{ID: h.ID, Name: h.Name, Hero: h.Hero.Name}
		t.HeroSpecial = b.special(d, h.Hero.Special, []string{"hero", "special"}, h.Hero.Name)
		b.noteBonus(i, t.HeroSpecial.Ability, d, "hero", "special", "ability", "crest")
		if h.Minion != nil {
			t.HasMinion, t.Minion = true, h.Minion.Name
			t.MinionSpecial = b.special(d, h.Minion.Special, []string{"minion", "special"}, h.Minion.Name)
			b.noteBonus(i, t.MinionSpecial.Ability, d, "minion", "special", "ability", "crest")
			t.MinionSides[0] = table.MinionSide{Movement: h.Minion.Healthy.Movement, Defense: h.Minion.Healthy.Defense}
			t.MinionSides[1] = table.MinionSide{Movement: h.Minion.Wounded.Movement, Defense: h.Minion.Wounded.Defense}
		}
		hl := h.Health
		if hl.Healthy.Flip <= hl.Healthy.Start {
			b.diags.Add(CodeHealth, pos(d, "health", "healthy", "flip"), "hero-set %q: the healthy side's flip icon (%d) is not right of its start (%d)", h.ID, hl.Healthy.Flip, hl.Healthy.Start).Hint = "damage slides the health card right, from start toward the flip icon"
		}
		if hl.Wounded.Skull <= hl.Wounded.Start {
			b.diags.Add(CodeHealth, pos(d, "health", "wounded", "skull"), "hero-set %q: the wounded side's skull (%d) is not right of its start (%d)", h.ID, hl.Wounded.Skull, hl.Wounded.Start).Hint = "damage slides the health card right, from start toward the skull"
		}
		t.Health = table.Health{HealthyStart: hl.Healthy.Start, Flip: hl.Healthy.Flip, WoundedStart: hl.Wounded.Start, Skull: hl.Wounded.Skull,
			Crest: b.crest(d, hl.Wounded.Crest, []string{"health", "wounded", "crest"})}
		b.prime(i, t.Health.Crest)
		b.rs.HeroSets = append(b.rs.HeroSets, t)
	}
}

func (b *builder) prime(set int, c int16) {
	if c < 0 {
		return
	}
	if b.primes[set] == nil {
		b.primes[set] = map[int16]bool{}
	}
	b.primes[set][c] = true
}

func (b *builder) noteBonus(set int, a table.Ability, d *compiler.Doc, path ...string) {
	if a.Crest >= 0 {
		b.bonuses[set] = append(b.bonuses[set], crestUse{a.Crest, pos(d, path...), d.ID})
	}
}

func (b *builder) actions() {
	for d, a := range compiler.Decoded[actionDoc](b.p, "action", &b.diags, nil) {
		set := b.p.Resolve("hero-set", a.Set, pos(d, "set"), "hero set", &b.diags)
		t := table.Action{ID: a.ID, Set: int16(set)}
		for s, side := range []actionSideDoc{a.Start, a.Back} {
			key := [...]string{"start", "back"}[s]
			ts := table.ActionSide{Name: side.Name, Defense: side.Defense, Movement: side.Movement,
				Crest:        b.crest(d, side.Crest, []string{key, "crest"}),
				DefenseCrest: b.crest(d, side.DefenseCrest, []string{key, "defense-crest"})}
			for j, ab := range side.Abilities {
				ta := b.ability(d, ab, []string{key, "abilities", strconv.Itoa(j)}, true)
				ts.Abilities = append(ts.Abilities, ta)
				if set >= 0 {
					b.noteBonus(set, ta, d, key, "abilities", strconv.Itoa(j), "crest")
				}
			}
			if set >= 0 {
				b.prime(set, ts.Crest)
				if ts.DefenseCrest >= 0 {
					b.bonuses[set] = append(b.bonuses[set], crestUse{ts.DefenseCrest, pos(d, key, "defense-crest"), d.ID})
				}
			}
			t.Sides[s] = ts
		}
		b.rs.Actions = append(b.rs.Actions, t)
		if set >= 0 && set < len(b.rs.HeroSets) {
			b.rs.HeroSets[set].Actions = append(b.rs.HeroSets[set].Actions, int16(len(b.rs.Actions)-1))
		}
	}
}

func (b *builder) setChecks() {
	for i, d := range b.p.Valid("hero-set") {
		if i >= len(b.rs.HeroSets) {
			break
		}
		h := &b.rs.HeroSets[i]
		cards := 2 + len(h.Actions)
		if h.HasMinion {
			cards++
		}
		switch {
		case b.p.Mentioned(h.ID):
			// A broken card may be one of the set's: its error says so.
		case len(h.Actions) == 0:
			b.diags.Add(CodeNoActions, d.IDPos(), "hero-set %q has no action cards", h.ID).Hint = "write documents of kind action with set: " + h.ID
		case cards != SetCards:
			b.diags.Add(CodeSetSize, d.IDPos(), "hero-set %q has %d cards (hero, health, %d action cards%s); the rulebook's hero sets have %d", h.ID, cards, len(h.Actions), map[bool]string{true: ", minion"}[h.HasMinion], SetCards)
		}
		for _, u := range b.bonuses[i] {
			if !b.primes[i][u.crest] {
				c := b.rs.Crests[u.crest]
				b.diags.Add(CodeDeadCrest, u.pos, "%s: the crest bonus counts primed %s crests, but no card of hero set %q shows one", u.id, c.ID, h.ID).Hint = fmt.Sprintf("give an action card side or the health card's wounded side crest: %s", c.ID)
			}
		}
	}
}

// minionStarts checks every map diagram has a minion start beside each hero
// start when some hero set has a minion.
func (b *builder) minionStarts() {
	minion := ""
	for _, h := range b.rs.HeroSets {
		if h.HasMinion {
			minion = h.ID
			break
		}
	}
	if minion == "" {
		return
	}
	for i, d := range b.p.Valid("map-set") {
		if i >= len(b.rs.MapSets) {
			break
		}
		m := &b.rs.MapSets[i]
		if m.Cells == nil {
			continue
		}
		for r := 0; r < int(m.Height); r++ {
			for c := 0; c < int(m.Width); c++ {
				if m.At(r, c) != table.HeroStart {
					continue
				}
				if n, _ := around(m, r, c, table.MinionStart); n == 0 {
					b.diags.Add(CodeMinionStart, cellPos(d, r, c), "map-set %q: the hero start at row %d, column %d has no minion start (M) beside it, and hero set %q has a minion", m.ID, r+1, c+1, minion)
				}
			}
		}
	}
}
