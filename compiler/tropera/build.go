package tropera

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/compiler/source"
	"github.com/roundtable-dev/roundtable/engine/tropera/table"
)

type statsDoc map[string]int

type weaponDoc struct {
	ID       string `yaml:"id"`
	Name     string `yaml:"name"`
	Type     string `yaml:"type"`
	Rank     string `yaml:"rank"`
	Might    int8   `yaml:"might"`
	Accuracy int16  `yaml:"accuracy"`
	Crit     int8   `yaml:"crit"`
	Range    struct {
		Min int8 `yaml:"min"`
		Max int8 `yaml:"max"`
	} `yaml:"range"`
	Weight    int8     `yaml:"weight"`
	Charges   int8     `yaml:"charges"`
	Damage    string   `yaml:"damage"`
	Brave     bool     `yaml:"brave"`
	Heavy     bool     `yaml:"heavy"`
	Slows     int8     `yaml:"slows"`
	Effective []string `yaml:"effective"`
	Natural   bool     `yaml:"natural"`
}

type combatDoc struct {
	Move        int8   `yaml:"move"`
	HP          int8   `yaml:"hp"`
	SkillHit    int8   `yaml:"skill-hit"`
	LuckAvoid   int8   `yaml:"luck-avoid"`
	Survive     bool   `yaml:"survive"`
	Halve       string `yaml:"halve"`
	Extra       int8   `yaml:"extra"`
	FoeExtra    int8   `yaml:"foe-extra"`
	Wary        int8   `yaml:"wary"`
	Adept       int8   `yaml:"adept"`
	Vantage     bool   `yaml:"vantage"`
	Pierce      bool   `yaml:"pierce"`
	Gamble      bool   `yaml:"gamble"`
	NoTriangle  bool   `yaml:"no-triangle"`
	NoTerrain   bool   `yaml:"no-terrain"`
	TerrainBack bool   `yaml:"terrain-back"`
	WarMage     bool   `yaml:"war-mage"`
	MageArmor   bool   `yaml:"mage-armor"`
	Guerilla    bool   `yaml:"guerilla"`
	Silencer    bool   `yaml:"silencer"`
	HalveHeal   bool   `yaml:"halve-healing"`
	Shield      bool   `yaml:"shield"`
	Focus       int8   `yaml:"focus"`
}

type featDoc struct {
	ID          string    `yaml:"id"`
	Name        string    `yaml:"name"`
	Origin      bool      `yaml:"origin"`
	Requires    []string  `yaml:"requires"`
	RequiresAny []string  `yaml:"requires-any"`
	Excludes    []string  `yaml:"excludes"`
	Proficiency string    `yaml:"proficiency"`
	Ranks       int8      `yaml:"ranks"`
	Slots       int8      `yaml:"slots"`
	Natural     []string  `yaml:"natural"`
	Choose      int8      `yaml:"choose"`
	Combat      combatDoc `yaml:"combat"`
	Text        string    `yaml:"text"`
}

type itemDoc struct {
	ID      string `yaml:"id"`
	Name    string `yaml:"name"`
	Slot    string `yaml:"slot"`
	Heal    int8   `yaml:"heal"`
	Charges int8   `yaml:"charges"`
	Text    string `yaml:"text"`
}

type terrainDoc struct {
	ID           string `yaml:"id"`
	Name         string `yaml:"name"`
	Move         string `yaml:"move"`
	Avoid        int8   `yaml:"avoid"`
	Defense      int8   `yaml:"defense"`
	Healing      int8   `yaml:"healing"`
	Destructible bool   `yaml:"destructible"`
	Wall         bool   `yaml:"wall"`
}

type characterDoc struct {
	ID            string   `yaml:"id"`
	Name          string   `yaml:"name"`
	Level         int8     `yaml:"level"`
	Points        statsDoc `yaml:"points"`
	Growths       statsDoc `yaml:"growths"`
	Gains         statsDoc `yaml:"gains"`
	Feats         []string `yaml:"feats"`
	Proficiencies []struct {
		Type string `yaml:"type"`
		Rank string `yaml:"rank"`
	} `yaml:"proficiencies"`
	Weapons []string `yaml:"weapons"`
	Items   []string `yaml:"items"`
	Relic   string   `yaml:"relic"`
	Natural []string `yaml:"natural"`
	Focus   string   `yaml:"focus"`
	Alt     bool     `yaml:"alt"`
}

type skirmishDoc struct {
	ID     string `yaml:"id"`
	Name   string `yaml:"name"`
	Rounds int8   `yaml:"rounds"`
	Sides  []struct {
		Name  string `yaml:"name"`
		Units []struct {
			Character string `yaml:"character"`
			Weapon    string `yaml:"weapon"`
			Terrain   string `yaml:"terrain"`
		} `yaml:"units"`
	} `yaml:"sides"`
}

// The schema's words, indexed like the table's constants.
var (
	rankOf   = indexOf(table.RankNames[:])
	profOf   = indexOf(table.ProfNames[:])
	weaponOf = indexOf(table.WeaponTypeNames[:])
	moveOf   = indexOf(table.MoveNames[:])
)

func indexOf(names []string) map[string]int {
	m := make(map[string]int, len(names))
	for i, n := range names {
		m[n] = i
	}
	return m
}

type builder struct {
	p     *compiler.Program
	diags diag.List
	rs    *table.Ruleset
}

func build(p *compiler.Program) (any, diag.List) {
	b := &builder{p: p, rs: &table.Ruleset{}}
	b.feats() // before weapons: effectiveness names feats
	b.weapons()
	b.featLinks()
	b.items()
	b.terrain()
	b.characters()
	b.skirmishes()
	return b.rs, b.diags
}

func decode[T any](b *builder, d *compiler.Doc) (T, bool) {
	return compiler.Decode[T](d, &b.diags)
}

// ref resolves a reference, bare or pack-qualified, from the file at pos.
func (b *builder) ref(kind, id string, pos diag.Pos, what string) int {
	return b.p.Resolve(kind, id, pos, what, &b.diags)
}

func (b *builder) refs(d *compiler.Doc, kind string, ids []string, what string, path ...string) []int16 {
	var out []int16
	for i, id := range ids {
		if k := b.ref(kind, id, pos(d, append(slices.Clone(path), strconv.Itoa(i))...), what); k >= 0 {
			out = append(out, int16(k))
		}
	}
	return out
}

func pos(d *compiler.Doc, path ...string) diag.Pos {
	if n := source.Path(d.Node(), path...); n != nil {
		return source.NodePos(d.File, n)
	}
	return d.Pos()
}

// keyPos is where a key of a mapping is written (not its value).
func keyPos(d *compiler.Doc, key string, path ...string) diag.Pos {
	m := d.Node()
	if len(path) > 0 {
		m = source.Path(d.Node(), path...)
	}
	for i := 0; m != nil && i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return source.NodePos(d.File, m.Content[i])
		}
	}
	return d.Pos()
}

func stats(s statsDoc) table.Stats {
	var out table.Stats
	for i, n := range table.StatNames {
		out[i] = int8(s[n])
	}
	return out
}

func (b *builder) feats() {
	for _, d := range b.p.Valid("feat") {
		f, ok := decode[featDoc](b, d)
		if !ok {
			b.rs.Feats = append(b.rs.Feats, table.Feat{ID: d.ID})
			continue
		}
		c := f.Combat
		tf := table.Feat{ID: f.ID, Name: f.Name, Origin: f.Origin, NeedsProf: table.NoProf, Choose: f.Choose, Ranks: f.Ranks, Slots: f.Slots, Text: f.Text,
			Combat: table.Combat{Move: c.Move, HP: c.HP, SkillHit: c.SkillHit, LuckAvoid: c.LuckAvoid, Survive: c.Survive,
				HalvePhys: c.Halve == "physical", HalveMag: c.Halve == "magical", Extra: c.Extra, FoeExtra: c.FoeExtra,
				Wary: c.Wary, Adept: c.Adept, Vantage: c.Vantage, Pierce: c.Pierce, Gamble: c.Gamble,
				NoTriangle: c.NoTriangle, NoTerrain: c.NoTerrain, TerrainBack: c.TerrainBack,
				WarMage: c.WarMage, MageArmor: c.MageArmor, Guerilla: c.Guerilla, Silencer: c.Silencer, HalveHeal: c.HalveHeal, Shield: c.Shield, Focus: c.Focus}}
		if f.Proficiency != "" {
			tf.NeedsProf = table.Prof(profOf[f.Proficiency])
		}
		b.rs.Feats = append(b.rs.Feats, tf)
	}
}

// featLinks resolves the feats' references once every feat and weapon is known.
func (b *builder) featLinks() {
	for i, d := range b.p.Valid("feat") {
		f, ok := decode[featDoc](b, d)
		if !ok {
			continue
		}
		tf := &b.rs.Feats[i]
		tf.Requires = b.refs(d, "feat", f.Requires, "feat", "requires")
		tf.RequiresAny = b.refs(d, "feat", f.RequiresAny, "feat", "requires-any")
		tf.Excludes = b.refs(d, "feat", f.Excludes, "feat", "excludes")
		tf.Natural = b.refs(d, "weapon", f.Natural, "weapon", "natural")
	}
}

func (b *builder) weapons() {
	for _, d := range b.p.Valid("weapon") {
		w, ok := decode[weaponDoc](b, d)
		if !ok {
			b.rs.Weapons = append(b.rs.Weapons, table.Weapon{ID: d.ID})
			continue
		}
		t := table.WeaponType(weaponOf[w.Type])
		tw := table.Weapon{ID: w.ID, Name: w.Name, Type: t, Might: w.Might, Accuracy: w.Accuracy, Crit: w.Crit,
			MinRange: w.Range.Min, MaxRange: w.Range.Max, Weight: w.Weight, Charges: w.Charges,
			Magical: t.Magical(), Brave: w.Brave, Heavy: w.Heavy, Slows: w.Slows, Natural: w.Natural}
		if w.Rank != "" {
			tw.Rank = table.Rank(rankOf[w.Rank])
		}
		if w.Damage != "" {
			tw.Magical = w.Damage == "magical"
		}
		if w.Range.Min > w.Range.Max {
			b.diags.Add(CodeRange, pos(d, "range", "min"), "weapon %q: range %d-%d runs backwards", w.ID, w.Range.Min, w.Range.Max).Hint = "write the smaller distance as min"
		}
		tw.Effective = b.refs(d, "feat", w.Effective, "feat", "effective")
		b.rs.Weapons = append(b.rs.Weapons, tw)
	}
}

func (b *builder) items() {
	for _, d := range b.p.Valid("item") {
		it, ok := decode[itemDoc](b, d)
		if !ok {
			b.rs.Items = append(b.rs.Items, table.Item{ID: d.ID})
			continue
		}
		ti := table.Item{ID: it.ID, Name: it.Name, Heal: it.Heal, Charges: it.Charges, Text: it.Text}
		if it.Slot == "relic" {
			ti.Slot = table.RelicSlot
		}
		b.rs.Items = append(b.rs.Items, ti)
	}
}

func (b *builder) terrain() {
	for _, d := range b.p.Valid("terrain") {
		t, ok := decode[terrainDoc](b, d)
		if !ok {
			b.rs.Terrain = append(b.rs.Terrain, table.Terrain{ID: d.ID})
			continue
		}
		b.rs.Terrain = append(b.rs.Terrain, table.Terrain{ID: t.ID, Name: t.Name, Move: table.Move(moveOf[t.Move]),
			Avoid: t.Avoid, Defense: t.Defense, Healing: t.Healing, Destructible: t.Destructible, Wall: t.Wall})
	}
}

func (b *builder) characters() {
	for _, d := range b.p.Valid("character") {
		c, ok := decode[characterDoc](b, d)
		if !ok {
			b.rs.Characters = append(b.rs.Characters, table.Character{ID: d.ID, Relic: -1, Focus: table.NoProf})
			continue
		}
		tc := table.Character{ID: c.ID, Name: c.Name, Level: c.Level, Points: stats(c.Points), Growths: stats(c.Growths), Gains: stats(c.Gains), Alt: c.Alt, Relic: -1, Focus: table.NoProf}
		b.budget(d, c, tc)
		b.gains(d, c, tc)
		var at []int
		tc.Feats, at = b.characterFeats(d, c)
		tc.Skills = b.skills(d, c, tc, at)
		tc.Focus = b.focus(d, c, tc, at)
		tc.Natural = b.natural(d, c, tc, at)
		b.inventory(d, c, &tc)
		b.rs.Characters = append(b.rs.Characters, tc)
	}
}

func (b *builder) budget(d *compiler.Doc, c characterDoc, tc table.Character) {
	sum := 0
	for _, v := range tc.Points {
		sum += int(v)
	}
	switch {
	case sum > table.Budget:
		b.diags.Add(CodeBudget, keyPos(d, "points"), "character %q assigns %d points; creation gives %d", c.ID, sum, table.Budget).Hint = "take " + plural(sum-table.Budget, "point") + " off"
	case sum < table.Budget:
		b.diags.Warn(CodeUnspent, keyPos(d, "points"), "character %q assigns %d of its %d points", c.ID, sum, table.Budget).Hint = plural(table.Budget-sum, "point") + " left to assign"
	}
}

// gains bounds level-up gains: a rolled level raises a stat by at most 1
// (the chosen 4, or a natural 20, never both) and 8 in all; a milestone
// level gives 9 free points, at most 2 a stat, and 2 more hit points.
func (b *builder) gains(d *compiler.Doc, c characterDoc, tc table.Character) {
	if c.Gains == nil {
		return
	}
	ms := table.Milestones(int(c.Level))
	rolled := int(c.Level) - 1 - ms
	total := 0
	for i, v := range tc.Gains {
		total += int(v)
		limit := rolled + ms*table.MilestonePerStat
		if table.Stat(i) == table.HP {
			limit += ms * table.MilestoneHP
		}
		if int(v) > limit {
			b.diags.Add(CodeGains, pos(d, "gains", table.StatNames[i]), "character %q gained %d %s in %d level-ups; at most %d", c.ID, v, table.StatNames[i], c.Level-1, limit).Hint = "a rolled level raises a stat by 1 at most; levels 8 and 16 by 2 (HP by 4)"
		}
	}
	if limit := rolled*int(table.NumStats) + ms*(table.MilestonePoints+table.MilestoneHP); total > limit {
		b.diags.Add(CodeGains, keyPos(d, "gains"), "character %q gained %d points in %d level-ups; at most %d", c.ID, total, c.Level-1, limit)
	}
}

// characterFeats links the feats and checks their order; at[i] is where
// out[i] is written.
func (b *builder) characterFeats(d *compiler.Doc, c characterDoc) (out []int16, at []int) {
	seen := map[int16]int{}
	for i, id := range c.Feats {
		p := pos(d, "feats", strconv.Itoa(i))
		k := b.ref("feat", id, p, "feat")
		if k < 0 {
			continue
		}
		f := &b.rs.Feats[k]
		if j, dup := seen[int16(k)]; dup {
			dd := b.diags.Add(CodeFeatTwice, p, "character %q takes feat %q twice", c.ID, f.ID)
			dd.Related = []diag.Related{{Pos: pos(d, "feats", strconv.Itoa(j)), Message: "first taken here"}}
			continue
		}
		if f.Origin && i > 0 {
			b.diags.Add(CodeOrigin, p, "character %q: origin %q is not its first feat", c.ID, f.ID).Hint = "a laguz or manakete option takes the place of the level-1 feat; list it first, once"
		}
		for _, r := range f.Requires {
			if !slices.Contains(out, r) {
				b.diags.Add(CodeRequires, p, "character %q: feat %q requires %q, taken before it", c.ID, f.ID, b.rs.Feats[r].ID)
			}
		}
		if len(f.RequiresAny) > 0 && !slices.ContainsFunc(f.RequiresAny, func(r int16) bool { return slices.Contains(out, r) }) {
			var names []string
			for _, r := range f.RequiresAny {
				names = append(names, b.rs.Feats[r].ID)
			}
			b.diags.Add(CodeRequires, p, "character %q: feat %q requires one of %s, taken before it", c.ID, f.ID, strings.Join(names, ", "))
		}
		for _, o := range out {
			if slices.Contains(f.Excludes, o) || slices.Contains(b.rs.Feats[o].Excludes, int16(k)) {
				dd := b.diags.Add(CodeExcludes, p, "character %q: feat %q cannot be taken with %q", c.ID, f.ID, b.rs.Feats[o].ID)
				dd.Related = []diag.Related{{Pos: pos(d, "feats", strconv.Itoa(seen[o])), Message: b.rs.Feats[o].ID + " is here"}}
			}
		}
		seen[int16(k)] = i
		out, at = append(out, int16(k)), append(at, i)
	}
	allowed := table.Feats(int(c.Level))
	switch {
	case len(c.Feats) > allowed:
		b.diags.Add(CodeFeatCount, pos(d, "feats", strconv.Itoa(allowed)), "character %q has %d feats; at level %d it has %d", c.ID, len(c.Feats), c.Level, allowed).Hint = "one feat at level 1, one more at levels 8 and 16"
	case len(c.Feats) < allowed:
		b.diags.Warn(CodeFeatMissing, keyPos(d, "feats"), "character %q has %s; at level %d it has %d", c.ID, plural(len(c.Feats), "feat"), c.Level, allowed).Hint = "one feat at level 1, one more at levels 8 and 16"
	}
	return out, at
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

func (b *builder) skills(d *compiler.Doc, c characterDoc, tc table.Character, at []int) []table.Skill {
	var out []table.Skill
	spent := 0
	seen := map[string]int{}
	for i, p := range c.Proficiencies {
		r := table.Rank(rankOf[p.Rank])
		spent += int(r)
		if j, dup := seen[p.Type]; dup {
			dd := b.diags.Add(CodeProfTwice, pos(d, "proficiencies", strconv.Itoa(i), "type"), "character %q lists proficiency %s twice", c.ID, p.Type)
			dd.Related = []diag.Related{{Pos: pos(d, "proficiencies", strconv.Itoa(j), "type"), Message: "first listed here"}}
			dd.Hint = "give one entry per proficiency with its rank"
			continue
		}
		seen[p.Type] = i
		if len(out) == table.MaxProfs {
			b.diags.Add(CodeProfCount, pos(d, "proficiencies", strconv.Itoa(i), "type"), "character %q has more than %d different proficiencies", c.ID, table.MaxProfs)
		}
		out = append(out, table.Skill{Prof: table.Prof(profOf[p.Type]), Rank: r})
	}
	allowed := table.ProfRanks(int(c.Level))
	for _, f := range tc.Feats {
		allowed += int(b.rs.Feats[f].Ranks)
	}
	if spent > allowed {
		dd := b.diags.Add(CodeProfRanks, keyPos(d, "proficiencies"), "character %q has %d proficiency ranks; level %d and its feats give %d", c.ID, spent, c.Level, allowed)
		dd.Hint = "D is 1 rank, C 2, B 3, A 4, S 5, S+ 6 … S+4 9; ranks come at level 1, 4, 7, 10, 13, 16, 19 and 20"
	}
	for i, f := range tc.Feats {
		need := b.rs.Feats[f].NeedsProf
		if need != table.NoProf && !slices.ContainsFunc(out, func(s table.Skill) bool { return s.Prof == need }) {
			b.diags.Add(CodeOriginProf, pos(d, "feats", strconv.Itoa(at[i])), "character %q: origin %q needs the %s proficiency", c.ID, b.rs.Feats[f].ID, need).Hint = "take it as the level-1 proficiency"
		}
	}
	return out
}

// natural checks the natural weapons a character picks: each from a feat
// of its that lets it choose, as many as the feat says.
func (b *builder) natural(d *compiler.Doc, c characterDoc, tc table.Character, at []int) []int16 {
	var out []int16
	picked := map[int16]int{} // feat -> picks
	for i, id := range c.Natural {
		p := pos(d, "natural", strconv.Itoa(i))
		k := b.ref("weapon", id, p, "weapon")
		if k < 0 {
			continue
		}
		fi := slices.IndexFunc(tc.Feats, func(f int16) bool {
			return b.rs.Feats[f].Choose > 0 && slices.Contains(b.rs.Feats[f].Natural, int16(k))
		})
		if fi < 0 {
			b.diags.Add(CodeNatural, p, "character %q picks %q, which none of its feats lets it choose", c.ID, id).Hint = "natural weapons of other feats come with the feat; pick only from a feat such as Dragon's Breath"
			continue
		}
		picked[tc.Feats[fi]]++
		out = append(out, int16(k))
	}
	for i, f := range tc.Feats {
		ft := &b.rs.Feats[f]
		if ft.Choose > 0 && picked[f] != int(ft.Choose) {
			b.diags.Add(CodeNatural, pos(d, "feats", strconv.Itoa(at[i])), "character %q picks %d of the natural weapons of %q; the feat picks %d", c.ID, picked[f], ft.ID, ft.Choose).Hint = "list the choice under natural:"
		}
	}
	return out
}

// focus checks that a Focus feat names a proficiency the character has,
// and that only a Focus feat's bearer names one.
func (b *builder) focus(d *compiler.Doc, c characterDoc, tc table.Character, at []int) table.Prof {
	fi := slices.IndexFunc(tc.Feats, func(f int16) bool { return b.rs.Feats[f].Combat.Focus > 0 })
	switch {
	case fi >= 0 && c.Focus == "":
		b.diags.Add(CodeFocus, pos(d, "feats", strconv.Itoa(at[fi])), "character %q takes %q but names no focus proficiency", c.ID, b.rs.Feats[tc.Feats[fi]].ID).Hint = "add focus: with one of its proficiencies"
	case fi < 0 && c.Focus != "":
		b.diags.Add(CodeFocus, pos(d, "focus"), "character %q names a focus but has no feat that focuses", c.ID).Hint = "take Focus, or remove focus:"
	case c.Focus != "":
		p := table.Prof(profOf[c.Focus])
		if !slices.ContainsFunc(tc.Skills, func(s table.Skill) bool { return s.Prof == p }) {
			b.diags.Add(CodeFocus, pos(d, "focus"), "character %q focuses on %s, a proficiency it does not have", c.ID, c.Focus).Hint = "Focus gives a rank in the focused proficiency; list it under proficiencies"
		}
		return p
	}
	return table.NoProf
}

func (b *builder) inventory(d *compiler.Doc, c characterDoc, tc *table.Character) {
	extra := 0
	for _, f := range tc.Feats {
		extra += int(b.rs.Feats[f].Slots)
	}
	lv := int(c.Level)
	if n, max := len(c.Weapons), table.WeaponSlots(lv)+extra; n > max {
		b.diags.Add(CodeInventory, pos(d, "weapons", strconv.Itoa(max)), "character %q carries %d weapons; it has %d weapon slots", c.ID, n, max).Hint = "3 weapon slots, 4 from level 8; Arsenal adds one"
	}
	if n, max := len(c.Items), table.ItemSlots(lv)+extra; n > max {
		b.diags.Add(CodeInventory, pos(d, "items", strconv.Itoa(max)), "character %q carries %d items; it has %d item slots", c.ID, n, max).Hint = "2 item slots, 3 from level 8; Arsenal adds one"
	}
	for i, id := range c.Weapons {
		p := pos(d, "weapons", strconv.Itoa(i))
		k := b.ref("weapon", id, p, "weapon")
		if k < 0 {
			continue
		}
		w := &b.rs.Weapons[k]
		tc.Weapons = append(tc.Weapons, int16(k))
		if w.Natural {
			b.diags.Add(CodeInventory, p, "character %q carries natural weapon %q", c.ID, w.ID).Hint = "natural weapons come with their feat; remove it from weapons"
			continue
		}
		if !usable(tc.Skills, w) {
			dd := b.diags.Warn(CodeUnusable, p, "character %q cannot use %q: it needs %s rank %s", c.ID, w.ID, w.Type.Prof(), w.Rank)
			dd.Hint = "it can still be carried and traded"
		}
	}
	for i, id := range c.Items {
		p := pos(d, "items", strconv.Itoa(i))
		if k := b.ref("item", id, p, "item"); k >= 0 {
			if b.rs.Items[k].Slot == table.RelicSlot {
				b.diags.Add(CodeInventory, p, "character %q carries relic %q in an item slot", c.ID, id).Hint = "a relic goes in relic:"
			}
			tc.Items = append(tc.Items, int16(k))
		}
	}
	if c.Relic != "" {
		p := pos(d, "relic")
		if k := b.ref("item", c.Relic, p, "item"); k >= 0 {
			if b.rs.Items[k].Slot != table.RelicSlot {
				b.diags.Add(CodeInventory, p, "character %q carries item %q in its relic slot", c.ID, c.Relic).Hint = "only relics go in relic:; items go in items:"
			}
			tc.Relic = int16(k)
		}
	}
}

// usable reports whether the skills reach the weapon's rank.
func usable(skills []table.Skill, w *table.Weapon) bool {
	p := w.Type.Prof()
	if p == table.NoProf {
		return true
	}
	for _, s := range skills {
		if s.Prof == p {
			return s.Rank >= max(w.Rank, table.RankD)
		}
	}
	return false
}

func (b *builder) skirmishes() {
	for _, d := range b.p.Valid("skirmish") {
		s, ok := decode[skirmishDoc](b, d)
		if !ok {
			continue
		}
		ts := table.Skirmish{ID: s.ID, Name: s.Name, Rounds: s.Rounds}
		if ts.Rounds == 0 {
			ts.Rounds = DefaultRounds // the schema's default; CUE defaults do not reach the YAML
		}
		seen := map[int]diag.Pos{}
		for si, side := range s.Sides {
			ts.Sides[si].Name = side.Name
			for ui, u := range side.Units {
				path := []string{"sides", strconv.Itoa(si), "units", strconv.Itoa(ui)}
				cp := pos(d, append(path, "character")...)
				ci := b.ref("character", u.Character, cp, "character")
				wp := pos(d, append(path, "weapon")...)
				wi := b.ref("weapon", u.Weapon, wp, "weapon")
				ti := -1
				if u.Terrain != "" {
					ti = b.ref("terrain", u.Terrain, pos(d, append(path, "terrain")...), "terrain")
				}
				if ci < 0 || wi < 0 {
					continue
				}
				if first, dup := seen[ci]; dup {
					dd := b.diags.Add(CodeDeployTwice, cp, "skirmish %q deploys %q twice", s.ID, u.Character)
					dd.Related = []diag.Related{{Pos: first, Message: "first deployed here"}}
					continue
				}
				seen[ci] = cp
				if !b.equips(ci, wi) {
					dd := b.diags.Add(CodeDeployWeapon, wp, "skirmish %q: %q neither carries %q nor has it from a feat", s.ID, u.Character, u.Weapon)
					dd.Hint = "equip one of its weapons or natural weapons"
				}
				ts.Sides[si].Units = append(ts.Sides[si].Units, table.Deployed{Character: int16(ci), Weapon: int16(wi), Terrain: int16(ti)})
			}
		}
		b.rs.Skirmishes = append(b.rs.Skirmishes, ts)
	}
}

// equips reports whether character ci carries weapon wi or has it by a feat.
func (b *builder) equips(ci, wi int) bool {
	if ci >= len(b.rs.Characters) {
		return false
	}
	c := &b.rs.Characters[ci]
	if slices.Contains(c.Weapons, int16(wi)) {
		return true
	}
	if slices.Contains(c.Natural, int16(wi)) {
		return true
	}
	for _, f := range c.Feats {
		if b.rs.Feats[f].Choose == 0 && slices.Contains(b.rs.Feats[f].Natural, int16(wi)) {
			return true
		}
	}
	return false
}
