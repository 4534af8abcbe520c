package annas

import (
	"encoding/binary"
	"fmt"
	"math"
	"slices"

	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/engine/annas/table"
)

type tagDoc struct {
	ID        string `yaml:"id"`
	Name      string `yaml:"name"`
	Category  string `yaml:"category"`
	Text      string `yaml:"text"`
	Effective *struct {
		Against at[string] `yaml:"against"`
		ATK     int8       `yaml:"atk"`
	} `yaml:"effective"`
	Effects []effectDoc `yaml:"effects"`
}

type terrainDoc struct {
	ID         string       `yaml:"id"`
	Name       string       `yaml:"name"`
	Glyph      string       `yaml:"glyph"`
	Enter      string       `yaml:"enter"`
	Blocks     []at[string] `yaml:"blocks"`
	IgnoredBy  []at[string] `yaml:"ignored-by"`
	Impassable bool         `yaml:"impassable"`
	Capture    bool         `yaml:"capture"`
	Work       *struct {
		Coins *int8 `yaml:"coins"`
		DV    int8  `yaml:"dv"`
	} `yaml:"work"`
	Text string `yaml:"text"`
}

type statsDoc struct {
	HP  int8 `yaml:"hp"`
	ATK int8 `yaml:"atk"`
	SPD int8 `yaml:"spd"`
	DEF int8 `yaml:"def"`
}

type skillDoc struct {
	Name     string      `yaml:"name"`
	Kind     string      `yaml:"kind"`
	Reaction bool        `yaml:"reaction"`
	Text     string      `yaml:"text"`
	Effects  []effectDoc `yaml:"effects"`
}

type unitDoc struct {
	ID         string       `yaml:"id"`
	Name       string       `yaml:"name"`
	Title      string       `yaml:"title"`
	Color      string       `yaml:"color"`
	Legendary  bool         `yaml:"legendary"`
	Stats      statsDoc     `yaml:"stats"`
	Shapestone *statsDoc    `yaml:"shapestone"`
	Range      []at[int]    `yaml:"range"`
	Mov        int8         `yaml:"mov"`
	Tags       []at[string] `yaml:"tags"`
	Skill      *skillDoc    `yaml:"skill"`
}

func (b *builder) tags() {
	docs := b.p.Valid("tag")
	if len(docs) > 64 {
		b.diags.Add(CodeTooManyTags, docs[64].IDPos(), "tag %q is the 65th tag; at most 64 tags fit a tag set", docs[64].ID).Hint = "merge tags that mean the same, or drop unused ones"
	}
	for _, d := range docs {
		t, ok := compiler.Decode[tagDoc](d, &b.diags)
		if !ok {
			b.rs.Tags = append(b.rs.Tags, table.Tag{ID: d.ID, EffAgainst: -1})
			continue
		}
		def := table.Always
		if t.Category == "assist" {
			def = table.Activate
		}
		tt := table.Tag{ID: t.ID, Name: t.Name, Category: categories[t.Category], Text: t.Text, EffAgainst: -1,
			Effects: b.effects(d, effCtx{what: fmt.Sprintf("tag %q", t.ID), def: def}, t.Effects)}
		switch {
		case t.Effective != nil && t.Category != "effectiveness":
			b.diags.Add(CodeEffectiveness, d.FieldPos("effective"), "tag %q has effective: but its category is %s", t.ID, t.Category).Hint = "use category: effectiveness"
		case t.Effective == nil && t.Category == "effectiveness":
			b.diags.Add(CodeEffectiveness, d.FieldPos("category"), "effectiveness tag %q does not say what it is effective against", t.ID).Hint = "add effective: {against: armored, atk: 2}"
		case t.Effective != nil:
			tt.EffAgainst = int16(b.ref("tag", d, t.Effective.Against, "tag"))
			tt.EffATK = t.Effective.ATK
		}
		if t.Category == "assist" && !slices.ContainsFunc(tt.Effects, func(e table.Effect) bool { return e.When == table.Activate }) {
			b.diags.Add(CodeSkill, d.FieldPos("category"), "assist tag %q has no activate effect, so its assist action does nothing", t.ID).Hint = "add effects: the assist action (when omitted, an assist tag's effects fire on activate)"
		}
		b.rs.Tags = append(b.rs.Tags, tt)
	}
}

func (b *builder) terrain() {
	glyphs := map[string]*compiler.Doc{}
	for d, t := range compiler.Decoded[terrainDoc](b.p, "terrain", &b.diags, func(d *compiler.Doc) {
		b.rs.Terrain = append(b.rs.Terrain, table.Terrain{ID: d.ID})
	}) {
		if first, dup := glyphs[t.Glyph]; dup {
			other := first.ID
			if first.Pack != d.Pack && first.Pack != nil {
				other = first.Pack.ID + "/" + first.ID // "water" of another pack, not this one
			}
			dd := b.diags.Add(CodeGlyph, d.FieldPos("glyph"), "terrain %q uses glyph %q, already used by terrain %q", t.ID, t.Glyph, other)
			dd.Related = []diag.Related{{Pos: first.FieldPos("glyph"), Message: fmt.Sprintf("%q is %s's glyph", t.Glyph, other)}}
			dd.Hint = "give each terrain its own glyph"
		} else {
			glyphs[t.Glyph] = d
		}
		tt := table.Terrain{
			ID: t.ID, Name: t.Name, Glyph: t.Glyph, Stop: t.Enter == "stop", Impassable: t.Impassable, Capture: t.Capture,
			Blocks:    b.tagSet(d, t.Blocks),
			IgnoredBy: b.tagSet(d, t.IgnoredBy),
			WorkCoins: 1,
			Text:      t.Text,
		}
		if t.Work != nil {
			tt.WorkDV = t.Work.DV
			if t.Work.Coins != nil {
				tt.WorkCoins = *t.Work.Coins
			}
		}
		b.rs.Terrain = append(b.rs.Terrain, tt)
	}
}

func (b *builder) units() {
	shifter := b.lookup("tag", "shapeshifter")
	if b.p.BrokenID("tag", "shapeshifter") {
		shifter = 64 // its error says it; no unit is checked against it
	}
	// A tag past the 64th is already an error; do not cascade it.
	hasShifter := shifter >= 0 && shifter < 64
	// A local step (compiler.Local): with check --cache, units whose file
	// did not change are not decoded again; their summary (what curve and
	// unusedTags read) stands in for them.
	b.rs.Units = slices.Grow(b.rs.Units, len(b.p.Valid("unit")))
	compiler.Local(b.p, b.p.Valid("unit"), &b.diags, func(d *compiler.Doc, u unitDoc, ok bool) []byte {
		if !ok {
			b.rs.Units = append(b.rs.Units, table.Unit{ID: d.ID, Skill: -1})
			return nil
		}
		b.used, b.capture = b.used[:0], true
		defer func() { b.capture = false }()
		tu := table.Unit{
			ID: u.ID, Name: u.Name, Title: u.Title, Color: colors[u.Color], Legendary: u.Legendary,
			Stats: table.Stats{HP: u.Stats.HP, ATK: u.Stats.ATK, SPD: u.Stats.SPD, DEF: u.Stats.DEF},
			Mov:   u.Mov, Skill: -1,
			Tags:  b.tagSet(d, u.Tags),
			Range: b.rangeSet(d, fmt.Sprintf("unit %q", u.ID), u.Range),
		}
		isShifter := hasShifter && tu.Tags.Has(shifter)
		switch {
		case shifter >= 64:
		case u.Shapestone != nil && !isShifter:
			b.diags.Add(CodeShapestone, d.FieldPos("shapestone"), "unit %q has shapestone stats but not the shapeshifter tag", u.ID).Hint = "add shapeshifter to tags, or remove shapestone"
		case u.Shapestone == nil && isShifter:
			b.diags.Add(CodeShapestone, d.FieldPos("tags"), "unit %q has the shapeshifter tag but no shapestone stats", u.ID).Hint = "add shapestone: {atk: .., spd: .., def: ..}"
		case u.Shapestone != nil:
			tu.HasShapestone = true
			tu.Shapestone = table.Stats{ATK: u.Shapestone.ATK, SPD: u.Shapestone.SPD, DEF: u.Shapestone.DEF}
		}
		if u.Skill != nil {
			tu.Skill = int16(len(b.rs.Skills))
			b.rs.Skills = append(b.rs.Skills, b.skill(d, u.ID, u.Skill))
		}
		b.rs.Units = append(b.rs.Units, tu)
		return unitSummary(tu, d.ID, b.used)
	}, func(d *compiler.Doc, s string) {
		b.rs.Units = append(b.rs.Units, readUnitSummary(d.ID, s, func(t int) {
			if t >= 0 && t < len(b.tagUsed) { // a damaged memo may name any index
				b.tagUsed[t] = true
			}
		}))
	})
	b.brokenUnits()
}

// brokenUnits checks the references of the units that fail their schema
// (compiler.Program.Broken): hp: 99 must not hide a typo in tags.
func (b *builder) brokenUnits() {
	for _, d := range b.p.Broken("unit") {
		var u unitDoc
		_ = d.Decode(&u) // what decodes is checked; the schema error says the rest
		keep := b.diags
		b.diags = nil
		b.tagSet(d, u.Tags)
		if u.Skill != nil {
			b.skill(d, u.ID, u.Skill)
		}
		b.diags = append(keep, compiler.RefsOnly(b.diags)...)
	}
}

// uvarint is binary.Uvarint of a string.
func uvarint(s string) (uint64, int) {
	var v uint64
	for i := 0; i < len(s) && i < binary.MaxVarintLen64; i++ {
		v |= uint64(s[i]&0x7f) << (7 * i)
		if s[i] < 0x80 {
			return v, i + 1
		}
	}
	return 0, 0
}

// unitSummary is what the steps after units read of a unit (curve: id,
// color, legendary, stats; unusedTags: the tags it names), for
// compiler.Local. The id is stored only when it is not linkID, the
// document's id for link: an id with a tag other than !!str is none to
// link but decodes as one.
func unitSummary(u table.Unit, linkID string, tags []int) []byte {
	b := []byte{byte(u.Color), 0, byte(u.Stats.HP), byte(u.Stats.ATK), byte(u.Stats.SPD), byte(u.Stats.DEF)}
	if u.Legendary {
		b[1] = 1
	}
	b = binary.AppendUvarint(b, uint64(len(tags)))
	for _, t := range tags {
		b = binary.AppendUvarint(b, uint64(t))
	}
	if u.ID != linkID {
		b = append(b, u.ID...)
	}
	return b
}

// readUnitSummary reads unitSummary into a unit with the summary's
// fields (id: the document's for link, unless the summary holds another),
// calling tag for each tag it names.
func readUnitSummary(id string, b string, tag func(int)) table.Unit {
	u := table.Unit{ID: id, Skill: -1}
	if len(b) < 6 {
		return u
	}
	u.Color, u.Legendary = table.Color(b[0]), b[1] == 1
	u.Stats = table.Stats{HP: int8(b[2]), ATK: int8(b[3]), SPD: int8(b[4]), DEF: int8(b[5])}
	n, k := uvarint(b[6:])
	if k == 0 {
		return u
	}
	b = b[6+k:]
	for ; n > 0; n-- {
		t, k := uvarint(b)
		if k == 0 {
			return u
		}
		if t <= math.MaxInt32 { // a damaged memo may name any index
			tag(int(t))
		}
		b = b[k:]
	}
	if b != "" {
		u.ID = b
	}
	return u
}

func (b *builder) skill(d *compiler.Doc, unit string, s *skillDoc) table.Skill {
	what := fmt.Sprintf("unit %q skill %q", unit, s.Name)
	def := table.Always
	if s.Kind != "passive" {
		def = table.Activate
	}
	// Only when reported: finding a node decodes part of the document.
	kindPos := func() diag.Pos { return pos(d, fieldNode(d, "skill", "kind")) }
	if s.Reaction && s.Kind != "special" {
		b.diags.Add(CodeSkill, pos(d, fieldNode(d, "skill", "reaction")), "%s: only specials can be reactions, this is a %s", what, s.Kind).Hint = "use kind: special, or drop reaction"
	}
	effs := b.effects(d, effCtx{what: what, def: def}, s.Effects)
	if len(effs) == 0 {
		b.diags.Add(CodeSkill, kindPos(), "%s has no effects, so the engine cannot run it", what).Hint = "add effects: in the effect vocabulary (docs/content.md)"
	}
	if s.Reaction && s.Kind == "special" {
		for _, e := range effs {
			if !isEvent(e.When) {
				b.diags.Add(CodeSkill, pos(d, fieldNode(d, "skill", "reaction")), "%s: a reaction special fires on an event, but an effect fires on %s", what, triggerName(e.When)).Hint = "give each effect when: would-be-defeated, attacked, defeated, moved, deployed, captured or damaged"
				break
			}
		}
	}
	if !s.Reaction && s.Kind != "passive" && len(effs) > 0 && !slices.ContainsFunc(effs, func(e table.Effect) bool { return e.When == table.Activate }) {
		b.diags.Add(CodeSkill, kindPos(), "%s: a %s is used as an action, but no effect fires on activate", what, s.Kind)
	}
	return table.Skill{Name: s.Name, Kind: skillKinds[s.Kind], Reaction: s.Reaction, Text: s.Text, Effects: effs}
}

// fieldNode finds a nested field's value node of a document, or nil.
// (The first key is read with Field, which decodes only that field's value.)
func fieldNode(d *compiler.Doc, path ...string) *yaml.Node {
	if len(path) == 0 {
		return d.PosTree()
	}
	n := d.Field(path[0])
	for _, k := range path[1:] {
		if n == nil || n.Kind != yaml.MappingNode {
			return nil
		}
		var next *yaml.Node
		for i := 0; i+1 < len(n.Content); i += 2 {
			if n.Content[i].Value == k {
				next = n.Content[i+1]
			}
		}
		n = next
	}
	return n
}

// The stat-total curve: total = HP + ATK + SPD + DEF. A unit is compared
// with the median total of the units of its color and legendary status (or,
// when that group has fewer than 3 units, of all units of its legendary
// status). It is an outlier when it is more than max(4, 20% of the median)
// away from the median.
func (b *builder) curve() {
	total := func(u *table.Unit) int {
		return int(u.Stats.HP) + int(u.Stats.ATK) + int(u.Stats.SPD) + int(u.Stats.DEF)
	}
	// Groups by color and legendary status, indexed 2*color+legendary.
	key := func(u *table.Unit) int { return 2*int(u.Color) + boolIndex(u.Legendary) }
	var groups [2 * 256][]int
	var byLegend [2][]int
	units := b.rs.Units
	for i := range units {
		u := &units[i]
		groups[key(u)] = append(groups[key(u)], total(u))
		byLegend[boolIndex(u.Legendary)] = append(byLegend[boolIndex(u.Legendary)], total(u))
	}
	docs := b.p.Valid("unit")
	medians := map[*int]int{} // by group (its first element): one sort per group, not per unit
	for i := range units {
		u := &units[i]
		g, all := groups[key(u)], false
		if len(g) < 3 {
			g, all = byLegend[boolIndex(u.Legendary)], true
		}
		if len(g) < 3 {
			continue
		}
		m, ok := medians[&g[0]]
		if !ok {
			m = Median(g)
			medians[&g[0]] = m
		}
		tol := max(4, m/5)
		if t := total(u); t > m+tol || t < m-tol {
			what := fmt.Sprintf("%s %s", u.Color, legendWord(u.Legendary))
			if all {
				what = "all " + legendWord(u.Legendary)
			}
			dd := b.diags.Add(CodeCurve, docs[i].FieldPos("stats"), "unit %q has stat total %d (HP+ATK+SPD+DEF); the median of %s units is %d, allowed %d..%d", u.ID, t, what, m, m-tol, m+tol)
			dd.Hint = "see the stat curve in docs/content.md"
		}
	}
}

func boolIndex(b bool) int {
	if b {
		return 1
	}
	return 0
}

func legendWord(l bool) string {
	if l {
		return "legendary"
	}
	return "non-legendary"
}

// Median of a non-empty list (the lower middle for even lengths).
func Median(v []int) int {
	s := slices.Clone(v)
	slices.Sort(s)
	return s[(len(s)-1)/2]
}

func (b *builder) unusedTags() {
	for i, d := range b.p.Valid("tag") {
		if i < len(b.tagUsed) && !b.tagUsed[i] && !b.p.Mentioned(d.ID) {
			b.diags.Add(CodeUnusedTag, d.IDPos(), "tag %q is defined but no card, terrain, tag or rule uses it", d.ID).Hint = "give it to a unit, or delete it"
		}
	}
}
