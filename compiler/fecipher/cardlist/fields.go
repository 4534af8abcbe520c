package cardlist

import (
	"strings"
	"unicode"
)

// Canonical field names: the Decksteria list's spellings. Every shape's
// fields are read under these names, through aliases.
const (
	fUnit         = "Character"
	fTitle        = "Title"
	fClass        = "Class"
	fCost         = "Cost"
	fPromotion    = "ClassChangeCost"
	fColor        = "Color"
	fEmblems      = "Type"
	fMinRange     = "MinRange"
	fMaxRange     = "MaxRange"
	fRange        = "Range" // "1-2" in one field
	fAttack       = "Attack"
	fSupport      = "Support"
	fSkill        = "Skill"
	fSupportSkill = "SupportSkill"
	fArts         = "AlternateArts" // a card's printings
	fCode         = "CardCode"
	fSet          = "SetCode"
	fRarity       = "Rarity"
	fSeries       = "SeriesNo"
	fName         = "Name"      // "Unit, Title" in one field (LackeyCCG)
	fImage        = "ImageFile" // LackeyCCG's image of a printing
	fKey          = "ID"        // a card's key: rows sharing it are one card
)

// aliases is the one table of field names: each canonical field and the
// names lists write it under, compared by fieldKey (case, spaces,
// underscores and hyphens do not matter). Where a list writes two names
// of one field, the earlier in its row wins (SeriesNo over Series).
var aliases = [][]string{
	{fUnit, "Unit", "Unit Name", "Character Name", "Hero"},
	{fTitle, "Epithet", "Subtitle", "Card Title"},
	{fClass, "Class Name", "Job"},
	{fCost, "Deploy Cost", "Deployment Cost", "Deployment"},
	{fPromotion, "CC Cost", "Class Change", "Promotion Cost", "Promotion", "Promote Cost"},
	{fColor, "Colour", "Colors", "Colours", "Symbol", "Symbols"},
	{fEmblems, "Types", "Emblems", "Emblem", "Affinities", "Traits"},
	{fMinRange, "Range Min"},
	{fMaxRange, "Range Max"},
	{fRange},
	{fAttack, "Atk", "Power"},
	{fSupport, "Sup", "Support Value"},
	{fSkill, "Skills", "Text", "Card Text", "Abilities"},
	{fSupportSkill, "Support Skills", "Support Text", "Support Ability"},
	{fArts, "Printings", "Alternate Art", "Arts", "Prints"},
	{fCode, "Code", "Card No", "Card Number", "Serial"},
	{fSet, "Set", "Set ID"},
	{fRarity, "Rare"},
	{fSeries, "Series Number", "Series Num", "Series"},
	{fName, "Card Name"},
	{fImage, "Image"},
	{fKey, "Card ID", "Card Key"},
}

type alias struct {
	canon string
	rank  int // position among the field's names: lower wins
}

var byKey = func() map[string]alias {
	m := map[string]alias{}
	for _, names := range aliases {
		for i, n := range names {
			k := fieldKey(n)
			if _, dup := m[k]; dup {
				panic("cardlist: alias " + n + " twice") // the table is fixed and tested
			}
			m[k] = alias{canon: names[0], rank: i}
		}
	}
	return m
}()

// fieldKey is a field name without case, spaces, underscores, hyphens
// and dots: "Series Number", "series_number" and "SeriesNumber" are one.
func fieldKey(name string) string {
	var b strings.Builder
	for _, r := range name {
		switch {
		case unicode.IsSpace(r), r == '_', r == '-', r == '.', r == '\uFEFF':
		default:
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

// canonical is the canonical field a name is an alias of, or "".
func canonical(name string) (string, int) {
	a, ok := byKey[fieldKey(name)]
	if !ok {
		return "", 0
	}
	return a.canon, a.rank
}

func canonicalOf(name string) string {
	c, _ := canonical(name)
	return c
}

// cardFields are the fields that make a card; the rest belong to a
// printing. Rows of a table that agree on all of them are one card.
var cardFields = []string{fKey, fUnit, fTitle, fClass, fCost, fPromotion, fColor, fEmblems, fMinRange, fMaxRange, fRange, fAttack, fSupport, fSkill, fSupportSkill}

// A record is one card, or one printing, as a shape decoded it: its fields
// by canonical name, each a Value with its position in the file.
type record struct {
	off    int64
	fields map[string]*Value
	names  map[string]string // canonical -> as written
	ranks  map[string]int
	prints []*record // a card's printings, first first
	bad    *Value    // not an object: reported, not a card
	// reported: a problem of the whole record was reported; not a card
	reported bool
}

func newRecord(off int64) *record {
	return &record{off: off, fields: map[string]*Value{}, names: map[string]string{}, ranks: map[string]int{}}
}

// add files a field under its canonical name; unknown names are kept
// under their own (a shape may read them), and of two names of one field
// the better-ranked stays.
func (r *record) add(name string, v *Value) {
	canon, rank := canonical(name)
	if canon == "" {
		canon, rank = name, 0
	}
	if old, ok := r.ranks[canon]; ok && old <= rank {
		return
	}
	r.fields[canon], r.names[canon], r.ranks[canon] = v, name, rank
}

// put sets a field a shape derived (the unit from a LackeyCCG name).
func (r *record) put(canon string, v *Value, as string) {
	r.fields[canon], r.names[canon], r.ranks[canon] = v, as, -1
}

func (r *record) get(f string) *Value { return r.fields[f] }

// name is the field as the list writes it, or its canonical name.
func (r *record) name(f string) string {
	if n, ok := r.names[f]; ok {
		return n
	}
	return f
}
