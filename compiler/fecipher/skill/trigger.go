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
	{lazy(`^at the (?:start|beginning) of your bond phase$`), []string{"bond-start"}},
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
	{lazy(`^(.+?)'s attack is evaded(?: by (.+))?$`), "evaded", "attacking"},
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
	{lazy(`^(.+?) (?:executes a critical hit or an evade|evades or critical hits|critical hits or evades)$`), "critical-or-evade", ""},
	{lazy(`^(.+?) is deployed or class changed(?: into)?$`), "deploy-or-class-change", ""},
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
	reBondPlaced = lazy(`^(?:an? |any )?(.+?) (?:(?:is|are) )?placed (?:in|into) your bond area$`)
	reCostWhen   = lazy(`^(an? (?:other )?|another )(.*?ally) with a deployment cost of (\d+) is deployed or (lower|less|higher|more)$`)
	reDeployedIn = lazy(`^(.+?) (?:is|are) deployed (?:in|to|on|into) (?:the|your) (front|back) line$`)
	reDeployCost = lazy(`^(.+?) is deployed with a deployment cost of (\d+)(?: or (lower|less|higher|more))?$`)
)

var (
	reEitherKills = lazy(`^((?:when|each time) )(this unit)'s attack or ((?:this unit's )?(?:skill|"[^"]+"|'[^']+')) destroys ([^,]+),`)
	reEitherBy    = lazy(`^((?:when|each time) )([^,]+?) is destroyed by (?:either )?this unit's attack or ((?:this unit's )?(?:skill|"[^"]+"|'[^']+')),`)
)

// eitherCause splits a skill whose trigger has two causes, "When this
// unit's attack or "N" destroys an enemy", "When X is destroyed by either
// this unit's attack or "N"", into its text with each.
func eitherCause(text string) (string, string, bool) {
	if m := reEitherKills.FindStringSubmatchIndex(text); m != nil {
		g := func(i int) string { return text[m[2*i]:m[2*i+1]] }
		skill := g(3)
		if !pre(skill, "this unit's ") {
			skill = "this unit's " + skill
		}
		rest := text[m[1]:]
		return g(1) + "this unit's attack destroys " + g(4) + "," + rest, g(1) + g(4) + " is destroyed by " + skill + "," + rest, true
	}
	if m := reEitherBy.FindStringSubmatchIndex(text); m != nil {
		g := func(i int) string { return text[m[2*i]:m[2*i+1]] }
		skill := g(3)
		if !pre(skill, "this unit's ") {
			skill = "this unit's " + skill
		}
		rest := text[m[1]:]
		return g(1) + g(2) + " is destroyed by this unit's attack," + rest, g(1) + g(2) + " is destroyed by " + skill + "," + rest, true
	}
	return "", "", false
}

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
		// "When this card is placed in your Bond Area": the card's own
		// skill, from there (a bond skill's or a unit card's; source.go)
		return trig{when: "placed"}, true
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
	// "When this unit is deployed by a skill's effect": the event, and
	// what brought it about (a skill of whose side, a named skill, this
	// unit's attack).
	if rest, by, ok := byCause(s); ok {
		t, ok := event(rest)
		if m := reTapped.FindStringSubmatch(rest); m != nil {
			// Tapped: read only with its cause, a skill (not an attack).
			w, wok := whose(m[1])
			t, ok = trig{when: "tapped", watch: w}, wok
		}
		if ok && causable[t.when] && by.ByAttack == (t.when == "orb-destroyed") {
			t.cond = and(t.cond, by)
			return t, true
		}
	}
	if m := reStackedOn.FindStringSubmatch(s); m != nil {
		return stackedOn(m[1], m[2], m[3])
	}
	if m := reOwnReveals.FindStringSubmatch(s); m != nil {
		return ownReveal(m[1], m[2])
	}
	if m := reRevealsUsing.FindStringSubmatch(s); m != nil {
		return ownReveal(m[2], m[1])
	}
	if m := reFailsMe.FindStringSubmatch(s); m != nil {
		// "If a <Tome> enemy's attack fails to destroy this unit": this
		// unit is not destroyed, attacked by a unit like that.
		f, ok := targetWords(m[1])
		if !ok {
			return trig{}, false
		}
		return trig{when: "survived", cond: &Cond{Defending: f}}, true
	}
	if m := reWhileSup.FindStringSubmatch(s); m != nil {
		// "When this unit's attack destroys an enemy while being
		// supported by "Pent"": the event, and this unit's support card.
		t, ok := event(m[1])
		k, kok := condition("this unit is supported by " + m[2])
		if !ok || !kok || t.watch != nil {
			return trig{}, false
		}
		t.cond = and(t.cond, k)
		return t, true
	}
	if m := reKillsMain.FindStringSubmatch(s); m != nil {
		return event(m[1] + " your opponent's Main Character") // "the enemy's Main Character"
	}
	if m := reNamedKills.FindStringSubmatch(s); m != nil {
		// "When this unit's "Assassination" destroys an enemy": that enemy
		// destroyed by the skill.
		return event(m[3] + " is destroyed by " + m[1] + `'s "` + m[2] + `"`)
	}
	if m := reDeployedBy.FindStringSubmatch(s); m != nil {
		return event(m[1] + " in the same area as this unit is deployed") // "When an other ally is deployed in the same area as this unit"
	}
	if t, ok := playerEvent(s); ok {
		return t, true
	}
	if m := reSurvives.FindStringSubmatch(s); m != nil {
		w, ok := whose(m[1])
		return trig{when: "survived", watch: w}, ok
	}
	if m := reCritEvaded.FindStringSubmatch(s); m != nil {
		w, ok := whose(m[1])
		return trig{when: "evaded", watch: w, cond: &Cond{Critical: true}}, ok
	}
	if m := reUsesNamed.FindStringSubmatch(s); m != nil {
		// "When this unit uses "N"": its own skill of that name.
		if w, ok := whose(m[1]); !ok || w != nil {
			return trig{}, false
		}
		return trig{when: "uses", cond: &Cond{ByName: []string{m[2]}}}, true
	}
	if m := reUsesAct.FindStringSubmatch(s); m != nil {
		if w, ok := whose(m[1]); !ok || w != nil {
			return trig{}, false
		}
		return trig{when: "uses"}, true
	}
	if m := reUntapped.FindStringSubmatch(s); m != nil {
		// "When this Untapped unit is attacked": this unit's event, while
		// it is untapped.
		t, ok := event("this unit " + m[1])
		if !ok || t.watch != nil {
			return trig{}, false
		}
		t.cond = and(t.cond, &Cond{Untapped: true})
		return t, true
	}
	if m := reFoeKills.FindStringSubmatch(s); m != nil {
		return event(m[1] + " is destroyed by an enemy's attack") // "When an enemy's attack destroys another <White> ally"
	}
	if m := reKilledBy.FindStringSubmatch(s); m != nil && !strings.EqualFold(m[2], "an enemy") {
		return event(m[2] + "'s attack destroys " + m[1]) // "When an enemy is destroyed by another <Colorless> ally's attack"
	}
	if t, ok := supportFails(s); ok {
		return t, true
	}
	if m := reSupported.FindStringSubmatch(s); m != nil {
		// "When another ally is supported by "Nino"": the card supporting
		// it, "that card".
		w, ok := whose(m[1])
		k, kok := condition("this unit is supported by " + m[2])
		if !ok || !kok || k.Supported == nil {
			return trig{}, false
		}
		return trig{when: "supported", watch: w, cond: &Cond{Revealed: k.Supported}}, true
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
			continue // "another ally Levels Up or is Growthed" is not "<X> is Growthed"
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
		case "deploy-or-class-change":
			t.when, t.also = "deploy", []string{"class-change"}
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
			f, ok := targetWords(m[2])
			if !ok {
				continue // "executes a Critical Hit or an Evade" is not a critical hit on "or an Evade"
			}
			if w != nil {
				if ev.foe == "" {
					return trig{}, false
				}
				w.Foe = f // the enemy in battle of another unit's battle
				return t, true
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

// causable are the events a trigger may say the cause of.
var causable = map[string]bool{"revealed": true, "deploy": true, "moved": true, "untapped": true, "destroyed": true, "tapped": true, "draw": true,
	"discarded": true, "retrieved": true, "orb-destroyed": true, "placed": true}

var (
	reByName       = lazy(`^(?:the effect of )?(this unit's )?["'](.+)["']$`)
	reSurvives     = lazy(`^(.+?) is not destroyed by (?:an enemy's attack|an attack|battle)$`)
	reCritEvaded   = lazy(`^(.+?)'s critical hit is evaded$`)
	reStackedOn    = lazy(`^(an? .*?card(?: that is .+?)?) is stacked on top of (.+?) to (level up|class change) (?:them|him|her|it)$`)
	reOwnReveals   = lazy(`^this unit's ["'](.+)["'] reveals (?:a|1) card(.*)$`)
	reRevealsUsing = lazy(`^this unit reveals (?:a|1) card(.*?) (?:using|via|by) ["'](.+)["']$`)
	reFailsMe      = lazy(`^(.+?)'s attack (?:fails to destroy|does not destroy|doesn't destroy) this unit$`)
	reWhileSup     = lazy(`^(.+?) while (?:being )?supported by (.+)$`)
	reKillsMain    = lazy(`^(.+? destroys) the enemy's main character$`)
	reNamedKills   = lazy(`^(this unit)'s ["'](.+)["'] destroys (.+)$`)
	reDeployedBy   = lazy(`^(.+?) is deployed in the same area as this unit$`)
	reUsesNamed    = lazy(`^(.+?) uses "(.+)"$`)
	reUsesAct      = lazy(`^(.+?) uses an? \|act\| skill$`)
	reUntapped     = lazy(`^this untapped unit (.+)$`)
	reFoeKills     = lazy(`^an enemy's attack destroys (.+)$`)
	reKilledBy     = lazy(`^(.+?) is destroye?d? by (.+?)'s attack$`)
	reTapped       = lazy(`^(.+?) is tapped$`)
	reOrbsMine     = lazy(`^(?:1|one) of your orbs is destroyed$`)
	reOrbsTheirs   = lazy(`^(?:an opponent's orb|an orb of your opponent's|(?:1|one) of your opponent's orbs) is destroyed$`)
	reHandMine     = lazy(`^a card (?:is sent from your hand|from your hand is sent) to (?:the|your) retreat area$`)
	reHandTheirs   = lazy(`^a card is sent from your opponent's hand to their retreat area$`)
	reRetrieved    = lazy(`^an? (.*?)card is added to your hand from (?:the|your) retreat area$`)
	reFoeDraws     = lazy(`^your opponent draws (?:a|1) card$`)
	reFoeReveals   = lazy(`^your opponent reveals (?:a|1) card from (?:their|the top of their) deck$`)
	reSupported    = lazy(`^(.+?) is (?:being )?supported by (.+)$`)
	reSupFoe       = lazy(`^your opponent's support card fails to support(?: (.+))?$`)
	reSupMine      = lazy(`^your support card fails to support (.+)$`)
	reSupOf        = lazy(`^(.+?)'s support(?: card)? fails(?: while in (?:combat|battle) with this unit)?$`)
	reSupBattling  = lazy(` while in (?:combat|battle) with this unit$`)
)

// byCause cuts what brought a trigger's event about off its end: "by a
// skill's cost or effect", "by an enemy's skill or your opponent's
// Support skill" (of whose side), "via this unit's "N"" (a named skill),
// "by this unit's attack". The earliest reading of the phrase wins.
func byCause(s string) (string, *Cond, bool) {
	low := strings.ToLower(s)
	for i := 0; i < len(low); i++ {
		for _, conn := range []string{" by ", " via ", " using ", " from ", " as a result of ", " as the effect of "} {
			if !strings.HasPrefix(low[i:], conn) {
				continue
			}
			if k, ok := cause(s[i+len(conn):]); ok {
				return s[:i], k, true
			}
		}
	}
	return s, nil, false
}

// cause reads what an event was the doing of.
func cause(s string) (*Cond, bool) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "a skill's effect", "a skill", "the effect of a skill", "a skill's cost or effect", "the cost or effect of a skill",
		"a skill's effect or by the cost of a skill", "a skill's effect or cost":
		return &Cond{BySkill: "any"}, true
	case "an ally's skill", "your skill", "an ally's skill or your support skill", "an ally's skill or your support skill's effect":
		return &Cond{BySkill: "ally"}, true
	case "an enemy's skill", "an enemy's skill or your opponent's support skill", "an enemy's skill or their support skill":
		return &Cond{BySkill: "enemy"}, true
	case "the cost or effect of an other ally's skill", "the cost or effect of another ally's skill", "another ally's skill", "an other ally's skill":
		return &Cond{BySkill: "ally", ByOther: true}, true
	case "this unit's attack":
		return &Cond{ByAttack: true}, true
	case "this unit's skill":
		return &Cond{BySkill: "ally", ByOwn: true}, true
	}
	if m := reByName.FindStringSubmatch(strings.TrimSpace(s)); m != nil && !strings.ContainsAny(m[2], `"`) {
		return &Cond{ByName: []string{m[2]}, ByOwn: m[1] != ""}, true
	}
	return nil, false
}

// playerEvent reads an event of a player's, not a unit's: one of your
// (your opponent's) orbs destroyed, a card of the hand sent to the
// retreat area or added to it from there, your opponent drawing.
func playerEvent(s string) (trig, bool) {
	foe := &Watch{Enemy: true}
	switch {
	case reOrbsMine.MatchString(s):
		return trig{when: "orb-destroyed"}, true
	case reOrbsTheirs.MatchString(s):
		return trig{when: "orb-destroyed", watch: foe}, true
	case reHandMine.MatchString(s):
		return trig{when: "discarded"}, true
	case reHandTheirs.MatchString(s):
		return trig{when: "discarded", watch: foe}, true
	case reFoeDraws.MatchString(s):
		return trig{when: "draw", watch: foe}, true
	case reFoeReveals.MatchString(s):
		return trig{when: "revealed", watch: foe}, true
	}
	if m := reRetrieved.FindStringSubmatch(s); m != nil {
		t := trig{when: "retrieved"}
		if w := strings.TrimSpace(m[1]); w != "" {
			f, ok := cardPhrase(w + " card")
			if !ok {
				return trig{}, false
			}
			t.cond = &Cond{Revealed: f} // the card added: "that card"
		}
		return t, true
	}
	return trig{}, false
}

// stackedOn reads "When a <Blue> card is stacked on top of an other ally
// to Class Change them": that ally's level up (class change), its new top
// card like the filter.
func stackedOn(card, subj, verb string) (trig, bool) {
	f, ok := cardPhrase(reAnA.ReplaceAllString(card, "$1"))
	if !ok || f.CostMin > 0 || f.CostMax != nil || f.NotName != nil || f.AsMain || f.NameOf != "" || f.FaceUp || f.FaceDown {
		return trig{}, false
	}
	w, ok := whose(subj)
	if !ok || w == nil {
		return trig{}, false
	}
	of := w.Of
	if of == nil {
		of = &UnitFilter{}
	}
	if of.Emblem != nil || of.Color != nil || of.Name != nil {
		return trig{}, false
	}
	of.Emblem, of.Color, of.Name, of.AllOf = f.Emblem, f.Color, f.Name, f.AllOf
	w.Of = of
	if strings.EqualFold(verb, "class change") {
		return trig{when: "class-change", watch: w}, true
	}
	return trig{when: "level-up", watch: w, also: []string{"class-change"}}, true // a class change is a level up
}

// ownReveal reads "When this unit's "N" reveals a card with a Deployment
// Cost of 3 or higher": cards of either deck revealed by this unit's skill
// N (one card, like the filter: "that card").
func ownReveal(name, with string) (trig, bool) {
	k := &Cond{ByName: []string{name}, ByOwn: true}
	if w := strings.TrimSpace(with); w != "" {
		f, ok := cardPhrase("card " + w)
		if !ok {
			return trig{}, false
		}
		k.Revealed = f
	}
	return trig{when: "revealed", watch: &Watch{Self: true, Ally: true, Enemy: true}, cond: k}, true
}

// supportFails reads "When your opponent's Support card fails to support
// an enemy", "When your Support card fails to support your Main
// Character", "When an enemy's Support fails while in combat with this
// unit": the supported unit's event.
func supportFails(s string) (trig, bool) {
	var k *Cond
	if reSupBattling.MatchString(s) && reSupOf.MatchString(s) {
		k = &Cond{Battling: &UnitFilter{}}
	}
	subj := ""
	switch m := [3][]string{reSupFoe.FindStringSubmatch(s), reSupMine.FindStringSubmatch(s), reSupOf.FindStringSubmatch(s)}; {
	case m[0] != nil:
		subj = "an enemy"
		if m[0][1] != "" {
			subj = m[0][1]
		}
		if w, ok := whose(subj); !ok || w == nil || w.Ally || w.Self {
			return trig{}, false
		}
	case m[1] != nil:
		subj = m[1][1]
		if w, ok := whose(subj); !ok || w != nil && w.Enemy {
			return trig{}, false
		}
	case m[2] != nil:
		subj = m[2][1]
	default:
		return trig{}, false
	}
	w, ok := whose(subj)
	return trig{when: "support-failed", watch: w, cond: k}, ok
}

var (
	reThisOr    = lazy(`^this unit or (?:another|an other) (.*)$`)
	reAnother   = lazy(`^(?:another|an other) (.*)$`)
	reAnA       = lazy(`^(?:an?|any) (.*)$`)
	reAllyOrFoe = lazy(`^an ally or (?:an )?enemy( .*)$`)
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
	} else if m := reAllyOrFoe.FindStringSubmatch(s); m != nil {
		// "an ally or enemy with a Support Skill": either side, like the filter.
		f, noun, ok := unitWords("unit" + m[1])
		if !ok || noun != "unit" {
			return nil, false
		}
		if f.isZero() {
			f = nil
		}
		return &Watch{Self: true, Ally: true, Enemy: true, Of: f}, true
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
