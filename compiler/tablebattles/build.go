package tablebattles

import (
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/compiler/source"
	"github.com/roundtable-dev/roundtable/engine/tablebattles/table"
)

type actionDoc struct {
	Type      string    `yaml:"type"`
	Requires  string    `yaml:"requires"`
	Targets   yaml.Node `yaml:"targets"`
	Effect    string    `yaml:"effect"`
	Voluntary bool      `yaml:"voluntary"`
	Text      string    `yaml:"text"`
}

type formationDoc struct {
	ID       string      `yaml:"id"`
	Name     string      `yaml:"name"`
	Wing     string      `yaml:"wing"`
	Strength yaml.Node   `yaml:"strength"`
	Star     bool        `yaml:"star"`
	Dice     string      `yaml:"dice"`
	Actions  []actionDoc `yaml:"actions"`
	Reserve  yaml.Node   `yaml:"reserve"`
	Retire   bool        `yaml:"retire"`
	Pursuit  bool        `yaml:"pursuit"`
	Card     string      `yaml:"card"`
	Text     string      `yaml:"text"`
}

type sideDoc struct {
	ID         string   `yaml:"id"`
	Name       string   `yaml:"name"`
	Morale     int8     `yaml:"morale"`
	Formations []string `yaml:"formations"`
}

type scenarioDoc struct {
	ID      string    `yaml:"id"`
	Name    string    `yaml:"name"`
	Date    string    `yaml:"date"`
	Sides   []sideDoc `yaml:"sides"`
	First   string    `yaml:"first"`
	Special []struct {
		Text string `yaml:"text"`
		Data struct {
			Dice  map[string]int8 `yaml:"dice"`
			Cubes int8            `yaml:"cubes"`
		} `yaml:"data"`
		Effects []effectDoc `yaml:"effects"`
	} `yaml:"special"`
	Text string `yaml:"text"`
}

// effectDoc is one effect of a special rule (schema #Effect).
type effectDoc struct {
	Side       string   `yaml:"side"`
	Formations []string `yaml:"formations"`
	Actions    []string `yaml:"actions"`
	Turns      struct {
		From int16 `yaml:"from"`
		To   int16 `yaml:"to"`
	} `yaml:"turns"`
	Forbid     bool   `yaml:"forbid"`
	React      string `yaml:"react"`
	RoutMorale int8   `yaml:"rout-morale"`
	Dice       int8   `yaml:"dice"`
	Cubes      int8   `yaml:"cubes"`
}

// The schema's words, as the table's constants.
var (
	actionTypes  = compiler.Words[table.ActionType](table.ActionNames[:])
	requirements = compiler.Words[table.Requirement](table.RequirementNames[:])
	wings        = compiler.Words[table.Wing](table.WingNames[:])
)

// Defaults from the rulebook's Components.
const (
	defaultDice  = 6
	defaultCubes = 10
)

// builder carries the state of one build.
type builder struct {
	p     *compiler.Program
	diags diag.List
	rs    *table.Ruleset
	docs  []*compiler.Doc // formation docs, index-aligned with rs.Formations
	// needsOf remembers needs() per dice area and requirement.
	needsOf map[needsKey]int8
}

// build is the game's build: its steps in the order they run, each after
// the steps it needs (compiler.Steps).
var build = compiler.Steps[*builder]{
	New: newBuilder,
	Table: []compiler.Step[*builder]{
		{Name: "formations", Run: (*builder).formations},
		{Name: "scenarios", Needs: []string{"formations"}, Run: (*builder).scenarios},
	},
}

// Result returns the ruleset and what the steps reported.
func (b *builder) Result() (any, diag.List) { return b.rs, b.diags }

func newBuilder(p *compiler.Program) *builder { return &builder{p: p, rs: &table.Ruleset{}} }

// ref resolves a formation reference, accepting pack-qualified ids.
func (b *builder) ref(id string, pos diag.Pos) int16 {
	return int16(b.p.Resolve("formation", id, pos, "formation", &b.diags))
}

// at is the position of the value at path in d (compiler.Doc.PathPos).
var at = (*compiler.Doc).PathPos

// inString reports a mini-language error at its column inside the YAML string.
func (b *builder) inString(code *diag.Code, d *compiler.Doc, node *yaml.Node, e *syntaxError, what string) {
	pos := source.OffsetPos(d.File, d.Pack.Set.Source(d.File), node, e.Off)
	dd := b.diags.Add(code, pos, "formation %q: %s %q: %s", d.ID, what, node.Value, e.Msg)
	dd.Hint = e.Hint
}

func (b *builder) formations() {
	cards := map[string]*compiler.Doc{}
	for _, d := range b.p.Valid("formation") {
		f, _ := compiler.Decode[formationDoc](d, &b.diags)
		tf := table.Formation{ID: d.ID, Name: f.Name, Card: f.Card, Wing: wings[f.Wing], Star: f.Star, Retire: f.Retire, Pursuit: f.Pursuit, Text: f.Text, Behind: -1}
		switch f.Strength.Value {
		case "I", "II", "III":
			tf.Special, tf.Strength = true, int8(len(f.Strength.Value))
		default:
			var n int8
			_ = f.Strength.Decode(&n)
			tf.Strength = n
		}
		if first, dup := cards[f.Card]; dup && f.Card != "" {
			dd := b.diags.Add(CodeCard, at(d, "card"), "formation %q is card %s, already claimed by formation %q", d.ID, f.Card, first.ID)
			dd.Related = []diag.Related{{Pos: at(first, "card"), Message: first.ID + " is card " + f.Card}}
			dd.Hint = "each card has one A side and one B side"
		} else {
			cards[f.Card] = d
		}
		diceNode := d.Field("dice")
		area, err := parseDiceArea(f.Dice)
		if err != nil {
			b.inString(CodeDiceArea, d, diceNode, err, "dice area")
		}
		tf.Dice = area
		switch f.Reserve.Kind {
		case yaml.ScalarNode:
			tf.Reserve = table.Commanded
		case yaml.MappingNode:
			tf.Reserve = table.Behind
			if n := source.Lookup(&f.Reserve, "behind"); n != nil {
				tf.Behind = b.ref(n.Value, at(d, "reserve", "behind"))
				if tf.Behind >= 0 && b.p.Valid("formation")[tf.Behind] == d {
					b.diags.Add(CodeReserve, at(d, "reserve", "behind"), "formation %q is in reserve behind itself", d.ID).Hint = "name the friendly formation it waits behind"
				}
			}
		}
		if tf.Special && tf.Retire {
			b.diags.Add(CodeSpecialAction, at(d, "retire"), "special formation %q cannot retire: retiring needs a die on the card, and a special formation's dice return to the pool at once", d.ID)
		}
		if tf.Special && tf.Reserve != table.NotReserve {
			b.diags.Add(CodeSpecialAction, at(d, "reserve"), "special formation %q cannot start in reserve", d.ID)
		}
		for i, a := range f.Actions {
			tf.Actions = append(tf.Actions, b.action(d, &tf, i, a))
		}
		b.rs.Formations = append(b.rs.Formations, tf)
		b.docs = append(b.docs, d)
	}
}

func (b *builder) action(d *compiler.Doc, tf *table.Formation, i int, a actionDoc) table.Action {
	ai := fmt.Sprint(i)
	ta := table.Action{Type: actionTypes[a.Type], Requirement: requirements[a.Requires], Voluntary: a.Voluntary, Text: a.Text}
	switch {
	case a.Targets.Kind == yaml.ScalarNode && a.Targets.Value == "any":
		ta.Any = true
	case a.Targets.Kind == yaml.SequenceNode:
		for j, n := range a.Targets.Content {
			ta.Targets = append(ta.Targets, b.ref(n.Value, at(d, "actions", ai, "targets", fmt.Sprint(j))))
		}
	}
	effectOK := true
	if a.Effect != "" {
		e, err := parseEffect(a.Effect)
		if effectOK = err == nil; !effectOK {
			b.inString(CodeEffect, d, source.Path(d.PosTree(), "actions", ai, "effect"), err, "effect")
		}
		ta.Hits, ta.PerDie, ta.Self = int8(e.hits), e.perDie, int8(e.self)
	}
	typePos := at(d, "actions", ai, "type")
	damages := ta.Type == table.Attack || ta.Type == table.Counterattack
	switch {
	case damages && a.Effect == "":
		b.diags.Add(CodeEffect, typePos, "formation %q: %s action %d has no effect", d.ID, a.Type, i+1).Hint = `add effect: "1 hit" (or "2 hits", "1 hit per die")`
	case damages && ta.Hits == 0 && !ta.PerDie && effectOK:
		b.diags.Add(CodeEffect, at(d, "actions", ai, "effect"), "formation %q: %s action %d inflicts no hits", d.ID, a.Type, i+1)
	case !damages && a.Effect != "":
		b.diags.Add(CodeEffect, at(d, "actions", ai, "effect"), "formation %q: %s action has no effect to state", d.ID, article(a.Type)).Hint = "only attack and counterattack actions inflict hits"
	}
	needsTargets := ta.Type != table.Bombard
	switch {
	case needsTargets && a.Targets.Kind == 0:
		b.diags.Add(CodeTarget, typePos, "formation %q: %s action %d has no targets", d.ID, a.Type, i+1).Hint = "add targets: [formation-id, ...]"
	case !needsTargets && a.Targets.Kind != 0:
		b.diags.Add(CodeTarget, at(d, "actions", ai, "targets"), "formation %q: a bombard action takes no targets: it removes an enemy morale cube", d.ID)
	case ta.Any && ta.Type != table.Screen && ta.Type != table.Counterattack:
		b.diags.Add(CodeTarget, at(d, "actions", ai, "targets"), "formation %q: %s action cannot target \"any\"", d.ID, article(a.Type)).Hint = `"any" is for reactions (screen, counterattack); list the formations in order`
	}
	if a.Voluntary && !ta.Type.Reaction() {
		b.diags.Add(CodeEffect, at(d, "actions", ai, "voluntary"), "formation %q: voluntary applies to reactions, not to %s action", d.ID, article(a.Type))
	}
	if tf.Special {
		reqPos := at(d, "actions", ai, "requires")
		switch {
		case ta.Type == table.Counterattack || ta.Type == table.Absorb:
			b.diags.Add(CodeSpecialAction, typePos, "special formation %q cannot %s: special formations cannot be attacked and have no units to lose", d.ID, a.Type)
		case ta.Requirement != table.None:
			b.diags.Add(CodeSpecialAction, reqPos, "special formation %q: a requirement of %s can never be met; its dice return to the pool when placed", d.ID, a.Requires)
		case ta.Self > 0:
			b.diags.Add(CodeSpecialAction, at(d, "actions", ai, "effect"), "special formation %q has no units to lose to a self hit", d.ID)
		}
	} else if !possible(tf.Dice, ta.Requirement) && tf.Dice.Src != "" {
		b.diags.Add(CodeRequirement, at(d, "actions", ai, "requires"), "formation %q: requirement %s can never be met with dice area %q", d.ID, a.Requires, tf.Dice.Src).Hint = "dice of one face cannot make two different sets; widen the dice area or change the requirement"
	} else {
		ta.Needs = b.needs(tf.Dice, ta.Requirement)
		if ta.Needs == table.NeverMet {
			b.diags.Add(CodeRequireDice, at(d, "actions", ai, "requires"), "formation %q: requirement %s cannot be met with up to %d dice on a %q card", d.ID, a.Requires, maxDice, tf.Dice.Src).Hint = requireHint
		}
	}
	return ta
}

const requireHint = "dice gather on a card only as its dice area lets them, one placement a turn; change the requirement or the dice area"

// needs is needs() remembered per dice area and requirement.
func (b *builder) needs(a table.DiceArea, r table.Requirement) int8 {
	k := needsKey{a, r}
	n, ok := b.needsOf[k]
	if !ok {
		n = needs(a, r)
		if b.needsOf == nil {
			b.needsOf = map[needsKey]int8{}
		}
		b.needsOf[k] = n
	}
	return n
}

type needsKey struct {
	a table.DiceArea
	r table.Requirement
}

// tooFewDice reports the actions of formation fi whose requirement needs
// more dice than dice; related says where the formation fights.
func (b *builder) tooFewDice(fi int16, dice int8, side, scen string, related []diag.Related) {
	f, d := &b.rs.Formations[fi], b.docs[fi]
	for ai, a := range f.Actions {
		if a.Needs <= dice || a.Needs == table.NeverMet {
			continue
		}
		has := fmt.Sprintf("side %q has %d dice in %s", side, dice, scen)
		if side == "" {
			has = fmt.Sprintf("a side has %d dice", dice)
		}
		dd := b.diags.Add(CodeRequireDice, at(d, "actions", fmt.Sprint(ai), "requires"), "formation %q: requirement %s needs %d dice on a %q card, but %s", f.ID, a.Requirement, a.Needs, f.Dice.Src, has)
		dd.Hint = requireHint
		dd.Related = related
	}
}

// possible reports whether dice accumulated over turns on a card with area a
// can ever meet requirement r with six dice.
func possible(a table.DiceArea, r table.Requirement) bool {
	faces := 0
	for f := 1; f <= 6; f++ {
		if a.HasFace(f) {
			faces++
		}
	}
	if a.Doubles || a.Triples || a.Straights != 0 {
		faces = 6
	}
	if faces == 0 {
		return true // unparsed: already reported
	}
	switch r {
	case table.TwoPairs, table.TwoTriplets, table.FullHouse:
		return faces >= 2
	}
	return true
}

// scenarios builds each set-up card and runs the checks that need to know
// which formations fight on which side.
func (b *builder) scenarios() {
	used := make([]bool, len(b.rs.Formations))
	for _, d := range b.p.Valid("scenario") {
		s, _ := compiler.Decode[scenarioDoc](d, &b.diags)
		ts := table.Scenario{ID: d.ID, Name: s.Name, Date: s.Date, Cubes: defaultCubes, First: -1, Text: s.Text}
		side := map[int16]int{} // formation -> side index
		listed := map[int16]diag.Pos{}
		sideIDs := map[string]int{}
		for si, sd := range s.Sides {
			if si > 1 {
				break
			}
			if _, dup := sideIDs[sd.ID]; dup {
				b.diags.Add(CodeSide, at(d, "sides", fmt.Sprint(si), "id"), "scenario %q: both sides are %q", d.ID, sd.ID)
			}
			sideIDs[sd.ID] = si
			ts.Sides[si] = table.Side{ID: sd.ID, Name: sd.Name, Morale: sd.Morale, Dice: defaultDice}
			for j, id := range sd.Formations {
				pos := at(d, "sides", fmt.Sprint(si), "formations", fmt.Sprint(j))
				fi := b.ref(id, pos)
				if fi < 0 {
					continue
				}
				if first, dup := listed[fi]; dup {
					dd := b.diags.Add(CodeSide, pos, "scenario %q lists formation %q twice", d.ID, id)
					dd.Related = []diag.Related{{Pos: first, Message: "first listed here"}}
					continue
				}
				listed[fi], side[fi], used[fi] = pos, si, true
				ts.Sides[si].Formations = append(ts.Sides[si].Formations, fi)
			}
		}
		if i, ok := sideIDs[s.First]; ok {
			ts.First = int8(i)
		} else {
			b.unknownSide(d, at(d, "first"), s.First, sideIDs)
		}
		for ri, r := range s.Special {
			sp := table.Special{Text: r.Text}
			for ei, e := range r.Effects {
				if te, ok := b.effect(d, &ts, side, sideIDs, e, "special", fmt.Sprint(ri), "effects", fmt.Sprint(ei)); ok {
					sp.Effects = append(sp.Effects, te)
				}
			}
			ts.Special = append(ts.Special, sp)
			for id, n := range r.Data.Dice {
				if i, ok := sideIDs[id]; ok {
					ts.Sides[i].Dice = n
				} else {
					b.unknownSide(d, keyPos(d, id, "special", fmt.Sprint(ri), "data", "dice"), id, sideIDs)
				}
			}
			if r.Data.Cubes != 0 {
				ts.Cubes = r.Data.Cubes
			}
		}
		b.checkScenario(d, &ts, side, listed)
		b.rs.Scenarios = append(b.rs.Scenarios, ts)
	}
	for i, u := range used {
		if !u {
			if b.p.Mentioned(b.docs[i].ID) {
				continue // a broken scenario may list it
			}
			b.diags.Add(CodeUnused, b.docs[i].IDPos(), "formation %q is in no scenario", b.docs[i].ID).Hint = "list it in a scenario's sides, or remove it"
			b.tooFewDice(int16(i), defaultDice, "", "", nil)
		}
	}
}

// keyPos is the position of a mapping key under path.
// keyPos is where a key is written in the mapping at path (compiler.Doc.KeyPos).
var keyPos = (*compiler.Doc).KeyPos

func (b *builder) unknownSide(d *compiler.Doc, pos diag.Pos, id string, sides map[string]int) {
	var ids []string
	for _, sd := range []string{"0", "1"} {
		if n := source.Path(d.PosTree(), "sides", sd, "id"); n != nil {
			ids = append(ids, n.Value)
		}
	}
	dd := b.diags.Add(CodeSide, pos, "scenario %q has no side %q", d.ID, id)
	dd.Hint = "sides: " + strings.Join(ids, ", ")
}

func (b *builder) checkScenario(d *compiler.Doc, ts *table.Scenario, side map[int16]int, listed map[int16]diag.Pos) {
	fs := b.rs.Formations
	scen := fmt.Sprintf("scenario %q", d.ID)
	where := func(t int16, si int) string {
		tside, ok := side[t]
		switch {
		case !ok:
			return "is not in " + scen
		case tside == si:
			return "is on the same side in " + scen
		}
		return "is an enemy in " + scen
	}
	for fi, si := range side {
		f, fd := &fs[fi], b.docs[fi]
		before := len(b.diags)
		if f.Reserve == table.Behind && f.Behind >= 0 {
			if bs, ok := side[f.Behind]; !ok || bs != si {
				b.diags.Add(CodeReserve, at(fd, "reserve", "behind"), "formation %q is in reserve behind %q, which %s", f.ID, fs[f.Behind].ID, where(f.Behind, si)).Hint = "a formation waits behind a friendly formation of its own side"
			}
		}
		for ai, a := range f.Actions {
			for j, t := range a.Targets {
				if t < 0 {
					continue
				}
				pos := at(fd, "actions", fmt.Sprint(ai), "targets", fmt.Sprint(j))
				tside, in := side[t]
				switch a.Type {
				case table.Attack, table.Counterattack, table.Screen:
					if !in || tside == si {
						b.diags.Add(CodeTarget, pos, "formation %q: %s target %q %s; targets of %s are enemy formations", f.ID, a.Type, fs[t].ID, where(t, si), article(a.Type.String()))
					} else if fs[t].Special && a.Type != table.Screen {
						b.diags.Add(CodeTarget, pos, "formation %q: %s target %q is a special formation, which cannot be attacked", f.ID, a.Type, fs[t].ID)
					}
				case table.Absorb:
					if !in || tside != si || t == fi {
						b.diags.Add(CodeTarget, pos, "formation %q: absorb target %q %s; an absorb takes hits for another friendly formation", f.ID, fs[t].ID, where(t, si))
					}
				case table.Command:
					if !in || tside != si {
						b.diags.Add(CodeCommand, pos, "formation %q: command target %q %s; a command releases a friendly formation in reserve", f.ID, fs[t].ID, where(t, si))
					} else if fs[t].Reserve == table.NotReserve {
						b.diags.Add(CodeCommand, pos, "formation %q: command target %q does not start in reserve", f.ID, fs[t].ID).Hint = "give the target reserve: commanded"
					}
				}
			}
		}
		b.tooFewDice(fi, ts.Sides[si].Dice, ts.Sides[si].ID, scen, nil)
		// The formation's file may not be the one that was edited: show
		// where the scenario puts it on its side.
		for i := before; i < len(b.diags); i++ {
			b.diags[i].Related = append(b.diags[i].Related, diag.Related{Pos: listed[fi], Message: fmt.Sprintf("%s fights for %s in %s", f.ID, ts.Sides[si].ID, scen)})
		}
	}
	total, specials := 0, 0
	for si := range ts.Sides {
		total += int(ts.Sides[si].Morale)
		for _, fi := range ts.Sides[si].Formations {
			if fs[fi].Special {
				specials++
			}
		}
	}
	if total+specials > int(ts.Cubes) {
		dd := b.diags.Add(CodeCubes, at(d, "sides"), "%s needs %d cubes (morale %d + %d, %d special formations) but the box has %d", scen, total+specials, ts.Sides[0].Morale, ts.Sides[1].Morale, specials, ts.Cubes)
		dd.Hint = "lower a side's morale; each special formation starts with one cube"
	}
	for si := range 2 {
		if len(ts.Sides[si].Formations) == 0 {
			continue
		}
		if !canAttack(fs, ts, si) {
			dd := b.diags.Add(CodeNoAttack, at(d, "sides", fmt.Sprint(si)), "%s: side %q has no formation that can attack side %q, so it loses at its first turn", scen, ts.Sides[si].ID, ts.Sides[1-si].ID)
			dd.Hint = "give one of its formations an attack that targets an enemy formation of this scenario"
		}
	}
}

// canAttack reports whether any formation of side si has an attack whose
// targets include one of the other side's normal formations, whose
// requirement the side's dice can meet, and that no special rule forbids
// for good from the side's first turn on.
func canAttack(fs []table.Formation, ts *table.Scenario, si int) bool {
	isEnemy := map[int16]bool{}
	for _, e := range ts.Sides[1-si].Formations {
		isEnemy[e] = !fs[e].Special
	}
	first := 1
	if int(ts.First) != si {
		first = 2
	}
	forbidden := func(o int16) bool {
		for _, sp := range ts.Special {
			for _, e := range sp.Effects {
				if e.Kind == table.Forbid && e.To == 0 && e.Covers(si, o, 1<<table.Attack, first) {
					return true
				}
			}
		}
		return false
	}
	for _, o := range ts.Sides[si].Formations {
		for _, a := range fs[o].Actions {
			if a.Type != table.Attack || a.Needs > ts.Sides[si].Dice || forbidden(o) {
				continue
			}
			for _, t := range a.Targets {
				if isEnemy[t] {
					return true
				}
			}
		}
	}
	return false
}

func article(w string) string {
	if w != "" && strings.ContainsRune("aeiou", rune(w[0])) {
		return "an " + w
	}
	return "a " + w
}
