package tropera

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/diag"
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
	Inflicts  string   `yaml:"inflicts"`
	Hostile   bool     `yaml:"hostile"`
	Chain     struct {
		Jumps  int8 `yaml:"jumps"`
		Within int8 `yaml:"within"`
	} `yaml:"chain"`
	Siege bool   `yaml:"siege"`
	Text  string `yaml:"text"`
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
	Flies       bool   `yaml:"flies"`
	Mounted     bool   `yaml:"mounted"`
	PassFoes    bool   `yaml:"pass-foes"`
	Canto       bool   `yaml:"canto"`
	Rescue      string `yaml:"rescue"`
	Armored     bool   `yaml:"armored"`
	Sentinel    bool   `yaml:"sentinel"`
	Cleave      int8   `yaml:"cleave"`
	Trample     bool   `yaml:"trample"`
	Multishot   bool   `yaml:"multishot"`
	Grapple     bool   `yaml:"grapple"`
	GuardBreak  bool   `yaml:"guard-break"`
	QuickDraw   bool   `yaml:"quick-draw"`
	FastHealer  bool   `yaml:"fast-healer"`
	QuickSalve  bool   `yaml:"quick-salve"`
	Medic       bool   `yaml:"medic"`
	Steal       bool   `yaml:"steal"`
	Overload    bool   `yaml:"overload"`
	Provoke     bool   `yaml:"provoke"`
	Shade       bool   `yaml:"shade"`
	Ailment     int8   `yaml:"ailment"`
}

type featDoc struct {
	ID          string   `yaml:"id"`
	Name        string   `yaml:"name"`
	Origin      bool     `yaml:"origin"`
	Requires    []string `yaml:"requires"`
	RequiresAny []string `yaml:"requires-any"`
	Excludes    []string `yaml:"excludes"`
	Proficiency string   `yaml:"proficiency"`
	Ranks       int8     `yaml:"ranks"`
	Slots       int8     `yaml:"slots"`
	Natural     []string `yaml:"natural"`
	Choose      int8     `yaml:"choose"`
	Spread      int8     `yaml:"spread"`
	Negates     []string `yaml:"negates"`
	Beast       bool     `yaml:"beast"`
	Keeps       map[string]struct {
		Natural bool   `yaml:"natural"`
		Flies   bool   `yaml:"flies"`
		Halve   string `yaml:"halve"`
	} `yaml:"keeps"`
	Combat combatDoc `yaml:"combat"`
	Text   string    `yaml:"text"`
}

type itemDoc struct {
	ID      string   `yaml:"id"`
	Name    string   `yaml:"name"`
	Slot    string   `yaml:"slot"`
	Heal    int8     `yaml:"heal"`
	Charges int8     `yaml:"charges"`
	Boost   statsDoc `yaml:"boost"`
	Fade    int8     `yaml:"fade"`
	Stats   statsDoc `yaml:"stats"`
	Opens   bool     `yaml:"opens"`
	Text    string   `yaml:"text"`
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
	Glyph        string `yaml:"glyph"`
	HP           int8   `yaml:"hp"`
	Becomes      string `yaml:"becomes"`
	Cliff        bool   `yaml:"cliff"`
	Door         bool   `yaml:"door"`
	Text         string `yaml:"text"`
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
	Weapons      []string `yaml:"weapons"`
	Items        []string `yaml:"items"`
	Relic        string   `yaml:"relic"`
	Natural      []string `yaml:"natural"`
	Focus        string   `yaml:"focus"`
	Alt          bool     `yaml:"alt"`
	Performances []string `yaml:"performances"`
	Text         string   `yaml:"text"`
}

// The schema's words, indexed like the table's constants.
var (
	rankOf   = indexOf(table.RankNames[:])
	profOf   = indexOf(table.ProfNames[:])
	weaponOf = indexOf(table.WeaponTypeNames[:])
	moveOf   = indexOf(table.MoveNames[:])
	statusOf = indexOf(table.StatusNames[:])
	levelOf  = indexOf(table.LevelNames[:])
)

// indexOf maps each name to its index (compiler.Words).
var indexOf = compiler.Words[int]

type builder struct {
	p     *compiler.Program
	diags diag.List
	rs    *table.Ruleset
	// gearBroken lists the characters that name a weapon or feat that
	// does not resolve (an unknown id, or a broken document's, reported
	// where it is named): what they can wield in a battle is unknown until
	// that error is fixed, so a battle does not report it again.
	gearBroken map[string]bool
}

// build is the game's build: its steps in the order they run, each after
// the steps it needs (compiler.Steps).
var build = compiler.Steps[*builder]{
	New: newBuilder,
	Table: []compiler.Step[*builder]{
		{Name: "feats", Run: (*builder).feats},
		{Name: "weapons", Needs: []string{"feats"}, Run: (*builder).weapons},
		{Name: "featLinks", Needs: []string{"feats", "weapons"}, Run: (*builder).featLinks},
		{Name: "items", Run: (*builder).items},
		{Name: "terrain", Run: (*builder).terrain},
		{Name: "performances", Run: (*builder).performances},
		{Name: "characters", Needs: []string{"feats", "weapons", "featLinks", "items", "performances"}, Run: (*builder).characters},
		{Name: "maps", Needs: []string{"terrain", "weapons"}, Run: (*builder).maps},
		{Name: "battles", Needs: []string{"terrain", "weapons", "items", "characters", "maps"}, Run: (*builder).battles},
	},
}

// Result returns the ruleset and what the steps reported.
func (b *builder) Result() (any, diag.List) { return b.rs, b.diags }

func newBuilder(p *compiler.Program) *builder {
	return &builder{p: p, rs: &table.Ruleset{}, gearBroken: map[string]bool{}}
}

// refs resolves a list of references at path in d, bare or pack-qualified,
// and keeps those that resolve.
func (b *builder) refs(d *compiler.Doc, kind string, ids []string, what string, path ...string) []int16 {
	var out []int16
	for i, id := range ids {
		if k := b.p.Resolve(kind, id, pos(d, append(slices.Clone(path), strconv.Itoa(i))...), what, &b.diags); k >= 0 {
			out = append(out, int16(k))
		}
	}
	return out
}

// pos is the position of the value at path in d (compiler.Doc.PathPos).
var pos = (*compiler.Doc).PathPos

// keyPos is where a key is written in the mapping at path (compiler.Doc.KeyPos).
var keyPos = (*compiler.Doc).KeyPos

func stats(s statsDoc) table.Stats {
	var out table.Stats
	for i, n := range table.StatNames {
		out[i] = int8(s[n])
	}
	return out
}

func (b *builder) feats() {
	for _, f := range compiler.Decoded[featDoc](b.p, "feat", &b.diags, func(d *compiler.Doc) {
		b.rs.Feats = append(b.rs.Feats, table.Feat{ID: d.ID})
	}) {
		c := f.Combat
		tf := table.Feat{ID: f.ID, Name: f.Name, Origin: f.Origin, NeedsProf: table.NoProf, Choose: f.Choose, Ranks: f.Ranks, Slots: f.Slots, Text: f.Text,
			Combat: table.Combat{Move: c.Move, HP: c.HP, SkillHit: c.SkillHit, LuckAvoid: c.LuckAvoid, Survive: c.Survive,
				HalvePhys: c.Halve == "physical", HalveMag: c.Halve == "magical", Extra: c.Extra, FoeExtra: c.FoeExtra,
				Wary: c.Wary, Adept: c.Adept, Vantage: c.Vantage, Pierce: c.Pierce, Gamble: c.Gamble,
				NoTriangle: c.NoTriangle, NoTerrain: c.NoTerrain, TerrainBack: c.TerrainBack,
				WarMage: c.WarMage, MageArmor: c.MageArmor, Guerilla: c.Guerilla, Silencer: c.Silencer, HalveHeal: c.HalveHeal, Shield: c.Shield, Focus: c.Focus,
				Flies: c.Flies, Mounted: c.Mounted, PassFoes: c.PassFoes, Canto: c.Canto, Armored: c.Armored, Sentinel: c.Sentinel,
				Cleave: c.Cleave, Trample: c.Trample, Multishot: c.Multishot, Grapple: c.Grapple, GuardBreak: c.GuardBreak,
				QuickDraw: c.QuickDraw, FastHealer: c.FastHealer, QuickSalve: c.QuickSalve, Medic: c.Medic, Steal: c.Steal,
				Overload: c.Overload, Provoke: c.Provoke, Shade: c.Shade, Ailment: c.Ailment},
			Spread: f.Spread, Beast: f.Beast}
		switch c.Rescue {
		case "any":
			tf.Combat.Rescue = 1
		case "unarmored":
			tf.Combat.Rescue = 2
		}
		if f.Proficiency != "" {
			tf.NeedsProf = table.Prof(profOf[f.Proficiency])
		}
		b.rs.Feats = append(b.rs.Feats, tf)
	}
}

// featLinks resolves the feats' references once every feat and weapon is known.
func (b *builder) featLinks() {
	for i, d := range b.p.Valid("feat") {
		f, ok := compiler.Decode[featDoc](d, &b.diags)
		if !ok {
			continue
		}
		tf := &b.rs.Feats[i]
		tf.Requires = b.refs(d, "feat", f.Requires, "feat", "requires")
		tf.RequiresAny = b.refs(d, "feat", f.RequiresAny, "feat", "requires-any")
		tf.Excludes = b.refs(d, "feat", f.Excludes, "feat", "excludes")
		tf.Natural = b.refs(d, "weapon", f.Natural, "weapon", "natural")
		tf.Negates = b.refs(d, "feat", f.Negates, "feat", "negates")
		origins := make([]string, 0, len(f.Keeps))
		for o := range f.Keeps {
			origins = append(origins, o)
		}
		slices.Sort(origins)
		for _, o := range origins {
			k := f.Keeps[o]
			oi := b.p.Resolve("feat", o, keyPos(d, o, "keeps"), "feat", &b.diags)
			if oi < 0 {
				continue
			}
			tf.Keeps = append(tf.Keeps, table.Keep{Origin: int16(oi), Natural: k.Natural, Flies: k.Flies, Halve: k.Halve == "physical"})
		}
	}
}

func (b *builder) weapons() {
	for d, w := range compiler.Decoded[weaponDoc](b.p, "weapon", &b.diags, func(d *compiler.Doc) {
		b.rs.Weapons = append(b.rs.Weapons, table.Weapon{ID: d.ID})
	}) {
		t := table.WeaponType(weaponOf[w.Type])
		tw := table.Weapon{ID: w.ID, Name: w.Name, Type: t, Might: w.Might, Accuracy: w.Accuracy, Crit: w.Crit,
			MinRange: w.Range.Min, MaxRange: w.Range.Max, Weight: w.Weight, Charges: w.Charges,
			Magical: t.Magical(), Brave: w.Brave, Heavy: w.Heavy, Slows: w.Slows, Natural: w.Natural, Text: w.Text}
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
		tw.Inflicts = table.Status(statusOf[w.Inflicts])
		tw.Hostile, tw.Siege = w.Hostile, w.Siege
		tw.Chain, tw.ChainReach = w.Chain.Jumps, w.Chain.Within
		if w.Hostile && t != table.Staff {
			b.diags.Add(CodeWeapon, keyPos(d, "hostile"), "weapon %q is hostile but a %s; only staves are hostile or healing", w.ID, w.Type).Hint = "an attacking weapon attacks already; remove hostile"
		}
		if w.Siege && (w.Rank != "" || w.Natural) {
			b.diags.Add(CodeWeapon, keyPos(d, "siege"), "weapon %q is a siege weapon with a rank or natural; siege weapons need no proficiency", w.ID).Hint = "remove rank (and natural)"
		}
		b.rs.Weapons = append(b.rs.Weapons, tw)
	}
}

func (b *builder) items() {
	for _, it := range compiler.Decoded[itemDoc](b.p, "item", &b.diags, func(d *compiler.Doc) {
		b.rs.Items = append(b.rs.Items, table.Item{ID: d.ID})
	}) {
		ti := table.Item{ID: it.ID, Name: it.Name, Heal: it.Heal, Charges: it.Charges, Boost: stats(it.Boost), Fade: it.Fade, Stats: stats(it.Stats), Opens: it.Opens, Text: it.Text}
		if it.Slot == "relic" {
			ti.Slot = table.RelicSlot
		}
		b.rs.Items = append(b.rs.Items, ti)
	}
}

func (b *builder) terrain() {
	docs := b.p.Valid("terrain")
	glyphs := map[string]int{}
	for _, d := range docs {
		t, ok := compiler.Decode[terrainDoc](d, &b.diags)
		if !ok {
			b.rs.Terrain = append(b.rs.Terrain, table.Terrain{ID: d.ID, Becomes: -1})
			continue
		}
		if j, dup := glyphs[t.Glyph]; dup {
			dd := b.diags.Add(CodeGlyph, pos(d, "glyph"), "terrain %q uses glyph %q, as %q does", t.ID, t.Glyph, b.rs.Terrain[j].ID)
			dd.Related = []diag.Related{{Pos: pos(docs[j], "glyph"), Message: "the glyph is taken here"}}
		} else {
			glyphs[t.Glyph] = len(b.rs.Terrain)
		}
		switch {
		case t.HP > 0 && !t.Destructible:
			b.diags.Add(CodeTerrain, keyPos(d, "hp"), "terrain %q has hit points but is not destructible", t.ID).Hint = "add destructible: true, or remove hp"
		case t.Destructible && t.HP == 0:
			b.diags.Add(CodeTerrain, keyPos(d, "destructible"), "terrain %q is destructible but has no hit points", t.ID).Hint = "give hp: what attacks must deal to destroy it"
		case t.Becomes != "" && !t.Destructible && !t.Door:
			b.diags.Add(CodeTerrain, keyPos(d, "becomes"), "terrain %q becomes another when destroyed or opened, but is neither destructible nor a door", t.ID)
		}
		b.rs.Terrain = append(b.rs.Terrain, table.Terrain{ID: t.ID, Name: t.Name, Glyph: t.Glyph, Move: table.Move(moveOf[t.Move]),
			Avoid: t.Avoid, Defense: t.Defense, Healing: t.Healing, Destructible: t.Destructible, Wall: t.Wall,
			Cliff: t.Cliff, Door: t.Door, HP: t.HP, Becomes: -1, Text: t.Text})
	}
	for i, d := range docs {
		t, ok := compiler.Decode[terrainDoc](d, &b.diags)
		if !ok || t.Becomes == "" {
			continue
		}
		if k := b.p.Resolve("terrain", t.Becomes, pos(d, "becomes"), "terrain", &b.diags); k >= 0 {
			b.rs.Terrain[i].Becomes = int16(k)
		}
	}
}

func (b *builder) performances() {
	for _, pd := range compiler.Decoded[performanceDoc](b.p, "performance", &b.diags, func(d *compiler.Doc) {
		b.rs.Performances = append(b.rs.Performances, table.Performance{ID: d.ID})
	}) {
		x := pd.Boost
		b.rs.Performances = append(b.rs.Performances, table.Performance{ID: pd.ID, Name: pd.Name, Rank: table.Rank(rankOf[pd.Rank]),
			Within: max(pd.Within, 1), Refresh: pd.Refresh, Text: pd.Text,
			Boost: table.Boost{Hit: x.Hit, Avoid: x.Avoid, Crit: x.Crit, Might: x.Might, Def: x.Def, Res: x.Res, Move: x.Move}})
	}
}

type performanceDoc struct {
	ID     string `yaml:"id"`
	Name   string `yaml:"name"`
	Rank   string `yaml:"rank"`
	Within int8   `yaml:"within" cue:"default=1"` // max(Within, 1)
	Boost  struct {
		Hit   int8 `yaml:"hit"`
		Avoid int8 `yaml:"avoid"`
		Crit  int8 `yaml:"crit"`
		Might int8 `yaml:"might"`
		Def   int8 `yaml:"def"`
		Res   int8 `yaml:"res"`
		Move  int8 `yaml:"move"`
	} `yaml:"boost"`
	Refresh bool   `yaml:"refresh"`
	Text    string `yaml:"text"`
}

func (b *builder) characters() {
	for d, c := range compiler.Decoded[characterDoc](b.p, "character", &b.diags, func(d *compiler.Doc) {
		b.rs.Characters = append(b.rs.Characters, table.Character{ID: d.ID, Relic: -1, Focus: table.NoProf})
	}) {
		tc := table.Character{ID: c.ID, Name: c.Name, Level: c.Level, Points: stats(c.Points), Growths: stats(c.Growths), Gains: stats(c.Gains), Alt: c.Alt, Relic: -1, Focus: table.NoProf, Text: c.Text}
		b.budget(d, c, tc)
		b.gains(d, c, tc)
		var at []int
		tc.Feats, at = b.characterFeats(d, c)
		tc.Negated = b.negated(d, c, tc, at)
		tc.Skills = b.skills(d, c, tc, at)
		tc.Performances = b.characterPerformances(d, c, tc)
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
		b.diags.Add(CodeUnspent, keyPos(d, "points"), "character %q assigns %d of its %d points", c.ID, sum, table.Budget).Hint = plural(table.Budget-sum, "point") + " left to assign"
	}
}

// gains bounds level-up gains: a rolled level raises a stat by at most 1
// (the chosen 4, or a natural 20, never both) and 8 in all; a milestone
// level gives 9 free points, at most 2 a stat, and 2 more hit points.
func (b *builder) gains(d *compiler.Doc, c characterDoc, tc table.Character) {
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
	// A level is taken with its gains: levels 8 and 16 give exactly 9 free
	// points and 2 HP; a rolled level raises 4 of the five best (fewer only
	// when five or more stats roll a natural 1).
	at := keyPos(d, "gains")
	if c.Gains == nil {
		at = keyPos(d, "level")
	}
	need := ms * (table.MilestonePoints + table.MilestoneHP)
	switch {
	case total < need:
		dd := b.diags.Add(CodeGainsMissing, at, "character %q is level %d but gained %d points; levels 8 and 16 alone give %d", c.ID, c.Level, total, need)
		dd.Hint = "list the level-ups' gains under gains: (roundtable tropera levelup rolls them)"
	case total < need+rolled*table.LevelUpRaises:
		dd := b.diags.Add(CodeGainsFew, at, "character %q is level %d but gained %d points; %d rolled levels raise 4 stats each", c.ID, c.Level, total, rolled)
		dd.Hint = fmt.Sprintf("expected at least %d; only five or more natural 1s in one level give fewer", need+rolled*table.LevelUpRaises)
	}
}

// negated lists the feats that a feat taken later negates (Mounted and
// Flying Mount: "Taking ... at a later level negates this feat"), with a
// warning at each: the earlier feat no longer counts.
func (b *builder) negated(d *compiler.Doc, c characterDoc, tc table.Character, at []int) []int16 {
	var out []int16
	for j, f := range tc.Feats {
		for i, e := range tc.Feats[:j] {
			if slices.Contains(b.rs.Feats[f].Negates, e) && !slices.Contains(out, e) {
				out = append(out, e)
				dd := b.diags.Add(CodeNegated, pos(d, "feats", strconv.Itoa(at[i])), "character %q: feat %q is negated by %q, taken later; it no longer counts", c.ID, b.rs.Feats[e].ID, b.rs.Feats[f].ID)
				dd.Related = []diag.Related{{Pos: pos(d, "feats", strconv.Itoa(at[j])), Message: b.rs.Feats[f].ID + " is here"}}
				dd.Hint = "the feat slot stays spent; take another feat instead if that was not meant"
			}
		}
	}
	return out
}

// characterPerformances links the performances a character knows and checks
// them against the Performances Known table of its Perform rank.
func (b *builder) characterPerformances(d *compiler.Doc, c characterDoc, tc table.Character) []int16 {
	out := b.refs(d, "performance", c.Performances, "performance", "performances")
	rank := table.NoRank
	for _, s := range tc.Skills {
		if s.Prof == table.Perform {
			rank = s.Rank
		}
	}
	var have [5]int
	for _, p := range out {
		if r := b.rs.Performances[p].Rank; r >= table.RankD && r <= table.RankS {
			have[r-table.RankD]++
		}
	}
	want := table.PerformancesKnown(rank)
	if have == want {
		return out
	}
	at := keyPos(d, "performances")
	if c.Performances == nil {
		at = keyPos(d, "proficiencies")
	}
	if rank == table.NoRank {
		b.diags.Add(CodePerformances, at, "character %q knows performances but has no Perform rank", c.ID).Hint = "add {type: perform, rank: D} to its proficiencies"
		return out
	}
	var w, h []string
	for i, n := range want {
		if n > 0 || have[i] > 0 {
			w = append(w, fmt.Sprintf("%d %s", n, table.RankNames[table.RankD+table.Rank(i)]))
			h = append(h, fmt.Sprintf("%d %s", have[i], table.RankNames[table.RankD+table.Rank(i)]))
		}
	}
	dd := b.diags.Add(CodePerformances, at, "character %q has Perform rank %s, which knows %s; it lists %s", c.ID, rank, strings.Join(w, ", "), strings.Join(h, ", "))
	dd.Hint = "one performance of each rank it knows per Perform rank: the rulebook's Performances Known table"
	return out
}

// gearRef resolves the i-th id of a character's gear list (feats,
// weapons) and where it is written; one that does not resolve is reported
// and leaves what the character can wield unknown (gearBroken).
func (b *builder) gearRef(d *compiler.Doc, c characterDoc, kind, field string, i int, id string) (int, diag.Pos) {
	p := pos(d, field, strconv.Itoa(i))
	k := b.p.Resolve(kind, id, p, kind, &b.diags)
	if k < 0 {
		b.gearBroken[c.ID] = true
	}
	return k, p
}

// characterFeats links the feats and checks their order; at[i] is where
// out[i] is written.
func (b *builder) characterFeats(d *compiler.Doc, c characterDoc) (out []int16, at []int) {
	seen := map[int16]int{}
	for i, id := range c.Feats {
		k, p := b.gearRef(d, c, "feat", "feats", i, id)
		if k < 0 {
			continue // reported already
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
		b.diags.Add(CodeFeatMissing, keyPos(d, "feats"), "character %q has %s; at level %d it has %d", c.ID, plural(len(c.Feats), "feat"), c.Level, allowed).Hint = "one feat at level 1, one more at levels 8 and 16"
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
		if n := int(b.rs.Feats[f].Spread); n > 0 && len(out) < n {
			dd := b.diags.Add(CodeSpread, pos(d, "feats", strconv.Itoa(at[i])), "character %q: %q gives one rank in each of %d different proficiencies; it has %d", c.ID, b.rs.Feats[f].ID, n, len(out))
			dd.Hint = "list the proficiencies the ranks went to under proficiencies:"
		}
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
		k := b.p.Resolve("weapon", id, p, "weapon", &b.diags)
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
		k, p := b.gearRef(d, c, "weapon", "weapons", i, id)
		if k < 0 {
			continue // reported already
		}
		w := &b.rs.Weapons[k]
		tc.Weapons = append(tc.Weapons, int16(k))
		if w.Natural {
			b.diags.Add(CodeInventory, p, "character %q carries natural weapon %q", c.ID, w.ID).Hint = "natural weapons come with their feat; remove it from weapons"
			continue
		}
		if ok, why := b.rs.Proficient(tc, int16(k)); !ok {
			dd := b.diags.Add(CodeUnusable, p, "character %q cannot use %q: %s", c.ID, w.ID, why)
			dd.Hint = "it can still be carried and traded"
		}
	}
	for i, id := range c.Items {
		p := pos(d, "items", strconv.Itoa(i))
		if k := b.p.Resolve("item", id, p, "item", &b.diags); k >= 0 {
			if b.rs.Items[k].Slot == table.RelicSlot {
				b.diags.Add(CodeInventory, p, "character %q carries relic %q in an item slot", c.ID, id).Hint = "a relic goes in relic:"
			}
			tc.Items = append(tc.Items, int16(k))
		}
	}
	if c.Relic != "" {
		p := pos(d, "relic")
		if k := b.p.Resolve("item", c.Relic, p, "item", &b.diags); k >= 0 {
			if b.rs.Items[k].Slot != table.RelicSlot {
				b.diags.Add(CodeInventory, p, "character %q carries item %q in its relic slot", c.ID, c.Relic).Hint = "only relics go in relic:; items go in items:"
			}
			tc.Relic = int16(k)
		}
	}
}
