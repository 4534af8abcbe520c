package skill

import (
	"strings"
)

// ---- the core of a sentence: what happens

var (
	reNoAttackMe    = lazy(`^(.+?) (?:cannot|can't|are unable to|is unable to) attack this unit$`)
	reNoAttackOf    = lazy(`^(.+?) (?:cannot|can't|are unable to) attack (this unit or )?((?:other )?(?:<[^>]+> )*allies(?: .+)?)$`)
	reNoSupport     = lazy(`^(?:all )?(.+?) cards? (?:fail|fails) to support this unit$`)
	reYouVerb       = lazy(`^you (?:draw|untap|move|destroy|choose) `)
	reTakeMain      = lazy(`^transfer main character status from your ((?:<[^>]+>(?:,? or )?)*) ?main character to (this unit|that ally|them)$`)
	reSendUnit      = lazy(`^(?:send|place|put|return|add) (this unit|this card|him|her|them|it|that ally|that enemy|that unit|the chosen allies|the chosen ally|the chosen enemy|the chosen enemies|the chosen units?) ((?:to|in|into|on|at|on the|face-down in) .+)$`)
	reDraw          = lazy(`^(?i:draw) (\d+) cards?$`)
	reEvadeOf       = lazy(`^(non-Main Character enemies) (?:are unable to|cannot) evade (.+?)'s attacks$`)
	reDrawTo        = lazy(`^(?i:draw cards until you have) (\d+) cards? in your hand$`)
	reMoveSelf      = lazy(`^(?i:move) this unit$`)
	reSealOf        = lazy(`^(?i:(?:the |any )?support skills (?:of|belonging to) cards (?:that are )?supporting) (.+?) (?:are unable to|cannot|do not) (?:come into effect|activate)$`)
	reSealFoe       = lazy(`^(?i:(?:any )?support skills (?:that your opponent's support card possesses|belonging to your opponent's support card|possessed by your opponent's support card)) (?:are unable to|cannot|do not) (?:come into effect|activate)$`)
	reSpecAcquire   = lazy(`^(?i:this (?:card|unit)) (acquires (?:<[^>]+>(?: and |, )?)+(?: and )?(?:range \d-\d)?)$`)
	reHandCost      = lazy(`^(?i:the deployment cost of this card|this card's deployment cost|this card's cost)(?: (?:if |when |while )?in your hand)? (?:becomes (\d)|is reduced by (\d))(?: (?:if |when |while )?in your hand)?$`)
	reCCCost        = lazy(`^(?i:this card's class change cost|this cards's class change cost|the class change cost of this card)(?: (?:while |when )?in your hand)? (?:becomes (\d)|is reduced by (\d))(?: (?:while |when )?in your hand)?$`)
	reBothCost      = lazy(`^(?i:this card's deployment(?: cost)? and class change costs?) (?:becomes? (\d)|(?:are|is) reduced by (\d))(?: (?:while |when )?in your hand)?$`)
	reStackOn       = lazy(`^(?i:you (?:are able to|can|may) (?:level up|class change)) (?:(?:an )?allied ((?:"[^"]+"(?:,? or )?)+) (?:into|with) this card|this card onto (?:your |allied |an allied )?((?:"[^"]+"(?:,? or )?)+))$`)
	reDeployOnly    = lazy(`^(?i:this card can only (?:be )?deployed if) (.+)$`)
	reNotBeside     = lazy(`^(?i:this (?:unit|card) cannot be deployed in the same area as) ((?:"[^"]+"(?:,? or )?)+)$`)
	reWithMain      = lazy(`^(?i:you cannot deploy this card in an area which your main character does not occupy)$`)
	reNoSymbol      = lazy(`^(?i:this card can be deployed from your hand even if you do not have an? <[^>]+> bond card)$`)
	reLevelOn       = lazy(`^(?i:if you are leveling up an allied) ((?:"[^"]+"(?:,? or )?)+), (.+)$`)
	reMoveSupported = lazy(`^(?i:move) your (attacking|defending) unit$`)
	reUntapSelf     = lazy(`^(?i:untap) this unit$`)
	reChoose        = lazy(`^(?i:choose) (\d+|up to \d+|as many|any number of|one|another|an) (.*?)(?: as you wish| as you like)?(?:, and (move|untap|destroy|tap) (?:them|it|that unit|that ally|that enemy))?$`)
	reDiscard       = lazy(`^(?i:choose) (\d+) cards? from your hand,? and send (?:it|them) to (?:the|your) Retreat Area$`)
	reFoeDiscard    = lazy(`^(?i:your opponent (?:chooses|choose)) (\d+) cards? (?:from|in) their (?:own )?hand,? and sends? (?:it|them) to (?:the|their) Retreat Area$`)
	reDestroyAll    = lazy(`^(?i:destroy) all (.+)$`)
	reVerbOn        = lazy(`^(move|untap|tap) (this unit|your main character|your opponent's main character|allied (?:"[^"]+"(?:,? and |,? or | )?)+|all .+?|that ally|that enemy|that unit)(?: to the (front|back) line)?$`)
	reDoThat        = lazy(`^(?i:(move|untap|destroy|tap)) (?:them|it|that ally|that enemy|that unit|the chosen allies|the chosen ally|the chosen enemy|the chosen units?)$`)
	reOrbsBecome    = lazy(`^the number of Orbs (?:that )?(.+?)'s attacks? will destroy (?:becomes|is increased to) (\d+)\.?$`)
	reGainAtk       = lazy(`^(?:gains?|get|gets) \+?(\d+) attack`)
	reLoseAtk       = lazy(`^(?:loses?) -?(\d+) attack`)
	reRange         = lazy(`^range (\d)(?:-(\d))?`)
	reAlsoNamed     = lazy(`^(?i:treat this card as if) (?:it's|its|this card's) (?:Unit Name|unit name|name) is also "([^"]+)"$`)
	reGrant         = lazy(`^(?:(?:acquires?|gains?) "([^"]+)":? ?\((.*)\)$|(?:(?:acquires?|gains?) )?the following skill(?::| -)? ?(.*)$)`)
	reGrantInner    = lazy(`^(?:"([^"|]+)"|([^"|\[\]]*?))\s*(?:\|(ACT|CONT|AUTO)\||\[(ACT|CONT|AUTO)\]):?\s*(.*)$`)
	reGrantBare     = lazy(`^(ACT|CONT|AUTO):? (.*)$`)
	reLoseSkill     = lazy(`^(?:loses?) ((?:"[^"]+"(?:,? and |, |,? or ))*"[^"]+")(?: and (?:is|are) unable to re-?acquire (?:it|them)| and (?:cannot|can't) re-?a?c?quire (?:it|them))?`)
	reAcquireThat   = lazy(`^(?:acquires?) all (?:of the )?skills (?:possessed by|of) that card`)
	reLoseAll       = lazy(`^(?:loses?) all non-\|SPEC\| skills(?: and (?:is|are) unable to re-?acquire them| and (?:cannot|can't) re-?acquire them)?`)
	reGrantRef      = lazy(`^(?:(?:acquires?|gains?) )?(?:the skill )?"([^"]+)"$`)
	reGrantDef      = lazy(`^\(([^|"()\[\]]+?)\s*(?:\|(?:ACT|CONT|AUTO)\||\[(?:ACT|CONT|AUTO)\]).*\)$`)
	reGrantCost     = lazy(`^\[([^\]]*)\]\s*`)
	reAcquire       = lazy(`^(?:acquires?|gains?) ((?:<[^>]+>(?:,? and |,? )?)+)`)
	rePerLead       = lazy(`^ (?:per each|per|for each|for every) `)
	reTagsAnd       = lazy(`^((?:<[^>]+>(?:,? and |, | or )?)+)`)
	reRangeAfter    = lazy(`^(\d)-(\d) range`)
	reVerbRange     = lazy(`^(?:acquires?|gains?) (\d)-(\d) range`)
	reReach         = lazy(`^(?:can|may|is able to|are able to) attack (.+?) regardless (?:of )?(?:its |their )?range`)
	reOrbsConj      = lazy(`^the number of orbs (?:that )?(?:this unit's|his|her|its|their) attacks? will destroy becomes (\d+)`)
	reFlagPred      = lazy(`^(?:cannot|can't|is unable to|are unable to) (be destroyed (?:as|by) (?:the |a )?(?:skill's )?costs? or effects? of (?:a )?skills?|be destroyed by (?:a |the )?skill's cost or effect|be destroyed by the costs? or effects? of skills|be destroyed (?:by|from) the (?:effects? or costs?|costs? or effects?) of skills|be destroyed as the cosf or effect of skills|be moved by (?:enemy skills|an enemy's skill|enemy's skills) or your opponent's support skills|be destroyed by the effects? of enemy skills|be moved by (?:the effects? of )?skills|be moved by (?:a )?skill's effects?|be moved|attack|be attacked|be untapped)`)
	reFoeOrders     = lazy(`^(?i:your opponent places (?:the chosen units|the chosen enemies|them) on top of their deck in any order they (?:wish|like))$`)
	reFoeNoDeploy   = lazy(`^(?i:your opponent (?:cannot|can't|is unable to|are unable to) deploy) (.+?)(?: (?i:into|in|to) the (Front|Back) Line)?$`)
	reStackedUnder  = lazy(`^(?i:card stacked (?:under|beneath) this (?:unit|card))$`)
	reFoeNoOrbs     = lazy(`^(?i:your opponent (?:is unable to|cannot|can't) add (?:any )?cards to their orbs)$`)
	reLockSkill     = lazy(`^(?i:not use) "([^"]+)"$`)
	reUnevCost      = lazy(`^attacks? (?:cannot|can't) be evaded by non-Main Character enemies with (?:a )?Deployment Cost of (\d+) or (?:lower|less)$`)
	reShieldCost    = lazy(`^cannot be destroyed by (?:attacks from |the attacks of )?enemies with (?:a )?Deployment Cost of (\d+) or (?:lower|less)$`)
)

func (c *compiler) core(s string, e Effect) ([]Effect, bool) {
	if m := reYouVerb.FindStringSubmatch(s); m != nil {
		s = s[len("you "):] // "you draw 1 card", "you untap this unit"
	}
	if es, ok := c.cards(s, e); ok {
		return es, true
	}
	if m := reEvadeOf.FindStringSubmatch(s); m != nil {
		// "non-Main Character enemies are unable to evade allied "X"'s
		// attacks": X's attacks cannot be evaded by them.
		s = m[2] + "'s attacks cannot be evaded by " + m[1]
	}
	switch {
	case reNoAttackMe.MatchString(s) && e.When == "always":
		// "Enemies in the Back Line cannot attack this unit": who may not.
		m := reNoAttackMe.FindStringSubmatch(s)
		words := strings.TrimPrefix(lowerFirst(m[1]), "all ")
		f, noun, ok := unitWords(words)
		if !ok || noun != "enemy" || !plural(words) {
			return nil, false
		}
		if f.isZero() {
			e.Unattackable = true
		} else {
			e.UnattackBy = f
		}
		return []Effect{e}, true
	case reNoAttackOf.MatchString(s) && e.When == "always":
		// "Enemies in the Back Line cannot attack other <White> allies",
		// "... cannot attack this unit or allies with a Deployment Cost of
		// 2 or lower": the allies' permanent unattackable-by.
		m := reNoAttackOf.FindStringSubmatch(s)
		words := strings.TrimPrefix(lowerFirst(m[1]), "all ")
		by, noun, ok := unitWords(words)
		if !ok || noun != "enemy" || !plural(words) || by.isZero() {
			return nil, false
		}
		of, noun, ok := unitWords(m[3])
		if !ok || noun != "ally" || !plural(m[3]) {
			return nil, false
		}
		e.UnattackBy = by
		all := e
		all.Target = &Target{All: true, Side: "ally", Of: nonZero(of)}
		if m[2] != "" {
			return []Effect{e, all}, true // this unit, and the allies like these
		}
		return []Effect{all}, true
	case reNoSupport.MatchString(s) && e.When == "always":
		// "Non-"Caeda" or "Navarre" cards fail to support this unit"
		f, ok := cardPhrase(reNoSupport.FindStringSubmatch(s)[1] + " card")
		if !ok {
			return nil, false
		}
		e.NoSupport = f
		return []Effect{e}, true
	case reTakeMain.MatchString(s):
		// "Transfer Main Character status from your <Red> Main Character
		// to this unit": the condition on the main, the unit that takes it.
		m := reTakeMain.FindStringSubmatch(s)
		if m[1] != "" {
			emb, col, ok := tags(m[1])
			if !ok {
				return nil, false
			}
			e.If = and(e.If, &Cond{Main: &UnitFilter{Emblem: emb, Color: col}})
		}
		if !strings.EqualFold(m[2], "this unit") {
			if !c.that() {
				return nil, false
			}
			e.Target = &Target{That: true}
		}
		e.TakeMain = true
		return []Effect{e}, true
	case reSendUnit.MatchString(s):
		// "send this unit to the Boundless Area", "choose ..., and send
		// them to the Boundless Area", "place this card on top of your Deck"
		m := reSendUnit.FindStringSubmatch(s)
		put := &Put{}
		switch w := strings.ToLower(m[1]); {
		case strings.EqualFold(m[2], "in your opponent's bond area") && c.choseSide == "enemy" && (w == "them" || w == "that enemy" || strings.HasPrefix(w, "the chosen enem")):
			put.To = "bonds" // the enemies chosen, to their owner's bond area
		case !place(m[2], put) || put.To == "field" || put.To == "orbs":
			return nil, false
		}
		switch strings.ToLower(m[1]) {
		case "this unit", "this card", "him", "her":
		default:
			if !c.that() {
				return nil, false
			}
			e.Target = &Target{That: true}
		}
		e.Send, e.SendDown = put.To, put.FaceDown
		return []Effect{e}, true
	case reLockSkill.MatchString(s) && e.May && e.Until == "turn" && e.If == nil && e.When == "activate":
		// "Until the end of the turn, you may not use "N"": "may not" is
		// no option (the "you may" read before it), a lock on the
		// player's skills of that name (on any unit) for the turn.
		e.May = false
		e.Lock = []string{reLockSkill.FindStringSubmatch(s)[1]}
		return []Effect{e}, true
	case reFoeNoDeploy.MatchString(s) && e.When == "always":
		// "Your opponent cannot deploy cards with a Deployment Cost of 1
		// into the Front Line": while this unit's skill is in effect.
		m := reFoeNoDeploy.FindStringSubmatch(s)
		f, ok := cardPhrase(m[1])
		if !ok || strings.Contains(strings.ToLower(m[1]), "skill") {
			return nil, false
		}
		e.FoeNoDeploy, e.FoeNoDeployIn = f, strings.ToLower(m[2])
		return []Effect{e}, true
	case reFoeNoOrbs.MatchString(s) && e.When == "always":
		e.FoeNoOrbs = true // "Your opponent is unable to add any cards to their Orbs"
		return []Effect{e}, true
	case reFoeOrders.MatchString(s) && c.chose && !e.May:
		// "Your opponent places the chosen units on top of their Deck in
		// any order they wish": the enemies chosen, in their owner's order.
		e.Target = &Target{That: true}
		e.Send, e.SendOrdered = "deck-top", true
		return []Effect{e}, true
	case reDrawTo.MatchString(s):
		e.DrawTo = atoi(reDrawTo.FindStringSubmatch(s)[1])
		return []Effect{e}, e.DrawTo > 0
	case reDraw.MatchString(s):
		e.Draw = atoi(reDraw.FindStringSubmatch(s)[1])
		return []Effect{e}, true
	case reMoveSelf.MatchString(s):
		e.Move = true
		return []Effect{e}, true
	case reUntapSelf.MatchString(s):
		e.Untap = true
		return []Effect{e}, true
	case reMoveSupported.MatchString(s) && e.When == "attack-end" && supportOf(c.typ, reMoveSupported.FindStringSubmatch(s)[1]):
		// A support skill's "move your attacking unit": the supported unit.
		e.Move = true
		return []Effect{e}, true
	case s == "Move your Main Character" || s == "move your Main Character":
		e.Target, e.Move = &Target{Main: true}, true
		return []Effect{e}, true
	case s == "Destroy this unit" || s == "destroy this unit":
		e.Destroy = true
		return []Effect{e}, true
	case reDiscard.MatchString(s):
		e.Discard = atoi(reDiscard.FindStringSubmatch(s)[1])
		return []Effect{e}, true
	case reFoeDiscard.MatchString(s):
		e.FoeDiscard = atoi(reFoeDiscard.FindStringSubmatch(s)[1])
		return []Effect{e}, true
	case reVerbOn.MatchString(s) && !reDoThat.MatchString(s) && !reDestroyAll.MatchString(s):
		m := reVerbOn.FindStringSubmatch(s)
		t, ok := subject(m[2], &e)
		if !ok || t != nil && (t.Foe || t.That && !c.that()) || t != nil && t.Named != nil && t.Self {
			return nil, false
		}
		if m[3] != "" {
			// "Move this unit to the Front Line": only from the other line.
			if strings.ToLower(m[1]) != "move" || t != nil {
				return nil, false
			}
			from := "back"
			if strings.EqualFold(m[3], "back") {
				from = "front"
			}
			e.If = and(e.If, &Cond{Area: from})
		}
		e.Target = t
		setOp(&e, strings.ToLower(m[1]))
		return []Effect{e}, true
	case reSealOf.MatchString(s) && e.When == "always":
		// "The Support skills of cards supporting enemies with a
		// Deployment Cost of 1 are unable to come into effect."
		words := strings.Replace(reSealOf.FindStringSubmatch(s)[1], " who have a ", " with a ", 1)
		f, noun, ok := unitWords(words)
		if !ok || noun != "enemy" || !plural(words) {
			return nil, false
		}
		e.Target = &Target{All: true, Side: "enemy", Of: nonZero(f)}
		e.NoSupSkills = true
		return []Effect{e}, true
	case reSealFoe.MatchString(s) && e.When == "support" && c.typ == "attack-support":
		// Sealspell Emblem: the defender's support card's skills (they
		// resolve after the attacker's) do not come into effect.
		e.Target = &Target{Foe: true}
		e.NoSupSkills = true
		return []Effect{e}, true
	case reDestroyAll.MatchString(s):
		f, noun, ok := unitWords(reDestroyAll.FindStringSubmatch(s)[1])
		if !ok || noun != "enemy" {
			return nil, false
		}
		e.Target = &Target{All: true, Side: "enemy", Of: f}
		e.Destroy = true
		return []Effect{e}, true
	case reDoThat.MatchString(s):
		if !c.that() {
			if !c.battleFoe() || !strings.HasSuffix(strings.ToLower(s), " that enemy") {
				return nil, false
			}
			// "When this unit's attack is evaded by a non-Main Character
			// enemy, destroy that enemy": the enemy in battle.
			e.Target = &Target{Foe: true}
			setOp(&e, strings.ToLower(reDoThat.FindStringSubmatch(s)[1]))
			return []Effect{e}, true
		}
		e.Target = &Target{That: true}
		setOp(&e, strings.ToLower(reDoThat.FindStringSubmatch(s)[1]))
		return []Effect{e}, true
	case reChoose.MatchString(s):
		m := reChoose.FindStringSubmatch(s)
		t, ok := chooseTarget(m[1], m[2])
		if !ok {
			return nil, false
		}
		e.Target = t
		c.chose, c.choseSide = true, t.Side
		if m[3] != "" {
			setOp(&e, m[3])
		}
		return []Effect{e}, true
	case reOrbsBecome.MatchString(s):
		m := reOrbsBecome.FindStringSubmatch(s)
		t, ok := subject(m[1], &e)
		if !ok {
			return nil, false
		}
		e.Target = t
		e.Orbs = atoi(m[2])
		return []Effect{e}, true
	}
	// A subject and its predicate.
	subj, rest, poss, ok := c.splitSubject(s)
	if !ok {
		c.fail("core", s)
		return nil, false
	}
	t, ok := subject(subj, &e)
	if !ok {
		c.fail("subject", subj)
		return nil, false
	}
	if t != nil && t.That && !c.that() {
		c.fail("subject", subj)
		return nil, false
	}
	e.Target = t
	if !predicate(rest, poss, &e) {
		c.fail("predicate", rest)
		return nil, false
	}
	return []Effect{e}, true
}

// that reports whether "that ally" refers to something: units an earlier
// sentence chose, or the unit whose event set the skill off.
func (c *compiler) that() bool { return c.chose || c.trig.watch != nil }

// battleFoe reports whether the skill's trigger is this unit's event in a
// battle it stays in, where "that enemy" is the enemy in battle.
func (c *compiler) battleFoe() bool {
	switch c.trig.when {
	case "attack", "attacked", "evaded", "evade", "survived", "critical", "missed":
		return c.trig.watch == nil && !c.chose
	}
	return false
}

func setOp(e *Effect, verb string) {
	switch verb {
	case "move":
		e.Move = true
	case "untap":
		e.Untap = true
	case "destroy":
		e.Destroy = true
	case "tap":
		e.TapIt = true
	}
}

// chooseTarget reads "1 other <Flier> ally", "up to 2 enemies", "as many
// allies", "1 ally, other than your attacking unit".
func chooseTarget(n, words string) (*Target, bool) {
	t := &Target{}
	switch {
	case n == "as many" || n == "any number of":
		t.Any = true
	case n == "one" || n == "an":
		t.Choose = 1
	case n == "another":
		t.Choose, words = 1, "other "+words
	case strings.HasPrefix(n, "up to "):
		t.Choose, t.Any = atoi(n[6:]), true
	default:
		t.Choose = atoi(n)
	}
	words = strings.TrimPrefix(strings.TrimSpace(words), "your ")
	for _, tail := range []string{", other than your attacking unit", " other than your attacking unit", ", other than this unit", ", other than the defending unit", " other than the defending unit", " other than your opponent's defending unit", ", other than your opponent's defending unit"} {
		if rest, ok := strings.CutSuffix(words, tail); ok {
			words = rest + " other than this unit"
			break
		}
	}
	for _, tail := range []string{" who has attacked in this turn", " that attacked in this turn", " who attacked this turn", " that has attacked in this turn", " that have attacked in this turn", " who have attacked in this turn"} {
		if rest, ok := strings.CutSuffix(words, tail); ok {
			words = rest
			defer func() {
				if t.Of != nil {
					t.Of.Attacked = true
				}
			}()
			break
		}
	}
	f, noun, ok := unitWords(words)
	if !ok || noun == "unit" {
		return nil, false
	}
	t.Side, t.Of = noun, f
	return t, true
}

// splitSubject finds where the subject ends: before " gains", " loses",
// " acquires", " cannot", " can attack", or at "'s attack(s)".
func (c *compiler) splitSubject(s string) (subj, rest string, poss bool, ok bool) {
	best := -1
	for _, v := range []string{" gains ", " gain ", " loses ", " lose ", " acquires ", " acquire ", " cannot ", " can attack ", " may attack ", " get ", " gets ", " gains", " gain", " is able to attack ", " are able to attack ", " is unable to ", " are unable to ", " can't "} {
		if i := strings.Index(s, v); i > 0 && (best < 0 || i < best) {
			best = i
		}
	}
	for _, v := range []string{"'s attacks ", "'s attack ", " attacks cannot", " attack cannot"} {
		if i := strings.Index(s, v); i > 0 && (best < 0 || i <= best) {
			if strings.HasPrefix(v, "'s") {
				return s[:i], strings.TrimSpace(s[i+2:]), true, true
			}
			return s[:i], strings.TrimSpace(s[i:]), true, true
		}
	}
	if best < 0 {
		return "", "", false, false
	}
	return s[:best], strings.TrimSpace(s[best:]), false, true
}

var (
	reAllOf   = lazy(`^all (.+)$`)
	reAllied  = lazy(`^(this unit and )?allied ((?:"[^"]+"(?:,? and |,? or |, | )?)+)$`)
	reFoesAtk = lazy(`^(.*?enem(?:y|ies)(?: with [^,]+?)?) (?:who (?:is|are) )?attacking this unit$`)
	reMainTag = lazy(`^your ((?:<[^>]+>(?:,? or )?)+) Main Character$`)
	reSupTag  = lazy(`^your ((?:<[^>]+>(?:,? or )?)+) (?:attacking|defending) unit$`)
)

// plural reports whether a unit phrase names many ("allies", "enemies").
func plural(s string) bool {
	l := " " + strings.ToLower(s) + " "
	return strings.Contains(l, " allies ") || strings.Contains(l, " enemies ")
}

// subject reads who a predicate is about; nil is this unit (for support
// skills: the supported unit).
func subject(s string, e *Effect) (*Target, bool) {
	s = strings.TrimSpace(s)
	for _, w := range []string{"Allied ", "All ", "Your ", "This ", "That "} {
		if strings.HasPrefix(s, w) {
			s = strings.ToLower(w) + s[len(w):]
		}
	}
	if !strings.Contains(s, `"`) {
		s = reSingleQuoted.ReplaceAllString(s, `$1"$2"$3`) // allied 'Matthew'
	}
	if m := reFoesAtk.FindStringSubmatch(s); m != nil {
		// "Enemies with a Deployment Cost of 1 who are attacking this
		// unit": the enemy in battle, while this unit is attacked.
		f, noun, ok := unitWords(m[1])
		if !ok || noun != "enemy" {
			return nil, false
		}
		e.If = and(e.If, &Cond{Defending: &UnitFilter{}})
		return &Target{Foe: true, Of: nonZero(f)}, true
	}
	switch strings.ToLower(s) {
	case "this unit", "this card", "it", "he", "she", "his", "her", "its":
		return nil, true
	case "that ally", "that unit", "that enemy", "they", "them", "the chosen ally", "the chosen allies", "the chosen unit", "the chosen units", "the chosen enemy", "the chosen enemies", "those allies", "that defending unit":
		return &Target{That: true}, true
	case "your main character":
		return &Target{Main: true}, true
	case "your attacking unit", "your defending unit", "the unit this card supports", "your unit in combat", "the supported unit", "your unit":
		if e.When != "support" {
			return nil, false
		}
		return nil, true
	case "your opponent's attacking unit", "your opponent's defending unit", "the defending unit", "the attacking enemy", "that attacking enemy", "the enemy in combat":
		return &Target{Foe: true}, true
	case "non-main character defending units", "non-main character defending unit":
		return &Target{Foe: true, Of: &UnitFilter{NonMain: true}}, true
	case "this unit and that ally", "this unit and that unit", "this unit and the chosen ally", "that ally and this unit", "both this unit and that ally":
		return &Target{That: true, Self: true}, true
	case "this unit and your main character", "your main character and this unit":
		return &Target{Main: true, Self: true}, true
	case "your opponent's main character", "the enemy main character":
		return &Target{All: true, Side: "enemy", Of: &UnitFilter{Main: true}}, true
	}
	// Plural without "all": "enemies in the Back Line", "other <Red> allies".
	if l := strings.ToLower(s); !strings.HasPrefix(l, "all ") && !strings.HasPrefix(l, "allied ") {
		if f, noun, ok := unitWords(s); ok && (noun == "ally" || noun == "enemy") && plural(s) {
			return &Target{All: true, Side: noun, Of: nonZero(f)}, true
		}
	}
	if m := reMainTag.FindStringSubmatch(s); m != nil {
		emb, col, ok := tags(m[1])
		return &Target{Main: true, Of: &UnitFilter{Emblem: emb, Color: col}}, ok
	}
	if m := reSupTag.FindStringSubmatch(s); m != nil && e.When == "support" {
		emb, col, ok := tags(m[1])
		e.If = and(e.If, &Cond{Self: &UnitFilter{Emblem: emb, Color: col}})
		return nil, ok
	}
	if m := reAllied.FindStringSubmatch(s); m != nil {
		return &Target{Self: m[1] != "", Named: quoted(m[2])}, true
	}
	if m := reAllOf.FindStringSubmatch(s); m != nil {
		f, noun, ok := unitWords(m[1])
		if !ok || noun == "unit" {
			return nil, false
		}
		return &Target{All: true, Side: noun, Of: f}, true
	}
	return nil, false
}

// perSpellings are the pronouns of a per-ally count read as this unit.
var perSpellings = strings.NewReplacer(" as him", " as this unit", " as her", " as this unit", " as them", " as this unit")

// predicate reads what happens to the subject: attack, range, emblems,
// evasion, destruction, reach.
func predicate(s string, poss bool, e *Effect) bool {
	s = strings.TrimSpace(s)
	if poss {
		switch s {
		case "attacks cannot be evaded", "attack cannot be evaded":
			e.Unevadable = true
			return true
		case "attacks cannot be evaded by non-Main Character enemies", "attack cannot be evaded by non-Main Character enemies":
			e.Unevadable, e.UnevadableBy = true, "non-main"
			return true
		case "attack is doubled", "attacks are doubled":
			e.Double = true
			return true
		}
		if m := reUnevCost.FindStringSubmatch(s); m != nil {
			e.Unevadable, e.UnevadableBy, e.UnevCost = true, "non-main", atoi(m[1])
			return true
		}
		return false
	}
	for s != "" {
		s = strings.TrimPrefix(s, ", and ")
		s = strings.TrimPrefix(s, ", but ")
		s = strings.TrimPrefix(s, ", ")
		s = strings.TrimPrefix(s, "and this unit ")
		s = strings.TrimPrefix(s, " and ")
		s = strings.TrimPrefix(s, "and ")
		s = strings.TrimPrefix(s, "but ")
		s = strings.TrimSpace(s)
		switch {
		case s == "":
		case reGainAtk.MatchString(s):
			e.Attack += atoi(reGainAtk.FindStringSubmatch(s)[1])
			s = s[len(reGainAtk.FindString(s)):]
			s = strings.TrimPrefix(s, " each")
			if m := rePerLead.FindString(s); m != "" {
				// The allies counted: up to the next part ("..., and
				// acquires range 1-2") or the end.
				rest := s[len(m):]
				end := len(rest)
				if i := strings.Index(rest, ", "); i >= 0 {
					end = i
				}
				words := perSpellings.Replace(strings.TrimSuffix(strings.TrimSpace(rest[:end]), " you have"))
				if reStackedUnder.MatchString(words) {
					// "per card stacked beneath this unit": its own stack
					e.PerStack = true
					s = rest[end:]
					break
				}
				f, noun, ok := unitWords(words)
				if !ok || noun != "ally" {
					return false
				}
				e.Per = f
				s = rest[end:]
			}
			if r, ok := strings.CutSuffix(s, " until the end of this turn"); ok {
				s, e.Until = r, "turn"
			} else if r, ok := strings.CutSuffix(s, " until the end of the turn"); ok {
				s, e.Until = r, "turn"
			}
		case reLoseAtk.MatchString(s):
			e.Attack -= atoi(reLoseAtk.FindStringSubmatch(s)[1])
			s = s[len(reLoseAtk.FindString(s)):]
		case reRangeAfter.MatchString(s) || reVerbRange.MatchString(s):
			// "1-2 range", "acquires 1-3 range"
			m := reRangeAfter.FindStringSubmatch(s)
			if m == nil {
				m = reVerbRange.FindStringSubmatch(s)
			}
			s = "range " + m[1] + "-" + m[2] + s[len(m[0]):]
			continue
		case reTagsAnd.MatchString(s) && e.Attack > 0:
			// "gains +10 attack, <Sword>, and range 1": emblems acquired
			m := reTagsAnd.FindStringSubmatch(s)
			emb, col, ok := tags(m[1])
			if !ok || len(col) > 0 {
				return false
			}
			e.Acquire = append(e.Acquire, emb...)
			s = strings.TrimPrefix(strings.TrimSpace(s[len(m[0]):]), "and ")
		case strings.HasPrefix(s, "gains range ") || strings.HasPrefix(s, "gain range ") || strings.HasPrefix(s, "acquires range ") || strings.HasPrefix(s, "acquire range "):
			s = s[strings.Index(s, "range "):]
			fallthrough
		case reRange.MatchString(s):
			m := reRange.FindStringSubmatch(s)
			r := &Range{Min: atoi(m[1]), Max: atoi(m[1])}
			if m[2] != "" {
				r.Max = atoi(m[2])
			}
			if r.Min < 1 || r.Max > 3 || r.Min > r.Max {
				return false
			}
			e.Range = r
			s = s[len(m[0]):]
		case reGrant.MatchString(s):
			// "acquires "Anti-Fliers": ("Anti-Fliers" |CONT| ...)", "acquires
			// the following skill: "|AUTO| ..."": a skill of its own, to the end.
			g, ok := grant(reGrant.FindStringSubmatch(s))
			if !ok || e.Grant != nil {
				return false
			}
			e.Grant = g
			s = ""
		case reAcquireThat.MatchString(s):
			// "acquires all skills possessed by that card": the card an
			// effect before put (Compile checks there is one).
			e.AcquireSkills = "that-card"
			s = s[len(reAcquireThat.FindString(s)):]
		case reLoseAll.MatchString(s):
			// "loses all non-|SPEC| skills and cannot re-acquire them"
			e.LoseAll = true
			s = s[len(reLoseAll.FindString(s)):]
		case reLoseSkill.MatchString(s):
			// "All enemies lose "Anti-Fliers" and are unable to re-acquire
			// it": a skill of that name they do not have, however given.
			m := reLoseSkill.FindStringSubmatch(s)
			e.Lose = append(e.Lose, quoted(m[1])...)
			s = s[len(m[0]):]
		case reGrantRef.MatchString(s) && e.Grant == nil:
			// "acquires <Tome>, range 1-2, and "Anti-Fliers"": a skill
			// named here, its text in parentheses after the sentence.
			e.Grant = &Grant{Name: reGrantRef.FindStringSubmatch(s)[1]}
			s = ""
		case reAcquire.MatchString(s):
			m := reAcquire.FindStringSubmatch(s)
			emb, col, ok := tags(m[1])
			if !ok || len(col) > 0 {
				return false
			}
			e.Acquire = append(e.Acquire, emb...)
			s = s[len(m[0]):]
		case s == "cannot Critical Hit or Evade" || s == "cannot Critical Hit or evade" || s == "cannot critical hit or evade":
			e.NoCritical, e.NoEvade = true, true
			s = ""
		case s == "cannot evade" || s == "cannot Evade" || s == "is unable to evade" || s == "is unable to Evade" || s == "are unable to evade" || s == "are unable to Evade":
			e.NoEvade = true
			s = ""
		case s == "cannot attack or evade" || s == "is unable to attack or evade":
			e.NoAttack, e.NoEvade = true, true
			s = ""
		case s == "cannot be moved or untapped":
			e.NoMove, e.NoUntap = true, true
			s = ""
		case s == "cannot Critical Hit" || s == "cannot critical hit" || s == "cannot perform a Critical Hit":
			e.NoCritical = true
			s = ""
		case s == "cannot be destroyed" || s == "cannot be destroyed by battle" || s == "cannot be destroyed by enemy attacks" || s == "cannot be destroyed by enemies' attacks" || s == "cannot be destroyed by an enemy's attack":
			e.Shielded = true
			s = ""
		case s == "cannot be destroyed by enemy Critical Hits" || s == "cannot be destroy by enemy Critical Hits" || s == "cannot be destroyed by enemy critical hits":
			e.CritProof = true
			s = ""
		case reShieldCost.MatchString(s):
			e.Shielded, e.ShieldCost = true, atoi(reShieldCost.FindStringSubmatch(s)[1])
			s = ""
		case reReach.MatchString(s):
			m := reReach.FindStringSubmatch(s)
			switch strings.ToLower(m[1]) {
			case "enemies in the back line", "enemies who are in the back line", "enemies on the back line", "enemies that are in the back line":
				e.BackLine = true
			case "enemies", "any enemy", "all enemies":
				e.ReachAll = true
			case "your opponent's main character", "the enemy main character":
				e.ReachMain = true
			default:
				// "can attack <Male> enemies regardless of range": a permanent
				// skill's reach over enemies like a filter.
				f, noun, ok := unitWords(m[1])
				if !ok || noun != "enemy" || !plural(m[1]) || e.When != "always" || e.ReachOf != nil {
					return false
				}
				e.ReachOf = f
			}
			s = s[len(m[0]):]
		case reOrbsConj.MatchString(s):
			m := reOrbsConj.FindStringSubmatch(s)
			e.Orbs = atoi(m[1])
			s = s[len(m[0]):]
		case reFlagPred.MatchString(s):
			m := reFlagPred.FindStringSubmatch(s)
			switch p := strings.ToLower(m[1]); {
			case strings.HasSuffix(p, "or your opponent's support skills"):
				e.NoFoeMove = true
			case strings.HasSuffix(p, "of enemy skills"):
				e.FoeProof = true
			case strings.HasPrefix(p, "be destroyed"):
				e.SkillProof = true
			case p == "be moved":
				e.NoMove = true
			case strings.HasPrefix(p, "be moved"):
				e.NoSkillMove = true
			case p == "attack":
				e.NoAttack = true
			case p == "be attacked":
				e.Unattackable = true
			case p == "be untapped":
				e.NoUntap = true
			}
			s = s[len(m[0]):]
		case strings.HasPrefix(s, "his attacks cannot be evaded") || strings.HasPrefix(s, "her attacks cannot be evaded") || strings.HasPrefix(s, "this unit's attack cannot be evaded") || strings.HasPrefix(s, "this unit's attacks cannot be evaded") || strings.HasPrefix(s, "its attacks cannot be evaded"):
			e.Unevadable = true
			s = s[strings.Index(s, "evaded")+6:]
			if strings.HasPrefix(s, " by non-Main Character enemies") {
				e.UnevadableBy = "non-main"
				s = s[len(" by non-Main Character enemies"):]
			}
		default:
			return false
		}
	}
	return true
}

// ---- special skills: deployment and deck-building permissions

var (
	reSameName = lazy(`^(?i:(?:you may deploy this (?:card|unit)|you can deploy this (?:card|unit)|this (?:card|unit) can be deployed) even if you (?:already )?have an allied) "[^"]+"(?:,? and you may have (?:\d+|two) or more (?:allied )?"[^"]+"(?: at once)?)?$`)
	reMoreThan = lazy(`^(?i:there can be more than (?:\d+|one|two) "[^"]+" allies|you may have (?:\d+|two) or more allied "[^"]+"(?: at once)?)$`)
	reCopies   = lazy(`^(?i:you may have) (?:\d+ or more|more than \d+|any number of) (?:cards with the same (?:Card|Unit) Name as this card|copies of this card) in your Deck$`)
	reNoBond   = lazy(`^This card (?:is unable to be placed|cannot be placed|can't be placed) in the Bond Area$`)
)

func (c *compiler) special(s string) ([]Effect, bool) {
	e := Effect{When: "special"}
	if m := reAlsoNamed.FindStringSubmatch(s); m != nil {
		// "Treat this card as if its Unit Name is also "Marth"": wherever
		// it is, the card has both unit names.
		e.AlsoNamed = []string{m[1]}
		return []Effect{e}, true
	}
	if m := reLevelOn.FindStringSubmatch(s); m != nil {
		// "If you are Leveling Up an allied "Sharena", the Deployment Cost
		// of this card while in your hand is reduced by 1."
		if !costChange(m[2], &e) || e.CCCost != nil || e.CCLess > 0 {
			c.fail("sentence", s)
			return nil, false
		}
		e.LevelOn = quoted(m[1])
		return []Effect{e}, len(e.LevelOn) > 0
	}
	if pre(s, "if ") {
		// "If you have 4 or more Bond cards, the Deployment Cost of this
		// card in your hand becomes 0."
		rest, k, ok := c.prefixes(s, e)
		if !ok || k.If == nil || k.May || k.Until != "" || k.Per != nil {
			return nil, false
		}
		k.When = "special"
		if m := reStackOn.FindStringSubmatch(rest); m != nil {
			// "If you have no allied "Grima", you are able to Level Up an
			// allied "Robin (Female)" into this card."
			k.StackOn = quoted(m[1] + m[2])
			return []Effect{k}, len(k.StackOn) > 0
		}
		if !costChange(rest, &k) {
			c.fail("sentence", s)
			return nil, false
		}
		return []Effect{k}, true
	}
	if costChange(s, &e) && e.CCCost != nil {
		return []Effect{e}, true // "This card's Class Change cost becomes 2."
	}
	if m := reDeployOnly.FindStringSubmatch(s); m != nil {
		// "This card can only deployed if you have 5 or more cards in your Retreat Area."
		k, ok := c.condition(m[1])
		if !ok {
			c.fail("condition", m[1])
			return nil, false
		}
		return []Effect{{When: "special", If: k, DeployOnly: true}}, true
	}
	if m := reNotBeside.FindStringSubmatch(s); m != nil {
		return []Effect{{When: "special", NotBeside: quoted(m[1])}}, true
	}
	if reWithMain.MatchString(s) {
		return []Effect{{When: "special", WithMain: true}}, true
	}
	if reNoSymbol.MatchString(s) {
		return []Effect{{When: "special", NoSymbol: true}}, true
	}
	if m := reStackOn.FindStringSubmatch(s); m != nil {
		// "You may Class Change an allied "Corrin (Male)" or "Corrin
		// (Female)" into this card."
		e = Effect{When: "special", StackOn: quoted(m[1] + m[2])}
		return []Effect{e}, len(e.StackOn) > 0
	}
	e = Effect{When: "special"}
	switch {
	case reSameName.MatchString(s):
		e.SameName = true
	case reCopies.MatchString(s):
		e.Copies = true
	case reNoBond.MatchString(s):
		e.NoBond = true
	case reSpecAcquire.MatchString(s):
		// "This card acquires <Knife> and range 1-2": printed values
		// changed for good, as a permanent skill would.
		es, ok := c.core("This unit "+reSpecAcquire.FindStringSubmatch(s)[1], Effect{When: "always"})
		if !ok || len(es) != 1 || len(es[0].Acquire) == 0 && es[0].Range == nil || es[0].Attack != 0 || es[0].Target != nil || es[0].If != nil {
			return nil, false
		}
		return es, true
	default:
		return nil, false
	}
	return []Effect{e}, true
}

// supportOf reports whether "your attacking unit" ("defending") is the
// unit a support skill of type typ supports.
func supportOf(typ, side string) bool {
	side = strings.ToLower(side)
	return typ == "support" || typ == "attack-support" && side == "attacking" || typ == "defense-support" && side == "defending"
}

// costChange reads a special skill's change of this card's costs: "the
// Deployment Cost of this card in your hand becomes 0", "this card's Class
// Change Cost becomes 5", "this card's Deployment and Class Change Cost are
// reduced by 1 while in your hand".
func costChange(s string, e *Effect) bool {
	n := func(a, b string) (*int, int) {
		if a != "" {
			v := atoi(a)
			return &v, 0
		}
		return nil, atoi(b)
	}
	if m := reHandCost.FindStringSubmatch(s); m != nil {
		e.HandCost, e.CostLess = n(m[1], m[2])
		return true
	}
	if m := reCCCost.FindStringSubmatch(s); m != nil {
		e.CCCost, e.CCLess = n(m[1], m[2])
		return true
	}
	if m := reBothCost.FindStringSubmatch(s); m != nil {
		e.HandCost, e.CostLess = n(m[1], m[2])
		e.CCCost, e.CCLess = n(m[1], m[2])
		return true
	}
	return false
}

// grantTypes are the skill types a granted skill may have, by marker.
var grantTypes = map[string]string{"ACT": "action", "CONT": "permanent", "AUTO": "auto"}

// grant reads the skill a predicate gives (reGrant's match): its name,
// marker, bracketed costs and text, compiled as a skill of its own; every
// part of it must compile.
func grant(m []string) (*Grant, bool) {
	g := &Grant{Name: m[1]}
	in := strings.TrimSpace(m[2])
	if m[1] == "" {
		in = strings.TrimSpace(m[3])
		if n := len(in); n >= 2 && (in[0] == '(' && in[n-1] == ')' || in[0] == '"' && in[n-1] == '"') {
			in = strings.TrimSpace(in[1 : n-1])
		}
	}
	var text string
	if k := reGrantInner.FindStringSubmatch(in); k != nil {
		if name := k[1] + strings.TrimSpace(k[2]); name != "" {
			if g.Name != "" && name != g.Name {
				return nil, false
			}
			g.Name = name
		}
		g.Type, text = grantTypes[k[3]+k[4]], k[5]
	} else if k := reGrantBare.FindStringSubmatch(in); k != nil {
		g.Type, text = grantTypes[k[1]], k[2]
	} else {
		return nil, false
	}
	var costs []string
	for {
		k := reGrantCost.FindStringSubmatch(text)
		if k == nil {
			break
		}
		costs = append(costs, strings.TrimSpace(k[1]))
		text = text[len(k[0]):]
	}
	g.Cost, g.Text = strings.Join(costs, "; "), strings.TrimSpace(text)
	if g.Text == "" {
		return nil, false
	}
	if !strings.HasSuffix(g.Text, ".") {
		g.Text += "."
	}
	r := Compile(g.Type, g.Cost, g.Text)
	if len(r.Unread) > 0 || len(r.Effects) == 0 {
		return nil, false
	}
	g.Effects = r.Effects
	return g, true
}
