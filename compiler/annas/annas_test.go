package annas_test

import (
	"reflect"
	"testing"

	"github.com/roundtable-dev/roundtable/compiler"
	annascompiler "github.com/roundtable-dev/roundtable/compiler/annas"
	"github.com/roundtable-dev/roundtable/engine/annas/table"
	annasgen "github.com/roundtable-dev/roundtable/generated/annas"
)

// compileBase compiles the embedded base pack at run time.
func compileBase(t *testing.T) *table.Ruleset {
	t.Helper()
	p, diags := compiler.BasePack(annascompiler.Game)
	if diags.Errors() > 0 {
		t.Fatalf("loading base pack: %v", diags)
	}
	res, diags := compiler.Compile([]*compiler.Pack{p})
	if len(diags) > 0 {
		t.Fatalf("base pack is not clean (strict): %v", diags)
	}
	rs, ok := res.Ruleset.(*table.Ruleset)
	if !ok {
		t.Fatalf("Ruleset is %T", res.Ruleset)
	}
	return rs
}

// TestCompiledEqualsGenerated: compiling the embedded content at run time
// gives exactly generated.Ruleset, so generated/ is current.
func TestCompiledEqualsGenerated(t *testing.T) {
	rs := compileBase(t)
	if !reflect.DeepEqual(rs, annasgen.Ruleset) {
		t.Fatal("generated/annas is stale or differs from the run-time compile; run: go run ./cmd/roundtable gen")
	}
}

func tagIdx(t *testing.T, rs *table.Ruleset, id string) int {
	t.Helper()
	i := rs.TagIndex(id)
	if i < 0 {
		t.Fatalf("no tag %q", id)
	}
	return i
}

// TestBaseContentMinimums checks the base set against issue 3's minimums.
func TestBaseContentMinimums(t *testing.T) {
	rs := compileBase(t)
	if len(rs.Units) < 40 {
		t.Errorf("units = %d, want >= 40", len(rs.Units))
	}
	var colors [4]int
	legendary, shifters, reactions := 0, 0, 0
	tagUse := map[int]int{}
	skills := map[string]bool{}
	for _, u := range rs.Units {
		colors[u.Color]++
		if u.Legendary {
			legendary++
		}
		if u.HasShapestone {
			shifters++
		}
		for i := range rs.Tags {
			if u.Tags.Has(i) {
				tagUse[i]++
			}
		}
		if u.Skill >= 0 {
			s := rs.Skills[u.Skill]
			if len(s.Effects) == 0 {
				t.Errorf("skill %s has no effects", s.Name)
			}
			skills[s.Name] = true
			if s.Reaction {
				reactions++
			}
		}
	}
	for c, n := range colors {
		if n == 0 {
			t.Errorf("no %s units", table.Color(c))
		}
	}
	if legendary < 4 || shifters < 3 || reactions < 2 || len(skills) < 10 {
		t.Errorf("legendary %d (>=4), shapeshifters %d (>=3), reaction specials %d (>=2), distinct skills %d (>=10)", legendary, shifters, reactions, len(skills))
	}
	for _, id := range []string{"armored", "cavalry", "flying"} {
		if n := tagUse[tagIdx(t, rs, id)]; n < 2 {
			t.Errorf("movement tag %s on %d units, want several", id, n)
		}
	}
	for i, tg := range rs.Tags {
		if tg.Category == table.Assist && tagUse[i] == 0 {
			t.Errorf("assist tag %s on no unit", tg.ID)
		}
	}
	for _, id := range []string{"grab", "reposition", "shove", "physic", "armored", "cavalry", "flying", "shapeshifter", "haste", "eff-vs-armor", "pickpocket", "dancer"} {
		tagIdx(t, rs, id)
	}
	if len(rs.Maps) != 4 || len(rs.Bosses) < 2 {
		t.Errorf("maps %d (want 4), bosses %d (want >= 2)", len(rs.Maps), len(rs.Bosses))
	}
	for _, b := range rs.Bosses {
		if len(b.Cards) < 8 {
			t.Errorf("boss %s has %d cards, want >= 8", b.ID, len(b.Cards))
		}
	}
	var types [3]int
	for _, s := range rs.ShopCards {
		types[s.Type]++
	}
	if len(rs.ShopCards) < 15 || types[table.Item] == 0 || types[table.Reaction] == 0 || types[table.Attachment] == 0 {
		t.Errorf("shop cards %d by type %v, want >= 15 covering all three", len(rs.ShopCards), types)
	}
}

// TestTerrainTable: rulebook IV "Terrain Effects" and "DV Map Tiles", and the
// Pixel Art map's two Work tiles (IV "Map Overview").
func TestTerrainTable(t *testing.T) {
	rs := compileBase(t)
	set := func(ids ...string) table.TagSet {
		var s table.TagSet
		for _, id := range ids {
			s |= 1 << uint(tagIdx(t, rs, id))
		}
		return s
	}
	want := map[string]table.Terrain{
		"plain":       {Glyph: ".", WorkCoins: 1},
		"castle":      {Glyph: "C", WorkCoins: 1, Capture: true},
		"forest":      {Glyph: "F", Stop: true, Blocks: set("cavalry"), IgnoredBy: set("flying"), WorkCoins: 1},
		"water":       {Glyph: "W", Stop: true, Blocks: set("cavalry", "armored"), IgnoredBy: set("flying"), WorkCoins: 1},
		"mountain":    {Glyph: "M", Stop: true, Blocks: set("cavalry", "flying"), WorkCoins: 1},
		"ruins":       {Glyph: "R", Impassable: true, WorkCoins: 1},
		"vein-shrine": {Glyph: "*", WorkCoins: 0, WorkDV: 1},
		"annas-stall": {Glyph: "$", WorkCoins: 2},
	}
	for id, w := range want {
		i := rs.TerrainIndex(id)
		if i < 0 {
			t.Fatalf("no terrain %s", id)
		}
		g := rs.Terrain[i]
		got := table.Terrain{Glyph: g.Glyph, Stop: g.Stop, Blocks: g.Blocks, IgnoredBy: g.IgnoredBy, Impassable: g.Impassable, WorkCoins: g.WorkCoins, WorkDV: g.WorkDV, Capture: g.Capture}
		if got != w {
			t.Errorf("terrain %s = %+v, want %+v", id, got, w)
		}
	}
	if rs.Terrain[rs.Rules.DVPlain].ID != "plain" || rs.Terrain[rs.Rules.DVRuins].ID != "ruins" {
		t.Errorf("DV tile sides = %d/%d, want plain/ruins", rs.Rules.DVPlain, rs.Rules.DVRuins)
	}
}

// TestEffectivenessTag: rulebook VI "Skill Effects in Combat": Eff vs Armor
// gives +2 ATK against [Armored].
func TestEffectivenessTag(t *testing.T) {
	rs := compileBase(t)
	e := rs.Tags[tagIdx(t, rs, "eff-vs-armor")]
	if e.Category != table.Effectiveness || int(e.EffAgainst) != tagIdx(t, rs, "armored") || e.EffATK != 2 {
		t.Errorf("eff-vs-armor = %+v, want effectiveness vs armored +2", e)
	}
}

// TestAssistTags: rulebook VII tag table, Physic "restore 3 HP up to 2
// spaces away", Shove "push 1 space", as effect data.
func TestAssistTags(t *testing.T) {
	rs := compileBase(t)
	want := map[string]table.Effect{
		"physic":     {When: table.Activate, Target: table.Target{Kind: table.TargetOne, Side: table.SideAlly, Within: 2, Tag: -1}, Op: table.OpHeal, N: 3, Tag: -1, Summon: -1, Duration: table.ForInstant},
		"shove":      {When: table.Activate, Target: table.Target{Kind: table.TargetOne, Side: table.SideAlly, Within: 1, Tag: -1}, Op: table.OpPush, N: 1, Tag: -1, Summon: -1, Duration: table.ForInstant},
		"grab":       {When: table.Activate, Target: table.Target{Kind: table.TargetOne, Side: table.SideAlly, Within: 1, Tag: -1}, Op: table.OpGrab, Tag: -1, Summon: -1, Duration: table.ForInstant},
		"reposition": {When: table.Activate, Target: table.Target{Kind: table.TargetOne, Side: table.SideAlly, Within: 1, Tag: -1}, Op: table.OpReposition, Tag: -1, Summon: -1, Duration: table.ForInstant},
		"haste":      {When: table.OnDeploy, Target: table.Target{Kind: table.TargetSelf, Tag: -1}, Op: table.OpReady, Tag: -1, Summon: -1, Duration: table.ForInstant},
	}
	for id, w := range want {
		effs := rs.Tags[tagIdx(t, rs, id)].Effects
		if len(effs) != 1 || !reflect.DeepEqual(effs[0], w) {
			t.Errorf("tag %s effects = %+v, want [%+v]", id, effs, w)
		}
	}
	// VIII clarifications: Pickpocket gives 1 DV in boss mode, no roll.
	pp := rs.Tags[tagIdx(t, rs, "pickpocket")].Effects
	if len(pp) != 2 || pp[1].Op != table.OpDV || pp[1].N != 1 || len(pp[1].If) != 2 || pp[1].If[1].Kind != table.CondMode || pp[1].If[1].Mode != table.BossMode {
		t.Errorf("pickpocket boss-mode effect = %+v", pp)
	}
}

// TestRulesNumbers: the numbers of rulebook I, III, V and VIII as data.
func TestRulesNumbers(t *testing.T) {
	r := compileBase(t).Rules
	v, b := r.Versus, r.Boss
	type row struct {
		name      string
		got, want int8
	}
	for _, c := range []row{
		{"I.2 hand size", v.HandSize, 6}, {"I.2 one mulligan", v.Mulligans, 1}, {"I.2 mulligan up to 6", v.MulliganMax, 6},
		{"III coins per turn", v.CoinsPerTurn, 1}, {"III discard cost", v.DiscardCost, 1}, {"III first discard free", v.FreeDiscards, 1},
		{"III gray shift", v.GrayShiftCost, 1}, {"V retire cost", v.RetireCost, 3}, {"V retire DV", v.RetireDV, 1},
		{"III DV move tile", v.DVMoveTile, 1}, {"III DV bump", v.DVBump, 2}, {"III DV haste deploy", v.DVHasteDeploy, 3},
		{"III DV on loss", v.DVOnLoss, 1}, {"III DV on later loss", v.DVOnLaterLoss, 2}, {"III DV per capture", v.CaptureDV, 1},
		{"V VP per defeat", v.VPPerDefeat, 1}, {"V VP per legendary", v.VPPerLegendary, 2}, {"V one capture per turn", v.CapturesPerTurn, 1},
		{"V work coin", v.WorkCoins, 1}, {"I.7 shop row", v.ShopRow, 3}, {"I.6 one DV map tile each", v.DVTiles, 1},
		{"VIII two slots", b.Slots, 2}, {"VIII DV per turn", b.DVPerTurn, 1}, {"VIII no coins", b.CoinsPerTurn, 0},
		{"VIII work DV", b.WorkDV, 1}, {"VIII DV move unit", b.DVMoveUnit, 1}, {"VIII move 2 spaces", b.DVMoveSpaces, 2},
		{"VIII DV remove unit", b.DVRemoveUnit, 2}, {"VIII DV haste deploy", b.DVHasteDeploy, 3}, {"VIII no DV for legendary", b.DVOnLegendLoss, 0},
		{"VIII no retire", b.RetireCost, -1}, {"VIII no capture", b.CapturesPerTurn, 0}, {"VIII one discard", b.DiscardsPerTurn, 1},
		{"VIII 2-3 players: boss after every player", r.BossEvery[2], 1}, {"VIII 4 players: boss after two", r.BossEvery[4], 2},
		{"VIII 3 players: boss after every player", r.BossEvery[3], 1}, {"VIII DV on loss", b.DVOnLoss, 1},
		{"VIII DV on a later loss is still 1", b.DVOnLaterLoss, 1}, {"VIII deploy once per turn", b.DeploysPerTurn, 1},
		{"VIII hand of 6", b.HandSize, 6}, {"VIII one gray", b.MaxGray, 1}, {"VIII one legendary", b.MaxLegendary, 1},
	} {
		if c.got != c.want {
			t.Errorf("%s = %d, want %d", c.name, c.got, c.want)
		}
	}
	if b.Shop || !v.Shop || !b.DistinctColors {
		t.Errorf("shop versus %v boss %v, boss distinct colors %v", v.Shop, b.Shop, b.DistinctColors)
	}
	if r.BossStart.String() != "c3" {
		t.Errorf("boss start %s, want c3 (the block c3-d4 is the center)", r.BossStart)
	}
}

// TestVPDeck: rulebook I.3, nine cards smallest first; the quick game removes
// the two bottom 8s.
func TestVPDeck(t *testing.T) {
	d := compileBase(t).VPDeck
	if len(d.Cards) != 9 || d.QuickRemove != 2 || d.Cards[7] != 8 || d.Cards[8] != 8 {
		t.Fatalf("VP deck %v remove %d", d.Cards, d.QuickRemove)
	}
	for i := 1; i < len(d.Cards); i++ {
		if d.Cards[i] < d.Cards[i-1] {
			t.Errorf("VP deck not ascending: %v", d.Cards)
		}
	}
}

// TestBossCardDice: rulebook VIII step 2A, the mini-map as a six-entry
// lookup by die roll.
func TestBossCardDice(t *testing.T) {
	rs := compileBase(t)
	for _, c := range rs.BossCards {
		if c.ID != "grima-call-the-risen" {
			continue
		}
		// move: {"1": a3, "2-3": c1, "4-5": c5, "6": e3}
		want := [6]string{"a3", "c1", "c1", "c5", "c5", "e3"}
		for i, w := range want {
			if c.Move[i].String() != w {
				t.Errorf("roll %d -> %s, want %s", i+1, c.Move[i], w)
			}
		}
		if rs.Bosses[c.Boss].ID != "grima" || c.Effects[0].Op != table.OpSummon || c.Effects[0].N != 2 || c.Effects[0].Summon != 0 {
			t.Errorf("card %+v", c)
		}
		return
	}
	t.Fatal("no card grima-call-the-risen")
}

// TestMapTables: the default map grid (rank 6 first in YAML) as a fixed array
// indexed a1 = 0 .. f6 = 35, and its deployment zones.
func TestMapTables(t *testing.T) {
	rs := compileBase(t)
	m := rs.Maps[rs.MapIndex("default")]
	at := func(s string) string {
		tile, _ := table.ParseTile(s)
		return rs.Terrain[m.Tiles[tile]].ID
	}
	for tile, want := range map[string]string{"c4": "castle", "d3": "castle", "b5": "forest", "e5": "mountain", "b4": "water", "a1": "plain", "e2": "forest"} {
		if got := at(tile); got != want {
			t.Errorf("default %s = %s, want %s", tile, got, want)
		}
	}
	if m.Deploy[table.South] != 0b111111 || m.Deploy[table.North] != 0b111111<<30 || m.Deploy[table.West] != 0 {
		t.Errorf("deploy zones %b", m.Deploy)
	}
	c3, _ := table.ParseTile("c4")
	if !m.Castles.Has(c3) {
		t.Error("castle set lacks c4")
	}
	bm := rs.Maps[rs.MapIndex("boss-mode")]
	if bm.Mode != table.BossMode {
		t.Error("boss-mode map is not mode boss")
	}
	for s := range table.Seats {
		if bm.Deploy[s] == 0 {
			t.Errorf("boss map seat %d has no zone", s)
		}
	}
}

func TestMedian(t *testing.T) {
	if got := annascompiler.Median([]int{24, 20, 22, 30}); got != 22 {
		t.Errorf("median = %d, want 22 (lower middle)", got)
	}
}

// TestShopAndBossTables: a reaction's effects fire on its trigger; Anna's
// Cheer (rulebook I.2) is outside the shop deck; boss boards keep lives by
// player count (VIII Boss Mode Basics) and taking the last life always wins.
func TestShopAndBossTables(t *testing.T) {
	rs := compileBase(t)
	charm := rs.ShopCards[rs.ShopIndex("miracle-charm")]
	if charm.Type != table.Reaction || charm.Trigger != table.WouldBeDefeated || charm.About.Side != table.SideAlly {
		t.Errorf("miracle-charm = %+v", charm)
	}
	if e := charm.Effects[0]; e.When != table.WouldBeDefeated || e.About != charm.About || e.Op != table.OpPreventDefeat || e.N != 1 || e.Target.Kind != table.TargetTrigger {
		t.Errorf("miracle-charm effect = %+v", e)
	}
	cheer := rs.Rules.SecondPlayer
	if cheer < 0 || rs.ShopCards[cheer].ID != "annas-cheer" || rs.ShopCards[cheer].Copies != 0 {
		t.Errorf("second player card %d", cheer)
	}
	if c := rs.ShopCards[rs.ShopIndex("vulnerary")]; c.Copies != 3 || c.Cost != 1 {
		t.Errorf("vulnerary copies %d cost %d, want 3 and 1", c.Copies, c.Cost)
	}
	g := rs.Bosses[rs.BossIndex("grima")]
	if g.Lives != [5]int8{0, 0, 1, 2, 2} || g.Corners[table.NW] != (table.Corner{Color: table.Red, HP: 6}) {
		t.Errorf("grima lives %v corners %v", g.Lives, g.Corners)
	}
	if len(g.Win) == 0 || g.Win[0].Kind != table.EndLivesZero {
		t.Errorf("grima win %v", g.Win)
	}
	if l := g.Lose[0]; l.Kind != table.EndSummons || l.N != 5 || l.Summon != 0 || g.Summons[0].ID != "risen" || g.Summons[0].Kind != table.Minion {
		t.Errorf("grima lose %+v summons %+v", g.Lose, g.Summons)
	}
	if g.Occupied != table.OccupiedDamage || g.OccupiedN != 2 {
		t.Errorf("grima occupied %v %d", g.Occupied, g.OccupiedN)
	}
	m := rs.Bosses[rs.BossIndex("medeus")]
	if len(m.Actions) != 1 || m.Actions[0].Effects[0].Op != table.OpDestroy || m.Actions[0].Effects[0].Summon != 0 {
		t.Errorf("medeus actions %+v", m.Actions)
	}
	if s := m.StartOfTurn[0]; s.When != table.StartOfTurn || s.Op != table.OpSummon || len(s.If) != 1 || s.If[0].Kind != table.CondRoll || s.If[0].N != 4 {
		t.Errorf("medeus start of turn %+v", s)
	}
	for _, b := range rs.Bosses {
		for _, c := range b.Cards {
			if rs.BossCards[c].Boss != int16(rs.BossIndex(b.ID)) {
				t.Errorf("card %s listed under %s", rs.BossCards[c].ID, b.ID)
			}
		}
	}
}
