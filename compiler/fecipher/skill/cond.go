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
	q, rest, ok := quantity(m[2])
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
	if strings.HasPrefix(low, "allied ") || strings.HasPrefix(low, "ally ") && strings.Contains(rest, `"`) {
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

var reNamesOnly = lazy(`^(?:"[^"]+"(?:,? or |,? and | ))+ally$`)

func nonZero(f *UnitFilter) *UnitFilter {
	if f == nil || f.isZero() {
		return nil
	}
	return f
}

var reBondNoun = lazy(`^(face-up |face-down )?((?:(?:<[^>]+>|"[^"]+")(?:,? or |,? and | ))*)(?:bond cards?|bonds?)(?: in your bond area)?$`)

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
	for _, f := range []func(string) (*Cond, bool){compareCond, mainIs, unitIs, haveCond} {
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
	"this unit is is ", "this unit is ", "this unit in combat with ", "this unit is in combat with ",
	"this unit is in combat a ", "this unit is in combat with a ",
	"this unit being attacked ", "this unit is being attacked ",
	"battling against ", "battling ", "this unit attacks ", "this unit is attacking ",
	"this unit isn't ", "this unit is not ", "this unit is not a Main Character", "this unit is not your Main Character",
)

var reSingleQuoted = lazy(`'([^']+)'`)

// normCond is a condition in the spelling the rules read: its synonyms
// and typos replaced, names in single quotes in double ones.
func normCond(s string) string {
	s = condSpellings.Replace(strings.TrimSpace(s))
	if !strings.Contains(s, `"`) {
		s = reSingleQuoted.ReplaceAllString(s, `"$1"`)
	}
	return s
}
