package skill

import (
	"reflect"
	"strings"
)

// ---- triggers: "When SUBJECT EVENT," or a moment of the turn.
//
// The subject is whose event it is: this unit, another ally, an ally like a
// filter, your Main Character, an enemy like a filter, a unit; the event is
// what happens to it (attacks, is attacked, is deployed, class changes,
// levels up, is destroyed, is destroyed by an attack, critical hits,
// evades, its attack destroys an enemy, is evaded, fails to destroy, ends,
// is moved, is untapped). The moments are the start and end of either
// player's turn and the start of the deployment and action phases.

// trig is a trigger read: the timing, whose event it is (nil: this
// unit's), the conditions it adds, and other timings with the same effects
// ("at the end of each player's turn").
type trig struct {
	when  string
	watch *Watch
	cond  *Cond
	also  []string
}

var moments = []struct {
	re   *lazyRE
	when []string
}{
	{lazy(`^(?:at the (?:start|beginning) of|during the start of) your turn$`), []string{"turn-start"}},
	{lazy(`^at the end of your turn$`), []string{"turn-end"}},
	{lazy(`^at the (?:start|beginning) of your opponent's turn$`), []string{"opponent-turn-start"}},
	{lazy(`^at (?:the )?end of your opponent's turn$`), []string{"opponent-turn-end"}},
	{lazy(`^at the (?:start|beginning) of (?:each|either) (?:player's |players' )?turn$`), []string{"turn-start", "opponent-turn-start"}},
	{lazy(`^at the end of (?:each|either) (?:player's|players') turn$`), []string{"turn-end", "opponent-turn-end"}},
	{lazy(`^at the (?:start|beginning) of your deployment phase$`), []string{"deployment-start"}},
	{lazy(`^at the (?:start|beginning) of your action phase$`), []string{"action-start"}},
	{lazy(`^(?:at the end of this unit's (?:attack|battle|combat)|after this unit attacks|after this unit's attack)$`), []string{"attack-end"}},
}

// events are what may happen to a trigger's subject; a capture is the
// enemy of the battle (attacks X, is attacked by X, destroys X).
var events = []struct {
	re   *lazyRE
	when string
	foe  string // attacking, defending: the capture is the enemy in battle
}{
	{lazy(`^(.+?)(?:'s attacks?| 's attacks?) destroys? (.+?)(?: by battle)?$`), "destroys", "attacking"},
	{lazy(`^(.+?)'s critical hit destroys (.+?)$`), "destroys-critical", "attacking"},
	{lazy(`^(.+?) destroys (.+?) with a critical hit$`), "destroys-critical", "attacking"},
	{lazy(`^(.+?) (?:is attacking or is being attacked|attacks or is (?:being )?attacked)$`), "attack-or-attacked", ""},
	{lazy(`^(.+?) (?:is moved|has been moved|moves) (?:from the (?:front|back) line )?to the (front|back) line$`), "moved-to", ""},
	{lazy(`^(.+?) destroys (an enemy|your opponent's main character|the enemy main character) (?:with|by) an attack$`), "destroys", "attacking"},
	{lazy(`^(.+?) defeats (an enemy|your opponent's main character|the enemy main character) with an attack$`), "destroys", "attacking"},
	{lazy(`^(.+?)'s (?:attack|battle|combat) (?:ends|end)$`), "attack-end", ""},
	{lazy(`^(.+?)'s attack is evaded$`), "evaded", ""},
	{lazy(`^(.+?)'s attack (?:fails to destroy|does not destroy|doesn't destroy) (?:an|the|its) (?:enemy|target)$`), "missed", ""},
	{lazy(`^(.+?) (?:attacks|is attacking)(?: (.+))?$`), "attack", "attacking"},
	{lazy(`^(.+?) (?:is attacked|is being attacked) in the (front|back) line$`), "attacked-in", ""},
	{lazy(`^(.+?) (?:is attacked|is being attacked)(?: by (.+))?$`), "attacked", "defending"},
	{lazy(`^(.+?) (?:is|are) deployed$`), "deploy", ""},
	{lazy(`^(.+?) (?:class changes|changes class|is class changed(?: into)?)$`), "class-change", ""},
	{lazy(`^(.+?) (?:levels up|is leveled up|is levelled up)$`), "level-up", ""},
	{lazy(`^(.+?) (?:levels up or class changes|is leveled up or class changed)$`), "level-up", ""},
	{lazy(`^(.+?) (?:is growthed|growths|has growthed)$`), "growth", ""},
	{lazy(`^(.+?) (?:levels up or is growthed|is leveled up or growthed|is levelled up or growthed|is growthed or leveled up|is growthed or levelled up)$`), "level-up-or-growth", ""},
	{lazy(`^(.+?) is destroyed by (?:an enemy's attack|battle|an enemy attack|an attack)$`), "defeated", ""},
	{lazy(`^(.+?) is destroyed$`), "destroyed", ""},
	{lazy(`^(.+?) (?:critical hits|executes a critical hit)(?: (.+))?$`), "critical", "attacking"},
	{lazy(`^(.+?) evades(?: an attack)?$`), "evade", ""},
	{lazy(`^(.+?) executes a critical hit or an evade$`), "critical-or-evade", ""},
	{lazy(`^(.+?) (?:is moved|moves)$`), "moved", ""},
	{lazy(`^(.+?) is untapped$`), "untapped", ""},
}

var (
	reWhen       = lazy(`^(?:when|each time|whenever) `)
	reYouDraw    = lazy(`^you draw (?:a|1) card$`)
	reSkillMoves = lazy(`^a skill's effect moves (.+)$`)
	reEvadesMine = lazy(`^(.+?) evades this unit's attack$`)
	reYouChange  = lazy(`^you (class change|level up) (?:into )?this (?:unit|card)$`)
	reFoeDestroy = lazy(`^an enemy's attack destroys this unit$`)
	reBondPlaced = lazy(`^(?:an? |any )?(.+?) (?:is|are) placed (?:in|into) your bond area$`)
	reCostWhen   = lazy(`^(an? (?:other )?|another )(.*?ally) with a deployment cost of (\d+) is deployed or (lower|less|higher|more)$`)
	reDeployedIn = lazy(`^(.+?) (?:is|are) deployed (?:in|to|on|into) (?:the|your) (front|back) line$`)
	reDeployCost = lazy(`^(.+?) is deployed with a deployment cost of (\d+)(?: or (lower|less|higher|more))?$`)
)

// triggerText is the opening of an auto skill's sentence up to its first
// comma: the trigger phrase, for the report.
func triggerText(s string) string {
	if head, _, ok := cutTrigger(s); ok {
		return head
	}
	return s
}

// trigger reads the trigger that opens an auto skill's sentence, and the
// rest of the sentence after it.
func trigger(s string) (trig, string, bool) {
	head, rest, ok := cutTrigger(s)
	if !ok {
		return trig{}, "", false
	}
	// "When this unit is deployed and if you have ...,": a trigger and a
	// condition.
	var also *Cond
	if i := strings.Index(strings.ToLower(head), " and if "); i > 0 {
		k, ok := condition(head[i+len(" and if "):])
		if !ok {
			return trig{}, "", false
		}
		head, also = head[:i], k
	}
	t, ok := triggerHead(head)
	t.cond = and(t.cond, also)
	return t, rest, ok
}

var reEndOf = lazy(`^at the end of (.+?)'s (?:attack|battle|combat)$`)

// triggerHead reads a trigger phrase: a moment of the turn, or "When
// SUBJECT EVENT".
func triggerHead(head string) (trig, bool) {
	h := strings.ToLower(head)
	for _, m := range moments {
		if m.re.MatchString(h) {
			return trig{when: m.when[0], also: m.when[1:]}, true
		}
	}
	if m := reEndOf.FindStringSubmatch(head); m != nil {
		return event(m[1] + "'s attack ends") // "At the end of another <Beast> ally's attack"
	}
	if !reWhen.MatchString(head) {
		return trig{}, false
	}
	return event(strings.TrimSpace(head[len(reWhen.FindString(head)):]))
}

// cutTrigger splits a sentence at the comma (or colon) ending its trigger.
func cutTrigger(s string) (head, rest string, ok bool) {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '"':
			j := strings.IndexByte(s[i+1:], '"')
			if j < 0 {
				return "", "", false
			}
			i += j + 1
		case '<':
			depth++
		case '>':
			depth--
		case ',', ':':
			// "<Red>, <Blue> ally": a comma inside a list of tags.
			if depth == 0 && !strings.HasPrefix(s[i+1:], " <") && !strings.HasPrefix(s[i+1:], " or <") && !strings.HasPrefix(s[i+1:], " and <") {
				return strings.TrimSpace(s[:i]), strings.TrimSpace(s[i+1:]), true
			}
		}
	}
	return "", "", false
}

// event reads "SUBJECT EVENT" of a "When ..." trigger.
func event(s string) (trig, bool) {
	if m := reYouChange.FindStringSubmatch(s); m != nil {
		if strings.EqualFold(m[1], "class change") {
			return trig{when: "class-change"}, true
		}
		return trig{when: "level-up"}, true
	}
	if reFoeDestroy.MatchString(s) {
		return trig{when: "defeated"}, true
	}
	if reYouDraw.MatchString(s) {
		return trig{when: "draw"}, true
	}
	if m := reEvadesMine.FindStringSubmatch(s); m != nil {
		// "When a non-Main Character enemy evades this unit's attack"
		f, ok := targetWords(m[1])
		if !ok {
			return trig{}, false
		}
		return trig{when: "evaded", cond: &Cond{Attacking: f}}, true
	}
	if reSelfPlaced.MatchString(s) {
		return trig{when: "placed"}, true // a bond skill's own card (source.go)
	}
	if m := reBondPlaced.FindStringSubmatch(s); m != nil {
		// A card placed in the bond area: "that card" of the effects.
		t := trig{when: "bond"}
		if w := strings.ToLower(m[1]); w != "card" && w != "cards" {
			f, ok := cardPhrase(m[1])
			if !ok {
				return trig{}, false
			}
			t.cond = &Cond{Revealed: f}
		}
		return t, true
	}
	// "When this unit is deployed by a skill's effect": the event, caused
	// by a skill (of whose side).
	for _, tail := range []struct{ s, by string }{{" by a skill's effect", "any"}, {" via a skill's effect", "any"},
		{" by the effect of a skill", "any"}, {" by a skill", "any"}, {" by an ally's skill", "ally"}, {" by your skill", "ally"},
		{" by an enemy's skill", "enemy"}, {" by a skill's cost or effect", "any"}, {" by the cost or effect of a skill", "any"}} {
		if rest, ok := strings.CutSuffix(s, tail.s); ok {
			t, ok := event(rest)
			if !ok || t.when != "deploy" && t.when != "moved" && t.when != "untapped" && t.when != "destroyed" && t.when != "placed" {
				return trig{}, false
			}
			t.cond = and(t.cond, &Cond{BySkill: tail.by})
			return t, true
		}
	}
	if m := reSkillMoves.FindStringSubmatch(s); m != nil {
		return event(m[1] + " is moved by a skill's effect") // "When a skill's effect moves this unit"
	}
	// Misplaced cost: "an ally with a Deployment Cost of 2 is deployed or lower".
	if m := reCostWhen.FindStringSubmatch(s); m != nil {
		s = m[1] + m[2] + " with a Deployment Cost of " + m[3] + " or " + m[4] + " is deployed"
	}
	if m := reDeployCost.FindStringSubmatch(s); m != nil {
		subj := m[1] + " with a Deployment Cost of " + m[2]
		if m[3] != "" {
			subj += " or " + m[3]
		}
		s = subj + " is deployed"
	}
	if m := reDeployedIn.FindStringSubmatch(s); m != nil {
		// "When another ally is deployed in the Front Line": where the
		// unit deployed stands (this unit's area, for its own).
		t, ok := event(m[1] + " is deployed")
		if !ok || t.when != "deploy" {
			return trig{}, false
		}
		a := strings.ToLower(m[2])
		if t.watch == nil {
			t.cond = and(t.cond, &Cond{Area: a})
			return t, true
		}
		if t.watch.Of == nil {
			t.watch.Of = &UnitFilter{}
		}
		t.watch.Of.Area = a
		return t, true
	}
	for _, ev := range events {
		m := ev.re.FindStringSubmatch(s)
		if m == nil {
			continue
		}
		w, ok := whose(m[1])
		if !ok {
			return trig{}, false
		}
		t := trig{when: ev.when, watch: w}
		switch ev.when {
		case "destroys-critical":
			t.when, t.cond = "destroys", &Cond{Critical: true}
		case "attack-or-attacked":
			t.when, t.also = "attack", []string{"attacked"}
		case "level-up-or-growth":
			t.when, t.also = "level-up", []string{"growth"}
		case "critical-or-evade":
			t.when, t.also = "critical", []string{"evade"}
		case "attacked-in":
			if w != nil {
				return trig{}, false
			}
			t.when, t.cond = "attacked", &Cond{Area: strings.ToLower(m[2])}
			m = m[:2]
		case "moved-to":
			if w != nil {
				return trig{}, false // the area is this unit's: only its own move
			}
			t.when, t.cond = "moved", &Cond{Area: strings.ToLower(m[2])}
			m = m[:2]
		}
		if len(m) > 2 && m[2] != "" && !strings.EqualFold(m[2], "an enemy") {
			if w != nil {
				return trig{}, false // the enemy in battle of another unit's battle: not read
			}
			f, ok := targetWords(m[2])
			if !ok {
				return trig{}, false
			}
			switch ev.foe {
			case "attacking":
				t.cond = &Cond{Attacking: f}
			case "defending":
				t.cond = &Cond{Defending: f}
			}
		}
		return t, true
	}
	return trig{}, false
}

var (
	reThisOr  = lazy(`^this unit or (?:another|an other) (.*)$`)
	reAnother = lazy(`^(?:another|an other) (.*)$`)
	reAnA     = lazy(`^(?:an?|any) (.*)$`)
)

// whose reads a trigger's subject: nil for this unit's own event.
func whose(s string) (*Watch, bool) {
	s = strings.TrimSpace(s)
	switch strings.ToLower(s) {
	case "this unit", "this card", "this unit 's", "he", "she":
		return nil, true
	case "your main character":
		return &Watch{Self: true, Ally: true, Of: &UnitFilter{Main: true}}, true
	case "your opponent's main character", "the enemy main character", "an enemy main character":
		return &Watch{Enemy: true, Of: &UnitFilter{Main: true}}, true
	case "a unit", "any unit", "an ally or enemy", "an ally or an enemy", "a unit or enemy":
		return &Watch{Self: true, Ally: true, Enemy: true}, true
	case "another unit", "an other unit":
		return &Watch{Ally: true, Enemy: true}, true
	}
	w := &Watch{}
	if m := reThisOr.FindStringSubmatch(s); m != nil {
		w.Self, s = true, m[1]
	} else if m := reAnother.FindStringSubmatch(s); m != nil {
		s = m[1]
	} else if m := reAnA.FindStringSubmatch(s); m != nil {
		w.Self, s = true, m[1]
	} else if strings.HasPrefix(strings.ToLower(s), "allied ") {
		w.Self = true
	} else {
		return nil, false
	}
	f, noun, ok := unitWords(s)
	if !ok && w.Self && strings.HasPrefix(s, "<") {
		f, noun, ok = unitWords(s + " unit") // "When a <Flier> is deployed": any unit
	}
	if !ok {
		return nil, false
	}
	switch noun {
	case "unit":
		w.Ally, w.Enemy = true, true
	case "ally":
		w.Ally = true
	case "enemy":
		w.Self, w.Enemy = false, true
	default:
		return nil, false
	}
	if f.Other {
		w.Self, f.Other = false, false
	}
	if !f.isZero() {
		w.Of = f
	}
	return w, true
}

func (f *UnitFilter) isZero() bool {
	return reflect.ValueOf(*f).IsZero()
}
