package annas

import (
	"fmt"
	"strings"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/compiler/source"
	"github.com/roundtable-dev/roundtable/engine/annas/table"
)

type effectDoc struct {
	When   string `yaml:"when"`
	Modify struct {
		ATK int8 `yaml:"atk"`
		SPD int8 `yaml:"spd"`
		DEF int8 `yaml:"def"`
	} `yaml:"modify"`
	Heal   int8 `yaml:"heal"`
	Target *struct {
		Side   string `yaml:"side"`
		Within int8   `yaml:"within"`
	} `yaml:"target"`
}

type tagDoc struct {
	ID        string `yaml:"id"`
	Name      string `yaml:"name"`
	Category  string `yaml:"category"`
	Text      string `yaml:"text"`
	Effective *struct {
		Against string `yaml:"against"`
		ATK     int8   `yaml:"atk"`
	} `yaml:"effective"`
	Effects []effectDoc `yaml:"effects"`
}

type terrainDoc struct {
	ID         string   `yaml:"id"`
	Name       string   `yaml:"name"`
	Glyph      string   `yaml:"glyph"`
	Enter      string   `yaml:"enter"`
	Blocks     []string `yaml:"blocks"`
	IgnoredBy  []string `yaml:"ignored-by"`
	Impassable bool     `yaml:"impassable"`
	Work       *struct {
		Coins *int8 `yaml:"coins"`
		DV    int8  `yaml:"dv"`
	} `yaml:"work"`
}

type statsDoc struct {
	HP  int8 `yaml:"hp"`
	ATK int8 `yaml:"atk"`
	SPD int8 `yaml:"spd"`
	DEF int8 `yaml:"def"`
}

type unitDoc struct {
	ID         string    `yaml:"id"`
	Name       string    `yaml:"name"`
	Title      string    `yaml:"title"`
	Color      string    `yaml:"color"`
	Legendary  bool      `yaml:"legendary"`
	Stats      statsDoc  `yaml:"stats"`
	Shapestone *statsDoc `yaml:"shapestone"`
	Range      []int     `yaml:"range"`
	Mov        int8      `yaml:"mov"`
	Tags       []string  `yaml:"tags"`
	Skill      *struct {
		Name     string      `yaml:"name"`
		Kind     string      `yaml:"kind"`
		Reaction bool        `yaml:"reaction"`
		Text     string      `yaml:"text"`
		Effects  []effectDoc `yaml:"effects"`
	} `yaml:"skill"`
}

var colors = map[string]table.Color{"red": table.Red, "green": table.Green, "blue": table.Blue, "gray": table.Gray}

var categories = map[string]table.TagCategory{
	"assist": table.Assist, "movement": table.Movement, "passive": table.Passive, "effectiveness": table.Effectiveness,
}

var triggers = map[string]table.Trigger{
	"": table.Always, "always": table.Always, "combat": table.InCombat, "start-of-turn": table.StartOfTurn,
	"deploy": table.OnDeploy, "after-combat": table.AfterCombat, "defeat": table.OnDefeat,
}

var sides = map[string]table.Side{"": table.SideSelf, "self": table.SideSelf, "ally": table.SideAlly, "enemy": table.SideEnemy, "any": table.SideAny}

var skillKinds = map[string]table.SkillKind{"passive": table.SkillPassive, "assist": table.SkillAssist, "special": table.SkillSpecial}

// builder carries the state of one build.
type builder struct {
	p     *compiler.Program
	diags diag.List
	rs    *table.Ruleset
}

func build(p *compiler.Program) (any, diag.List) {
	b := &builder{p: p, rs: &table.Ruleset{}}
	b.tags()
	b.terrain()
	b.units()
	return b.rs, b.diags
}

func decode[T any](b *builder, d *compiler.Doc) (T, bool) {
	var v T
	if err := d.Decode(&v); err != nil {
		b.diags.Add(diag.CodeWrongType, d.Pos(), "%s %s: %v", d.Kind, d.ID, err)
		return v, false
	}
	return v, true
}

// ref resolves a reference to an entity of kind, accepting pack-qualified ids.
func (b *builder) ref(kind, id string, pos diag.Pos, what string) int {
	if i := strings.IndexByte(id, '/'); i >= 0 {
		id = id[i+1:]
	}
	return b.p.Resolve(kind, id, pos, what, &b.diags)
}

// tagSet resolves a list of tag references found at node key of doc.
func (b *builder) tagSet(d *compiler.Doc, key []string, ids []string) table.TagSet {
	var s table.TagSet
	list := source.Path(d.Node, key...)
	for i, id := range ids {
		pos := d.Pos()
		if list != nil && i < len(list.Content) {
			pos = source.NodePos(d.File, list.Content[i])
		}
		if t := b.ref("tag", id, pos, "tag"); t >= 0 && t < 64 {
			s |= 1 << uint(t)
		}
	}
	return s
}

func (b *builder) effects(in []effectDoc) []table.Effect {
	if len(in) == 0 {
		return nil
	}
	out := make([]table.Effect, 0, len(in))
	for _, e := range in {
		out = append(out, table.Effect{When: triggers[e.When], Tag: -1, Summon: -1})
	}
	return out
}

func (b *builder) tags() {
	docs := b.p.Valid("tag")
	if len(docs) > 64 {
		b.diags.Add(CodeTooManyTags, docs[64].IDPos(), "tag %q is the 65th tag; at most 64 tags fit a tag set", docs[64].ID)
	}
	for _, d := range docs {
		t, ok := decode[tagDoc](b, d)
		if !ok {
			continue
		}
		tt := table.Tag{ID: t.ID, Name: t.Name, Category: categories[t.Category], Text: t.Text, EffAgainst: -1, Effects: b.effects(t.Effects)}
		switch {
		case t.Effective != nil && t.Category != "effectiveness":
			b.diags.Add(CodeEffectiveness, d.FieldPos("effective"), "tag %q has effective: but its category is %s", t.ID, t.Category).Hint = "use category: effectiveness"
		case t.Effective == nil && t.Category == "effectiveness":
			b.diags.Add(CodeEffectiveness, d.FieldPos("category"), "effectiveness tag %q does not say what it is effective against", t.ID).Hint = "add effective: {against: armored, atk: 2}"
		case t.Effective != nil:
			tt.EffAgainst = int16(b.ref("tag", t.Effective.Against, source.NodePos(d.File, source.Path(d.Node, "effective", "against")), "tag"))
			tt.EffATK = t.Effective.ATK
		}
		b.rs.Tags = append(b.rs.Tags, tt)
	}
}

func (b *builder) terrain() {
	glyphs := map[string]*compiler.Doc{}
	for _, d := range b.p.Valid("terrain") {
		t, ok := decode[terrainDoc](b, d)
		if !ok {
			continue
		}
		if first, dup := glyphs[t.Glyph]; dup {
			dd := b.diags.Add(CodeGlyph, d.FieldPos("glyph"), "terrain %q uses glyph %q, already used by terrain %q", t.ID, t.Glyph, first.ID)
			dd.Related = []diag.Related{{Pos: first.FieldPos("glyph"), Message: fmt.Sprintf("%q is %s's glyph", t.Glyph, first.ID)}}
		} else {
			glyphs[t.Glyph] = d
		}
		tt := table.Terrain{
			ID: t.ID, Name: t.Name, Glyph: t.Glyph, Stop: t.Enter == "stop", Impassable: t.Impassable,
			Blocks:    b.tagSet(d, []string{"blocks"}, t.Blocks),
			IgnoredBy: b.tagSet(d, []string{"ignored-by"}, t.IgnoredBy),
			WorkCoins: 1,
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
	shifter, hasShifter := b.p.Table("tag").Lookup("shapeshifter")
	for _, d := range b.p.Valid("unit") {
		u, ok := decode[unitDoc](b, d)
		if !ok {
			continue
		}
		tu := table.Unit{
			ID: u.ID, Name: u.Name, Title: u.Title, Color: colors[u.Color], Legendary: u.Legendary,
			Stats: table.Stats{HP: u.Stats.HP, ATK: u.Stats.ATK, SPD: u.Stats.SPD, DEF: u.Stats.DEF},
			Mov:   u.Mov, Skill: -1,
			Tags: b.tagSet(d, []string{"tags"}, u.Tags),
		}
		for i, r := range u.Range {
			if i > 0 && r <= u.Range[i-1] {
				b.diags.Add(CodeRange, source.NodePos(d.File, source.Path(d.Node, "range", fmt.Sprint(i))), "unit %q: range %v is not strictly ascending", u.ID, u.Range).Hint = "write distances once each, smallest first: [1, 2]"
				break
			}
			tu.Range |= 1 << uint(r)
		}
		isShifter := hasShifter && tu.Tags.Has(shifter)
		switch {
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
			b.rs.Skills = append(b.rs.Skills, table.Skill{
				Name: u.Skill.Name, Kind: skillKinds[u.Skill.Kind], Reaction: u.Skill.Reaction, Text: u.Skill.Text,
				Effects: b.effects(u.Skill.Effects),
			})
		}
		b.rs.Units = append(b.rs.Units, tu)
	}
}
