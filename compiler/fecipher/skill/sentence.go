package skill

import (
	"reflect"
	"strings"
)

// A sentence is [trigger ","] [conditions ","] [duration ","] ["you may"]
// core, where core is an imperative ("Draw 1 card", "Choose 1 other ally,
// and move them") or a subject and its predicate ("this unit gains +20
// attack, and acquires range 1-2"). Each part has its own small grammar.

// trigger state: the when of the AUTO sentence that opened the skill, and
// its "you may pay the cost" for the next effect.
type opened struct {
	trig
	may bool
}

var (
	reLosesOnce   = lazy(`^(?i:if) (.+?), (?i:this skill loses (?:the )?\[once per turn\](?: restriction)?)$`)
	reSpliced     = lazy(`^((?i:choose) \d+ [^,]+), ((?i:until the end of (?:the|this) turn), (?:that ally|that enemy|they) .+)$`)
	reSkillDuring = lazy(`^(?i:this skill) (?:is only usable|can only be used|may only be used) during (your|your opponent's) turn$`)
	reSkillOnly   = lazy(`^(?i:this skill) (?:is only usable|is onlly usable|is only in effect|can only activate|can only be activated|is only activated|can only be used|only triggers|can only trigger|only comes into effect|is only active|only activates|will only trigger|may only be used|is usable only|can be used only) (?:if|when|while) (.*)$`)
	reSkillUnless = lazy(`^(?i:this skill) (?:is inactive|cannot be used|can't be used|cannot be activated) (?:unless|if you (?:don't|do not) have) (.*)$`)
	reDuring      = lazy(`^(?i:during) (your|your opponent's) turn,\s*`)
	reIfLead      = lazy(`^(?i:if) (.*?),(?: then)?\s+(.*)$`)
	reUntil       = lazy(`^(?i:until) the end of (the|this|that|your opponent's next|your opponent's|your next|your|)\s?(turn|combat|battle),\s*`)
	reForEach     = lazy(`^(?i:for each|for every) ([^,]+?),\s*`)
	reYouMay      = lazy(`^(?i:you may) `)
	reInsteadEnd  = lazy(`^(.+ gains? \+\d+ attack) instead$`)
	reInsteadMid  = lazy(`^(.+?) instead (gains? \+\d+ attack)$`)
	reCombatEnd   = lazy(`^(?i:at the end of this combat),\s*`)
	reIfYouDo     = lazy(`^(?i:if you do),\s*`)
	reThen        = lazy(`^(?:then|afterwards|aftewards|afterwawrds|afterward),?\s+`)
	reBracketCost = lazy(`^\[(.+)\]$`)
	rePayCost     = lazy(`^you pay the cost,? and if you do:?$`)
	reMayPay      = lazy(`^you may (?:pay )?the cost,? and if you do:?$`)
	reKeepSupport = lazy(`^(?:(?i:if you do),\s*)?(?:(?i:if) (.+?),?(?: then)?\s+)?(?i:at the end of this combat|when this combat ends),\s*(?:if (.+?),\s*)?(you may )?(deploy this (?:card|unit)( tapped)?(?: in the same area as "([^"]+)"| in the (Back|Front) [Ll]ine)?|add this card to your hand|place this card face-down in your Bond Area) instead of sending(?: it)? to (?:the|your) Retreat Area$`)
	reAlsoTreated = lazy(`^(?i:treat this unit as if (?:he|she|they|it) (?:is|are) also|this unit is also treated as(?: an?)?|also treat this unit as) ((?:<[^>]+>(?:,? and |, )?)+)$`)
	reAcquireDB   = lazy(`^(?i:this unit acquires all) \[DB\](?: skills)? possessed by (?:all )?other allies$`)
	reOnePerName  = lazy(`^(?i:however),? (?:(?:he|she|they|this unit) (?:may|can) only have 1 skill among those with (?:shared|the same) skill names?|if there are multiple skills with the same skill name, (?:he|she|they|this unit) (?:may|can) only have 1 of those)$`)
)

// reDoes opens an effect that happens once, not a continuous skill's
// lasting effect.
var (
	reNotBySkill = lazy(`^(?i:this skill (?:will not|cannot|can't|does not|doesn't) (?:trigger|activate|be activated) (?:if|when) (?:this unit )?(?:class changes|is class changed|class changed|changed class) (?:by|via|from) (?:a|the) skill's effect)$`)
	reStrayMark  = lazy(`^[^|.,]{1,60} \|AUTO\|\s*`)
	reAndIf      = lazy(`^and if ([^:,]+):\s*(.*)$`)
)

var reSupportIs = lazy(`^if this unit's support (?:card )?is (.+)$`)

var reDoes = lazy(`^(?:then,? )?(?:until |you may |choose |draw |move |untap |tap |destroy |reveal |send |add |deploy |your opponent chooses )`)

// ifTrigger reads the opening of an auto skill whose trigger is written
// as a condition: "If this unit's attack is evaded, ..." (an event: the
// trigger "When ..."), "During your turn, if EVENT, ...", and "If COND,
// When EVENT, ..." (a condition before the trigger). It returns the
// sentence with its trigger spelt "When", and the condition read.
func ifTrigger(s string) (string, *Cond) {
	var turn *Cond
	body := s
	if m := reDuring.FindStringSubmatch(s); m != nil {
		turn = &Cond{Turn: "mine"}
		if !strings.EqualFold(m[1], "your") {
			turn.Turn = "theirs"
		}
		body = s[len(m[0]):]
	}
	if !pre(body, "If ") {
		return s, nil
	}
	if m := reSupportIs.FindStringSubmatch(body); m != nil {
		body = "If this unit is supported by " + m[1] // "if this unit's support is a <Dragonstone>"
	}
	if _, _, ok := trigger(s); ok {
		return s, nil
	}
	if _, _, ok := trigger("When " + body[len("If "):]); ok {
		// An event, and an effect that happens once (not a continuous
		// skill's "that ally gains +20 attack"): the trigger.
		if _, rest, ok := cutTrigger(body); ok && reDoes.MatchString(rest) {
			return "When " + body[len("If "):], turn
		}
		return s, nil
	}
	// "If this unit has used "N" this turn, When ...": a condition, then
	// the trigger.
	if head, rest, ok := cutTrigger(body); ok && reWhen.MatchString(rest) {
		if k, ok := condition(head[len("If "):]); ok {
			if _, _, ok := trigger(rest); ok {
				return rest, and(turn, k)
			}
		}
	}
	return s, nil
}

func (c *compiler) sentence(s string, prev Effect, havePrev bool) ([]Effect, bool) {
	s = strings.TrimSpace(strings.TrimSuffix(strings.TrimSuffix(strings.TrimSpace(s), "."), "."))
	if i := strings.LastIndex(s, " ("); i > 0 && reminder(s[i+1:]) {
		// "... gains +30 attack ([CCS] can only trigger if ...)": a
		// reminder left in the sentence.
		c.lvs(s[i+1:])
		s = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(s[:i]), "."))
	}
	s = typos.Replace(strings.Join(strings.Fields(s), " "))
	if m := reAndIfColon.FindStringSubmatchIndex(s); m != nil && c.typ == "auto" {
		// "When ..., and if ...: You may choose": the colon ends the condition.
		s = s[:m[2]] + ", " + lowerFirst(s[m[3]+1:])
	}
	if c.typ == "permanent" {
		s = thatAlly(s)
		if m := reAltCost.FindStringSubmatch(s); m != nil {
			return c.altCost(m)
		}
		if m := reSealSelf.FindStringSubmatch(s); m != nil {
			// "If this unit or an allied "Linus" is being attacked, your
			// opponent's Support skills do not activate": those of the
			// enemy attacking this unit, and of enemies attacking Linus.
			return []Effect{
				{When: "always", If: &Cond{Defending: &UnitFilter{}}, Target: &Target{Foe: true}, NoSupSkills: true},
				{When: "always", Target: &Target{All: true, Side: "enemy", Of: &UnitFilter{Battle: &InBattle{Role: "attacking", Foe: &UnitFilter{Name: quoted(m[1])}}}}, NoSupSkills: true},
			}, true
		}
		if m := reSupUp.FindStringSubmatch(s); m != nil {
			// "If the card supporting another ally is <Flier>, that card's
			// Support gains +10 attack": of every such ally in battle.
			emb, col, ok := tags(m[2])
			if !ok {
				c.fail("condition", m[0])
				return nil, false
			}
			of := &UnitFilter{Other: strings.EqualFold(m[1], "another"), Battle: &InBattle{By: &CardFilter{Emblem: emb, Color: col}}}
			return []Effect{{When: "always", Target: &Target{All: true, Side: "ally", Of: of}, SupportUp: atoi(m[3])}}, true
		}
	}
	if c.typ == "auto" && !havePrev && c.open == nil {
		if m := reStrayMark.FindStringSubmatch(s); m != nil {
			s = s[len(m[0]):] // "Skillful Reins |AUTO| When ...": a name and marker printed again
		}
	}
	if m := reInsteadEnd.FindStringSubmatch(s); m != nil && havePrev {
		return c.instead(m[1], s, prev)
	}
	if m := reInsteadMid.FindStringSubmatch(s); m != nil && havePrev {
		return c.instead(m[1]+" "+m[2], s, prev)
	}
	if m := reSpliced.FindStringSubmatch(s); m != nil && c.typ == "action" {
		// "Choose 1 other <Flier> ally, until the end of the turn, that
		// ally gains +20 attack": two sentences joined by a comma.
		first, ok := c.sentence(m[1], prev, havePrev)
		if !ok || len(first) == 0 {
			return nil, false
		}
		rest, ok := c.sentence(m[2], first[len(first)-1], true)
		if !ok {
			return nil, false
		}
		return append(first, rest...), true
	}
	if c.typ == "permanent" && (pre(s, "When this unit is being attacked by ") || pre(s, "When this unit is attacked by ")) {
		s = "If" + s[len("When"):] // a permanent skill's "When this unit is being attacked by a <Bow>, ...": while
	}
	if m := reSkillUnless.FindStringSubmatch(s); m != nil {
		if strings.Contains(strings.ToLower(s), " if you d") {
			m[1] = "you have " + m[1] // "cannot be activated if you don't have X": only if you have X
		}
		s = "This skill is only usable if " + m[1]
	}
	if m := reSkillDuring.FindStringSubmatch(s); m != nil {
		k := &Cond{Turn: "mine"}
		if !strings.EqualFold(m[1], "your") {
			k.Turn = "theirs"
		}
		c.pending = append(c.pending, k)
		return nil, true
	}
	if m := reLosesOnce.FindStringSubmatch(s); m != nil && c.onceUnless == nil {
		// "If this unit has Class Changed, this skill loses [Once per
		// Turn]": once a turn only while the condition does not hold.
		k, ok := c.condition(m[1])
		if !ok {
			c.fail("condition", m[1])
			return nil, false
		}
		c.onceUnless = k
		return nil, true
	}
	if reNotBySkill.MatchString(s) {
		// "This skill will not trigger if this unit Class Changes by a
		// skill's effect": the class change that sets it off is not a
		// skill's doing.
		if c.typ != "auto" || c.trig.when != "class-change" {
			c.fail("condition", s)
			return nil, false
		}
		c.pending = append(c.pending, &Cond{BySkill: "none"})
		return nil, true
	}
	if m := reSkillOnly.FindStringSubmatch(s); m != nil {
		cond, ok := c.condition(m[1])
		if !ok {
			c.fail("condition", m[1])
			return nil, false
		}
		c.pending = append(c.pending, cond)
		return nil, true
	}
	if c.typ == "action" && !havePrev && c.open == nil && reMayPay.MatchString(strings.ToLower(s)) {
		// An action skill's "You may pay the cost and if you do:": using
		// it is paying its cost.
		return []Effect{}, true
	}
	if m := reKeepSupport.FindStringSubmatch(s); m != nil && typeWhen[c.typ] == "support" {
		return c.keepSupport(s, m, havePrev)
	}
	if m := reAlsoTreated.FindStringSubmatch(s); m != nil && (c.typ == "permanent" || c.typ == "special") {
		// "Treat this unit as if she is also <White>", "This unit is also
		// treated as a <Lance>, <Axe>, ...": what the unit is, for good
		// (a special skill's "this unit" too: as "This card acquires <Knife>").
		emb, col, ok := tags(m[1])
		if !ok {
			c.fail("predicate", m[1])
			return nil, false
		}
		return []Effect{{When: "always", Acquire: emb, AcquireColors: col}}, true
	}
	if m := reGrantDef.FindStringSubmatch(s); m != nil {
		// "(Anti-Fliers |CONT| If this unit is attacking a <Flier>, ...)"
		// after a sentence giving "Anti-Fliers": the skill's text.
		for i := range c.effects {
			if g := c.effects[i].Grant; g != nil && g.Type == "" && g.Name == strings.TrimSpace(m[1]) {
				def, ok := grant([]string{"", g.Name, s[1 : len(s)-1], ""})
				if !ok {
					c.fail("predicate", s)
					return nil, false
				}
				c.effects[i].Grant = def
				return []Effect{}, true
			}
		}
	}
	if c.typ == "permanent" && reAcquireDB.MatchString(s) {
		// "This unit acquires all [DB] possessed by other allies": while
		// the skill holds, their Dragon's Blood skills are this unit's too.
		return []Effect{{When: "always", AcquireSkills: "dragon-blood"}}, true
	}
	if reOnePerName.MatchString(s) {
		// "However, he may only have 1 skill among those with shared skill
		// names": the acquiring effect before it keeps one skill a name.
		if !havePrev || prev.AcquireSkills == "" || len(c.effects) == 0 {
			c.fail("core", "one skill a name, after no skills acquired")
			return nil, false
		}
		c.effects[len(c.effects)-1].OnePerName = true
		return []Effect{}, true
	}
	e := Effect{When: typeWhen[c.typ]}
	if c.typ == "special" && reMoreThan.MatchString(s) {
		// "There can be more than 2 "Risen" allies", "You may have 2 or
		// more allied "Bael" at once": deployable beside one.
		if havePrev && prev.SameName {
			return []Effect{}, true
		}
		return []Effect{{When: "special", SameName: true}}, true
	}
	if c.typ == "special" {
		return c.special(s)
	}
	if c.typ == "auto" {
		if havePrev || c.open != nil {
			e.When = c.whenSoFar(prev)
		}
		var turn *Cond
		if !havePrev && c.open == nil {
			s, turn = ifTrigger(s)
		}
		if m := reDuring.FindStringSubmatch(s); m != nil && reWhen.MatchString(s[len(m[0]):]) {
			// "During your turn, when ...": the trigger and a condition.
			turn = &Cond{Turn: "mine"}
			if !strings.EqualFold(m[1], "your") {
				turn.Turn = "theirs"
			}
			s = s[len(m[0]):]
		}
		if t, rest, ok := trigger(s); ok {
			t.cond = and(turn, t.cond)
			if t.when == "bond" {
				c.revealed = true // "that card" is the card placed (it is not in a deck: no put from it)
				c.bondCard = true
			}
			rest = strings.TrimSpace(rest)
			if m := reAndIf.FindStringSubmatch(rest); m != nil {
				// "When this unit's attack destroys an enemy, and if the
				// card supporting this unit is a <Tome>: Draw 1 card."
				k, ok := c.condition(m[1])
				if !ok {
					c.fail("condition", m[1])
					return nil, false
				}
				t.cond, rest = and(t.cond, k), m[2]
			}
			e.When, e.If, e.Watch = t.when, t.cond, t.watch
			c.trig = t
			low := strings.ToLower(rest)
			switch {
			case reMayPay.MatchString(low):
				c.open = &opened{trig: t, may: true}
				return nil, true
			case rest == "":
				c.open = &opened{trig: t}
				return nil, true
			}
			s = rest
		} else if !havePrev && c.open == nil {
			c.fail("trigger", triggerText(s))
			return nil, false // an auto skill starts with its trigger
		}
		if c.open != nil && !havePrev {
			e.When, e.May, e.If, e.Watch = c.open.when, c.open.may, and(c.open.cond, e.If), c.open.watch
		}
	}
	ifDone := reIfYouDo.MatchString(s)
	s = reIfYouDo.ReplaceAllString(s, "")
	s = reThen.ReplaceAllString(s, "")
	if c.mayCost != nil && !ifDone {
		return nil, false // "you may [cost]" and no "If you do"
	}
	s, e, ok := c.prefixes(s, e)
	if !ok {
		return nil, false
	}
	if c.typ == "auto" && (e.May && reMayPay.MatchString("you may "+s) || rePayCost.MatchString(s)) && !havePrev && c.open == nil && e.When != "" {
		// "When ..., if ..., you may pay the cost and if you do:"
		c.open = &opened{trig: c.trig, may: true}
		c.open.when, c.open.cond, c.open.watch = e.When, e.If, e.Watch
		return nil, true
	}
	if m := reBracketCost.FindStringSubmatch(s); m != nil && e.May && c.mayCost == nil {
		// "you may [Flip 1 Bond face-down]": the next sentence, "If you
		// do, ...", is what paying it does.
		for _, part := range splitCost(m[1]) {
			if !c.cost(strings.TrimSpace(part), &e) {
				c.fail("cost", part)
				return nil, false
			}
		}
		c.mayCost = &e
		return []Effect{}, true
	}
	es, ok := c.core(s, e)
	if !ok {
		es, ok = c.conjunction(s, e)
	}
	if ok && (e.Per != nil || e.PerBonds != nil || e.PerShown != nil || len(es) == 1 && es[0].PerStack) && (len(es) != 1 || es[0].Attack == 0) {
		c.fail("core", s) // "for each ...": a bonus of attack per ally only
		return nil, false
	}
	if !ok {
		c.fail("core", s)
		return nil, false
	}
	if len(es) > 0 && ifDone {
		if c.mayCost != nil {
			k := *c.mayCost
			c.mayCost = nil
			es[0] = merge(k, es[0])
			es[0].May, es[0].If = true, and(k.If, es[0].If)
		} else {
			es[0].IfDone = true
		}
	}
	for i := range es {
		if es[i].Until == "" && needsUntil(es[i]) && es[i].When != "always" {
			es[i].Until = "turn"
			if es[i].When == "support" {
				es[i].Until = "battle"
			}
		}
	}
	return es, true
}

// typos are misspellings of the card list read as the words meant.
var typos = strings.NewReplacer(
	"from you hand", "from your hand", `allied "Edelgard, "Dimitri"`, `allied "Edelgard", "Dimitri"`, "has a Deployment Cost is ", "has a Deployment Cost of ", "an allied <Pent>", `an allied "Pent"`, `"Mulgair, the Legendary Weapon"`, `"Mulagir, the Legendary Weapon"`, "add itto", "add it to", "Deplyoment", "Deployment", "Deploment", "Deployment",
	"Deploymost", "Deployment", "and destroy then", "and destroy them", "Characterenemy", "Character enemy",
	"non-Main Characters enemies", "non-Main Character enemies", " enemes", " enemies", "Draw one card", "Draw 1 card",
	"draw one card", "draw 1 card", "Main Caracter", "Main Character", ">ally", "> ally", "opponent' s ", "opponent's ",
	"if your do", "if you do", ",,", ",", "destroys an enemy, with a Deployment Cost", "destroys an enemy with a Deployment Cost",
	"Untap your other allies", "Untap all other allies", "is only usable you have", "is only usable if you have",
	"this units ", "this unit ", "Your other allies ", "Other allies ", "your other allies ", "other allies ",
	"Durng ", "During ", "you opponent's", "your opponent's", "Each time 1 enemy is", "Each time an enemy is", " are cannot ", " cannot ", "Deployment Cost of 2 of less", "Deployment Cost of 2 or less",
	"Class Cahnged", "Class Changed", "range 1-2., and", "range 1-2, and", "<Purple ally", "<Purple> ally", "Deployment Cost or ", "Deployment Cost of ", "Deployment Cost of Cost ", "Deployment Cost of ", "Deploment Cost", "Deployment Cost",
	"If yyou ", "If you ", "if your have ", "if you have ", "<Sword Bond", "<Sword> Bond",
	"' s ", "'s ", "<Flier ally", "<Flier> ally", "ally is deploy,", "ally is deployed,", "Symbol-lss", "Symbol-less", "Critical Hit, but the number", "Critical Hit, and the number", "\" , \"", "\", \"",
)

// conjunction reads a core that is two joined by "and" or "then", each
// with its own subject or verb ("untap this unit and until the end of the
// turn, this unit loses -10 attack"; "this unit gains +20 attack, and all
// other allies gain +10 attack"); the second happens only if the first did
// when the first is optional.
func (c *compiler) conjunction(s string, e Effect) ([]Effect, bool) {
	why := c.why
	for _, sep := range []string{", and then ", ", and ", ", then ", " and then ", " and ", " then "} {
		for i := strings.Index(s, sep); i > 0; {
			left, right := s[:i], s[i+len(sep):]
			if l, ok := c.core(left, e); ok && len(l) > 0 {
				base := e
				base.May, base.IfDone = false, base.May
				base.Target, base.Until = nil, e.Until
				base = clearCosts(base)
				if rs, be, ok := c.prefixes(right, base); ok {
					if r, ok := c.core(rs, be); ok && len(r) > 0 {
						c.why = why
						return append(l, r...), true
					}
				}
			}
			j := strings.Index(s[i+len(sep):], sep)
			if j < 0 {
				break
			}
			i += len(sep) + j
		}
	}
	c.why = why
	return nil, false
}

// clearCosts is an effect without the costs (a second effect of a
// sentence does not pay them again).
// instead reads "If ..., this unit gains +40 attack instead" after a
// sentence that gave the same unit +20 (the same timing and duration): a
// bonus adds up, so "+40 instead" is the +20 and, when the condition holds
// too, +20 more.
func (c *compiler) instead(s, text string, prev Effect) ([]Effect, bool) {
	es, ok := c.sentence(s, prev, true)
	if !ok {
		return nil, false
	}
	if len(es) != 1 || es[0].If == nil || prev.Attack <= 0 || es[0].Attack <= prev.Attack || prev.Per != nil || es[0].Per != nil {
		c.fail("core", text)
		return nil, false
	}
	a, b := clearCosts(prev), es[0]
	a.Attack, a.If, a.May, a.IfDone, a.Watch = 0, nil, false, false, nil
	b.Attack, b.If, b.May, b.IfDone, b.Watch = 0, nil, false, false, nil
	if !reflect.DeepEqual(a, b) || es[0].May {
		c.fail("core", text)
		return nil, false
	}
	es[0].Attack -= prev.Attack
	es[0].If = and(prev.If, es[0].If)
	es[0].Watch = prev.Watch
	return es, true
}

func clearCosts(e Effect) Effect {
	e.OncePerTurn, e.Reverse, e.ReverseOf, e.Tap, e.PayDiscard, e.PayTap = false, 0, nil, false, nil, nil
	e.DestroySelf, e.PayDestroy, e.PayBonds, e.PayOrbs, e.PayGrowth, e.PayOrbsUp = false, nil, nil, 0, nil, 0
	e.FlipSelf, e.SendSelf, e.PayBanish = false, "", nil
	return e
}

// prefixes reads what may open a sentence before its core, in any order:
// "During your turn,", "If ...,", "Until the end of the turn,", "you may".
func (c *compiler) prefixes(s string, e Effect) (string, Effect, bool) {
	for {
		if m := reDuring.FindStringSubmatch(s); m != nil {
			t := "mine"
			if m[1] != "your" {
				t = "theirs"
			}
			e.If = and(e.If, &Cond{Turn: t})
			s = s[len(m[0]):]
			continue
		}
		if r, ok := cutAndIf(s); ok {
			s = r // "When ..., and if ...,": the trigger's condition
		}
		if m := reIfLead.FindStringSubmatch(s); m != nil {
			// The condition ends at a comma, maybe not the first ("if you
			// have an allied "A", "B" or "C", ..."): the longest that reads.
			head := s[3:] // after "If "
			read := false
			for i := len(head) - 1; i > 0; i-- {
				if head[i] != ',' {
					continue
				}
				if cond, ok := c.condition(head[:i]); ok {
					e.If = and(e.If, cond)
					s = reThen.ReplaceAllString(strings.TrimSpace(strings.TrimPrefix(head[i+1:], " then")), "")
					read = true
					break
				}
			}
			if read {
				continue
			}
			c.fail("condition", m[1])
			return s, e, false
		}
		if m := reUntil.FindStringSubmatch(s); m != nil {
			switch w, span := strings.ToLower(m[1]), strings.ToLower(m[2]); {
			case span == "combat" || span == "battle":
				e.Until = "battle"
			case w == "your opponent's next", w == "your opponent's" && c.typ == "action":
				e.Until = "opponent-turn"
			case w == "your next", w == "your opponent's", w == "your" && c.typ != "action":
				c.fail("duration", m[0])
				return s, e, false
			default:
				e.Until = "turn"
			}
			s = s[len(m[0]):]
			continue
		}
		if m := reCombatEnd.FindString(s); m != "" && e.When == "support" && !e.IfDone {
			// A support skill's "At the end of this combat, ...": it
			// resolves when the battle ends, not when the card is revealed.
			e.When = "attack-end"
			s = s[len(m):]
			continue
		}
		if m := reYouMay.FindString(s); m != "" {
			e.May = true
			s = s[len(m):]
			continue
		}
		if m := reForEach.FindStringSubmatch(s); m != nil && e.Per == nil && e.PerShown == nil && c.revealed && c.typ != "permanent" {
			if t, ok := strings.CutSuffix(m[1], " among the revealed cards"); ok {
				// "for each "Scathach" among the revealed cards, this unit gains +20 attack"
				if f, ok := cardIs(t); ok && f.Count == 0 && !f.FaceUp && !f.FaceDown {
					e.PerShown = f
					s = s[len(m[0]):]
					continue
				}
			}
		}
		if m := reForEach.FindStringSubmatch(s); m != nil && e.Per == nil && e.PerBonds == nil && c.typ == "permanent" {
			if t, ok := strings.CutPrefix(m[1], "of your "); ok {
				// "For each of your face-down Bond cards, this unit gains +10 attack."
				if n, ok := bondCount(t, &Count{}); ok {
					e.PerBonds = n
					s = s[len(m[0]):]
					continue
				}
			}
		}
		if m := reForEach.FindStringSubmatch(s); m != nil && e.Per == nil && e.PerBonds == nil {
			// "For each other <Red> ally, this unit gains +10 attack."
			f, noun, ok := unitWords(strings.TrimSuffix(perSpellings.Replace(m[1]), " you have"))
			if !ok || noun != "ally" {
				c.fail("condition", m[1])
				return s, e, false
			}
			e.Per = f
			s = s[len(m[0]):]
			continue
		}
		break
	}
	return s, e, true
}

// cutAndIf is a sentence's "and if ..." after its trigger, as "if ...".
func cutAndIf(s string) (string, bool) {
	if pre(s, "and if ") {
		return s[len("and "):], true
	}
	return s, false
}

// needsUntil reports an effect that lasts (a bonus, a range) rather than
// happening once.
func needsUntil(e Effect) bool {
	return e.Attack != 0 || e.Double || e.Range != nil || len(e.Acquire) > 0 || e.Unevadable || e.NoEvade || e.NoCritical ||
		e.Shielded || e.BackLine || e.Orbs > 0 || e.SkillProof || e.NoMove || e.NoSkillMove || e.NoAttack || e.Unattackable ||
		e.NoUntap || e.ReachAll || e.ReachMain || e.NoSupSkills || e.CritProof || e.Grant != nil || len(e.Lose) > 0 || e.LoseAll || e.AcquireSkills == "that-card" || e.NoFoeMove || e.FoeProof
}

func (c *compiler) whenSoFar(prev Effect) string {
	if prev.When != "" {
		return prev.When
	}
	if c.open != nil {
		return c.open.when
	}
	return ""
}

// targetWords reads the enemy of "attacking X": `your opponent's Main
// Character`, `a non-Main Character enemy`, `a <Flier>`, `a non-<Tome>`,
// `an enemy with a Deployment Cost of 3 or higher`.
func targetWords(s string) (*UnitFilter, bool) {
	s = strings.TrimSpace(s)
	s = strings.TrimPrefix(strings.TrimPrefix(s, "an "), "a ")
	switch strings.ToLower(s) {
	case "your opponent's main character", "the main character", "an enemy main character", "enemy main character", "the enemy main character", "the opponent's main character":
		return &UnitFilter{Main: true}, true
	case "enemy", "unit":
		return &UnitFilter{}, true
	}
	if !strings.HasSuffix(s, "enemy") && !strings.Contains(s, "enemy ") && !strings.HasSuffix(s, "unit") {
		s += " enemy"
	}
	f, noun, ok := unitWords(s)
	return f, ok && (noun == "enemy" || noun == "unit")
}

// ---- conditions

type condRule struct {
	re *lazyRE
	f  func(m []string) (*Cond, bool)
}

func count(m string) int { return atoi(m) }

var condRules = []condRule{
	{lazy(`^this unit is (?:attacking|in battle against|battling)$`), func(m []string) (*Cond, bool) { return &Cond{Attacking: &UnitFilter{}}, true }},
	{lazy(`^this unit is attacking (.+)$`), func(m []string) (*Cond, bool) {
		f, ok := targetWords(m[1])
		return &Cond{Attacking: f}, ok
	}},
	{lazy(`^this unit is (?:being attacked|attacked|defending)$`), func(m []string) (*Cond, bool) { return &Cond{Defending: &UnitFilter{}}, true }},
	{lazy(`^this unit is (?:being attacked|attacked) by (.+)$`), func(m []string) (*Cond, bool) {
		f, ok := targetWords(m[1])
		return &Cond{Defending: f}, ok
	}},
	{lazy(`^you have (\d+) or more ((?:<[^>]+> )?)Bond(?: cards?|s)?$`), func(m []string) (*Cond, bool) {
		c := &Count{AtLeast: count(m[1])}
		if m[2] != "" {
			emb, col, ok := tags(m[2])
			if !ok {
				return nil, false
			}
			c.Of = &UnitFilter{Emblem: emb, Color: col}
		}
		return &Cond{Bonds: c}, true
	}},
	{lazy(`^you have (\d+) or more (face-up |face-down )?((?:<[^>]+> |"[^"]+" )?)Bond(?: cards?|s)?$`), func(m []string) (*Cond, bool) {
		c := &Count{AtLeast: count(m[1]), FaceUp: m[2] == "face-up ", FaceDown: m[2] == "face-down "}
		if m[3] != "" {
			f, ok := cardPhrase(m[3] + "card")
			if !ok {
				return nil, false
			}
			c.Of = &UnitFilter{Emblem: f.Emblem, Color: f.Color, Name: f.Name}
		}
		return &Cond{Bonds: c}, true
	}},
	{lazy(`^you have (\d+) or more ((?:other |non-|<).*(?:allies|ally)(?: .*)?)$`), func(m []string) (*Cond, bool) {
		f, noun, ok := unitWords(m[2])
		return &Cond{Allies: &Count{AtLeast: count(m[1]), Of: f}}, ok && noun == "ally"
	}},
	{lazy(`^you have (\d+) or more (allies(?: .*)?)$`), func(m []string) (*Cond, bool) {
		f, noun, ok := unitWords(m[2])
		return &Cond{Allies: &Count{AtLeast: count(m[1]), Of: f}}, ok && noun == "ally"
	}},
	{lazy(`^you have (?:both )?(?:an )?allied "([^"]+)" and (?:an )?(?:allied )?"([^"]+)"$`), func(m []string) (*Cond, bool) {
		return &Cond{AlliesAll: []string{m[1], m[2]}}, true
	}},
	{lazy(`^this unit is (?:in combat with|battling|in battle with|fighting) (.+)$`), func(m []string) (*Cond, bool) {
		f, ok := targetWords(m[1])
		return &Cond{Battling: f}, ok
	}},
	{lazy(`^(?:there are more allies than enemies|the number of allies exceeds the number of enemies|you have more allies than your opponent)$`), func(m []string) (*Cond, bool) {
		return &Cond{Outnumber: true}, true
	}},
	{lazy(`^your opponent has (\d+) or lower cards in (?:their|his|her) hand$`), func(m []string) (*Cond, bool) {
		n := count(m[1])
		return &Cond{FoeHand: &Count{AtMost: &n}}, true
	}},
	{lazy(`^this unit is (?:being )?supported by (?:a |an )((?:<[^>]+>(?:,? or )?)+)(?: card)?$`), func(m []string) (*Cond, bool) {
		emb, col, ok := tags(m[1])
		return &Cond{Supported: &CardFilter{Emblem: emb, Color: col}}, ok
	}},
	{lazy(`^you have (\d+) or more (other )?allied ((?:"[^"]+"(?:,? or |,? and | )?)+)$`), func(m []string) (*Cond, bool) {
		return &Cond{Allies: &Count{AtLeast: count(m[1]), Of: &UnitFilter{Other: m[2] != "", Name: quoted(m[3])}}}, true
	}},
	{lazy(`^you have (?:an? )?(other )?(?:allied|ally) ((?:"[^"]+"(?:,? or |, | )?)+)$`), func(m []string) (*Cond, bool) {
		return &Cond{Allies: &Count{AtLeast: 1, Of: &UnitFilter{Other: m[1] != "", Name: quoted(m[2])}}}, true
	}},
	{lazy(`^you have an? (other )?((?:<[^>]+>(?:,? or )?)+) ally$`), func(m []string) (*Cond, bool) {
		emb, col, ok := tags(m[2])
		return &Cond{Allies: &Count{AtLeast: 1, Of: &UnitFilter{Other: m[1] != "", Emblem: emb, Color: col}}}, ok
	}},
	{lazy(`^this unit is (?:being )?supported by ((?:"[^"]+"(?:,? or |,? and |, | )?)+)$`), func(m []string) (*Cond, bool) {
		return &Cond{Supported: &CardFilter{Name: quoted(m[1])}}, true
	}},
	{lazy(`^(?:the card supporting this unit|this unit's Support card|the Support card of this unit) is both (?:an? )?(<[^>]+>) and (?:an? )?(<[^>]+>)$`), func(m []string) (*Cond, bool) {
		emb, col, ok := tags(m[1] + m[2])
		return &Cond{Supported: &CardFilter{Emblem: emb, Color: col, AllOf: true}}, ok
	}},
	{lazy(`^(?:the card supporting this unit|this unit's Support card|the Support card of this unit) is (?:a |an )?((?:<[^>]+>(?:,? or |, )?)+)(?: card)?$`), func(m []string) (*Cond, bool) {
		emb, col, ok := tags(m[1])
		return &Cond{Supported: &CardFilter{Emblem: emb, Color: col}}, ok
	}},
	{lazy(`^(?:the card supporting this unit|this unit's Support card) has a Deployment Cost of (\d+)(?: or (higher|more|lower|less))?$`), func(m []string) (*Cond, bool) {
		f := &CardFilter{}
		costBound(strings.ToLower(m[2]), atoi(m[1]), &f.CostMin, &f.CostMax)
		return &Cond{Supported: f}, true
	}},
	{lazy(`^this unit is in the same area as your Main Character$`), func(m []string) (*Cond, bool) {
		return &Cond{SameArea: &UnitFilter{Main: true}}, true
	}},
	{lazy(`^(?:your allies outnumber your enemies|the number of allies is (?:greater|more) than the number of enemies)$`), func(m []string) (*Cond, bool) {
		return &Cond{Outnumber: true}, true
	}},
	{lazy(`^the number of allies is (?:less than or equal to|equal to or less than|not (?:greater|more) than) the number of enemies$`), func(m []string) (*Cond, bool) {
		return &Cond{Compare: &Compare{Of: "units", Rel: "not-more"}}, true
	}},
	{lazy(`^the number of cards in your opponent's hand is (\d+) or (?:less|fewer|lower)$`), func(m []string) (*Cond, bool) {
		n := count(m[1])
		return &Cond{FoeHand: &Count{AtMost: &n}}, true
	}},
	{lazy(`^the number of cards in your hand is (?:greater|more) than (?:the number of cards in )?your opponent's(?: hand)?$`), func(m []string) (*Cond, bool) {
		return &Cond{MoreHand: true}, true
	}},
	{lazy(`^this unit has no other allies$`), func(m []string) (*Cond, bool) {
		zero := 0
		return &Cond{Allies: &Count{AtMost: &zero, Of: &UnitFilter{Other: true}}}, true
	}},
	{lazy(`^there are no enemies other than your opponent's Main Character$`), func(m []string) (*Cond, bool) {
		zero := 0
		return &Cond{Enemies: &Count{AtMost: &zero, Of: &UnitFilter{NonMain: true}}}, true
	}},
	{lazy(`^this unit is in the (Front|Back) Line$`), func(m []string) (*Cond, bool) { return &Cond{Area: strings.ToLower(m[1])}, true }},
	{lazy(`^this unit is in the same area as (?:an? )?(?:allied )?((?:"[^"]+"(?:,? or | )?)+)$`), func(m []string) (*Cond, bool) {
		return &Cond{SameArea: &UnitFilter{Name: quoted(m[1])}}, true
	}},
	{lazy(`^this unit is in the same area as (?:an? |another )?((?:<[^>]+>(?:,? or )?)+) ally$`), func(m []string) (*Cond, bool) {
		emb, col, ok := tags(m[1])
		return &Cond{SameArea: &UnitFilter{Emblem: emb, Color: col}}, ok
	}},
	{lazy(`^your opponent has (\d+) or (?:fewer|less) cards in (?:their|his|her) hand$`), func(m []string) (*Cond, bool) {
		n := count(m[1])
		return &Cond{FoeHand: &Count{AtMost: &n}}, true
	}},
	{lazy(`^your opponent has (\d+) or more cards in (?:their|his|her) hand$`), func(m []string) (*Cond, bool) {
		return &Cond{FoeHand: &Count{AtLeast: count(m[1])}}, true
	}},
	{lazy(`^you have (\d+) or more cards in your hand$`), func(m []string) (*Cond, bool) {
		return &Cond{Hand: &Count{AtLeast: count(m[1])}}, true
	}},
	{lazy(`^you have (\d+) or (?:fewer|less) cards in your hand$`), func(m []string) (*Cond, bool) {
		n := count(m[1])
		return &Cond{Hand: &Count{AtMost: &n}}, true
	}},
	{lazy(`^you have more cards in your hand than your opponent$`), func(m []string) (*Cond, bool) { return &Cond{MoreHand: true}, true }},
	{lazy(`^you have (?:less|fewer) cards in your hand than your opponent$`), func(m []string) (*Cond, bool) { return &Cond{LessHand: true}, true }},
	{lazy(`^you have (\d+) or (?:fewer|less) Orbs$`), func(m []string) (*Cond, bool) {
		n := count(m[1])
		return &Cond{Orbs: &Count{AtMost: &n}}, true
	}},
	{lazy(`^you have no Orbs$`), func(m []string) (*Cond, bool) {
		n := 0
		return &Cond{Orbs: &Count{AtMost: &n}}, true
	}},
	{lazy(`^you have (?:less|fewer) Orbs than your opponent$`), func(m []string) (*Cond, bool) { return &Cond{FewerOrbs: true}, true }},
	{lazy(`^this unit is untapped$`), func(m []string) (*Cond, bool) { return &Cond{Untapped: true}, true }},
	{lazy(`^this unit is (?:your )?Main Character$`), func(m []string) (*Cond, bool) { return &Cond{IsMain: true}, true }},
	{lazy(`^this unit is (?:not your Main Character|a non-Main Character)$`), func(m []string) (*Cond, bool) { return &Cond{NotMain: true}, true }},
	{lazy(`^your Main Character is (?:a |an )?((?:<[^>]+>(?:,? or )?)+)$`), func(m []string) (*Cond, bool) {
		emb, col, ok := tags(m[1])
		return &Cond{Main: &UnitFilter{Emblem: emb, Color: col}}, ok
	}},
	{lazy(`^this unit is Class Changed$`), func(m []string) (*Cond, bool) { return &Cond{ClassChang: true}, true }},
	{lazy(`^there are no (.+)$`), func(m []string) (*Cond, bool) {
		f, noun, ok := unitWords(m[1])
		if !ok || noun != "enemy" {
			return nil, false
		}
		zero := 0
		return &Cond{Enemies: &Count{AtMost: &zero, Of: f}}, true
	}},
	{lazy(`^(?:your (?:attacking|defending) unit|your unit in combat|the (?:attacking|defending) unit) is (?:a |an )?((?:<[^>]+>(?:,? or )?)+)$`), func(m []string) (*Cond, bool) {
		emb, col, ok := tags(m[1])
		return &Cond{Self: &UnitFilter{Emblem: emb, Color: col}}, ok
	}},
	{lazy(`^a total of (\d+) or more cards are in this unit's stack$`), func(m []string) (*Cond, bool) { return &Cond{Stack: count(m[1])}, true }},
	{lazy(`^(?:that card|the revealed card|it|the card) (?:has|is) (.+)$`), func(m []string) (*Cond, bool) {
		f, ok := cardIs(m[1])
		return &Cond{Revealed: f}, ok
	}},
	{lazy(`^(?:that card|the revealed card)'s deployment cost is (\d+)(?: or (lower|less|higher|more|greater))?$`), func(m []string) (*Cond, bool) {
		f := &CardFilter{}
		costBound(strings.ToLower(m[2]), atoi(m[1]), &f.CostMin, &f.CostMax)
		return &Cond{Revealed: f}, true
	}},
}

// condition reads a condition where the sentence stands: one on "that
// card" only after cards were revealed.
func (c *compiler) condition(s string) (*Cond, bool) {
	k, ok := condition(s)
	if ok && ((k.Revealed != nil || k.ShownAny != nil) && !c.revealed || k.Chosen != nil && !c.chose) {
		return nil, false
	}
	return k, ok
}

// condition reads "A and B" of the conditions above.
func condition(s string) (*Cond, bool) {
	s = strings.TrimSpace(s)
	s = strings.TrimPrefix(s, "If ")
	s = strings.TrimPrefix(s, "if ")
	if c, ok := oneCondition(s); ok {
		return c, true
	}
	if i := strings.Index(s, " and "); i > 0 {
		a, ok1 := oneCondition(s[:i])
		rest := s[i+5:]
		if (pre(rest, "is ") || pre(rest, "has ")) && pre(s, "this unit ") {
			rest = "this unit " + rest // "this unit is in the Front Line and is attacking ..."
		}
		b, ok2 := condition(rest)
		if ok1 && ok2 {
			return and(a, b), true
		}
	}
	return nil, false
}

// cardIs reads what a card is or has: "a Deployment Cost of 3 or
// higher", "a <Red> card", "<Tome> or <Staff>", "\"Marth\"".
func cardIs(s string) (*CardFilter, bool) {
	s = strings.TrimSpace(s)
	low := strings.ToLower(s)
	if strings.HasPrefix(low, "a deployment cost") {
		return cardPhrase("card with " + s)
	}
	s = strings.TrimPrefix(strings.TrimPrefix(s, "an "), "a ")
	if f, ok := cardPhrase(s); ok {
		return f, true
	}
	return cardPhrase(s + " card")
}

func oneCondition(s string) (*Cond, bool) {
	s = normCond(s)
	for _, r := range condRules {
		if m := r.re.FindStringSubmatch(s); m != nil {
			if k, ok := r.f(m); ok {
				return k, true
			}
			break
		}
	}
	return composed(s)
}

var (
	reIfSupAlly = lazy(`^((?:During your (?:opponent's )?turn, )?)If (?:a|the) card supporting an ally is (?:an? )?((?:<[^>]+>(?:,? or | )?)+), that ally gains (.+)$`)
	reIfSealed  = lazy(`^If (your Main Character|an? (?:<[^>]+> )*ally) (?:is|are) being attacked, ` + sealed + `$`)
	reSealSelf  = lazy(`^If this unit or (?:an )?allied ((?:"[^"]+"(?:,? or |, )?)+) (?:is|are) being attacked, ` + sealed + `$`)
	reIfAllyIs  = lazy(`^((?:During your (?:opponent's )?turn, )?)If (an?|another) ((?:<[^>]+> |non-<[^>]+> )*)ally is ((?:being attacked|attacking|in combat with|battling)(?: .+)?), that ally gains (.+)$`)
)

// sealed is "your opponent's support skills fail", as the list words it.
const sealed = `(?:any |the )?(?:support skills (?:belonging to|possessed by|of) your opponent's support(?:ing)? card|your opponent's support skills) (?:cannot activate|fail|do not activate|are unable to activate)`

// thatAlly reads a permanent skill's "If an ally is attacking X, that ally
// gains ..." and "If a card supporting an ally is <T>, that ally gains
// ...": every ally that is so gains it.
func thatAlly(s string) string {
	if m := reIfSupAlly.FindStringSubmatch(s); m != nil {
		return m[1] + all(m[1]) + " allies supported by a " + strings.TrimSpace(m[2]) + " gain " + m[3]
	}
	if m := reIfSealed.FindStringSubmatch(s); m != nil {
		// The opponent's support card supports the enemy attacking it.
		return "The Support skills of cards supporting enemies attacking " + lowerFirst(m[1]) + " are unable to come into effect"
	}
	if m := reIfAllyIs.FindStringSubmatch(s); m != nil {
		other := ""
		if strings.EqualFold(m[2], "another") {
			other = "other "
		}
		return m[1] + all(m[1]) + " " + other + m[3] + "allies " + m[4] + " gain " + m[5]
	}
	return s
}

// all is "All" at a sentence's start, "all" after a prefix.
func all(prefix string) string {
	if prefix == "" {
		return "All"
	}
	return "all"
}

// reAltCost is a permanent skill's other cost for this unit's critical hit
// or evasion: "If this unit Critical Hits, you may [Flip 2 Bonds
// face-down] instead of sending a "Deen" card from your hand to the Retreat
// Area" (the card of its unit name the rules ask for).
var reAltCost = lazy(`^If (this unit|an ally) (Critical Hits|evades), you may (.+?) instead of (?:sending )?(?:a |an |1 )?(?:"[^"]+"(?: card)? from your hand|card with the same Unit Name as (?:that ally|this unit)(?: from your hand)?)(?: to (?:the|your) Retreat Area)?$`)

func (c *compiler) altCost(m []string) ([]Effect, bool) {
	e := Effect{When: "always", CritAlt: strings.EqualFold(m[2], "critical hits"), EvadeAlt: strings.EqualFold(m[2], "evades")}
	if strings.EqualFold(m[1], "an ally") {
		e.Target = &Target{All: true, Side: "ally"} // any ally's critical hit, this unit's too
	}
	p := strings.TrimSpace(m[3])
	if t, ok := strings.CutPrefix(p, "["); ok {
		p = strings.TrimSuffix(t, "]")
	}
	p = strings.ToUpper(p[:1]) + p[1:]
	p = reOneOf.ReplaceAllString(p, "Send 1 ")
	if !c.cost(p, &e) || e.OncePerTurn || e.Tap || e.PayTap != nil || e.DestroySelf || e.PayDestroy != nil || e.PayGrowth != nil || e.PayOrbs > 0 || e.PayOrbsUp > 0 {
		c.fail("cost", m[3])
		return nil, false
	}
	return []Effect{e}, true
}

var reOneOf = lazy(`^Send (?:a|an|one) `)

var reSupUp = lazy(`^If (?:a|the) card supporting (another|an) ally is (?:an? )?((?:<[^>]+>(?:,? or | )?)+), that card(?:'s Support)? gains \+(\d+) (?:attack|support)$`)

var reAndIfColon = lazy(`^When [^:]+, and if [^:,]+(:) [A-Z]`)

// keepSupport reads a support skill's "at the end of this combat, (you
// may) deploy this card (tapped) (in the same area as "N") instead of
// sending it to the Retreat Area" (or add it to the hand, or place it face
// down in the bond area; after "If you do," or a condition): the card stays
// in the support area (keep, when the support skill applies, "if you do"
// after the effect before), and at the end of the combat it is placed,
// when the condition holds then.
func (c *compiler) keepSupport(s string, m []string, havePrev bool) ([]Effect, bool) {
	ifDone := pre(s, "If you do") || pre(s, "if you do")
	if ifDone && !havePrev {
		c.fail("core", s)
		return nil, false
	}
	keep := Effect{When: "support", Keep: true, IfDone: ifDone}
	end := Effect{When: "attack-end", May: m[3] != ""}
	pt := &Put{From: "support", To: "field", Count: 1, Tapped: m[5] != ""}
	switch {
	case strings.HasPrefix(m[4], "add"):
		pt.To = "hand"
	case strings.HasPrefix(m[4], "place"):
		pt.To, pt.FaceDown = "bonds", true
	}
	if m[6] != "" {
		pt.AreaOf = []string{m[6]}
	}
	switch m[7] {
	case "Back":
		pt.Area = "back"
	case "Front":
		pt.Area = "front"
	}
	end.Put = pt
	for _, t := range []string{m[1], m[2]} {
		if t == "" {
			continue
		}
		var k *Cond
		switch strings.ToLower(t) {
		case "your defending unit is destroyed":
			if c.typ != "defense-support" {
				c.fail("condition", t)
				return nil, false
			}
			k = &Cond{SupDestroyed: true}
		default:
			var ok bool
			if k, ok = c.condition(t); !ok {
				c.fail("condition", t)
				return nil, false
			}
		}
		end.If = and(end.If, k)
	}
	return []Effect{keep, end}, true
}
