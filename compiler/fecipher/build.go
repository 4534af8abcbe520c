package fecipher

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/compiler/fecipher/skill"
	"github.com/roundtable-dev/roundtable/compiler/source"
	"github.com/roundtable-dev/roundtable/engine/fecipher/table"
)

type symbolDoc struct {
	ID    string   `yaml:"id"`
	Name  string   `yaml:"name"`
	Color string   `yaml:"color"`
	Games []string `yaml:"games"`
}

type skillDoc struct {
	Name        string         `yaml:"name"`
	Type        string         `yaml:"type"`
	ClassChange bool           `yaml:"class-change"`
	Formation   bool           `yaml:"formation"`
	DragonBlood bool           `yaml:"dragon-blood"`
	Cost        string         `yaml:"cost"`
	Text        string         `yaml:"text"`
	Effects     []skill.Effect `yaml:"effects"`
}

type cardDoc struct {
	ID        string   `yaml:"id"`
	Title     string   `yaml:"title"`
	Unit      string   `yaml:"unit"`
	Class     string   `yaml:"class"`
	Cost      string   `yaml:"cost"` // a number or X; yaml.v3 decodes any scalar into a string
	Promotion *string  `yaml:"promotion"`
	Symbols   []string `yaml:"symbols"`
	Emblems   []string `yaml:"emblems"`
	Range     *struct {
		Min int8 `yaml:"min"`
		Max int8 `yaml:"max"`
	} `yaml:"range"`
	Attack    string     `yaml:"attack"`
	Support   string     `yaml:"support"`
	Skills    []skillDoc `yaml:"skills"`
	Printings []struct {
		Set    string `yaml:"set"`
		Number string `yaml:"number"`
		Rarity string `yaml:"rarity"`
		Series int8   `yaml:"series"`
	} `yaml:"printings"`
}

type deckDoc struct {
	ID   string `yaml:"id"`
	Name string `yaml:"name"`
	Main string `yaml:"main"`
	// cards is read from its node (decks): the positions of its keys and
	// their order are the diagnostics' and the table's.
	_ struct{} `yaml:"cards"`
}

// The schema's words, indexed like the table's constants.
var (
	emblemBits  = indexOf(table.EmblemNames[:])
	skillTypes  = indexOf(table.SkillTypeNames[:])
	triggerCode = indexOf(table.TriggerNames[:])
)

// indexOf maps each name to its index (compiler.Words).
var indexOf = compiler.Words[int]

// allowed lists the effect timings each skill type may use.
var allowed = map[table.SkillType][]table.Trigger{
	table.Permanent: {table.Always, table.MyTurn, table.Attacking, table.Defending},
	table.Auto: {table.OnDeploy, table.OnClassChange, table.OnAttack, table.OnAttacked, table.OnDestroys, table.OnAttackEnd,
		table.OnLevelUp, table.OnTurnStart, table.OnTurnEnd, table.OnDestroyed, table.OnMoved, table.OnUntapped, table.OnAllyDeploy,
		table.OnCritical, table.OnEvade, table.OnEvaded, table.OnMissed, table.OnBond, table.OnFoeTurnStart, table.OnFoeTurnEnd,
		table.OnActionStart, table.OnDeployStart, table.OnDefeated, table.OnGrowth, table.OnDraw,
		table.OnTapped, table.OnOrbLost, table.OnDiscarded, table.OnRetrieved, table.OnSurvived, table.OnSupportFail, table.OnUse,
		table.OnSupported, table.OnRevealed, table.OnPlaced, table.OnBondStart},
	table.Action:         {table.Activate},
	table.AttackSupport:  {table.OnSupport, table.OnAttackEnd},
	table.DefenseSupport: {table.OnSupport, table.OnAttackEnd},
	table.Support:        {table.OnSupport, table.OnAttackEnd},
	table.Special:        {table.SpecialRule, table.Always},              // always: "This card acquires <Knife> and range 1-2"
	table.Bond:           {table.Activate, table.OnPlaced, table.Always}, // used from the bond area, face up; always: "This card cannot be flipped face-down"
	table.Hand:           {table.Activate},                               // used by revealing the card from the hand
}

type builder struct {
	p     *compiler.Program
	diags diag.List
	rs    *table.Ruleset
	// cardAt maps an index among Valid("card") to rs.Cards, or -1.
	cardAt []int
	codes  map[string][]printingAt // printing codes (printingIndex)
}

// build is the game's build: its steps in the order they run, each after
// the steps it needs (compiler.Steps).
var build = compiler.Steps[*builder]{
	New: newBuilder,
	Table: []compiler.Step[*builder]{
		{Name: "symbols", Run: (*builder).symbols},
		{Name: "cards", Needs: []string{"symbols"}, Run: (*builder).cards},
		{Name: "decks", Needs: []string{"cards"}, Run: (*builder).decks},
	},
}

// Result returns the ruleset and what the steps reported.
func (b *builder) Result() (any, diag.List) { return b.rs, b.diags }

func newBuilder(p *compiler.Program) *builder { return &builder{p: p, rs: &table.Ruleset{}} }

// pos is the position of the value at path in d (compiler.Doc.PathPos).
var pos = (*compiler.Doc).PathPos

func (b *builder) symbols() {
	for _, s := range compiler.Decoded[symbolDoc](b.p, "symbol", &b.diags, nil) {
		b.rs.Symbols = append(b.rs.Symbols, table.Symbol{ID: s.ID, Name: s.Name, Color: s.Color, Games: s.Games})
	}
}

// number reads a printed number or X (the schema has checked the form).
func number(s string) int {
	if s == "X" {
		return table.X
	}
	n, _ := strconv.Atoi(s)
	return n
}

func (b *builder) cards() {
	for d, c := range compiler.Decoded[cardDoc](b.p, "card", &b.diags, func(d *compiler.Doc) {
		b.cardAt = append(b.cardAt, -1)
	}) {
		b.cardAt = append(b.cardAt, len(b.rs.Cards))
		tc := table.Card{
			ID: c.ID, Title: c.Title, Unit: c.Unit, Class: c.Class,
			Cost: int8(number(c.Cost)), Attack: int16(number(c.Attack)), Support: int16(number(c.Support)),
		}
		if c.Promotion != nil {
			tc.Promoted, tc.Promotion = true, int8(number(*c.Promotion))
		}
		for i, s := range c.Symbols {
			if k := b.p.Resolve("symbol", s, pos(d, "symbols", strconv.Itoa(i)), "symbol", &b.diags); k >= 0 {
				tc.Symbols = append(tc.Symbols, int16(k))
			}
		}
		for _, e := range c.Emblems {
			tc.Emblems |= 1 << uint(emblemBits[e])
		}
		if c.Range != nil {
			if c.Range.Min > c.Range.Max {
				b.diags.Add(CodeRange, pos(d, "range", "min"), "card %q: range %d-%d runs backwards", c.ID, c.Range.Min, c.Range.Max).Hint = "write the smaller distance as min; a unit that cannot attack has no range"
			}
			tc.MinRange, tc.MaxRange = c.Range.Min, c.Range.Max
		}
		var granted []table.Skill // skills effects give: after the card's own
		for i, s := range c.Skills {
			ts := table.Skill{Name: s.Name, Type: table.SkillType(skillTypes[s.Type]), ClassChange: s.ClassChange, Formation: s.Formation, DragonBlood: s.DragonBlood, Cost: s.Cost, Text: s.Text}
			effects := s.Effects
			if source.Path(d.PosTree(), "skills", strconv.Itoa(i), "effects") == nil {
				effects = b.compileText(d, c.ID, i, s)
			}
			for j, e := range effects {
				te := effect(e)
				if ok := allowed[ts.Type]; !slices.Contains(ok, te.When) {
					var words []string
					for _, t := range ok {
						words = append(words, table.TriggerNames[t])
					}
					dd := b.diags.Add(CodeEffect, pos(d, "skills", strconv.Itoa(i), "effects", strconv.Itoa(j), "when"), "card %q: a %s skill cannot have an effect that happens %q", c.ID, s.Type, e.When)
					if len(words) > 0 {
						dd.Hint = "a " + s.Type + " skill's effects happen: " + strings.Join(words, ", ")
					} else {
						dd.Hint = s.Type + " skills are kept as text; remove effects"
					}
				}
				costly := e.Reverse > 0 || e.Tap || e.PayDiscard != nil || e.PayTap != nil || e.OncePerTurn ||
					e.DestroySelf || e.PayDestroy != nil || e.PayBonds != nil || e.PayOrbs > 0 || e.PayGrowth != nil || e.PayOrbsUp > 0 ||
					e.PayMill > 0 || e.PayReveal != nil || e.PayShow != nil || e.PayHand ||
					e.FlipSelf || e.SendSelf != "" || e.PayBanish != nil
				if costly && j > 0 && effects[j-1].When == e.When && (!e.May || e.OncePerTurn) {
					b.diags.Add(CodeEffect, pos(d, "skills", strconv.Itoa(i), "effects", strconv.Itoa(j)), "card %q: only the first effect of a skill's timing carries its costs (or an optional one: may)", c.ID).Hint = "move reverse, tap, pay-discard, pay-tap, destroy-self, pay-destroy, pay-bonds, pay-orbs and once-per-turn to the first effect"
				}
				if (e.Reverse > 0 || e.Tap) && !slices.Contains([]table.Trigger{table.Activate}, te.When) && ts.Type != table.Auto && ts.Type != table.Bond && !((e.CritAlt || e.EvadeAlt) && !e.Tap) {
					b.diags.Add(CodeEffect, pos(d, "skills", strconv.Itoa(i), "effects", strconv.Itoa(j)), "card %q: only action and auto skills have a reverse or tap cost", c.ID)
				}
				if g := e.Grant; g != nil {
					gs := table.Skill{Name: g.Name, Type: table.SkillType(skillTypes[g.Type]), Cost: g.Cost, Text: g.Text, Granted: true}
					if gs.Name == "" {
						gs.Name = s.Name + " (acquired)"
					}
					for _, ge := range g.Effects {
						gte := effect(ge)
						if ok := allowed[gs.Type]; !slices.Contains(ok, gte.When) || ge.Grant != nil {
							b.diags.Add(CodeEffect, pos(d, "skills", strconv.Itoa(i), "effects", strconv.Itoa(j), "grant"), "card %q: a granted %s skill cannot have an effect that happens %q (or a grant of its own)", c.ID, g.Type, ge.When)
						}
						gs.Effects = append(gs.Effects, gte)
					}
					te.Grant = int8(len(c.Skills) + len(granted) + 1)
					granted = append(granted, gs)
				}
				if (e.FlipSelf || e.SendSelf != "" || e.Put != nil && e.Put.Self) && ts.Type != table.Bond && ts.Type != table.Hand ||
					e.FlipSelf && ts.Type != table.Bond {
					b.diags.Add(CodeEffect, pos(d, "skills", strconv.Itoa(i), "effects", strconv.Itoa(j)), "card %q: only bond and hand skills move or flip their own card (flip-self for bond skills only)", c.ID)
				}
				ts.Effects = append(ts.Effects, te)
			}
			tc.Skills = append(tc.Skills, ts)
		}
		tc.Skills = append(tc.Skills, granted...)
		for _, pr := range c.Printings {
			tc.Printings = append(tc.Printings, table.Printing{Set: pr.Set, Number: pr.Number, Rarity: pr.Rarity, Series: pr.Series})
		}
		b.rs.Cards = append(b.rs.Cards, tc)
	}
}

func (b *builder) decks() {
	for d, dk := range compiler.Decoded[deckDoc](b.p, "deck", &b.diags, nil) {
		td := table.Deck{ID: dk.ID, Name: dk.Name, Main: -1}
		list := d.Field("cards")
		total := 0
		type seen struct {
			count int
			keys  []*yaml.Node
		}
		byName := map[string]*seen{}
		complete := true
		for i := 0; list != nil && i+1 < len(list.Content); i += 2 {
			k, v := list.Content[i], list.Content[i+1]
			n, _ := strconv.Atoi(v.Value)
			total += n
			at := source.NodePos(d.File, k)
			ci, pi, isCode := b.printing(dk.ID, d, k.Value, at)
			if !isCode {
				ci = b.deckCard(dk.ID, k.Value, at)
			}
			if ci < 0 {
				complete = false
				continue
			}
			td.Cards = append(td.Cards, table.DeckEntry{Card: int16(ci), Count: int8(n), Printing: int8(pi + 1)})
			name := b.rs.Cards[ci].Name()
			s := byName[name]
			if s == nil {
				s = &seen{}
				byName[name] = s
			}
			s.count += n
			s.keys = append(s.keys, k)
			if s.count > MaxCopies && s.count-n <= MaxCopies && !anyCopies(&b.rs.Cards[ci]) {
				dd := b.diags.Add(CodeDeckCopies, source.NodePos(d.File, k), "deck %q has %d copies of %q; at most %d copies of one card name are allowed", dk.ID, s.count, name, MaxCopies)
				for _, o := range s.keys[:len(s.keys)-1] {
					dd.Related = append(dd.Related, diag.Related{Pos: source.NodePos(d.File, o), Message: fmt.Sprintf("%s is also %q", o.Value, name)})
				}
				dd.Hint = "the card name is title and unit name; different ids with the same name count together"
			}
		}
		if total < MinDeck {
			b.diags.Add(CodeDeckSize, keyPos(d, "cards"), "deck %q has %d cards; a deck needs at least %d", dk.ID, total, MinDeck)
		}
		mainPos := d.FieldPos("main")
		mi, _, isCode := b.printing(dk.ID, d, dk.Main, mainPos)
		if !isCode {
			mi = b.builtCard(b.p.Resolve("card", dk.Main, mainPos, "card", &b.diags))
		}
		if mi >= 0 {
			td.Main = int16(mi)
			if !slices.ContainsFunc(td.Cards, func(e table.DeckEntry) bool { return int(e.Card) == mi }) && complete {
				b.diags.Add(CodeDeckMain, mainPos, "deck %q: its main character %q is not one of its cards", dk.ID, dk.Main).Hint = "add it under cards:"
			}
			if c := b.rs.Cards[mi]; c.Cost != 1 {
				cost := strconv.Itoa(int(c.Cost))
				if c.Cost == table.X {
					cost = "X"
				}
				b.diags.Add(CodeMainCost, mainPos, "deck %q: main character %q costs %s; the main character must have deployment cost 1", dk.ID, dk.Main, cost)
			}
		}
		b.rs.Decks = append(b.rs.Decks, td)
	}
}

// deckCard resolves a deck's card reference like any other reference (the
// nearest pack first, pack-id/card-id accepted, a wrong pack reported) and
// returns the built card's index, or -1. An unknown card is reported with
// the deck's own code.
func (b *builder) deckCard(deck, ref string, at diag.Pos) int {
	var ds diag.List
	i := b.p.Resolve("card", ref, at, "card", &ds)
	// An unknown card is the deck's error; an unknown pack stays the core's.
	pk, _, hasPack := strings.Cut(ref, "/")
	ours := !hasPack || slices.ContainsFunc(b.p.Packs, func(p *compiler.Pack) bool { return p.ID == pk })
	for k := range ds {
		if d := &ds[k]; ours && d.Code == diag.CodeUnknownRef.ID && d.Pos == at {
			d.Recode(CodeDeckCard)
			d.Message = fmt.Sprintf("deck %q lists card %q, which does not exist", deck, ref)
		}
	}
	b.diags = append(b.diags, ds...)
	return b.builtCard(i)
}

// builtCard maps an index among Valid("card") to the built card's index.
func (b *builder) builtCard(valid int) int {
	if valid < 0 || valid >= len(b.cardAt) {
		return -1
	}
	return b.cardAt[valid]
}

// keyPos is where a top-level key is written (not its value).
// keyPos is where a key is written in the mapping at path (compiler.Doc.KeyPos).
var keyPos = (*compiler.Doc).KeyPos

// compileText compiles a skill written with text and no effects: key. A
// clause the compiler cannot read is a warning at its place in the text;
// the skill then stays text (write effects: [] to say so and silence it).
func (b *builder) compileText(d *compiler.Doc, card string, i int, s skillDoc) []skill.Effect {
	r := skill.Compile(s.Type, s.Cost, s.Text)
	for _, u := range r.Unread {
		field := "text"
		if u.InCost {
			field = "cost"
		}
		at := textPos(d, source.Path(d.PosTree(), "skills", strconv.Itoa(i), field), u.Start)
		dd := b.diags.Add(CodeSkillText, at, "card %q skill %q: cannot read %q; the skill stays text", card, s.Name, u.Text)
		dd.Hint = "write its effects: by hand (docs/fecipher.md, \"Effects\"), or effects: [] to keep it as text"
	}
	return r.Effects
}

// textPos is where byte off of a scalar's value is written: exact on one
// line (plain or quoted, without escapes), else the scalar's start.
func textPos(d *compiler.Doc, n *yaml.Node, off int) diag.Pos {
	if n == nil {
		return d.Pos()
	}
	p := source.NodePos(d.File, n)
	switch n.Style {
	case 0:
		p.Col += off
	case yaml.DoubleQuotedStyle, yaml.SingleQuotedStyle:
		if !strings.ContainsAny(n.Value, "\\\n'\"") {
			p.Col += off + 1
		}
	}
	return p
}

// anyCopies reports whether a card's special skill lets a deck hold any
// number of its card name ("You may have 5 or more cards with the same
// Card Name as this card in your Deck").
func anyCopies(c *table.Card) bool {
	for _, s := range c.Skills {
		for _, e := range s.Effects {
			if e.Copies {
				return true
			}
		}
	}
	return false
}
