package annas

import (
	"testing"

	"github.com/roundtable-dev/roundtable/engine/annas/table"
)

// The fixture is a small hand-written ruleset with the rulebook's numbers,
// so rule tests do not move when the base content is rebalanced.

// Tag indexes of the fixture.
const (
	tGrab = iota
	tReposition
	tShove
	tPhysic
	tArmored
	tCavalry
	tFlying
	tShapeshifter
	tHaste
	tEffArmor
)

// Terrain indexes of the fixture.
const (
	trPlain = iota
	trCastle
	trForest
	trWater
	trMountain
	trRuins
	trShrine // Work gives 1 DV instead of the coin
)

func ts(tags ...int) table.TagSet {
	var s table.TagSet
	for _, t := range tags {
		s |= 1 << uint(t)
	}
	return s
}

func rng(ds ...int) table.RangeSet {
	var r table.RangeSet
	for _, d := range ds {
		r |= 1 << uint(d)
	}
	return r
}

func one(side table.Side, within int8) table.Target {
	return table.Target{Kind: table.TargetOne, Side: side, Within: within, Tag: -1}
}

var self = table.Target{Kind: table.TargetSelf, Tag: -1}

func fixture() *table.Ruleset {
	rs := &table.Ruleset{}
	tag := func(id string, cat table.TagCategory, es ...table.Effect) {
		rs.Tags = append(rs.Tags, table.Tag{ID: id, Name: id, Category: cat, EffAgainst: -1, Effects: es})
	}
	tag("grab", table.Assist, table.Effect{When: table.Activate, Target: one(table.SideAlly, 1), Op: table.OpGrab, Tag: -1, Summon: -1})
	tag("reposition", table.Assist, table.Effect{When: table.Activate, Target: one(table.SideAlly, 1), Op: table.OpReposition, Tag: -1, Summon: -1})
	tag("shove", table.Assist, table.Effect{When: table.Activate, Target: one(table.SideAlly, 1), Op: table.OpPush, N: 1, Tag: -1, Summon: -1})
	tag("physic", table.Assist, table.Effect{When: table.Activate, Target: one(table.SideAlly, 2), Op: table.OpHeal, N: 3, Tag: -1, Summon: -1})
	tag("armored", table.Movement)
	tag("cavalry", table.Movement)
	tag("flying", table.Movement)
	tag("shapeshifter", table.Passive)
	tag("haste", table.Passive, table.Effect{When: table.OnDeploy, Target: self, Op: table.OpReady, Tag: -1, Summon: -1})
	tag("eff-vs-armor", table.Effectiveness)
	rs.Tags[tEffArmor].EffAgainst, rs.Tags[tEffArmor].EffATK = tArmored, 2

	ter := func(t table.Terrain) {
		if t.WorkCoins == 0 && t.WorkDV == 0 {
			t.WorkCoins = 1
		}
		rs.Terrain = append(rs.Terrain, t)
	}
	ter(table.Terrain{ID: "plain", Glyph: "."})
	ter(table.Terrain{ID: "castle", Glyph: "C", Capture: true})
	ter(table.Terrain{ID: "forest", Glyph: "F", Stop: true, Blocks: ts(tCavalry), IgnoredBy: ts(tFlying)})
	ter(table.Terrain{ID: "water", Glyph: "W", Stop: true, Blocks: ts(tCavalry, tArmored), IgnoredBy: ts(tFlying)})
	ter(table.Terrain{ID: "mountain", Glyph: "M", Stop: true, Blocks: ts(tCavalry, tFlying)})
	ter(table.Terrain{ID: "ruins", Glyph: "R", Impassable: true})
	ter(table.Terrain{ID: "shrine", Glyph: "*", WorkDV: 1})

	rs.Skills = []table.Skill{
		{Name: "Pavise", Kind: table.SkillPassive, Effects: []table.Effect{{When: table.InCombat, If: []table.Cond{{Kind: table.CondDefending, Tag: -1, Terrain: -1}}, Target: self, Op: table.OpModify, Mods: table.Mods{DEF: 2}, Tag: -1, Summon: -1}}},
		{Name: "Bolt", Kind: table.SkillSpecial, Effects: []table.Effect{{When: table.Activate, Target: one(table.SideEnemy, 2), Op: table.OpDamage, N: 3, Tag: -1, Summon: -1}}},
		{Name: "Miracle", Kind: table.SkillSpecial, Reaction: true, Effects: []table.Effect{{When: table.WouldBeDefeated, About: table.Scope{Side: table.SideSelf}, Target: self, Op: table.OpPreventDefeat, N: 1, Tag: -1, Summon: -1}}},
		{Name: "Dance", Kind: table.SkillAssist, Effects: []table.Effect{{When: table.Activate, Target: one(table.SideAlly, 1), Op: table.OpReady, Tag: -1, Summon: -1}}},
	}
	unit := func(id string, c table.Color, hp, atk, spd, def int8, r table.RangeSet, mov int8, tags table.TagSet) *table.Unit {
		rs.Units = append(rs.Units, table.Unit{ID: id, Name: id, Color: c, Stats: table.Stats{HP: hp, ATK: atk, SPD: spd, DEF: def}, Range: r, Mov: mov, Tags: tags, Skill: -1})
		return &rs.Units[len(rs.Units)-1]
	}
	unit("red", table.Red, 10, 6, 5, 3, rng(1), 3, 0)                             // 0
	unit("green", table.Green, 10, 6, 5, 3, rng(1), 3, 0)                         // 1
	unit("blue", table.Blue, 10, 6, 5, 3, rng(1), 3, 0)                           // 2
	unit("gray", table.Gray, 10, 6, 5, 3, rng(1), 3, 0)                           // 3
	unit("fast", table.Red, 10, 6, 8, 3, rng(1), 3, 0)                            // 4
	unit("archer", table.Blue, 8, 6, 5, 2, rng(2), 3, 0)                          // 5
	unit("knight", table.Green, 12, 5, 2, 5, rng(1), 2, ts(tArmored))             // 6
	unit("cav", table.Red, 10, 6, 5, 3, rng(1), 4, ts(tCavalry))                  // 7
	unit("pegasus", table.Blue, 9, 5, 7, 2, rng(1), 4, ts(tFlying, tCavalry))     // 8
	sh := unit("manakete", table.Gray, 11, 4, 3, 2, rng(1), 2, ts(tShapeshifter)) // 9
	sh.HasShapestone, sh.Shapestone = true, table.Stats{ATK: 9, SPD: 6, DEF: 5}
	unit("lord", table.Red, 12, 7, 6, 4, rng(1), 3, 0).Legendary = true  // 10
	unit("hunter", table.Green, 9, 6, 5, 2, rng(1, 2), 3, ts(tEffArmor)) // 11
	unit("general", table.Blue, 12, 5, 2, 4, rng(1), 2, 0).Skill = 0     // 12 Pavise
	unit("mage", table.Red, 8, 6, 4, 1, rng(1, 2), 3, 0).Skill = 1       // 13 Bolt
	unit("saint", table.Green, 9, 4, 4, 2, rng(1), 3, 0).Skill = 2       // 14 Miracle
	unit("dancer", table.Gray, 8, 3, 6, 1, rng(1), 3, 0).Skill = 3       // 15 Dance
	unit("troubadour", table.Blue, 8, 2, 5, 1, rng(1), 4, ts(tPhysic))   // 16
	unit("sprinter", table.Green, 8, 5, 6, 2, rng(1), 3, ts(tHaste))     // 17
	unit("pusher", table.Red, 10, 5, 4, 3, rng(1), 3, ts(tShove))        // 18
	unit("grabber", table.Blue, 10, 5, 4, 3, rng(1), 3, ts(tGrab))       // 19
	unit("mover", table.Green, 10, 5, 4, 3, rng(1), 3, ts(tReposition))  // 20
	unit("duke", table.Blue, 12, 7, 5, 4, rng(1), 3, 0).Legendary = true // 21

	noEff := func(e table.Effect) table.Effect { e.Tag, e.Summon = -1, -1; return e }
	rs.ShopCards = []table.ShopCard{
		{ID: "annas-cheer", Name: "Anna's Cheer", Cost: 0, Type: table.Item, Copies: 1, Effects: []table.Effect{noEff(table.Effect{When: table.Activate, Target: table.Target{Kind: table.TargetPlayer, Tag: -1}, Op: table.OpCoins, N: 2})}},
		{ID: "vulnerary", Name: "Vulnerary", Cost: 2, Type: table.Item, Copies: 3, Effects: []table.Effect{noEff(table.Effect{When: table.Activate, Target: one(table.SideAlly, 0), Op: table.OpHeal, N: 3})}},
		{ID: "iron-ring", Name: "Iron Ring", Cost: 3, Type: table.Attachment, Copies: 2, Effects: []table.Effect{noEff(table.Effect{When: table.Always, Target: self, Op: table.OpModify, Mods: table.Mods{ATK: 2}})}},
		{ID: "buckler", Name: "Buckler", Cost: 2, Type: table.Reaction, Copies: 2, Trigger: table.Attacked, About: table.Scope{Side: table.SideAlly},
			Effects: []table.Effect{noEff(table.Effect{When: table.Attacked, Target: table.Target{Kind: table.TargetTrigger, Tag: -1}, Op: table.OpModify, Mods: table.Mods{DEF: 3}, Duration: table.ForCombat})}},
	}
	rs.VPDeck = table.VPDeck{Cards: []int8{1, 2, 3, 4, 5, 6, 7, 8, 8}, QuickRemove: 2}
	m := table.Map{ID: "test", Name: "Test", Mode: table.Versus}
	// rank 1 .. 6, files a..f (south first here; maps are indexed by Tile)
	rows := []string{
		"......",
		"..F...",
		"..C.W.",
		".M.C..",
		"...*..",
		"......",
	}
	glyph := map[byte]uint8{'.': trPlain, 'C': trCastle, 'F': trForest, 'W': trWater, 'M': trMountain, 'R': trRuins, '*': trShrine}
	for r, row := range rows {
		for f := range 6 {
			m.Tiles[table.TileAt(f, r)] = glyph[row[f]]
			if m.Tiles[table.TileAt(f, r)] == trCastle {
				m.Castles |= 1 << uint(table.TileAt(f, r))
			}
		}
	}
	for f := range 6 {
		m.Deploy[table.South] |= 1 << uint(table.TileAt(f, 0))
		m.Deploy[table.North] |= 1 << uint(table.TileAt(f, 5))
	}
	rs.Maps = []table.Map{m}
	rs.Rules = table.Rules{
		Versus: table.ModeRules{
			HandSize: 6, MulliganMax: 6, Mulligans: 1, Slots: 3, DVTiles: 1, DeploysPerTurn: 1, MaxLegendary: 1, MaxGray: 1,
			CoinsPerTurn: 1, DiscardCost: 1, FreeDiscards: 1, GrayShiftCost: 1, RetireCost: 3, RetireDV: 1,
			WorkCoins: 1, CapturesPerTurn: 1, CaptureVPCards: 1, CaptureDV: 1, VPPerDefeat: 1, VPPerLegendary: 2,
			DVOnLoss: 1, DVOnLaterLoss: 2, DVOnLegendLoss: 1, DVMoveTile: 1, DVBump: 2, DVHasteDeploy: 3,
			DVMoveUnit: -1, DVRemoveUnit: -1, Shop: true, ShopRow: 3,
			EndAt: table.EndOfTurn, Tiebreaks: []table.Tiebreak{table.TieMoreVPCards, table.TieFewerLost}, MaxTurns: 120,
		},
		HasteTag: tHaste, DVPlain: trPlain, DVRuins: trRuins, SecondPlayer: 0,
	}
	return rs
}

// unitIdx finds a fixture unit.
func unitIdx(t testing.TB, rs *table.Ruleset, id string) int16 {
	t.Helper()
	i := rs.UnitIndex(id)
	if i < 0 {
		t.Fatalf("no unit %q", id)
	}
	return int16(i)
}

func tile(t testing.TB, s string) Tile {
	t.Helper()
	x, ok := table.ParseTile(s)
	if !ok {
		t.Fatalf("bad tile %q", s)
	}
	return x
}

// started is a fixture game past the mulligans, turn 1, player 1 to act,
// with no units on the board.
func started(t testing.TB) *Game {
	t.Helper()
	g, err := New(fixture(), Options{Seed: 1, Quick: true})
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		a := act(Mulligan, g.Mulligan)
		a.Mask = 0
		if err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// put places a ready unit for player p on a tile (test setup only).
func put(t testing.TB, g *Game, id string, p int, at string) *Piece {
	t.Helper()
	q := g.place(unitIdx(t, g.Rules, id), p, tile(t, at))
	q.Slot = int8(len(g.Pieces) - 1)
	return q
}

func apply(t testing.TB, g *Game, a Action) {
	t.Helper()
	if err := g.Apply(a); err != nil {
		t.Fatal(err)
	}
}

// activation builds an Activate action.
func activation(t testing.TB, p int, from, to string, do Do, target string) Action {
	t.Helper()
	a := act(Activate, p)
	a.From, a.To, a.Do = tile(t, from), tile(t, to), do
	if target != "" {
		a.Target = tile(t, target)
	}
	return a
}
