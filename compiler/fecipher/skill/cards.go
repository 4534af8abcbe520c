package skill

import (
	"reflect"
	"strings"
)

// ---- cards moved between zones: searched, revealed, deployed, bonded.
//
// "Choose N CARDS from your ZONE, and VERB it" is a zone, a card phrase and
// a destination; "Reveal the top N cards of your Deck" keeps them for the
// sentences after ("that card", "the revealed cards", "the rest"), and
// "choose 1 card from your hand" alone keeps its pick for the next
// sentence ("You may place that card in your Bond Area").

var (
	reChooseCards = lazy(`^(?:choose|select) (\d+|up to \d+|one|a|an|any number of|as many) (.+?) (?:from|in) (your|your opponent's|their) (retreat area|reterat area|retreat|hand|deck|boundless area)( with [^,]+)?(?:,? (?:and )?reveal (?:it|them))?(?:,? (?:and |then )?(.+))?$`)
	reBondCards   = lazy(`^(?:choose|select) (\d+|up to \d+|one|a) of your (face-up |face-down )?((?:<[^>]+> )*)bond cards?( with (?:a |an )?deployment cost (?:of )?\d+(?: or (?:lower|less|higher|more))?)?(?:,? (?:and |then )?(.+))?$`)
	reReveal      = lazy(`^(reveal|look at) the (?:top(?:most)? (?:(\d+|two|three|four|five) )?|(\d+) top(?:most)? )cards? of (your|your opponent's|the opponent's|their) deck$`)
	reTopTo       = lazy(`^(your opponent sends|send|add|place|put) the top(?:most)? (?:(\d+|two|three) )?cards? of (your|their|your opponent's) deck (?:to|in|into|on) (the |your |their )?(retreat area|bond area|orb area|orbs|boundless area)( face-down)?$`)
	reThatTo      = lazy(`^(?:send|add|place|put|return) (?:that card|it|the revealed card|the revealed cards|those cards|them|all revealed cards|all the revealed cards|all of the revealed cards|all of them|the chosen card|the chosen cards|that) (.+)$`)
	reRestTo      = lazy(`^(?:send|place|put|return) (?:the rest|the remaining cards|the remaining card|the remainder|the remaining|the other cards|the others|the remaining revealed cards) (.+)$`)
	reAmong       = lazy(`^(?:choose|select) (\d+|up to \d+|one|a|an|any number of|as many) (.+?) (?:from )?(?:among )?(?:the revealed cards|them|those cards|the cards revealed|the revealed cards)(?:,? (?:and |then )?(.+))?$`)
	reOrbsDo      = lazy(`^(?:choose|select) (\d+|one|an?) of (your|your opponent's) orbs?,? and destroy (?:it|them)$`)
	reLookOrbs    = lazy(`^(?i:choose (\d+|one|an?|up to \d+) of your orbs,? and (you may )?look at (?:it|them)|look at (\d+|one|an?|up to \d+) of (?:your orbs|the cards in your orb area)|look at (all) (?:of )?your orbs)$`)
	reSendOrbs    = lazy(`^(?i:choose (\d+|one|an?) of (your|your opponent's) orbs?,? (and reveal (?:it|them),? and |reveal (?:it|them),? and |and )send (?:it|them) to (?:the|their|your) (retreat|boundless) area)$`)
	reFlipOrbUp   = lazy(`^(?i:choose (\d+|one|an?) of your orbs?,? and (you may )?flip (?:it|them) face[- ]up)$`)
	reFoeDrawN    = lazy(`^(?i:your opponent draws (\d+|one|an?) cards?)$`)
	reFlipOrb     = lazy(`^(?:(?:choose|select) (\d+|one|an?) (?:of your )?orbs?,? and flip (?:it|them)|flip (\d+|one|an?) of your orbs) (?:face[- ]up or face[- ]down|face[- ]down or face[- ]up|over)$`)
	reFlipAll     = lazy(`^flip all (?:of )?your bond cards face[- ]down$`)
	reFlipSome    = lazy(`^(?:choose|select) (\d+|one|an?) (?:of your )?(face-up|face-down) bond cards?,? and flip (?:it|them) (face[- ]down|face[- ]up)$`)
	reIntercept   = lazy(`^(?:this unit|this card) is attacked instead(?: of (that ally|that unit|the attacked ally|your main character))?$`)
	reStackUnder  = lazy(`^stack (?:it|them) under (this unit|that ally|that unit|them|your main character) to growth (?:him|her|them|it)$`)
	reAddFrom     = lazy(`^(?i:add) (\d+|one|an?) (.+?) (?i:from your) ((?i:retreat area|retreat)) ((?i:to your hand))$`)
	reRetreatBack = lazy(`^(?i:(?:return|add|put|place) all (?:the |of the )?cards in your retreat area (?:to|into) your deck|(your opponent) (?:adds|returns|puts|places) all (?:the |of the )?cards in their retreat area (?:to|into) their deck)$`)
	reShuffle     = lazy(`^(?:afterwards?,? |aftewards,? |then,? |once they do,? )?(shuffle your deck|they shuffle their deck|your opponent shuffles their deck)(?: afterwards)?$`)
)

// destination reads where cards go: "add it to your hand", "deploy it",
// "place it on top of your Deck", "in your Bond Area", "send it to the
// Retreat Area" (the verb and its object, or the object alone after
// "that card").
func destination(s string, put *Put) bool {
	s = strings.ToLower(strings.TrimSpace(s))
	for _, v := range []string{"add ", "deploy ", "place ", "put ", "send ", "return "} {
		if strings.HasPrefix(s, v) {
			verb := strings.TrimSpace(v)
			rest := strings.TrimSpace(s[len(v):])
			for _, o := range []string{"it ", "them ", "that card ", "the card ", "those cards ", "in on ", "him ", "her "} {
				if strings.HasPrefix(rest, o) {
					rest = rest[len(o):]
					if o == "in on " {
						rest = "on " + rest // "place in on top of your Deck"
					}
					break
				}
			}
			if rest == "it" || rest == "them" || rest == "him" || rest == "her" {
				rest = ""
			}
			if verb == "deploy" {
				put.To = "field"
				if r, ok := strings.CutSuffix(rest, " in the front line"); ok {
					put.Area, rest = "front", strings.TrimSpace(r)
				} else if r, ok := strings.CutSuffix(rest, " in the back line"); ok {
					put.Area, rest = "back", strings.TrimSpace(r)
				} else if r, ok := strings.CutPrefix(rest, "in the "); ok && (r == "front line" || r == "back line") {
					put.Area, rest = strings.TrimSuffix(r, " line"), ""
				}
				switch rest {
				case "", "it", "them":
				case "tapped":
					put.Tapped = true
				default:
					return false
				}
				return true
			}
			return place(rest, put)
		}
	}
	return place(s, put)
}

// place reads a destination after the object: "to your hand", "on top of
// your Deck", "in your Bond Area", "to the Retreat Area".
func place(s string, put *Put) bool {
	s = strings.TrimSuffix(strings.ToLower(strings.TrimSpace(s)), " in any order")
	s = strings.TrimSuffix(s, " in any order you wish")
	s = strings.TrimSuffix(s, " in any order you like")
	switch s {
	case "to your hand", "in your hand", "into your hand", "to the hand", "to their hand", "to your opponent's hand", "to their owner's hand":
		put.To = "hand"
	case "on top of your deck", "at the top of your deck", "on the top of your deck", "to the top of your deck", "on top of their deck", "on top of the deck":
		put.To = "deck-top"
	case "at the bottom of your deck", "on the bottom of your deck", "to the bottom of your deck", "at the bottom of their deck", "on the bottom of their deck", "at the bottom of the deck":
		put.To = "deck-bottom"
	case "to the retreat area", "to your retreat area", "to their retreat area", "in the retreat area", "in your retreat area", "in their retreat area", "into the retreat area":
		put.To = "retreat"
	case "to the boundless area", "to your boundless area", "in the boundless area", "in your boundless area", "into the boundless area", "to their boundless area":
		put.To = "boundless"
	case "in your bond area", "in the bond area", "to your bond area", "into your bond area":
		put.To = "bonds"
	case "face-down in your bond area", "face-down in the bond area", "in your bond area face-down", "face-down in your opponent's bond area", "face-down in their bond area":
		put.To, put.FaceDown = "bonds", true
	case "to your deck", "into your deck", "to their deck", "into their deck", "to your opponent's deck":
		put.To = "deck" // shuffled in: the sentence after must shuffle (Compile checks)
	case "to your orbs", "to your orb area", "in your orb area", "into your orbs", "to your orb":
		put.To = "orbs" // the caller checks there is room (orbRoom)
	default:
		return false
	}
	return true
}

// count reads "1", "up to 2", "one", "a", "as many" into a put.
func pickCount(n string, put *Put) bool {
	n = strings.ToLower(n)
	switch {
	case n == "one" || n == "a" || n == "an":
		put.Count = 1
	case n == "any number of" || n == "as many":
		put.UpTo = true
	case strings.HasPrefix(n, "up to "):
		put.Count, put.UpTo = atoi(n[6:]), true
	default:
		put.Count = atoi(n)
	}
	return put.Count > 0 || put.UpTo
}

func zoneWord(z string) string {
	switch strings.ToLower(z) {
	case "retreat area", "reterat area", "retreat":
		return "retreat"
	case "hand":
		return "hand"
	case "deck":
		return "deck"
	case "boundless area":
		return "boundless"
	}
	return ""
}

// cards reads the imperatives that move cards; ok false when s is not
// one (the caller tries the other grammars).
func (c *compiler) cards(s string, e Effect) ([]Effect, bool) {
	if m := reAddFrom.FindStringSubmatch(s); m != nil {
		// "Add 1 <White> card ... from your Retreat to your hand": the
		// choice, then where it goes.
		s = "choose " + m[1] + " " + m[2] + " from your " + m[3] + ", and add it " + m[4]
	}
	low := strings.ToLower(s)
	switch {
	case c.src != "" && (reSelfTo.MatchString(s) || reSelfOnTop.MatchString(s)):
		return c.selfPut(s, e)
	case reOrbsDo.MatchString(s):
		m := reOrbsDo.FindStringSubmatch(s)
		e.DestroyOrbs, e.OrbsFoe = number(m[1]), !strings.EqualFold(m[2], "your")
		return []Effect{e}, true
	case reSendOrbs.MatchString(s):
		// "Choose 1 of your opponent's Orbs, reveal it, and send it to the
		// Boundless Area": sent, not destroyed.
		m := reSendOrbs.FindStringSubmatch(s)
		e.SendOrbs, e.OrbsFoe = number(m[1]), !strings.EqualFold(m[2], "your")
		e.SendOrbsTo, e.OrbsShown = strings.ToLower(m[4]), strings.Contains(strings.ToLower(m[3]), "reveal")
		return []Effect{e}, true
	case reFlipOrbUp.MatchString(s):
		m := reFlipOrbUp.FindStringSubmatch(s)
		e.FlipOrbsUp = number(m[1])
		if m[2] != "" {
			if e.May {
				return nil, false
			}
			e.May = true // "choose 1 of your Orbs, and you may flip it face-up"
		}
		return []Effect{e}, true
	case reFoeDrawN.MatchString(s):
		e.FoeDraw = number(reFoeDrawN.FindStringSubmatch(s)[1])
		return []Effect{e}, true
	case reLookOrbs.MatchString(s):
		// "Choose 1 of your Orbs, and look at it", "look at all your
		// Orbs": face-down orbs seen by their owner from then on.
		m := reLookOrbs.FindStringSubmatch(s)
		n := strings.ToLower(m[1] + m[3])
		switch {
		case m[4] != "":
			e.LookAll = true
		case strings.HasPrefix(n, "up to "):
			e.LookOrbs, e.LookUpTo = number(n[6:]), true
		default:
			e.LookOrbs = number(n)
		}
		if m[2] != "" {
			if e.May {
				return nil, false
			}
			e.May = true // "choose 1 of your Orbs, and you may look at it"
		}
		return []Effect{e}, true
	case reFlipOrb.MatchString(s):
		m := reFlipOrb.FindStringSubmatch(s)
		e.FlipOrbs = number(m[1] + m[2])
		return []Effect{e}, true
	case reFlipAll.MatchString(s):
		e.FlipAll = true
		return []Effect{e}, true
	case reFlipSome.MatchString(s):
		m := reFlipSome.FindStringSubmatch(s)
		up := strings.EqualFold(m[2], "face-up")
		if up == strings.HasSuffix(strings.ToLower(m[3]), "up") {
			return nil, false
		}
		if up {
			e.FlipBonds = number(m[1])
		} else {
			e.UnflipBonds = number(m[1])
		}
		return []Effect{e}, true
	case reIntercept.MatchString(s):
		if c.trig.when != "attacked" || c.trig.watch == nil || c.trig.watch.Enemy {
			return nil, false
		}
		if m := reIntercept.FindStringSubmatch(low); m != nil && m[1] == "your main character" && (c.trig.watch.Of == nil || !c.trig.watch.Of.Main) {
			return nil, false // "instead of your Main Character": only when the main character is the one attacked
		}
		e.Intercept = true
		return []Effect{e}, true
	case reRetreatBack.MatchString(s):
		// "Your opponent adds all cards in their Retreat Area to their
		// Deck": every card, then shuffled (the next sentence must say so).
		e.Put = &Put{From: "retreat", To: "deck", Opponent: reRetreatBack.FindStringSubmatch(s)[1] != ""}
		return []Effect{e}, true
	case reShuffle.MatchString(low):
		// Folds into the put before it (a search of the deck, cards put
		// into it).
		if len(c.effects) == 0 {
			return nil, false
		}
		last := &c.effects[len(c.effects)-1]
		if last.Put == nil || last.Put.From != "deck" && last.Put.To != "deck-top" && last.Put.To != "deck-bottom" && last.Put.To != "deck" {
			return nil, false
		}
		foe := !strings.HasPrefix(reShuffle.FindStringSubmatch(low)[1], "shuffle your")
		if foe != last.Put.Opponent {
			return nil, false
		}
		last.Put.Shuffle = true
		return []Effect{}, true
	case reReveal.MatchString(s):
		m := reReveal.FindStringSubmatch(s)
		e.Reveal = 1
		if m[2]+m[3] != "" {
			e.Reveal = number(m[2] + m[3]) // "the top 3 cards", "the 3 top cards"
		}
		e.RevealFoe = !strings.EqualFold(m[4], "your")
		c.revealed, c.revealFoe = true, e.RevealFoe
		return []Effect{e}, true
	case reTopTo.MatchString(s):
		m := reTopTo.FindStringSubmatch(s)
		put := &Put{From: "deck-top", Count: 1, Opponent: strings.EqualFold(m[1], "your opponent sends") || !strings.EqualFold(m[3], "your")}
		if m[2] != "" {
			put.Count = number(m[2])
		}
		switch strings.ToLower(m[5]) {
		case "retreat area":
			put.To = "retreat"
		case "boundless area":
			put.To = "boundless"
		case "bond area":
			put.To, put.FaceDown = "bonds", m[6] != ""
		default:
			put.To = "orbs"
			if put.Opponent || !c.orbRoom(e) {
				return nil, false // a sixth orb: not read
			}
		}
		e.Put = put
		return []Effect{e}, true
	case c.revealed && reAmong.MatchString(s):
		m := reAmong.FindStringSubmatch(s)
		put := &Put{From: "revealed"}
		if !pickCount(m[1], put) {
			return nil, false
		}
		f, ok := cardPhrase(m[2])
		if !ok {
			return nil, false
		}
		put.Of = nonEmpty(f)
		if m[3] == "" {
			c.picked, c.pickBase = put, e
			return []Effect{}, true
		}
		return c.putThen(e, put, m[3])
	case c.revealed && reThatTo.MatchString(s) && c.picked == nil:
		put := &Put{From: "revealed"}
		if !destination(reThatTo.FindStringSubmatch(s)[1], put) || !c.revealedTo(put) {
			return nil, false
		}
		e.Put = put
		return []Effect{e}, true
	case c.revealed && reRestTo.MatchString(s):
		put := &Put{From: "revealed"}
		if !destination(reRestTo.FindStringSubmatch(s)[1], put) || !c.revealedTo(put) {
			return nil, false
		}
		e.Put = put
		return []Effect{e}, true
	case c.picked != nil && reThatTo.MatchString(s):
		put := *c.picked
		c.picked = nil
		e.May, e.If = e.May || c.pickBase.May, and(c.pickBase.If, e.If)
		if !destination(reThatTo.FindStringSubmatch(s)[1], &put) || !c.revealedTo(&put) {
			return nil, false
		}
		e.Put = &put
		return []Effect{e}, true
	case reBondCards.MatchString(s):
		m := reBondCards.FindStringSubmatch(s)
		put := &Put{From: "bonds"}
		if !pickCount(m[1], put) {
			return nil, false
		}
		f := &CardFilter{}
		if m[3] != "" || m[4] != "" {
			// "1 of your <Yellow> Bond cards with a Deployment Cost of 2 or lower"
			g, ok := cardPhrase(m[3] + "card" + m[4])
			if !ok {
				return nil, false
			}
			f = g
		}
		switch m[2] {
		case "face-up ":
			f.FaceUp = true
		case "face-down ":
			f.FaceDown = true
		}
		put.Of = nonEmpty(f)
		if m[5] == "" {
			return nil, false
		}
		return c.putThen(e, put, m[5])
	case reChooseCards.MatchString(s):
		m := reChooseCards.FindStringSubmatch(s)
		put := &Put{From: zoneWord(m[4]), Opponent: !strings.EqualFold(m[3], "your")}
		if put.From == "" || !pickCount(m[1], put) || put.Opponent {
			return nil, false
		}
		f, ok := cardPhrase(m[2] + m[5])
		if !ok || f.NameOf == "that" && !c.that() {
			return nil, false
		}
		put.Of = nonEmpty(f)
		if m[6] == "" {
			if put.From != "hand" {
				return nil, false
			}
			c.picked, c.pickBase = put, e // "choose 1 card from your hand": the next sentence says where
			return []Effect{}, true
		}
		return c.putThen(e, put, m[6])
	}
	return nil, false
}

// putThen finishes a put with its destination: "add it to your hand",
// "deploy it", and a rest: "..., and send the rest to the Retreat Area".
func (c *compiler) putThen(e Effect, put *Put, then string) ([]Effect, bool) {
	var rest *Put
	if i := strings.Index(strings.ToLower(then), ", and send the rest "); i > 0 {
		rest = &Put{From: "revealed"}
		if !place(then[i+len(", and send the rest "):], rest) {
			return nil, false
		}
		then = then[:i]
	}
	if m := reStackUnder.FindStringSubmatch(then); m != nil {
		// "stack it under that ally to Growth them": the unit is the
		// effect's target.
		switch strings.ToLower(m[1]) {
		case "this unit":
		case "that ally", "that unit", "them":
			if !c.that() {
				return nil, false
			}
			e.Target = &Target{That: true}
		case "your main character":
			e.Target = &Target{Main: true}
		default:
			return nil, false
		}
		if put.From != "retreat" {
			return nil, false // from the retreat area only (the engine's Growth)
		}
		put.To = "under"
		then = ""
	}
	if then != "" && !destination(then, put) || put.From == put.To || !c.revealedTo(put) || rest != nil && !c.revealedTo(rest) ||
		put.To == "orbs" && (put.Opponent || !c.orbRoom(e)) {
		return nil, false
	}
	e.Put = put
	if put.From == "hand" && put.To == "retreat" && put.Of == nil && !put.UpTo && !put.Opponent && put.Count > 0 {
		e.Put, e.Discard = nil, put.Count // a discard, as the engine has it
	}
	out := []Effect{e}
	if rest != nil {
		out = append(out, Effect{When: e.When, Put: rest})
	}
	return out, true
}

// revealedTo reports whether a put of revealed cards goes where the
// engine puts them: the zones of the player whose deck was revealed (an
// opponent's card does not go to your hand).
func (c *compiler) revealedTo(put *Put) bool {
	if put.From == "revealed" && (c.bondCard || put.To == "orbs") {
		return false
	}
	return put.From != "revealed" || !c.revealFoe || put.To != "hand" && put.To != "bonds" && put.To != "field"
}

// orbRoom reports whether an effect adding an orb is conditioned on the
// player having fewer than five (fewer than the opponent, none, N or
// fewer): a sixth orb is not in the engine.
func (c *compiler) orbRoom(e Effect) bool {
	if e.PayOrbs > 0 || c.costOrbs && len(c.effects) == 0 {
		return true // the cost destroyed one first
	}
	if e.If == nil {
		return false
	}
	if e.If.FewerOrbs {
		return true
	}
	return e.If.Orbs != nil && e.If.Orbs.AtMost != nil && *e.If.Orbs.AtMost < 5
}

func nonEmpty(f *CardFilter) *CardFilter {
	if f == nil || reflect.ValueOf(*f).IsZero() {
		return nil
	}
	return f
}

func number(s string) int {
	switch strings.ToLower(s) {
	case "one", "a", "an":
		return 1
	case "two":
		return 2
	case "three":
		return 3
	case "four":
		return 4
	case "five":
		return 5
	}
	return atoi(s)
}
