// Package cardlist imports the fan database of published Fire Emblem Cipher
// cards (a JSON array, see ../shared/data/README.md) into a fe-cipher pack:
// one YAML file per series. Irregular values are repaired with a warning at
// their JSON line:col, or reported as errors; no card is dropped silently.
package cardlist

import (
	"bytes"
	_ "embed"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/compiler/diag"
	feccompiler "github.com/roundtable-dev/roundtable/compiler/fecipher"
	"github.com/roundtable-dev/roundtable/compiler/fecipher/skill"
)

// Diagnostic codes of the importer, in Fire Emblem Cipher's catalogue.
var (
	CodeJSON   = feccompiler.Game.Checks.Declare(diag.Code{ID: "fec-import-json", Severity: diag.Error, Summary: "import: the card list is not JSON, or a value has the wrong JSON type."})
	CodeValue  = feccompiler.Game.Checks.Declare(diag.Code{ID: "fec-import-value", Severity: diag.Error, Summary: "import: a value cannot be read (a cost that is not a number or X, an unknown color or emblem); the card is not imported."})
	CodeField  = feccompiler.Game.Checks.Declare(diag.Code{ID: "fec-import-field", Severity: diag.Warning, Summary: "import: a card lacks an optional field; it is treated as empty."})
	CodeEmblem = feccompiler.Game.Checks.Declare(diag.Code{ID: "fec-import-emblem", Severity: diag.Warning, Summary: "import: an emblem with a typo or stray spaces was normalized."})
	CodeSkill  = feccompiler.Game.Checks.Declare(diag.Code{ID: "fec-import-skill", Severity: diag.Warning, Summary: "import: skill text was repaired (a mistyped marker, stray quotes or escapes, a line without a type joined to the skill before it)."})
	CodeSeries = feccompiler.Game.Checks.Declare(diag.Code{ID: "fec-import-series", Severity: diag.Warning, Summary: "import: a printing's series number is missing or disagrees with its set code."})
	CodeID     = feccompiler.Game.Checks.Declare(diag.Code{ID: "fec-import-id", Severity: diag.Warning, Summary: "import: two cards derive the same id from their first printing; the later one gets a numeric suffix."})
	CodeFix    = feccompiler.Game.Checks.Declare(diag.Code{ID: "fec-import-fix", Severity: diag.Warning, Summary: "import: a known error of the card list was corrected (compiler/fecipher/cardlist/corrections.yaml)."})
	CodeClass  = feccompiler.Game.Checks.Declare(diag.Code{ID: "fec-import-class", Severity: diag.Warning, Summary: "import: a card's class is one letter or two away from the class the other printings of its unit name share (a level up between them would be refused); did you mean it?"})
	CodeRange  = feccompiler.Game.Checks.Declare(diag.Code{ID: "fec-import-range", Severity: diag.Warning, Summary: "import: a card whose only weapon emblem is the staff prints a range; staff-only units cannot attack (the range is kept as printed, for skills that give a weapon)."})
	CodeShape  = feccompiler.Game.Checks.Declare(diag.Code{ID: "fec-import-shape", Severity: diag.Error, Summary: "import: the file is a JSON array of objects, but not a card list in a shape the importer reads; one message names the fields found."})
	CodeText   = feccompiler.Game.Checks.Declare(diag.Code{ID: "fec-import-text", Severity: diag.Warning, Summary: "import: a string holds a lone UTF-16 surrogate escape (\\ud800 without its pair); it is read as U+FFFD, the replacement character."})
)

// Emblems as the schema spells them.
var emblems = []string{"Male", "Female", "Sword", "Lance", "Axe", "Bow", "Tome", "Staff", "Knife", "Fang", "Brawl", "Dragonstone", "Flier", "Armored", "Beast", "Dragon", "Mirage", "Monster"}

// Symbol is a series symbol the importer writes.
type Symbol struct {
	Kind  string   `yaml:"kind"`
	ID    string   `yaml:"id"`
	Name  string   `yaml:"name"`
	Color string   `yaml:"color"`
	Games []string `yaml:"games,flow"`
}

// Symbols maps the database's colors to the symbols they show.
var Symbols = map[string]Symbol{
	"Red":    {ID: "archanea", Name: "Sword of Light", Color: "red", Games: []string{"FE1", "FE2", "FE3", "FE11", "FE12", "FE15"}},
	"Blue":   {ID: "ylisse", Name: "Mark of Naga", Color: "blue", Games: []string{"FE13"}},
	"White":  {ID: "hoshido", Name: "Crest of Hoshido", Color: "white", Games: []string{"FE14 Birthright"}},
	"Black":  {ID: "nohr", Name: "Crest of Nohr", Color: "black", Games: []string{"FE14 Conquest"}},
	"Green":  {ID: "tellius", Name: "Medallion", Color: "green", Games: []string{"FE9", "FE10"}},
	"Purple": {ID: "elibe-magvel", Name: "Blazing Blade", Color: "purple", Games: []string{"FE6", "FE7", "FE8"}},
	"Yellow": {ID: "jugdral", Name: "Holy War Flag", Color: "yellow", Games: []string{"FE4", "FE5"}},
	"Brown":  {ID: "fodlan", Name: "Crest of Flames", Color: "brown", Games: []string{"FE16"}},
	"None":   {ID: "colorless", Name: "Colorless", Color: "colorless", Games: []string{"Fire Emblem Heroes", "Tokyo Mirage Sessions #FE", "crossover and promotional cards"}},
}

var colorOrder = []string{"Red", "Blue", "White", "Black", "Green", "Purple", "Yellow", "Brown", "None"}

// The skill type markers the database writes inline.
var markers = map[string]string{
	"ACT": "action", "CONT": "permanent", "AUTO": "auto", "SPEC": "special", "BOND": "bond", "HAND": "hand",
	"ATK SUPP": "attack-support", "DEF SUPP": "defense-support", "ATK/DEF SUPP": "support",
}

var (
	markerRe   = regexp.MustCompile(`\|(ACT|CONT|AUTO|SPEC|BOND|HAND|ATK SUPP|DEF SUPP|ATK/DEF SUPP)\|`)
	typoRe     = regexp.MustCompile(`[}{](ACT|CONT|AUTO|SPEC|BOND|HAND)\|`)
	labelRe    = regexp.MustCompile(`^(?:\[(BS|CP|CCS|FS)\]|\|(CCS|FS)\|)\s*`)
	subMarkRe  = regexp.MustCompile(`^\s*\|[A-Z/ ]+\|`)
	bracketRe  = regexp.MustCompile(`^\s*\[([^\]]*)\]`)
	codeRe     = regexp.MustCompile(`^([A-Z])(\d\d)-(\d\d\d)([a-z]?)`)
	setRe      = regexp.MustCompile(`^([A-Z])(\d\d)$`)
	segmentsRe = regexp.MustCompile(`\n|\*\*\*`)
)

// Card is one card as written to the pack.
type Card struct {
	Kind      string     `yaml:"kind"`
	ID        string     `yaml:"id"`
	Title     string     `yaml:"title"`
	Unit      string     `yaml:"unit"`
	Class     string     `yaml:"class"`
	Cost      any        `yaml:"cost"`
	Promotion any        `yaml:"promotion,omitempty"`
	Symbols   []string   `yaml:"symbols,flow"`
	Emblems   []string   `yaml:"emblems,flow,omitempty"`
	Range     *Range     `yaml:"range,flow,omitempty"`
	Attack    any        `yaml:"attack"`
	Support   any        `yaml:"support"`
	Skills    []Skill    `yaml:"skills,omitempty"`
	Printings []Printing `yaml:"printings"`

	series   int   // 0: unknown
	idOff    int64 // where the code the id derives from is written
	classOff int64 // where the class is written
	code     string
}

// Range is a card's attack range.
type Range struct {
	Min int `yaml:"min"`
	Max int `yaml:"max"`
}

// Skill is a skill: its typed text and, beside it, its effects as the
// skill compiler read them (effects: [] when it could not: the skill stays
// text, and check does not compile it again).
type Skill struct {
	Name        string         `yaml:"name"`
	Type        string         `yaml:"type"`
	ClassChange bool           `yaml:"class-change,omitempty"`
	Formation   bool           `yaml:"formation,omitempty"`
	Cost        string         `yaml:"cost,omitempty"`
	Text        string         `yaml:"text"`
	Effects     []skill.Effect `yaml:"effects"`

	support bool
}

// Printing is one printing.
type Printing struct {
	Set    string `yaml:"set"`
	Number string `yaml:"number"`
	Rarity string `yaml:"rarity"`
	Series int    `yaml:"series,omitempty"`
}

// Stats counts what the import did; the CLI prints them.
type Stats struct {
	Cards, Printings, Files int
	Skipped                 int // cards with errors, not imported
	NoPromotion             int // class-change cost "-": left out
	NoRange                 int // range 0-0: cannot attack
	X                       int // values kept as X
}

// Pack is the imported pack: file path -> YAML.
type Pack struct {
	Files map[string][]byte
	Cards []*Card
	Stats Stats
	// Lines are the skills and what the skill compiler made of them
	// (import --report).
	Lines []skill.Line
}

type importer struct {
	data    []byte
	display string
	lines   *Lines
	diags   diag.List
	flat    bool // printings as fields of the card (CardCode, SetCode, Rarity, SeriesNo)
}

func (im *importer) pos(off int64) diag.Pos {
	l, c := im.lines.At(off)
	return diag.Pos{File: im.display, Line: l, Col: c}
}

// Import converts the card list in data (shown as display in messages).
func Import(data []byte, display string) (*Pack, diag.List) {
	im := &importer{data: data, display: display, lines: NewLines(data)}
	pk := &Pack{Files: map[string][]byte{}}
	// encoding/json reads invalid UTF-8 and lone surrogates as U+FFFD
	// without a word.
	if !utf8.Valid(data) {
		off := 0
		for off < len(data) {
			r, n := utf8.DecodeRune(data[off:])
			if r == utf8.RuneError && n <= 1 {
				break
			}
			off += n
		}
		im.diags.Add(CodeJSON, im.pos(int64(off)), "%s is not valid UTF-8", display).Hint = "save the file as UTF-8"
		return pk, im.diags
	}
	for _, off := range LoneSurrogates(data) {
		im.diags.Add(CodeText, im.pos(off), "%s is a lone UTF-16 surrogate; read as U+FFFD", string(data[off:off+6])).Hint = "write the character itself, or the escapes of both halves of its surrogate pair"
	}
	root, err := Parse(data)
	if err != nil {
		var off int64
		if se, ok := err.(*SyntaxError); ok {
			off = se.Off
		}
		im.diags.Add(CodeJSON, im.pos(off), "%s is not valid JSON: %v", display, err)
		return pk, im.diags
	}
	if root.Kind != KindArray {
		im.diags.Add(CodeJSON, im.pos(root.Off), "the card list must be a JSON array of cards, found %s %s", article(root.Kind), root.Kind)
		return pk, im.diags
	}
	shape, msg := detectShape(root, display)
	if msg != "" {
		im.diags.Add(CodeShape, im.pos(root.Off), "%s", msg).Hint = "the Decksteria.FECipher list has per card: " + strings.Join(decksteriaFields, ", ") + " (printings in AlternateArts: CardCode, SetCode, Rarity, SeriesNo); the flat variant has CardCode, SetCode, Rarity and SeriesNo on the card itself"
		return pk, im.diags
	}
	im.flat = shape == shapeFlat
	ids := map[string]*Card{}
	next := map[string]int{} // the next suffix to try per base id: n copies of one card cost n, not n²
	for _, v := range root.Elems {
		c := im.card(v, &pk.Stats)
		if c == nil {
			pk.Stats.Skipped++
			continue
		}
		pk.Stats.Printings += len(c.Printings)
		base := c.ID
		for n := max(2, next[base]); ids[c.ID] != nil; n++ {
			c.ID = fmt.Sprintf("%s-%d", base, n)
			next[base] = n + 1
		}
		if c.ID != base {
			first := ids[base]
			d := im.diags.Add(CodeID, im.pos(c.idOff), "card %q %q derives id %q from its first printing, already taken; imported as %q", c.Title, c.Unit, base, c.ID)
			d.Related = []diag.Related{{Pos: im.pos(first.idOff), Message: fmt.Sprintf("%q %q has %q", first.Title, first.Unit, base)}}
		}
		ids[c.ID] = c
		pk.Cards = append(pk.Cards, c)
	}
	pk.Stats.Cards = len(pk.Cards)
	im.classTypos(pk.Cards)
	for _, c := range pk.Cards {
		for i := range c.Skills {
			sk := &c.Skills[i]
			r := skill.Compile(sk.Type, sk.Cost, sk.Text)
			sk.Effects = r.Effects
			pk.Lines = append(pk.Lines, skill.Line{Card: c.ID, Name: sk.Name, Type: sk.Type, Support: sk.support, Result: r})
		}
	}
	im.write(pk)
	return pk, im.diags
}

// str reads a string field; absent or mistyped fields are reported.
func (im *importer) str(v *Value, key string) (string, bool) {
	f := v.Field(key)
	if f == nil {
		im.diags.Add(CodeValue, im.pos(v.Off), "card has no %q field; it is not imported", key)
		return "", false
	}
	if f.Kind != KindString {
		im.diags.Add(CodeJSON, im.pos(f.Off), "%q is a %s; want a string", key, f.Kind)
		return "", false
	}
	return f.Str, true
}

func (im *importer) num(v *Value, key string) (int, bool) {
	f := v.Field(key)
	if f == nil {
		im.diags.Add(CodeValue, im.pos(v.Off), "card has no %q field; it is not imported", key)
		return 0, false
	}
	if f.Kind != KindNumber {
		im.diags.Add(CodeJSON, im.pos(f.Off), "%q is a %s; want a number", key, f.Kind)
		return 0, false
	}
	n, err := strconv.Atoi(f.Num.String())
	if err != nil {
		im.diags.Add(CodeValue, im.pos(f.Off), "%q is %s; want a whole number", key, f.Num)
		return 0, false
	}
	return n, true
}

// printed reads a number the database writes as a string: "5", "X" or, where
// allowed, "-" (none).
func (im *importer) printed(v *Value, key string, dash bool, st *Stats) (any, bool) {
	if dash && v.Field(key) == nil {
		if !im.flat {
			im.diags.Add(CodeField, im.pos(v.Off), "card has no %q field; treated as -", key)
		}
		return nil, true
	}
	s, ok := im.str(v, key)
	if !ok {
		return nil, false
	}
	t := strings.TrimSpace(s)
	switch {
	case t == "X":
		st.X++
		return "X", true
	case t == "-" && dash:
		return nil, true
	}
	n, err := strconv.Atoi(t)
	if err != nil || n < 0 {
		im.diags.Add(CodeValue, im.pos(v.Field(key).Off), "%s %q is not a number, X or -; the card is not imported", key, s)
		return nil, false
	}
	return n, true
}

func (im *importer) strings(v *Value, key string) ([]*Value, bool) {
	f := v.Field(key)
	if f == nil {
		im.diags.Add(CodeValue, im.pos(v.Off), "card has no %q field; it is not imported", key)
		return nil, false
	}
	if f.Kind != KindArray {
		im.diags.Add(CodeJSON, im.pos(f.Off), "%q is a %s; want an array", key, f.Kind)
		return nil, false
	}
	for _, e := range f.Elems {
		if e.Kind != KindString {
			im.diags.Add(CodeJSON, im.pos(e.Off), "%q holds a %s; want strings", key, e.Kind)
			return nil, false
		}
	}
	return f.Elems, true
}

func (im *importer) card(v *Value, st *Stats) *Card {
	if v.Kind != KindObject {
		im.diags.Add(CodeJSON, im.pos(v.Off), "a card must be a JSON object, not a %s", v.Kind)
		return nil
	}
	c := &Card{Kind: "card"}
	ok := true
	get := func(key string) string {
		s, good := im.str(v, key)
		ok = ok && good
		return strings.TrimSpace(s)
	}
	c.Unit, c.Title, c.Class = get("Character"), get("Title"), get("Class")
	var good bool
	if c.Cost, good = im.printed(v, "Cost", false, st); !good {
		ok = false
	}
	if c.Promotion, good = im.printed(v, "ClassChangeCost", true, st); !good {
		ok = false
	} else if c.Promotion == nil {
		st.NoPromotion++
	}
	if c.Attack, good = im.printed(v, "Attack", false, st); !good {
		ok = false
	}
	if c.Support, good = im.printed(v, "Support", false, st); !good {
		ok = false
	}
	if colors, good := im.strings(v, "Color"); good {
		if len(colors) == 0 || len(colors) > 2 {
			im.diags.Add(CodeValue, im.pos(v.Field("Color").Off), "a card has one or two colors, not %d; the card is not imported", len(colors))
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
	if t := v.Field("Type"); t == nil && im.flat || t != nil && noEmblems(t) {
		// No emblems: absent (flat lists), "-" or ["-"].
	} else if types, good := im.strings(v, "Type"); good {
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
	minR, ok1 := im.num(v, "MinRange")
	maxR, ok2 := im.num(v, "MaxRange")
	switch {
	case !ok1 || !ok2:
		ok = false
	case minR == 0 && maxR == 0:
		st.NoRange++ // cannot attack: no range
	case minR < 1 || maxR > 3 || minR > maxR:
		im.diags.Add(CodeValue, im.pos(v.Field("MinRange").Off), "range %d-%d is not 0-0 (cannot attack) or a range within 1-3; the card is not imported", minR, maxR)
		ok = false
	default:
		c.Range = &Range{Min: minR, Max: maxR}
	}
	if c.Range != nil && slices.Contains(c.Emblems, "Staff") && !slices.ContainsFunc(c.Emblems, func(e string) bool { return weapons[e] }) {
		im.diags.Add(CodeRange, im.pos(v.Field("MinRange").Off), "%q %q has no weapon but the staff and prints range %d-%d; units with just the staff emblem cannot attack (range kept as printed)", c.Title, c.Unit, c.Range.Min, c.Range.Max)
	}
	c.Skills = append(c.Skills, im.skills(v, "Skill", false)...)
	c.Skills = append(c.Skills, im.skills(v, "SupportSkill", true)...)
	if !im.printings(v, c, st) {
		ok = false
	}
	if f := v.Field("Class"); f != nil {
		c.classOff = f.Off
	}
	if ok {
		im.correct(c)
	}
	if !ok {
		return nil
	}
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

// skills splits a skill field into typed skills.
func (im *importer) skills(v *Value, key string, support bool) []Skill {
	f := v.Field(key)
	if f == nil && im.flat {
		return nil // a flat list leaves out what a card does not have
	}
	if f == nil {
		if support {
			im.diags.Add(CodeField, im.pos(v.Off), "card has no %q field; treated as no support skill", key)
			return nil
		}
		im.diags.Add(CodeField, im.pos(v.Off), "card has no %q field; treated as no skills", key)
		return nil
	}
	if f.Kind != KindString {
		im.diags.Add(CodeJSON, im.pos(f.Off), "%q is a %s; want a string", key, f.Kind)
		return nil
	}
	text := strings.TrimSpace(f.Str)
	if text == "-" || text == "" {
		return nil
	}
	if n := len(text); n >= 2 && (text[0] == '"' || text[0] == '\'') && text[n-1] == text[0] {
		im.diags.Add(CodeSkill, im.pos(f.Off), "%s is wrapped in stray quotes; removed", key)
		text = text[1 : n-1]
	}
	if strings.Contains(text, `\n`) {
		im.diags.Add(CodeSkill, im.pos(f.Off), `%s holds a literal \n; read as a line break`, key)
		text = strings.ReplaceAll(text, `\n`, "\n")
	}
	for _, loc := range typoRe.FindAllStringSubmatchIndex(f.Str, -1) {
		m := f.Str[loc[0]:loc[1]]
		im.diags.Add(CodeSkill, im.pos(Within(im.data, f, loc[0])), "%s has the mistyped marker %q; read as |%s|", key, m, f.Str[loc[2]:loc[3]])
	}
	text = typoRe.ReplaceAllString(text, "|$1|")
	var out []Skill
	queue := segmentsRe.Split(text, -1)
	inherit := ""
	for len(queue) > 0 {
		seg := strings.TrimSpace(queue[0])
		queue = queue[1:]
		if seg == "" {
			continue
		}
		var s Skill
		for {
			m := labelRe.FindStringSubmatch(seg)
			if m == nil {
				break
			}
			switch m[1] + m[2] {
			case "CCS":
				s.ClassChange = true
			case "FS":
				s.Formation = true
			}
			seg = seg[len(m[0]):]
		}
		loc := markerRe.FindStringSubmatchIndex(seg)
		if loc == nil {
			if len(out) == 0 {
				im.diags.Add(CodeValue, im.pos(f.Off), "%s line %q has no type marker (|ACT|, |CONT|, ...) and follows no skill", key, seg)
				continue
			}
			at := f.Off
			if i := strings.Index(f.Str, seg); i >= 0 {
				at = Within(im.data, f, i)
			}
			im.diags.Add(CodeSkill, im.pos(at), "%s line %q has no type marker; joined to skill %q", key, short(seg), out[len(out)-1].Name)
			out[len(out)-1].Text += "\n" + seg
			continue
		}
		s.Name = strings.TrimSpace(seg[:loc[0]])
		s.Type = markers[seg[loc[2]:loc[3]]]
		rest := seg[loc[1]:]
		if s.Name == "" && inherit != "" {
			s.Name = inherit
		}
		inherit = ""
		if s.Type == "bond" || s.Type == "hand" {
			rest = subMarkRe.ReplaceAllString(rest, "")
		}
		if more := secondSkill(rest); more != nil {
			// A line holding two skills ("... at once. |SPEC| You may have ..."):
			// the second is a skill of its own, under the same name.
			at := f.Off
			if i := strings.Index(f.Str, rest[more[0]:]); i >= 0 {
				at = Within(im.data, f, i)
			}
			im.diags.Add(CodeSkill, im.pos(at), "%s skill %q holds a second skill %s; split in two", key, s.Name, rest[more[0]:more[1]])
			queue = append([]string{rest[more[0]:]}, queue...)
			inherit = s.Name
			rest = rest[:more[0]]
		}
		if support && s.Name == "" {
			if i := strings.IndexByte(rest, ':'); i > 0 {
				s.Name, rest = strings.TrimSpace(rest[:i]), rest[i+1:]
			}
		}
		var costs []string
		for {
			m := bracketRe.FindStringSubmatch(rest)
			if m == nil {
				break
			}
			costs = append(costs, strings.TrimSpace(m[1]))
			rest = rest[len(m[0]):]
		}
		s.Cost = strings.Join(costs, "; ")
		s.Text = strings.TrimSpace(rest)
		s.support = support
		if s.Text == "" {
			im.diags.Add(CodeSkill, im.pos(f.Off), "%s skill %q has no text after its marker; its name is kept as text", key, s.Name)
			s.Text = s.Name
		}
		out = append(out, s)
	}
	return out
}

func short(s string) string {
	if r := []rune(s); len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return s
}

// printings reads AlternateArts and decides the card's id and series.
func (im *importer) printings(v *Value, c *Card, st *Stats) bool {
	f := v.Field("AlternateArts")
	if f == nil && im.flat && v.Field("CardCode") != nil {
		f = &Value{Kind: KindArray, Off: v.Off, Elems: []*Value{v}} // the card is its one printing
	}
	if f == nil || f.Kind != KindArray || len(f.Elems) == 0 {
		off := v.Off
		if f != nil {
			off = f.Off
		}
		im.diags.Add(CodeValue, im.pos(off), "card %q %q has no printings; its id derives from the first printing, so it is not imported", c.Title, c.Unit)
		return false
	}
	for i, a := range f.Elems {
		if a.Kind != KindObject {
			im.diags.Add(CodeJSON, im.pos(a.Off), "a printing must be an object, not a %s", a.Kind)
			return false
		}
		code, ok1 := im.str(a, "CardCode")
		set, ok2 := im.str(a, "SetCode")
		rarity, ok3 := im.str(a, "Rarity")
		seriesKey := "SeriesNo"
		if a.Field(seriesKey) == nil && a.Field("Series") != nil {
			seriesKey = "Series"
		}
		series, ok4 := im.num(a, seriesKey)
		if !ok1 || !ok2 || !ok3 || !ok4 {
			return false
		}
		m := codeRe.FindStringSubmatch(code)
		sm := setRe.FindStringSubmatch(set)
		if m == nil || sm == nil {
			im.diags.Add(CodeValue, im.pos(a.Field("CardCode").Off), "printing code %q of set %q is not like B01-001SR of set B01; the card is not imported", code, set)
			return false
		}
		p := Printing{Set: set, Number: m[1] + m[2] + "-" + m[3] + m[4], Rarity: strings.TrimSpace(rarity)}
		if p.Rarity == "" {
			p.Rarity = "?"
		}
		// Boosters (B) and promotions (P) carry their series in the set code.
		setNo, _ := strconv.Atoi(sm[2])
		booster := sm[1] == "B" || sm[1] == "P"
		switch {
		case booster && series != setNo:
			im.diags.Add(CodeSeries, im.pos(a.Field(seriesKey).Off), "printing %s of set %s says series %d; the set code says %d, which is used", code, set, series, setNo)
			p.Series = setNo
		case series >= 1:
			p.Series = series
		case m[1] == "B" || m[1] == "P":
			n, _ := strconv.Atoi(m[2])
			im.diags.Add(CodeSeries, im.pos(a.Field(seriesKey).Off), "printing %s of set %s has series %d; the card code says %d, which is used", code, set, series, n)
			p.Series = n
		default:
			im.diags.Add(CodeSeries, im.pos(a.Field(seriesKey).Off), "printing %s of set %s has series %d and its set code does not say; series left unknown", code, set, series)
		}
		if i == 0 {
			c.code = code
			c.idOff = a.Field("CardCode").Off
			c.ID = strings.ToLower(m[1] + m[2] + "-" + m[3] + m[4])
			c.series = p.Series
		}
		c.Printings = append(c.Printings, p)
	}
	return true
}

// write renders pack.yaml, symbols.yaml and one file per series.
func (im *importer) write(pk *Pack) {
	pk.Files["pack.yaml"] = []byte(`kind: pack
id: fe-cipher-cardlist
name: Fire Emblem Cipher published cards (imported)
version: 1.0.0
game: fe-cipher
description: >-
  Imported by roundtable import fe-cipher from the Decksteria.FECipher card list (GPL-3.0). Skills keep their text; beside it, effects as roundtable's skill compiler read them (effects: [] where it could not: those stay text).
`) // on one line, as roundtable fmt writes a folded scalar
	var syms []any
	for _, col := range colorOrder {
		s := Symbols[col]
		s.Kind = "symbol"
		syms = append(syms, s)
	}
	pk.Files["symbols.yaml"] = docs(syms)
	bySeries := map[string][]any{}
	for _, c := range pk.Cards {
		name := "series-unknown.yaml"
		if c.series > 0 {
			name = fmt.Sprintf("series-%02d.yaml", c.series)
		}
		bySeries[name] = append(bySeries[name], c)
	}
	for name, cs := range bySeries {
		pk.Files[name] = docs(cs)
	}
	pk.Stats.Files = len(pk.Files)
}

// docs encodes each value with an encoder of its own: one yaml.v3
// encoder for many documents allocated 1.2 GB for a 4 MB file (its
// emitter's buffers grow with all it has written).
func docs(vs []any) []byte {
	var b bytes.Buffer
	for i, v := range vs {
		if i > 0 {
			b.WriteString("---\n")
		}
		enc := yaml.NewEncoder(&b)
		enc.SetIndent(2)
		if err := enc.Encode(v); err != nil {
			panic(err) // plain structs of strings and ints always encode
		}
		_ = enc.Close()
	}
	return b.Bytes()
}

// article is "an" before a vowel ("found an object"), else "a".
func article(k Kind) string {
	if strings.ContainsRune("aeiou", rune(k.String()[0])) {
		return "an"
	}
	return "a"
}

// Shapes of card lists the importer reads.
const (
	shapeDecksteria = "decksteria" // printings under AlternateArts
	shapeFlat       = "flat"       // one printing, its fields on the card
)

var decksteriaFields = []string{"Character", "Title", "Color", "Cost", "ClassChangeCost", "Class", "Type", "MinRange", "MaxRange", "Attack", "Support", "Skill", "SupportSkill", "AlternateArts"}

// detectShape looks at the first cards: the Decksteria list, its flat
// variant, or neither (then one message naming the fields found).
func detectShape(root *Value, display string) (string, string) {
	n, cards, flat := 0, 0, 0
	seen := map[string]bool{}
	for _, v := range root.Elems {
		if v.Kind != KindObject {
			continue
		}
		if n++; n > 20 {
			break
		}
		for _, k := range v.Keys {
			seen[k] = true
		}
		if v.Field("Character") != nil && v.Field("Title") != nil {
			cards++
			if v.Field("AlternateArts") == nil && v.Field("CardCode") != nil {
				flat++
			}
		}
	}
	if n == 0 || 2*cards >= n {
		if flat > 0 && 2*flat >= cards {
			return shapeFlat, ""
		}
		return shapeDecksteria, ""
	}
	var keys []string
	for k := range seen {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	if len(keys) > 12 {
		keys = append(keys[:12], "...")
	}
	return "", fmt.Sprintf("%s is not a Fire Emblem Cipher card list this importer reads: its objects have the fields %s, not Character and Title; nothing imported", display, strings.Join(keys, ", "))
}

// colorName reads a color as the Decksteria list spells it: "Colorless"
// is its "None", and case and spaces do not matter.
func colorName(s string) string {
	s = strings.TrimSpace(s)
	if strings.EqualFold(s, "Colorless") || s == "-" {
		return "None"
	}
	for _, c := range colorOrder {
		if strings.EqualFold(s, c) {
			return c
		}
	}
	return s
}

// noEmblems reports a Type written as "-" or ["-"]: no emblems.
func noEmblems(t *Value) bool {
	switch t.Kind {
	case KindString:
		return strings.TrimSpace(t.Str) == "-" || strings.TrimSpace(t.Str) == ""
	case KindArray:
		return len(t.Elems) == 1 && t.Elems[0].Kind == KindString && strings.TrimSpace(t.Elems[0].Str) == "-"
	}
	return false
}

var weapons = map[string]bool{"Sword": true, "Lance": true, "Axe": true, "Bow": true, "Tome": true, "Knife": true, "Fang": true, "Brawl": true, "Dragonstone": true}

//go:embed corrections.yaml
var correctionsYAML []byte

type correction struct {
	Code  string `yaml:"code"`
	Field string `yaml:"field"`
	From  string `yaml:"from"`
	To    string `yaml:"to"`
}

var corrections = func() map[string][]correction {
	var list []correction
	if err := yaml.Unmarshal(correctionsYAML, &list); err != nil {
		panic("cardlist: corrections.yaml: " + err.Error()) // embedded and tested
	}
	out := map[string][]correction{}
	for _, c := range list {
		out[c.Code] = append(out[c.Code], c)
	}
	return out
}()

// correct applies the known corrections of a card (by its first printing's
// code), each with a warning where the value is written.
func (im *importer) correct(c *Card) {
	for _, k := range corrections[c.code] {
		if k.Field == "Class" && c.Class == k.From {
			im.diags.Add(CodeFix, im.pos(c.classOff), "class %q of %q %q corrected to %q (corrections.yaml)", k.From, c.Title, c.Unit, k.To)
			c.Class = k.To
		}
	}
}

// classTypos warns about a class one or two letters away from a class at
// least three times as common among the other printings of the same unit
// name: a level up between them would be refused. Differing words that
// start with different letters are different classes (Sage and Mage).
func (im *importer) classTypos(cards []*Card) {
	count := map[string]int{}
	byUnit := map[string][]string{}
	for _, c := range cards {
		count[c.Class]++
		if !slices.Contains(byUnit[c.Unit], c.Class) {
			byUnit[c.Unit] = append(byUnit[c.Unit], c.Class)
		}
	}
	for _, c := range cards {
		for _, other := range byUnit[c.Unit] {
			if other == c.Class || count[c.Class]*3 > count[other] || !typo(c.Class, other) {
				continue
			}
			d := im.diags.Add(CodeClass, im.pos(c.classOff), "class %q of %q %q is not the %q of other %s printings; a level up between them is refused (did you mean %q?)", c.Class, c.Title, c.Unit, other, c.Unit, other)
			d.Hint = "if it is a misprint, add a correction to compiler/fecipher/cardlist/corrections.yaml"
			break
		}
	}
}

// typo reports two class names one or two edits apart whose differing
// words start with the same letter.
func typo(a, b string) bool {
	if editDistance(strings.ToLower(a), strings.ToLower(b)) > 2 || len(a) < 5 {
		return false
	}
	wa, wb := strings.Fields(a), strings.Fields(b)
	if len(wa) != len(wb) {
		return true
	}
	for i := range wa {
		if wa[i] != wb[i] && !strings.EqualFold(wa[i][:1], wb[i][:1]) {
			return false
		}
	}
	return true
}

func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			c := prev[j-1]
			if a[i-1] != b[j-1] {
				c++
			}
			cur[j] = min(c, prev[j]+1, cur[j-1]+1)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// secondSkill finds a type marker that starts a sentence of its own, outside
// parentheses (a granted skill "(Anti-Fliers |CONT| ...)" is text of the
// first): the start of a second skill on the same line, or nil.
func secondSkill(rest string) []int {
	depth := 0
	for i := 0; i < len(rest); i++ {
		switch rest[i] {
		case '(':
			depth++
		case ')':
			if depth > 0 {
				depth--
			}
		case '|':
			if depth > 0 {
				continue
			}
			loc := markerRe.FindStringIndex(rest[i:])
			if loc == nil || loc[0] != 0 {
				continue
			}
			before := strings.TrimRight(rest[:i], " ")
			if strings.HasSuffix(before, ".") || strings.HasSuffix(before, ".)") {
				return []int{i, i + loc[1]}
			}
		}
	}
	return nil
}
