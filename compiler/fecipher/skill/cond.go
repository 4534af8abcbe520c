package skill

import (
	"strings"
)

// ---- conditions as a subject and what it has or is.
//
// "you have | your opponent has | there are" QUANTITY THINGS, where the
// quantity is "N or more", "N or fewer", "exactly N", "no", "an", and the
// things allies, enemies, bond cards, cards in a hand, orbs; "you have more
// ORBS than your opponent"; "this unit | your Main Character" IS-or-HAS a
// predicate of units (in the Front Line, class changed, levelled up, N or
// more attack, untapped, used "Skill" this turn).

var (
	reQty     = lazy(`^(?:(\d+) or (more|higher|greater|fewer|less|lower)|exactly (\d+)|at least (\d+)|(no)|(an?|any)|(\d+)) (.+)$`)
	reHaveQty = lazy(`^(you have|your opponent has|there (?:is|are)) (.+)$`)
	reCompare = lazy(`^you have (more|fewer|less|as many or fewer|as many as or fewer|equal to or less|equal to or fewer|the same number of|as many) (cards in your hand|cards in hand|orbs|bond cards|bonds|allies) (?:than|as) (?:your opponent(?:'s hand|'s)?|your opponent has|they do)$`)
	reUnitIs  = lazy(`^(this unit|this card|he|she|your main character)(?: is| has| 's|'s) (.+)$`)
	reUsed    = lazy(`^this unit has (?:already )?used ((?:"[^"]+"(?: or )?)+) (?:in |during )?this turn$`)
)

// quantity reads a count phrase: "2 or more", "exactly 1", "no", "an".
func quantity(s string) (*Count, string, bool) {
	m := reQty.FindStringSubmatch(s)
	if m == nil {
		return nil, "", false
	}
	c := &Count{}
	switch {
	case m[1] != "":
		n := atoi(m[1])
		switch strings.ToLower(m[2]) {
		case "more", "higher", "greater":
			c.AtLeast = n
		default:
			c.AtMost = &n
		}
	case m[3] != "":
		n := atoi(m[3])
		c.AtLeast, c.AtMost = n, &n
	case m[4] != "":
		c.AtLeast = atoi(m[4])
	case m[5] != "":
		zero := 0
		c.AtMost = &zero
	case m[6] != "":
		c.AtLeast = 1
	case m[7] != "":
		c.AtLeast = atoi(m[7]) // "you have 2 <Red> allies": at least
	}
	return c, m[8], true
}

// haveCond reads "you have | your opponent has | there are" QUANTITY THINGS.
func haveCond(s string) (*Cond, bool) {
	m := reHaveQty.FindStringSubmatch(s)
	if m == nil {
		return nil, false
	}
	who := strings.ToLower(m[1])
	what := m[2]
	if t, ok := strings.CutPrefix(what, "another "); ok {
		what = "an other " + t // "another <Knife> ally": one other
	}
	q, rest, ok := quantity(what)
	if !ok {
		return nil, false
	}
	rest = strings.TrimSpace(rest)
	low := strings.ToLower(rest)
	mine := who == "you have"
	switch low {
	case "cards in your hand", "card in your hand", "cards in their hand", "card in their hand", "cards in hand":
		if mine {
			return &Cond{Hand: q}, true
		}
		if who == "your opponent has" {
			return &Cond{FoeHand: q}, true
		}
		return nil, false
	case "face-up orbs", "face-up orb":
		q.FaceUp = true
		fallthrough
	case "orbs", "orb":
		switch who {
		case "you have":
			return &Cond{Orbs: q}, true
		case "your opponent has":
			return &Cond{FoeOrbs: q}, true
		}
		return nil, false
	case "cards in your boundless area", "card in your boundless area":
		if who != "your opponent has" {
			return &Cond{Boundless: q}, true
		}
		return nil, false
	case "cards in the boundless area", "card in the boundless area", "cards in their boundless area", "card in their boundless area":
		if who == "your opponent has" {
			return &Cond{FoeBound: q}, true
		}
		return nil, false
	case "cards in your retreat area", "card in your retreat area":
		if mine {
			return &Cond{Retreat: q}, true
		}
		return nil, false
	}
	if bc, ok := bondCount(rest, q); ok {
		switch who {
		case "you have":
			return &Cond{Bonds: bc}, true
		case "your opponent has":
			return &Cond{FoeBonds: bc}, true
		}
		return nil, false
	}
	if m := reAlliedTags.FindStringSubmatch(rest); m != nil {
		rest = m[1] + " ally" // "an allied <Female>": a <Female> ally
	} else if strings.HasPrefix(low, "allied ") || strings.HasPrefix(low, "ally ") && strings.Contains(rest, `"`) {
		rest = "allied " + strings.TrimPrefix(strings.TrimPrefix(rest, "allied "), "ally ")
	}
	f, noun, ok := unitWords(rest)
	if !ok {
		// `an "Ike" ally`, `a "Corrin (Male)" or "Corrin (Female)" ally`
		if n := quoted(rest); len(n) > 0 && strings.HasSuffix(low, " ally") && strings.HasPrefix(rest, `"`) {
			f, noun, ok = &UnitFilter{Name: n}, "ally", reNamesOnly.MatchString(rest)
		}
		if !ok {
			return nil, false
		}
	}
	q.Of = nonZero(f)
	switch {
	case noun == "ally" && who != "your opponent has":
		return &Cond{Allies: q}, true
	case noun == "enemy" && who != "you have":
		return &Cond{Enemies: q}, true
	}
	return nil, false
}

var reAlliedTags = lazy(`^allied ((?:<[^>]+>(?:,? or | )?)+)$`)

var reNamesOnly = lazy(`^(?:"[^"]+"(?:,? or |,? and | ))+ally$`)

func nonZero(f *UnitFilter) *UnitFilter {
	if f == nil || f.isZero() {
		return nil
	}
	return f
}

var reBondNoun = lazy(`^(face-up |face-down )?((?:(?:<[^>]+>|"[^"]+")(?:,? or |,? and | ))*)(?:bond cards?|bonds?|cards? in your bond area)(?: in your bond area)?$`)

// bondCount reads the bonds of a count: "face-down Bond cards", "<Red>
// Bond cards", `"Marth" Bond cards`.
func bondCount(s string, q *Count) (*Count, bool) {
	asMain := false
	if t, ok := strings.CutSuffix(strings.ToLower(s), " with the same unit name as your main character"); ok && !strings.ContainsAny(t, "<\"") {
		s, asMain = t, true // "Bond cards with the same Unit Name as your Main Character"
	}
	m := reBondNoun.FindStringSubmatch(s)
	if m == nil {
		return nil, false
	}
	c := *q
	c.FaceUp, c.FaceDown = m[1] == "face-up ", m[1] == "face-down "
	if asMain && c.FaceDown {
		return nil, false
	}
	c.AsMain = asMain
	if t := strings.TrimSpace(m[2]); t != "" {
		f, ok := cardPhrase(t + " card")
		if !ok || c.FaceDown {
			return nil, false
		}
		c.Of = &UnitFilter{Emblem: f.Emblem, Color: f.Color, Name: f.Name}
	}
	return &c, true
}

// compareCond reads "you have more orbs than your opponent".
func compareCond(s string) (*Cond, bool) {
	m := reCompare.FindStringSubmatch(s)
	if m == nil {
		return nil, false
	}
	var what string
	switch strings.ToLower(m[2]) {
	case "cards in your hand", "cards in hand":
		what = "hand"
	case "orbs":
		what = "orbs"
	case "bond cards", "bonds":
		what = "bonds"
	case "allies":
		what = "units"
	}
	var rel string
	switch strings.ToLower(m[1]) {
	case "more":
		rel = "more"
	case "fewer", "less":
		rel = "fewer"
	case "as many or fewer", "as many as or fewer", "equal to or less", "equal to or fewer":
		rel = "not-more"
	case "the same number of", "as many":
		rel = "same"
	}
	return &Cond{Compare: &Compare{Of: what, Rel: rel}}, true
}

// unitIs reads what this unit (or your Main Character) is or has.
func unitIs(s string) (*Cond, bool) {
	if m := reUsed.FindStringSubmatch(s); m != nil {
		return &Cond{Used: quoted(m[1])}, true
	}
	m := reUnitIs.FindStringSubmatch(s)
	if m == nil {
		return nil, false
	}
	main := strings.EqualFold(m[1], "your main character")
	p := strings.ToLower(strings.TrimSpace(m[2]))
	var k *Cond
	switch {
	case p == "in the front line" || p == "on the front line" || p == "in your front line" || p == "on the frontline":
		k = &Cond{Area: "front"}
	case p == "in the back line" || p == "on the back line" || p == "in your back line":
		k = &Cond{Area: "back"}
	case p == "class changed" || p == "has class changed" || p == "been class changed" || p == "class cahnged":
		k = &Cond{ClassChang: true}
	case p == "leveled up" || p == "levelled up" || p == "been leveled up" || p == "been levelled up":
		k = &Cond{Stack: 2}
	case p == "not leveled up" || p == "not levelled up" || p == "not been leveled up" || p == "not been levelled up":
		k = &Cond{NotLevel: true}
	case p == "tapped":
		k = &Cond{Tapped: true}
	case p == "untapped":
		k = &Cond{Untapped: true}
	case p == "not your main character" || p == "a non-main character" || p == "not a main character":
		k = &Cond{NotMain: true}
	case p == "your main character":
		k = &Cond{IsMain: true}
	case strings.HasPrefix(p, "attack is ") || strings.HasPrefix(p, "attack power is "):
		n, ok := powerBound(p[strings.Index(p, " is ")+4:])
		if !ok {
			return nil, false
		}
		k = &Cond{Power: n}
	default:
		if n, ok := powerBound(strings.TrimSuffix(strings.TrimSuffix(p, " attack"), " attack power")); ok && strings.HasSuffix(p, "attack") {
			k = &Cond{Power: n}
			break
		}
		return nil, false
	}
	if main {
		// Of your Main Character: only its filters carry over.
		switch {
		case k.Area != "":
			return &Cond{Main: &UnitFilter{Area: k.Area}}, true
		}
		return nil, false
	}
	return k, true
}

var rePower = lazy(`^(\d+) or (more|higher|greater|less|lower|fewer)$`)

// powerBound reads "80 or more" into a bound of attack.
func powerBound(s string) (*Bound, bool) {
	m := rePower.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return nil, false
	}
	n := atoi(m[1])
	switch strings.ToLower(m[2]) {
	case "more", "higher", "greater":
		return &Bound{AtLeast: n}, true
	}
	return &Bound{AtMost: &n}, true
}

var reMainIs = lazy(`^your main character is (?:a |an )?(.+)$`)

// mainIs reads "your Main Character is "Alm" or "Celica"", "... is a <Red>".
func mainIs(s string) (*Cond, bool) {
	m := reMainIs.FindStringSubmatch(s)
	if m == nil {
		return nil, false
	}
	t := strings.TrimSpace(m[1])
	if n := quoted(t); len(n) > 0 && reNamesList.MatchString(t) {
		return &Cond{Main: &UnitFilter{Name: n}}, true
	}
	emb, col, ok := tags(t)
	if !ok || !reTagsList.MatchString(t) {
		return nil, false
	}
	return &Cond{Main: &UnitFilter{Emblem: emb, Color: col}}, true
}

var (
	reNamesList = lazy(`^(?:"[^"]+"(?:,? or |,? and | )?)+$`)
	reTagsList  = lazy(`^(?:<[^>]+>(?:,? or |,? and | )?)+$`)
)

// composed tries the compositional conditions.
func composed(s string) (*Cond, bool) {
	for _, f := range []func(string) (*Cond, bool){compareCond, mainIs, unitIs, haveCond, fieldCond, countCond} {
		if k, ok := f(s); ok {
			return k, true
		}
	}
	return nil, false
}

// condSpellings are the spellings of a condition's words that read as
// others: "this card" is this unit, "battling against" is battling, and the
// list's typos.
var condSpellings = strings.NewReplacer(
	"this card is ", "this unit is ", "This card is ", "this unit is ",
	"supporting this card ", "supporting this unit ",
	"this unit's supporting card ", "the card supporting this unit ", "this unit's Support card has ", "the card supporting this unit has ",
	"this unit is is combat with ", "this unit is in combat with ", "this unit is is ", "this unit is ", "this unit in combat with ", "this unit is in combat with ",
	"this unit is in combat a ", "this unit is in combat with a ",
	"this unit being attacked ", "this unit is being attacked ",
	"battling against ", "battling ", "this unit attacks ", "this unit is attacking ",
	"this unit isn't ", "this unit is not ", "this unit is not a Main Character", "this unit is not your Main Character",
)

var reSingleQuoted = lazy(`(^|\s)'([^']+)'(\s|$|[,.])`)

// normCond is a condition in the spelling the rules read: its synonyms
// and typos replaced, names in single quotes in double ones.
func normCond(s string) string {
	s = condSpellings.Replace(strings.TrimSpace(s))
	if !strings.Contains(s, `"`) {
		s = reSingleQuoted.ReplaceAllString(s, `$1"$2"$3`) // not an apostrophe: "opponent's Main Character's"
	}
	return s
}

// ---- conditions on the field as a whole, on one's lines and on one's
// units by what they number: each reads to counts of allies, enemies or
// units (filters × a count), not to a condition of its own.

var (
	reOnlyWithMain = lazy(`^(?:you have no (?:other )?allies (?:other than|aside from|besides) this unit and your main character|the only units you have are this unit and your main character|this unit and your main character are your only (?:allies|units))$`)
	reOnlyNamed    = lazy(`^(?:this unit and ((?:"[^"]+"(?:,? and | )?)+) are your only (?:allies|units)|the only units you have are ((?:"[^"]+"(?:,? and | )?)+))$`)
	reOnlyOther    = lazy(`^this unit has only (\d+) other (?:ally|allies)$`)
	reOnlyInLine   = lazy(`^this (?:unit )?is the only (?:unit|ally) in the (front|back) line$`)
	reIncluding    = lazy(`^(\d+) or more allies,? including this unit,? are in the (front|back) line$`)
	reInSameArea   = lazy(`^(\d+) or more (.+) are in the same area as this unit$`)
	reSameAreaN    = lazy(`^this unit is in the same area as (\d+) or more (.+)$`)
	reBothHave     = lazy(`^you and your opponent (?:both )?(?:each )?have (\d+) or more units in the (front|back) line$`)
	reDontHave     = lazy(`^you (?:do not|don't) have (?:any |an? )?(.+)$`)
	reFoeMainLine  = lazy(`^your opponent's main character is (?:in|on) the (front|back) line$`)
	reFoeMainCost  = lazy(`^your opponent's main character's deployment cost is (\d+) or (higher|more|greater|lower|less)$`)
	reAllFoeDown   = lazy(`^all (?:of )?your opponent's bond cards are face-down$`)
	reNumberOf     = lazy(`^(?:your|the) number of (allies|bond cards|bonds|orbs|cards in your hand) is (.+?) (?:the number of enemies|your opponent's(?: bond cards| bonds| orbs| hand)?)$`)
	reSameNumber   = lazy(`^you and your opponent have the same number of (orbs|bond cards|bonds|cards in hand|allies|units)$`)
)

// numberRel are the relations of "your number of X is ... your
// opponent's".
var numberRel = map[string]string{
	"lower than": "fewer", "less than": "fewer", "fewer than": "fewer",
	"higher than": "more", "more than": "more", "greater than": "more",
	"the same as": "same", "equal to": "same",
	"the same as or lower than": "not-more", "the same as or less than": "not-more", "equal to or lower than": "not-more",
	"lower than or equal to": "not-more", "less than or equal to": "not-more", "equal to or less than": "not-more",
	"more than or equal to": "not-fewer", "greater than or equal to": "not-fewer", "higher than or equal to": "not-fewer",
	"equal to or more than": "not-fewer", "equal to or greater than": "not-fewer", "the same as or higher than": "not-fewer",
	"the same as or more than": "not-fewer",
}

var numberOf = map[string]string{"allies": "units", "units": "units", "bond cards": "bonds", "bonds": "bonds", "orbs": "orbs",
	"cards in your hand": "hand", "cards in hand": "hand"}

// fieldCond reads the conditions above.
func fieldCond(s string) (*Cond, bool) {
	zero := 0
	switch {
	case reOnlyWithMain.MatchString(s):
		return &Cond{Allies: &Count{AtMost: &zero, Of: &UnitFilter{Other: true, NonMain: true}}}, true
	case reOnlyNamed.MatchString(s):
		m := reOnlyNamed.FindStringSubmatch(s)
		names := quoted(m[1] + m[2])
		// "this unit and "Alm"": no ally but this unit and Alm; "the
		// only units you have are "A" and "B"": no ally but those.
		return &Cond{AlliesAll: names, Allies: &Count{AtMost: &zero, Of: &UnitFilter{Other: m[1] != "", NotName: names}}}, true
	case reOnlyOther.MatchString(s):
		n := atoi(reOnlyOther.FindStringSubmatch(s)[1])
		return &Cond{Allies: &Count{AtLeast: n, AtMost: &n, Of: &UnitFilter{Other: true}}}, true
	case reOnlyInLine.MatchString(s):
		a := strings.ToLower(reOnlyInLine.FindStringSubmatch(s)[1])
		return &Cond{Area: a, Allies: &Count{AtMost: &zero, Of: &UnitFilter{Other: true, Area: a}}}, true
	case reIncluding.MatchString(s):
		m := reIncluding.FindStringSubmatch(s)
		a := strings.ToLower(m[2])
		return &Cond{Area: a, Allies: &Count{AtLeast: atoi(m[1]), Of: &UnitFilter{Area: a}}}, true
	case reInSameArea.MatchString(s) || reSameAreaN.MatchString(s):
		m := reInSameArea.FindStringSubmatch(s)
		if m == nil {
			m = reSameAreaN.FindStringSubmatch(s)
		}
		f, noun, ok := unitWords(m[2])
		if !ok || noun != "ally" {
			return nil, false
		}
		f.SameArea = true
		return &Cond{Allies: &Count{AtLeast: atoi(m[1]), Of: f}}, true
	case reBothHave.MatchString(s):
		m := reBothHave.FindStringSubmatch(s)
		n, a := atoi(m[1]), strings.ToLower(m[2])
		return &Cond{Allies: &Count{AtLeast: n, Of: &UnitFilter{Area: a}}, Enemies: &Count{AtLeast: n, Of: &UnitFilter{Area: a}}}, true
	case reDontHave.MatchString(s):
		// "you do not have an allied "Zola"", "you don't have any <Fang>
		// allies": you have none.
		k, ok := haveCond("you have no " + reDontHave.FindStringSubmatch(s)[1])
		return k, ok && k.Allies != nil
	case reFoeMainLine.MatchString(s):
		a := strings.ToLower(reFoeMainLine.FindStringSubmatch(s)[1])
		return &Cond{Enemies: &Count{AtLeast: 1, Of: &UnitFilter{Main: true, Area: a}}}, true
	case reFoeMainCost.MatchString(s):
		m := reFoeMainCost.FindStringSubmatch(s)
		f := &UnitFilter{Main: true}
		costBound(strings.ToLower(m[2]), atoi(m[1]), &f.CostMin, &f.CostMax)
		return &Cond{Enemies: &Count{AtLeast: 1, Of: f}}, true
	case reAllFoeDown.MatchString(s):
		return &Cond{FoeBonds: &Count{FaceUp: true, AtMost: &zero}}, true
	case reNumberOf.MatchString(s):
		m := reNumberOf.FindStringSubmatch(s)
		of, rel := numberOf[strings.ToLower(m[1])], numberRel[strings.ToLower(m[2])]
		if of == "" || rel == "" || (of == "units") != strings.HasSuffix(strings.ToLower(s), "enemies") {
			return nil, false
		}
		return &Cond{Compare: &Compare{Of: of, Rel: rel}}, true
	case reSameNumber.MatchString(s):
		return &Cond{Compare: &Compare{Of: numberOf[strings.ToLower(reSameNumber.FindStringSubmatch(s)[1])], Rel: "same"}}, true
	}
	return nil, false
}

var (
	reParity       = lazy(`^you have an? (odd|even) number of (.+)$`)
	reUnitsTotal   = lazy(`^the (?:total )?number of allies and enemies (?:totals|is) (\d+)(?: or (more|higher|greater|less|fewer|lower))?$`)
	reUnitsOnField = lazy(`^there (?:is|are) (.+?) on the (?:battlefield|field)$`)
	reEitherSide   = lazy(`^there is an allied or (?:an )?enemy ((?:"[^"]+"(?:,? or | )?)+)$`)
	reMainStack    = lazy(`^(?:a total of (\d+) or more cards are stacked with your main character|the total number of cards stacked with your main character is (\d+) or (?:more|higher|greater))$`)
	reMainAttack   = lazy(`^your main character is (?:being )?attacked(?: by (.+))?$`)
	reUsedTimes    = lazy(`^(?:"([^"]+)" has (?:already )?been used|(?:this unit has|you have) (?:already )?used "([^"]+)") (\d+) or more times (?:in |during )?this turn$`)
	reUsedBoth     = lazy(`^this unit has used both ("[^"]+" and "[^"]+") (?:in |during )?this turn$`)
	reWasUsed      = lazy(`^(?:this unit's )?(?:skill )?"([^"]+)"(?: skill)? (?:was|has been) used (?:in |during )?this turn$`)
	reEachBonds    = lazy(`^you have (\d+) or more each of ((?:<[^>]+>(?:,? and | )?)+) bond cards$`)
	reSupCardIs    = lazy(`^the card supporting this unit (?:has|is) (.+)$`)
	reSupByCard    = lazy(`^this unit is (?:being )?supported by an? (card with .+)$`)
	reDefender     = lazy(`^the defending unit (?:was|is) (.+)$`)
	reWasDefend    = lazy(`^this unit (?:was|is) the defending unit$`)
	reAllShown     = lazy(`^(?:all (?:of )?(?:the |those )?revealed cards|all of those cards|both (?:of )?the revealed cards|the revealed card) (?:are|were|was|have|had) (.+)$`)
	reAlliesBoth   = lazy(`^you have allies ((?:"[^"]+"(?:,? and | ))+"[^"]+")$`)
	reAllyNamed    = lazy(`^you have an ally with the unit name ((?:"[^"]+"(?:,? or | )?)+)$`)
	reFoeMoreHand  = lazy(`^your opponent has more cards in (?:their|his|her) hand than you(?: do)?$`)
	reFoeMainLvl   = lazy(`^your opponent's main character is (?:leveled|levelled) up$`)
	reSkillUsed    = lazy(`^this unit's skill '(.+)' was used (?:in |during )?this turn$`)
	reOtherArea    = lazy(`^this unit is in a different area (?:than|from) (.+)$`)
	reNamedHere    = lazy(`^((?:"[^"]+"(?:,? or | )?)+) is in the same area as this unit$`)
	reFrontFight   = lazy(`^this (front|back) line unit is in combat with (.+)$`)
	reAttackerIn   = lazy(`^the attacking unit is in the (front|back) line$`)
	reThatIs       = lazy(`^that (?:ally|unit) is (?:an? )?(.+)$`)
	reThatStack    = lazy(`^a total of (\d+) or more cards are stacked with that (?:ally|unit)$`)
	reAnyShown     = lazy(`^there (?:are|is) (?:any |an? )?(.+?) among (?:those cards|them|the revealed cards)$`)
	reNoBondSym    = lazy(`^you have no bond cards with (?:a <symbol>|symbols|a symbol|an? colou?r)$`)
)

// countCond reads the counts of the field, the Boundless Areas, stacks
// and uses above.
func countCond(s string) (*Cond, bool) {
	zero := 0
	switch {
	case reParity.MatchString(s):
		m := reParity.FindStringSubmatch(s)
		k, ok := haveCond("you have 0 or more " + m[2])
		if !ok {
			return nil, false
		}
		var n *Count
		for _, c := range []*Count{k.Bonds, k.Allies, k.Hand, k.Orbs} {
			if c != nil {
				n = c
			}
		}
		if n == nil {
			return nil, false
		}
		n.Parity = strings.ToLower(m[1])
		return k, true
	case reUnitsTotal.MatchString(s):
		m := reUnitsTotal.FindStringSubmatch(s)
		n := atoi(m[1])
		c := &Count{AtLeast: n, AtMost: &n}
		switch strings.ToLower(m[2]) {
		case "more", "higher", "greater":
			c.AtMost = nil
		case "less", "fewer", "lower":
			c.AtLeast = 0
		}
		return &Cond{Units: c}, true
	case reUnitsOnField.MatchString(s):
		q, rest, ok := quantity(reUnitsOnField.FindStringSubmatch(s)[1])
		if !ok {
			return nil, false
		}
		f, noun, ok := unitWords(rest)
		if !ok || noun != "unit" {
			return nil, false
		}
		q.Of = nonZero(f)
		return &Cond{Units: q}, true
	case reEitherSide.MatchString(s):
		return &Cond{Units: &Count{AtLeast: 1, Of: &UnitFilter{Name: quoted(s)}}}, true
	case reMainStack.MatchString(s):
		m := reMainStack.FindStringSubmatch(s)
		// The cards stacked with it are those under its top card.
		return &Cond{Main: &UnitFilter{StackMin: atoi(m[1]+m[2]) + 1}}, true
	case reMainAttack.MatchString(s):
		m := reMainAttack.FindStringSubmatch(s)
		if m[1] == "" {
			return &Cond{MainAttack: &UnitFilter{}}, true
		}
		f, ok := targetWords(m[1])
		return &Cond{MainAttack: f}, ok
	case reUsedTimes.MatchString(s):
		m := reUsedTimes.FindStringSubmatch(s)
		return &Cond{Used: []string{m[1] + m[2]}, UsedTimes: atoi(m[3])}, true
	case reUsedBoth.MatchString(s):
		return &Cond{Used: quoted(s), UsedEach: true}, true
	case reWasUsed.MatchString(s):
		return &Cond{Used: quoted(s)}, true
	case reEachBonds.MatchString(s):
		m := reEachBonds.FindStringSubmatch(s)
		emb, col, ok := tags(m[2])
		return &Cond{Bonds: &Count{AtLeast: atoi(m[1]), Each: true, Of: &UnitFilter{Emblem: emb, Color: col}}}, ok && len(emb)+len(col) > 1
	case reSupCardIs.MatchString(s):
		t := strings.ToLower(reSupCardIs.FindStringSubmatch(s)[1])
		if n, ok := strings.CutPrefix(reSupCardIs.FindStringSubmatch(s)[1], "not "); ok && reTagsList.MatchString(strings.TrimPrefix(strings.TrimPrefix(n, "an "), "a ")) {
			emb, col, ok := tags(n) // "is not <Black>": none of these
			return &Cond{Supported: &CardFilter{NoEmb: emb, NotColor: col}}, ok
		}
		if t == "a support skill" {
			return &Cond{Supported: &CardFilter{SupSkill: true}}, true
		}
		f, ok := cardIs(t)
		return &Cond{Supported: f}, ok && f.FaceUp == f.FaceDown && f.Count == 0
	case reSupByCard.MatchString(s):
		f, ok := cardPhrase(reSupByCard.FindStringSubmatch(s)[1])
		return &Cond{Supported: f}, ok && f.Count == 0
	case reDefender.MatchString(s):
		f, ok := targetWords(reDefender.FindStringSubmatch(s)[1])
		return &Cond{Defender: f}, ok
	case reWasDefend.MatchString(s):
		return &Cond{Defending: &UnitFilter{}}, true
	case reAllShown.MatchString(s):
		// Every card the skill revealed is like this (the compiler reads
		// it only after cards were revealed).
		f, ok := cardIs(reAllShown.FindStringSubmatch(s)[1])
		return &Cond{Revealed: f}, ok && f.Count == 0 && !f.FaceUp && !f.FaceDown
	case reAlliesBoth.MatchString(s):
		return &Cond{AlliesAll: quoted(s)}, true
	case reAllyNamed.MatchString(s):
		return &Cond{Allies: &Count{AtLeast: 1, Of: &UnitFilter{Name: quoted(s)}}}, true
	case reFoeMoreHand.MatchString(s):
		return &Cond{LessHand: true}, true
	case reFoeMainLvl.MatchString(s):
		return &Cond{Enemies: &Count{AtLeast: 1, Of: &UnitFilter{Main: true, Levelled: true}}}, true
	case reSkillUsed.MatchString(s):
		return &Cond{Used: []string{reSkillUsed.FindStringSubmatch(s)[1]}}, true
	case reOtherArea.MatchString(s):
		t := reOtherArea.FindStringSubmatch(s)[1]
		if l := strings.ToLower(t); strings.HasPrefix(l, "a ") || strings.HasPrefix(l, "an ") {
			t = t[strings.Index(t, " ")+1:]
		}
		f, noun, ok := unitWords(t)
		if !ok || noun != "ally" {
			return nil, false
		}
		f.Other, f.OtherArea = true, true
		return &Cond{Allies: &Count{AtLeast: 1, Of: f}}, true
	case reNamedHere.MatchString(s):
		return &Cond{SameArea: &UnitFilter{Name: quoted(s)}}, true
	case reFrontFight.MatchString(s):
		m := reFrontFight.FindStringSubmatch(s)
		f, ok := targetWords(m[2])
		return &Cond{Area: strings.ToLower(m[1]), Battling: f}, ok
	case reAttackerIn.MatchString(s):
		// "When a <Knife> ally's attack ends, and if the attacking unit
		// is in the Front Line": the unit whose attack set it off.
		return &Cond{Trigger: &UnitFilter{Area: strings.ToLower(reAttackerIn.FindStringSubmatch(s)[1])}}, true
	case reThatIs.MatchString(s):
		// The unit the skill chose: "If that ally is a non-<Fang>".
		t := reThatIs.FindStringSubmatch(s)[1]
		if !strings.HasPrefix(t, "<") && !pre(t, "non-") {
			return nil, false
		}
		f, noun, ok := unitWords(t + " ally")
		return &Cond{Chosen: f}, ok && noun == "ally"
	case reThatStack.MatchString(s):
		return &Cond{Chosen: &UnitFilter{StackMin: atoi(reThatStack.FindStringSubmatch(s)[1]) + 1}}, true
	case reAnyShown.MatchString(s):
		// One of the cards the skill revealed at least.
		f, ok := cardIs(reAnyShown.FindStringSubmatch(s)[1])
		return &Cond{ShownAny: f}, ok && f.Count == 0 && !f.FaceUp && !f.FaceDown
	case reNoBondSym.MatchString(s):
		return &Cond{Bonds: &Count{AtMost: &zero, Of: &UnitFilter{Colored: true}}}, true
	}
	return nil, false
}
