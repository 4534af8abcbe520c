// Package cardlist imports community lists of the published Fire Emblem
// Cipher cards into a fe-cipher pack: one YAML file per series. A list is
// recognised by its fields as one of the registered shapes (shape_*.go: the
// Decksteria JSON of ../shared/data/README.md, other JSON lists, CSV,
// LackeyCCG), each decoded into records that one reader turns into cards
// with every printing. Irregular values are repaired with a warning at
// their line:col, or reported as errors; no card is dropped silently.
package cardlist

import (
	"bytes"
	_ "embed"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/compiler/diag"
	feccompiler "github.com/roundtable-dev/roundtable/compiler/fecipher"
	"github.com/roundtable-dev/roundtable/compiler/fecipher/skill"
	"github.com/roundtable-dev/roundtable/internal/phrase"
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
	CodeShape  = feccompiler.Game.Checks.Declare(diag.Code{ID: "fec-import-shape", Severity: diag.Error, Summary: "import: the file is not a card list in a shape the importer reads; one message names the fields found and the nearest shape with what it lacks."})
	CodeTable  = feccompiler.Game.Checks.Declare(diag.Code{ID: "fec-import-table", Severity: diag.Error, Summary: "import: a CSV or tab-separated card list cannot be read (a quote left open), or a row has cells past its header's columns."})
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
	labelRe    = regexp.MustCompile(`^(?:\[(BS|CP|CCS|FS|DB)\]|\|(CCS|FS)\|)\s*`)
	subMarkRe  = regexp.MustCompile(`^\s*\|[A-Z/ ]+\|`)
	bracketRe  = regexp.MustCompile(`^\s*\[([^\]]*)\]`)
	codeRe     = regexp.MustCompile(`^([A-Z])(\d\d)-(\d\d\d)([a-z]?)(.*)$`)
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
	DragonBlood bool           `yaml:"dragon-blood,omitempty"` // a [DB] skill: Dragon's Blood, acquired by other allies' "acquires all [DB]"
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
	// Shape is the shape the list was read as ("" when none was).
	Shape string
}

type importer struct {
	data    []byte
	display string
	lines   *Lines
	diags   diag.List
	strict  bool // the shape writes every field: an absent optional one is a warning
}

func (im *importer) pos(off int64) diag.Pos {
	l, c := im.lines.At(off)
	return diag.Pos{File: im.display, Line: l, Col: c}
}

// Import converts the card list in data (shown as display in messages):
// it reads the file as JSON or as a table, recognises its shape from its
// fields (Pack.Shape), decodes the shape's records and reads each into a
// card.
func Import(data []byte, display string) (*Pack, diag.List) {
	data = bytes.TrimPrefix(data, []byte("\uFEFF")) // spreadsheets save a byte order mark
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
	in := im.read()
	if in == nil || in.seen.Cards == 0 {
		return pk, im.diags
	}
	sh := im.recognise(in)
	if sh == nil {
		return pk, im.diags
	}
	pk.Shape, im.strict = sh.Name, sh.Strict
	records := sh.Decode(im, in)
	ids := map[string]*Card{}
	next := map[string]int{} // the next suffix to try per base id: n copies of one card cost n, not n²
	for _, r := range records {
		c := im.card(r, &pk.Stats)
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
			if sk.Type == "auto" && sk.Cost == "" && len(r.Unread) > 0 && r.Unread[0].Phrase == "trigger" && r.Unread[0].Start == 0 {
				// An |AUTO| skill with no trigger ("If this unit is in the
				// Front Line, ... cannot Critical Hit"): a continuous skill
				// printed with the wrong marker, when it reads as one.
				if pr := skill.Compile("permanent", "", sk.Text); len(pr.Unread) == 0 && !slices.ContainsFunc(pr.Effects, func(e skill.Effect) bool { return e.Until != "" }) {
					im.diags.Add(CodeSkill, im.pos(c.idOff), "skill %q is marked |AUTO| and has no trigger; read as |CONT|", sk.Name)
					sk.Type, r = "permanent", pr
				}
			}
			if n := skill.Level(sk.Name); n > 0 && len(r.Unread) == 0 {
				// "[LvS3] The Village's Finest Fighter": the level skill's
				// condition, printed in its name (the reminder may be left out).
				r.Effects = skill.AtLevel(r.Effects, n)
				r.Phrases = skill.Phrases(r.Effects)
			}
			sk.Effects = r.Effects
			pk.Lines = append(pk.Lines, skill.Line{Card: c.ID, Name: sk.Name, Type: sk.Type, Support: sk.support, Result: r})
		}
	}
	dormant(pk)
	im.write(pk)
	return pk, im.diags
}

// dormant leaves as text the skills set off only by a named skill that
// compiles nowhere in the list ("When this unit's "Ninjutsu Emblem"
// destroys an enemy" while Ninjutsu Emblem stays text): they would compile
// and never run, and a compiled line must run.
func dormant(pk *Pack) {
	for dormantPass(pk) {
		// A skill left as text may be what another one names.
	}
}

func dormantPass(pk *Pack) (changed bool) {
	runs := map[string]bool{}
	for _, l := range pk.Lines {
		if len(l.Result.Unread) == 0 {
			runs[strings.Trim(l.Name, `"`)] = true
			for _, e := range l.Result.Effects {
				if e.Grant != nil {
					runs[strings.Trim(e.Grant.Name, `"`)] = true
				}
			}
		}
	}
	line := 0
	for _, c := range pk.Cards {
		for i := range c.Skills {
			sk, l := &c.Skills[i], &pk.Lines[line]
			line++
			var names []string
			for _, e := range l.Result.Effects {
				if e.If != nil && len(e.If.ByName) > 0 && !slices.ContainsFunc(e.If.ByName, func(n string) bool { return runs[strings.Trim(n, `"`)] }) {
					names = append(names, e.If.ByName...)
				}
			}
			if len(names) == 0 {
				continue
			}
			why := fmt.Sprintf("set off only by %s, which is not compiled", strings.Join(names, ", "))
			l.Result = skill.Result{Unread: []skill.Clause{{End: len(sk.Text), Text: sk.Text, Shape: skill.Shape(sk.Text), Phrase: "trigger", PhraseText: why}}}
			sk.Effects = nil
			changed = true
		}
	}
	return changed
}

// write renders pack.yaml, symbols.yaml and one file per series.
func (im *importer) write(pk *Pack) {
	from := "a card list read as " + pk.Shape
	if pk.Shape == shapeDecksteria.Name {
		from = "the Decksteria.FECipher card list (GPL-3.0)"
	}
	pk.Files["pack.yaml"] = []byte(`kind: pack
id: fe-cipher-cardlist
name: Fire Emblem Cipher published cards (imported)
version: 1.0.0
game: fe-cipher
description: >-
  Imported by roundtable import fe-cipher from ` + from + `. Skills keep their text; beside it, effects as roundtable's skill compiler read them (effects: [] where it could not: those stay text).
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
	if phrase.Distance(strings.ToLower(a), strings.ToLower(b)) > 2 || len(a) < 5 {
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
