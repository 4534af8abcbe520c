package skill

import "strings"

// ---- bond and hand skills: skills whose source is a card, not a unit.
//
// "|BOND| |ACT| [Flip this card face-down] Choose 1 <Tome> ally. ...": a
// bond skill is used (or, of kind |AUTO|, set off) while its card is face
// up in the bond area; "|HAND| |ACT| [Send this card to the Retreat Area]
// ...": a hand skill is used by revealing its card from the hand. The
// text opens with the kind (|ACT|, |AUTO|, |CONT|); the bodies are read
// by the grammar of unit skills, and "this card" is the source card: a
// cost flips it or sends it away, an effect deploys it or adds it to the
// hand. "This unit" means nothing here: a skill that needs it stays text.

var (
	reKind       = lazy(`^\s*\|(ACT|AUTO|CONT)\|\s*`)
	reFlipSelf   = lazy(`(?i)^flip this card face[- ]?down$`)
	reSendSelf   = lazy(`(?i)^send this card (from your hand |from your bond area |from the bond area )?to (?:the|your) (retreat area|boundless area)$`)
	reTopSelf    = lazy(`(?i)^(?:place|put|return) this card (?:at|on|to) (?:the )?top of your deck$`)
	reSelfTo     = lazy(`(?i)^(deploy|add|place|put|return) this (card|unit)\b ?(.*)$`)
	reSelfOnTop  = lazy(`(?i)^stack this card on top of an allied "([^"]+)" to level up (?:her|him|them)$`)
	reSelfPlaced = lazy(`^this card is placed (?:in|into) (?:your|the) bond area$`)
	reCritFlip   = lazy(`^If an ally is performing a Critical Hit, you may flip this card face[- ]down instead of sending (?:1|one) card with the same Unit Name as that ally to the Retreat Area\.?$`)
	reMainName   = lazy(`^This card acquires the same Unit Name (?:of|as) your Main Character\.?$`)
	reNoFlipSelf = lazy(`^This card cannot be flipped face[- ]down by (?:a skill's cost or effect|the cost or effect of a skill|the costs or effects of skills)\.?$`)
)

// kinds of a bond or hand skill as the text opens with them.
var kinds = map[string]string{"ACT": "action", "AUTO": "auto", "CONT": "permanent"}

// cardKind reads the kind a bond or hand skill's text opens with; the
// text comes back with the marker blanked (the same length, so that
// offsets into it stay true).
func cardKind(text string) (kind, rest string, ok bool) {
	m := reKind.FindStringSubmatch(text)
	if m == nil {
		return "", text, false
	}
	return kinds[m[1]], strings.Repeat(" ", len(m[0])) + text[len(m[0]):], true
}

// cutReminder blanks a bond or hand skill's closing reminder printed
// without a period before it ("... to your hand (|HAND| is used by
// revealing this card from your hand.)"), the same length.
func cutReminder(text string) string {
	for _, k := range []string{"(|HAND|", "(|BOND|"} {
		if i := strings.LastIndex(text, k); i > 0 && strings.HasSuffix(strings.TrimSpace(text), ")") {
			return text[:i] + strings.Repeat(" ", len(text)-i)
		}
	}
	return text
}

// bondPermanent reads the |CONT| bond skills the engine keeps: "This
// card cannot be flipped face-down by a skill's cost or effect" (a
// face-up bond no cost or effect flips), and "If an ally is performing a
// Critical Hit, you may flip this card face-down instead of sending 1
// card with the same Unit Name" (a critical hit paid by flipping it).
func bondPermanent(typ, kind, text string) (Effect, bool) {
	if typ != "bond" || kind != "permanent" {
		return Effect{}, false
	}
	switch t := strings.TrimSpace(text); {
	case reNoFlipSelf.MatchString(t):
		return Effect{When: "always", NoFlip: true}, true
	case reCritFlip.MatchString(t):
		return Effect{When: "always", CritFlip: true}, true
	case reMainName.MatchString(t):
		return Effect{When: "always", MainName: true}, true
	}
	return Effect{}, false
}

// srcZone is the zone of a bond or hand skill's card, as puts name it.
func srcZone(src string) string {
	if src == "bond" {
		return "bonds"
	}
	return src
}

// selfCost reads a cost on the skill's own card.
func (c *compiler) selfCost(p string, e *Effect) bool {
	switch {
	case c.src == "":
		return false
	case reFlipSelf.MatchString(p):
		if c.src != "bond" || e.FlipSelf {
			return false
		}
		e.FlipSelf = true
	case reSendSelf.MatchString(p):
		m := reSendSelf.FindStringSubmatch(p)
		if from := strings.ToLower(m[1]); from != "" && !strings.Contains(from, c.src) || e.SendSelf != "" {
			return false
		}
		e.SendSelf = "retreat"
		if strings.EqualFold(m[2], "boundless area") {
			e.SendSelf = "boundless"
		}
	case reTopSelf.MatchString(p):
		if e.SendSelf != "" {
			return false
		}
		e.SendSelf = "deck-top"
	default:
		return false
	}
	return true
}

// selfPut reads an effect that moves the skill's own card: "Deploy this
// card tapped in the Back Line", "Add this card to your hand".
func (c *compiler) selfPut(s string, e Effect) ([]Effect, bool) {
	if m := reSelfOnTop.FindStringSubmatch(s); m != nil && c.src == "hand" {
		// "stack this card on top of an allied "Edelgard" to Level Up
		// her": the ally chosen (the player's decision, should there be
		// two), then the card stacked on it.
		chosen := e
		chosen.Target = &Target{Choose: 1, Side: "ally", Of: &UnitFilter{Name: []string{m[1]}}}
		c.chose, c.choseSide = true, "ally"
		put := clearCosts(e)
		put.May, put.If, put.IfDone = false, nil, true
		put.Target = &Target{That: true}
		put.Put = &Put{From: "hand", To: "over", Count: 1, Self: true}
		return []Effect{chosen, put}, true
	}
	m := reSelfTo.FindStringSubmatch(s)
	if m == nil || c.src == "" || strings.EqualFold(m[2], "unit") && (c.src != "hand" || !strings.EqualFold(m[1], "deploy")) {
		return nil, false
	}
	put := &Put{From: srcZone(c.src), Count: 1, Self: true}
	if strings.TrimSpace(m[3]) == "" && strings.EqualFold(m[1], "deploy") {
		put.To = "field" // "Deploy this card."
	} else if !destination(m[1]+" "+m[3], put) {
		return nil, false
	}
	if put.To == put.From || put.To == "under" || put.To == "orbs" {
		return nil, false
	}
	e.Put = put
	return []Effect{e}, true
}

// sourceCheck says why the effects of a bond or hand skill cannot run
// from a card (they need "this unit", or a rule the engine lacks), or "".
func (c *compiler) sourceCheck(es []Effect) string {
	self := false
	for _, e := range es {
		self = self || e.Put != nil && e.Put.Self
	}
	for i, e := range es {
		switch {
		case c.typ == "action" && e.When != "activate", c.typ == "auto" && (c.src != "bond" || e.When != "placed"):
			return "a timing other than its own (" + e.When + ")"
		case e.When == "placed" && c.src != "bond":
			return "\"this card is placed in your Bond Area\" of a card not in the bond area"
		case e.Tap || e.DestroySelf || e.PayGrowth != nil || e.Intercept || e.Watch != nil:
			return "a cost or trigger of this unit"
		case e.Target == nil && onTarget(e):
			return "an effect on this unit"
		case e.Target != nil && (e.Target.Self || e.Target.Foe):
			return "this unit, or the enemy in battle with it"
		case e.OncePerTurn && e.SendSelf == "":
			return "once per turn of a card that stays (the engine keeps once per turn for units)"
		case e.Put != nil && e.Put.To == "under" && (e.Target == nil || e.Target.That && i == 0):
			return "cards stacked under this unit"
		case i == 0 && c.typ == "action" && !costs(e) && !e.OncePerTurn && !self:
			return "a free skill its card never leaves (it could be used again and again)"
		}
		if why := thisUnitIn(e); why != "" {
			return why
		}
	}
	return ""
}

// onTarget reports whether an effect does something to its target (a
// unit): without one, to "this unit".
func onTarget(e Effect) bool {
	return needsUntil(e) || e.Move || e.Untap || e.TapIt || e.Destroy || e.Send != "" || e.TakeMain || e.NoSupport != nil ||
		e.UnattackBy != nil || e.ReachOf != nil || e.Per != nil
}

// costs reports whether an effect has a cost (once per turn aside).
func costs(e Effect) bool {
	return e.Reverse > 0 || e.Tap || e.PayDiscard != nil || e.PayTap != nil || e.DestroySelf || e.PayDestroy != nil ||
		e.PayBonds != nil || e.PayOrbs > 0 || e.PayGrowth != nil || e.PayOrbsUp > 0 || e.FlipSelf || e.SendSelf != "" || e.PayBanish != nil
}

// thisUnitIn says which part of an effect reads "this unit" (a filter
// relative to it, a condition on it), or "".
func thisUnitIn(e Effect) string {
	var units []*UnitFilter
	if t := e.Target; t != nil {
		units = append(units, t.Of)
	}
	if t := e.PayTap; t != nil {
		units = append(units, t.Of)
	}
	if t := e.PayDestroy; t != nil {
		units = append(units, t.Of)
	}
	units = append(units, e.Per)
	if k := e.If; k != nil {
		if k.Attacking != nil || k.Defending != nil || k.Battling != nil || k.Supported != nil || k.Area != "" || k.SameArea != nil ||
			k.Untapped || k.Stack > 0 || k.IsMain || k.NotMain || k.ClassChang || k.Self != nil || len(k.Used) > 0 || k.Power != nil ||
			k.Tapped || k.Critical || k.Trigger != nil {
			return "a condition on this unit"
		}
		for _, n := range []*Count{k.Allies, k.Enemies} {
			if n != nil {
				units = append(units, n.Of)
			}
		}
	}
	for _, f := range units {
		if f != nil && (f.Other || f.SameArea) {
			return "a unit filter relative to this unit (other, in its area)"
		}
	}
	var cards []*CardFilter
	if e.Put != nil {
		cards = append(cards, e.Put.Of)
	}
	cards = append(cards, e.Retrieve, e.PayDiscard, e.PayBonds, e.ReverseOf)
	for _, f := range cards {
		if f != nil && f.NameOf == "this" {
			return "the unit name of this unit"
		}
	}
	return ""
}
