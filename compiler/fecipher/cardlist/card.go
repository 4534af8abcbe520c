package cardlist

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// The common reader: a record, whatever shape it came from, becomes a
// card. Each value is read the same way in every shape: a number written
// as a number or as text, a list as a JSON array or as text split at "/",
// ",", ";" or "|", and "-", an empty value or (in a shape that leaves out
// what a card does not have) an absent field as none.

// str reads a text field; absent or mistyped fields are reported.
func (im *importer) str(r *record, f string) (string, bool) {
	v := r.get(f)
	switch {
	case v == nil:
		im.diags.Add(CodeValue, im.pos(r.off), "card has no %q field; it is not imported", r.name(f))
		return "", false
	case v.Kind == KindString:
		return v.Str, true
	case v.Kind == KindNumber:
		return v.Num.String(), true
	}
	im.diags.Add(CodeJSON, im.pos(v.Off), "%q is %s %s; want a string", r.name(f), article(v.Kind), v.Kind)
	return "", false
}

// num reads a whole number, written as a number or as text.
func (im *importer) num(r *record, f string) (int, bool) {
	v := r.get(f)
	var text string
	switch {
	case v == nil:
		im.diags.Add(CodeValue, im.pos(r.off), "card has no %q field; it is not imported", r.name(f))
		return 0, false
	case v.Kind == KindNumber:
		text = v.Num.String()
	case v.Kind == KindString:
		text = strings.TrimSpace(v.Str)
	default:
		im.diags.Add(CodeJSON, im.pos(v.Off), "%q is %s %s; want a number", r.name(f), article(v.Kind), v.Kind)
		return 0, false
	}
	n, err := strconv.Atoi(text)
	if err != nil {
		im.diags.Add(CodeValue, im.pos(v.Off), "%q is %s; want a whole number", r.name(f), strconv.Quote(text))
		return 0, false
	}
	return n, true
}

// none is a value that says "none": "-" or empty.
func none(v *Value) bool {
	return v.Kind == KindString && (strings.TrimSpace(v.Str) == "-" || strings.TrimSpace(v.Str) == "") || v.Kind == KindNull
}

// given is a field's value unless it is absent or none.
func given(r *record, f string) *Value {
	if v := r.get(f); v != nil && !none(v) {
		return v
	}
	return nil
}

// printed reads a printed number: 5 or "5", "X" or, where allowed, "-",
// empty or absent (none).
func (im *importer) printed(r *record, f string, dash bool, st *Stats) (any, bool) {
	v := r.get(f)
	if dash && v == nil {
		if im.strict {
			im.diags.Add(CodeField, im.pos(r.off), "card has no %q field; treated as -", r.name(f))
		}
		return nil, true
	}
	if dash && none(v) {
		return nil, true
	}
	s, ok := im.str(r, f)
	if !ok {
		return nil, false
	}
	t := strings.TrimSpace(s)
	if strings.EqualFold(t, "X") {
		st.X++
		return "X", true
	}
	n, err := strconv.Atoi(t)
	if err != nil || n < 0 {
		im.diags.Add(CodeValue, im.pos(v.Off), "%s %q is not a number, X or -; the card is not imported", r.name(f), s)
		return nil, false
	}
	return n, true
}

var listSep = regexp.MustCompile(`\s*[/,;|]\s*`)

// list reads a list of names: a JSON array of strings, or one string of
// names split at "/", ",", ";" or "|".
func (im *importer) list(r *record, f string) ([]*Value, bool) {
	v := r.get(f)
	switch {
	case v == nil:
		im.diags.Add(CodeValue, im.pos(r.off), "card has no %q field; it is not imported", r.name(f))
		return nil, false
	case v.Kind == KindString:
		var out []*Value
		start := 0
		for _, loc := range append(listSep.FindAllStringIndex(v.Str, -1), []int{len(v.Str), len(v.Str)}) {
			if i, j := trimmed(v.Str, start, loc[0]); i < j {
				out = append(out, im.piece(v, i, j))
			}
			start = loc[1]
		}
		return out, true
	case v.Kind != KindArray:
		im.diags.Add(CodeJSON, im.pos(v.Off), "%q is %s %s; want an array", r.name(f), article(v.Kind), v.Kind)
		return nil, false
	}
	for _, e := range v.Elems {
		if e.Kind != KindString {
			im.diags.Add(CodeJSON, im.pos(e.Off), "%q holds %s %s; want strings", r.name(f), article(e.Kind), e.Kind)
			return nil, false
		}
	}
	return v.Elems, true
}

// trimmed narrows s[i:j] to its text without surrounding spaces.
func trimmed(s string, i, j int) (int, int) {
	for i < j && s[i] == ' ' {
		i++
	}
	for j > i && s[j-1] == ' ' {
		j--
	}
	return i, j
}

var rangeRe = regexp.MustCompile(`^(\d)\s*(?:[-~–]\s*(\d))?$`)

// cardRange reads a range: MinRange and MaxRange, or one Range written
// "1-2", "1~2", "2" or "-" (none).
func (im *importer) cardRange(r *record) (lo, hi int, at int64, ok bool) {
	if v := r.get(fRange); v != nil && r.get(fMinRange) == nil && r.get(fMaxRange) == nil {
		if none(v) {
			return 0, 0, v.Off, true
		}
		if v.Kind == KindNumber {
			n, err := strconv.Atoi(v.Num.String())
			return n, n, v.Off, err == nil || im.badRange(r, v)
		}
		m := rangeRe.FindStringSubmatch(strings.TrimSpace(v.Str))
		if v.Kind != KindString || m == nil {
			return 0, 0, v.Off, im.badRange(r, v)
		}
		lo, _ = strconv.Atoi(m[1])
		hi = lo
		if m[2] != "" {
			hi, _ = strconv.Atoi(m[2])
		}
		return lo, hi, v.Off, true
	}
	lo, ok1 := im.num(r, fMinRange)
	hi, ok2 := im.num(r, fMaxRange)
	if v := r.get(fMinRange); v != nil {
		at = v.Off
	}
	return lo, hi, at, ok1 && ok2
}

func (im *importer) badRange(r *record, v *Value) bool {
	im.diags.Add(CodeValue, im.pos(v.Off), "%s %s is not a range like 1-2, 2 or -; the card is not imported", r.name(fRange), scalar(v))
	return false
}

func (im *importer) card(r *record, st *Stats) *Card {
	if r.reported {
		return nil
	}
	if r.bad != nil {
		im.diags.Add(CodeJSON, im.pos(r.bad.Off), "a card must be a JSON object, not %s %s", article(r.bad.Kind), r.bad.Kind)
		return nil
	}
	c := &Card{Kind: "card"}
	ok := true
	get := func(f string) string {
		s, good := im.str(r, f)
		ok = ok && good
		return strings.TrimSpace(s)
	}
	c.Unit, c.Title, c.Class = get(fUnit), get(fTitle), get(fClass)
	var good bool
	if c.Cost, good = im.printed(r, fCost, false, st); !good {
		ok = false
	}
	if c.Promotion, good = im.printed(r, fPromotion, true, st); !good {
		ok = false
	} else if c.Promotion == nil {
		st.NoPromotion++
	}
	if c.Attack, good = im.printed(r, fAttack, false, st); !good {
		ok = false
	}
	if c.Support, good = im.printed(r, fSupport, false, st); !good {
		ok = false
	}
	if colors, good := im.list(r, fColor); good {
		if len(colors) == 0 || len(colors) > 2 {
			im.diags.Add(CodeValue, im.pos(r.get(fColor).Off), "a card has one or two colors, not %d; the card is not imported", len(colors))
			ok = false
		}
		for _, col := range colors {
			s, known := Symbols[colorName(col.Str)]
			if !known {
				im.diags.Add(CodeValue, im.pos(col.Off), "unknown color %q; the card is not imported", col.Str).Hint = "known colors: " + strings.Join(colorOrder, ", ")
				ok = false
				continue
			}
			c.Symbols = append(c.Symbols, s.ID)
		}
	} else {
		ok = false
	}
	if t := r.get(fEmblems); t == nil && !im.strict || t != nil && noEmblems(t) {
		// No emblems: absent (where a card leaves out what it has not), "-", empty or ["-"].
	} else if types, good := im.list(r, fEmblems); good {
		for _, t := range types {
			e, exact := normEmblem(t.Str)
			switch {
			case e == "":
				im.diags.Add(CodeValue, im.pos(t.Off), "unknown emblem %q; the card is not imported", t.Str).Hint = "known emblems: " + strings.Join(emblems, ", ")
				ok = false
			case !exact:
				im.diags.Add(CodeEmblem, im.pos(t.Off), "emblem %q normalized to %q", t.Str, e)
			}
			if e != "" && !slices.Contains(c.Emblems, e) {
				c.Emblems = append(c.Emblems, e)
			}
		}
	} else {
		ok = false
	}
	minR, maxR, rangeOff, good := im.cardRange(r)
	switch {
	case !good:
		ok = false
	case minR == 0 && maxR == 0:
		st.NoRange++ // cannot attack: no range
	case minR < 1 || maxR > 3 || minR > maxR:
		im.diags.Add(CodeValue, im.pos(rangeOff), "range %d-%d is not 0-0 (cannot attack) or a range within 1-3; the card is not imported", minR, maxR)
		ok = false
	default:
		c.Range = &Range{Min: minR, Max: maxR}
	}
	if c.Range != nil && slices.Contains(c.Emblems, "Staff") && !slices.ContainsFunc(c.Emblems, func(e string) bool { return weapons[e] }) {
		im.diags.Add(CodeRange, im.pos(rangeOff), "%q %q has no weapon but the staff and prints range %d-%d; units with just the staff emblem cannot attack (range kept as printed)", c.Title, c.Unit, c.Range.Min, c.Range.Max)
	}
	c.Skills = append(c.Skills, im.skills(r, fSkill, false)...)
	c.Skills = append(c.Skills, im.skills(r, fSupportSkill, true)...)
	if !im.printings(r, c) {
		ok = false
	}
	if f := r.get(fClass); f != nil {
		c.classOff = f.Off
	}
	if !ok {
		return nil
	}
	im.correct(c)
	return c
}

// normEmblem matches an emblem ignoring case and surrounding spaces; exact
// says whether it was already written right.
func normEmblem(s string) (string, bool) {
	for _, e := range emblems {
		if s == e {
			return e, true
		}
	}
	t := strings.TrimSpace(s)
	for _, e := range emblems {
		if strings.EqualFold(t, e) {
			return e, false
		}
	}
	return "", false
}

// printings reads a card's printings and decides its id and series. A
// printing's set is its SetCode, else its code's; its rarity its Rarity,
// else its code's (B01-001SR+: SR+), else the card's; its series its own,
// else the card's, else its set code's.
func (im *importer) printings(r *record, c *Card) bool {
	arts := r.get(fArts)
	if len(r.prints) == 0 {
		off := r.off
		if arts != nil {
			off = arts.Off
		}
		im.diags.Add(CodeValue, im.pos(off), "card %q %q has no printings; its id derives from the first printing, so it is not imported", c.Title, c.Unit)
		return false
	}
	for i, p := range r.prints {
		if p.bad != nil {
			im.diags.Add(CodeJSON, im.pos(p.bad.Off), "a printing must be an object, not %s %s", article(p.bad.Kind), p.bad.Kind)
			return false
		}
		code, ok := im.str(p, fCode)
		if !ok {
			return false
		}
		code = strings.TrimSpace(code)
		codeV := p.get(fCode)
		m := codeRe.FindStringSubmatch(code)
		set := ""
		if m != nil {
			set = m[1] + m[2]
		}
		if v := p.get(fSet); v != nil && !none(v) {
			s, ok := im.str(p, fSet)
			if !ok {
				return false
			}
			set = strings.TrimSpace(s)
		}
		sm := setRe.FindStringSubmatch(set)
		if m == nil || sm == nil {
			im.diags.Add(CodeValue, im.pos(codeV.Off), "printing code %q of set %q is not like B01-001SR of set B01; the card is not imported", code, set)
			return false
		}
		rarity, from := strings.TrimSpace(m[5]), p
		if given(p, fRarity) == nil && rarity == "" && given(r, fRarity) != nil {
			from = r
		}
		if given(from, fRarity) != nil {
			s, ok := im.str(from, fRarity)
			if !ok {
				return false
			}
			rarity = strings.TrimSpace(s)
		}
		// The Decksteria list writes a variant's letter in its rarity too
		// (B08-047aN: aN); the rarity is N.
		if m[4] != "" && len(rarity) > 1 && strings.HasPrefix(rarity, m[4]) {
			rarity = rarity[1:]
		}
		pr := Printing{Set: set, Number: m[1] + m[2] + "-" + m[3] + m[4], Rarity: rarity}
		if pr.Rarity == "" {
			pr.Rarity = "?"
		}
		seriesV, from := given(p, fSeries), p
		if seriesV == nil && given(r, fSeries) != nil {
			seriesV, from = given(r, fSeries), r
		}
		series, at := 0, codeV.Off
		if seriesV != nil {
			if series, ok = im.num(from, fSeries); !ok {
				return false
			}
			at = seriesV.Off
		}
		// Boosters (B) and promotions (P) carry their series in the set code.
		setNo, _ := strconv.Atoi(sm[2])
		booster := sm[1] == "B" || sm[1] == "P"
		switch {
		case booster && seriesV == nil:
			pr.Series = setNo
		case booster && series != setNo:
			im.diags.Add(CodeSeries, im.pos(at), "printing %s of set %s says series %d; the set code says %d, which is used", code, set, series, setNo)
			pr.Series = setNo
		case series >= 1:
			pr.Series = series
		case m[1] == "B" || m[1] == "P":
			n, _ := strconv.Atoi(m[2])
			if seriesV != nil {
				im.diags.Add(CodeSeries, im.pos(at), "printing %s of set %s has series %d; the card code says %d, which is used", code, set, series, n)
			}
			pr.Series = n
		case seriesV == nil:
			im.diags.Add(CodeSeries, im.pos(at), "printing %s of set %s has no series, and its set code does not say; series left unknown", code, set)
		default:
			im.diags.Add(CodeSeries, im.pos(at), "printing %s of set %s has series %d and its set code does not say; series left unknown", code, set, series)
		}
		if i == 0 {
			c.code = code
			c.idOff = codeV.Off
			c.ID = strings.ToLower(m[1] + m[2] + "-" + m[3] + m[4])
			c.series = pr.Series
		}
		c.Printings = append(c.Printings, pr)
	}
	return true
}
