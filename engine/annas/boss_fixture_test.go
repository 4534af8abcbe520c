package annas

import (
	"fmt"

	"github.com/roundtable-dev/roundtable/engine/annas/table"
)

// The boss-mode test fixture: a small ruleset written for these tests
// (the base content's bosses are tested separately). Tag, skill and
// unit indexes are named so tests read well.
const (
	tagHaste = iota
	tagPickpocket
	tagDance
	tagPhysic
	tagArmored
	tagFlying
)

const (
	skStrike    = iota // special: 4 damage to one enemy within 2
	skBolt             // special: 5 non-lethal damage to one enemy within 3
	skRally            // assist: allies within 2 (self too) +2 DEF until your next turn
	skRing             // special: 1 damage to every enemy within 2
	skShove            // special: push one enemy within 1 one space
	skOutnumber        // passive: +2 ATK in combat while you have fewer units
	skGift             // assist: gain 3 coins (boss mode: 1 DV)
	skArmy             // passive: +1 ATK in combat while you have more units
	skSpend            // assist: lose 2 coins (boss mode: 1 DV), allies within 1 +1 ATK this turn
	skMiracle          // reaction special: when this unit would be defeated it survives with 1 HP
	skGuardian         // reaction special: when an adjacent ally is attacked it has +3 DEF that combat
	skSunder           // passive: after a combat the foe has -2 DEF until your next turn
	skPack             // passive: +3 ATK in combat with at least 2 enemies within 2
)

const (
	uIke = iota
	uSoren
	uTitania
	uPriest
	uOlivia
	uGaius
	uTharja
	uVaike
	uSumia
	uAnna
	uHector
	uLucina
	uFirstSoldier
)

const (
	grima = iota
	medeus
)

func bt(s string) Tile {
	t, ok := table.ParseTile(s)
	if !ok {
		panic(s)
	}
	return t
}

func bts(names ...string) table.TileSet {
	var s table.TileSet
	for _, n := range names {
		s |= 1 << uint(bt(n))
	}
	return s
}

func moves(s ...string) [6]Tile {
	var m [6]Tile
	for i := range m {
		m[i] = bt(s[i])
	}
	return m
}

func allOf(side table.Side, within int8) table.Target {
	return table.Target{Kind: table.TargetAll, Side: side, Within: within, Tag: -1}
}

func eff(when table.Trigger, t table.Target, op table.Op, n int8) table.Effect {
	return table.Effect{When: when, Target: t, Op: op, N: n, Tag: -1, Summon: -1}
}

func bossFixture() *table.Ruleset {
	self := table.Target{Kind: table.TargetSelf, Tag: -1}
	player := table.Target{Kind: table.TargetPlayer, Tag: -1}
	rs := &table.Ruleset{}
	pick := eff(table.AfterCombat, player, table.OpCoins, 2)
	pick.If = []table.Cond{{Kind: table.CondRoll, N: 4, Tag: -1, Terrain: -1}}
	rs.Tags = []table.Tag{
		{ID: "haste", Category: table.Passive, EffAgainst: -1},
		{ID: "pickpocket", Category: table.Passive, EffAgainst: -1, Effects: []table.Effect{pick}},
		{ID: "dance", Category: table.Assist, EffAgainst: -1, Effects: []table.Effect{eff(table.Activate, one(table.SideAlly, 1), table.OpReady, 0)}},
		{ID: "physic", Category: table.Assist, EffAgainst: -1, Effects: []table.Effect{eff(table.Activate, one(table.SideAlly, 2), table.OpHeal, 3)}},
		{ID: "armored", Category: table.Movement, EffAgainst: -1},
		{ID: "flying", Category: table.Movement, EffAgainst: -1},
	}
	rs.Terrain = []table.Terrain{{ID: "plain", WorkCoins: 1}}
	bolt := eff(table.Activate, one(table.SideEnemy, 3), table.OpDamage, 5)
	bolt.NonLethal = true
	rally := eff(table.Activate, allOf(table.SideAlly, 2), table.OpModify, 0)
	rally.Target.IncludeSelf = true
	rally.Mods.DEF = 2
	rally.Duration = table.ForNextTurn
	outn := eff(table.InCombat, self, table.OpModify, 0)
	outn.Mods.ATK = 2
	outn.Duration = table.ForWhile
	outn.If = []table.Cond{{Kind: table.CondFewerUnits, Tag: -1, Terrain: -1}}
	army := outn
	army.Mods.ATK = 1
	army.If = []table.Cond{{Kind: table.CondMoreUnits, Tag: -1, Terrain: -1}}
	spendBuff := eff(table.Activate, allOf(table.SideAlly, 1), table.OpModify, 0)
	spendBuff.Mods.ATK = 1
	spendBuff.Duration = table.ForTurn
	trig := table.Target{Kind: table.TargetTrigger, Tag: -1}
	miracle := eff(table.WouldBeDefeated, trig, table.OpPreventDefeat, 1)
	miracle.About = table.Scope{Side: table.SideSelf}
	guardian := eff(table.Attacked, trig, table.OpModify, 0)
	guardian.About = table.Scope{Side: table.SideAlly, Within: 1}
	guardian.Mods.DEF = 3
	guardian.Duration = table.ForCombat
	sunder := eff(table.AfterCombat, table.Target{Kind: table.TargetFoe, Tag: -1}, table.OpModify, 0)
	sunder.Mods.DEF = -2
	sunder.Duration = table.ForNextTurn
	pack := eff(table.InCombat, self, table.OpModify, 0)
	pack.Mods.ATK = 3
	pack.Duration = table.ForWhile
	pack.If = []table.Cond{{Kind: table.CondNear, Side: table.SideEnemy, Within: 2, N: 2, Tag: -1, Terrain: -1}}
	rs.Skills = []table.Skill{
		{Name: "Strike", Kind: table.SkillSpecial, Effects: []table.Effect{eff(table.Activate, one(table.SideEnemy, 2), table.OpDamage, 4)}},
		{Name: "Bolt", Kind: table.SkillSpecial, Effects: []table.Effect{bolt}},
		{Name: "Rally", Kind: table.SkillAssist, Effects: []table.Effect{rally}},
		{Name: "Ring", Kind: table.SkillSpecial, Effects: []table.Effect{eff(table.Activate, allOf(table.SideEnemy, 2), table.OpDamage, 1)}},
		{Name: "Shove", Kind: table.SkillSpecial, Effects: []table.Effect{eff(table.Activate, one(table.SideEnemy, 1), table.OpPush, 1)}},
		{Name: "Outnumbered", Kind: table.SkillPassive, Effects: []table.Effect{outn}},
		{Name: "Gift", Kind: table.SkillAssist, Effects: []table.Effect{eff(table.Activate, player, table.OpCoins, 3)}},
		{Name: "Army", Kind: table.SkillPassive, Effects: []table.Effect{army}},
		{Name: "Spend", Kind: table.SkillAssist, Effects: []table.Effect{eff(table.Activate, player, table.OpCoins, -2), spendBuff}},
		{Name: "Miracle", Kind: table.SkillSpecial, Reaction: true, Effects: []table.Effect{miracle}},
		{Name: "Guardian", Kind: table.SkillSpecial, Reaction: true, Effects: []table.Effect{guardian}},
		{Name: "Sunder", Kind: table.SkillPassive, Effects: []table.Effect{sunder}},
		{Name: "Pack", Kind: table.SkillPassive, Effects: []table.Effect{pack}},
	}
	unit := func(id string, c table.Color, hp, atk, spd, def int8, r table.RangeSet, mov int8, tags table.TagSet, skill int16) table.Unit {
		return table.Unit{ID: id, Name: id, Color: c, Stats: table.Stats{HP: hp, ATK: atk, SPD: spd, DEF: def}, Range: r, Mov: mov, Tags: tags, Skill: skill}
	}
	rs.Units = []table.Unit{
		uIke:     unit("ike", table.Red, 10, 6, 4, 3, rng(1), 3, 0, skStrike),
		uSoren:   unit("soren", table.Blue, 7, 6, 3, 1, rng(1, 2), 3, 0, skBolt),
		uTitania: unit("titania", table.Green, 10, 5, 5, 3, rng(1), 4, 0, skRally),
		uPriest:  unit("rhys", table.Gray, 8, 3, 4, 2, rng(1, 2), 3, 1<<tagPhysic, -1),
		uOlivia:  unit("olivia", table.Gray, 8, 3, 6, 1, rng(1), 3, 1<<tagDance, -1),
		uGaius:   unit("gaius", table.Blue, 8, 5, 7, 2, rng(1), 4, 1<<tagPickpocket, -1),
		uTharja:  unit("tharja", table.Green, 7, 6, 4, 1, rng(1, 2), 3, 0, skRing),
		uVaike:   unit("vaike", table.Red, 11, 7, 2, 3, rng(1), 3, 0, skOutnumber),
		uSumia:   unit("sumia", table.Green, 8, 5, 6, 2, rng(1), 4, 1<<tagFlying, skShove),
		uAnna:    unit("anna", table.Gray, 8, 4, 5, 2, rng(1, 2), 3, 0, skGift),
		uHector:  unit("hector", table.Red, 13, 8, 4, 5, rng(1), 3, 0, -1),
		uLucina:  unit("lucina", table.Blue, 11, 7, 6, 3, rng(1), 3, 0, skArmy),
	}
	rs.Units[uHector].Legendary = true
	rs.Units[uLucina].Legendary = true
	for i := range 18 {
		rs.Units = append(rs.Units, unit(fmt.Sprintf("soldier-%d", i), table.Color(i%3), 8, 5, 4, 2, rng(1), 3, 0, -1))
	}
	rs.Units = append(rs.Units, unit("spender", table.Gray, 8, 4, 5, 2, rng(1), 3, 0, skSpend),
		unit("tiki", table.Gray, 9, 4, 3, 2, rng(1), 3, 0, skMiracle),
		unit("gilliam", table.Gray, 12, 4, 1, 5, rng(1), 2, 1<<tagArmored, skGuardian),
		unit("raven", table.Red, 9, 6, 5, 2, rng(1), 3, 0, skSunder),
		unit("nephenee", table.Gray, 9, 5, 4, 2, rng(1), 3, 0, skPack))
	m := table.Map{ID: "boss-field", Mode: table.BossMode}
	m.Deploy[table.South] = bts("a1", "b1", "c1", "d1", "e1", "f1")
	m.Deploy[table.North] = bts("a6", "b6", "c6", "d6", "e6", "f6")
	m.Deploy[table.West] = bts("a2", "a3", "a4", "a5")
	m.Deploy[table.East] = bts("f2", "f3", "f4", "f5")
	rs.Maps = []table.Map{{ID: "versus", Mode: table.Versus}, m}
	rs.Rules = table.Rules{
		Boss: table.ModeRules{HandSize: 6, Slots: 2, DeploysPerTurn: 1, MaxLegendary: 1, MaxGray: 1, DistinctColors: true,
			DVPerTurn: 1, DiscardsPerTurn: 1, FreeDiscards: 1, GrayShiftCost: -1, RetireCost: -1, WorkDV: 1,
			DVOnLoss: 1, DVOnLaterLoss: 1, DVOnLegendLoss: 0, DVMoveTile: -1, DVBump: -1, DVHasteDeploy: 3,
			DVMoveUnit: 1, DVMoveSpaces: 2, DVRemoveUnit: 2},
		HasteTag:  tagHaste,
		BossStart: bt("c3"),
		BossEvery: [5]int8{2: 1, 3: 1, 4: 2},
	}
	// Boss 0: Grima summons risen and rifts; the players lose when four
	// risen stand on the board or after 24 boss turns.
	risenSummon := eff(table.Activate, self, table.OpSummon, 1)
	risenSummon.Summon = 0
	riftSummon := risenSummon
	riftSummon.Summon = 1
	expire := eff(table.Activate, allOf(table.SideEnemy, 2), table.OpDamage, 2)
	aura := eff(table.Activate, self, table.OpModify, 0)
	aura.Mods.DEF = 1
	aura.Duration = table.ForNextTurn
	seal := eff(table.Activate, table.Target{Kind: table.TargetOne, Side: table.SideAny, Within: 1, Tag: -1}, table.OpDestroy, 0)
	seal.Summon = 1
	rs.Bosses = append(rs.Bosses, table.Boss{ID: "grima", Name: "Grima",
		Corners:  [4]table.Corner{{Color: table.Red, HP: 8}, {Color: table.Green, HP: 8}, {Color: table.Blue, HP: 8}, {Color: table.Gray, HP: 8}},
		Lives:    [5]int8{2: 2, 3: 3, 4: 3},
		Summons:  []table.Summon{{ID: "risen", Kind: table.Minion, Color: table.Gray, Stats: table.Stats{HP: 4, ATK: 4, SPD: 3, DEF: 1}, Range: rng(1), Count: 4}, {ID: "rift", Kind: table.Token, Color: table.Gray, Count: 3}},
		Occupied: table.OccupiedNearest,
		Actions:  []table.BossAction{{Name: "Seal Rift", Effects: []table.Effect{seal}}},
		Lose: []table.EndCond{{Kind: table.EndSummons, N: 4, Summon: 0, Text: "four risen walk the land"},
			{Kind: table.EndBossTurns, N: 24, Summon: -1, Text: "Grima completes the ritual"}},
		Win: []table.EndCond{{Kind: table.EndLivesZero, Summon: -1, Text: "Grima falls"}},
	})
	card := func(b int16, id string, atk, spd, def int8, r table.RangeSet, mv [6]Tile, es ...table.Effect) {
		rs.BossCards = append(rs.BossCards, table.BossCard{ID: id, Boss: b, Stats: table.Stats{ATK: atk, SPD: spd, DEF: def}, Range: r, Move: mv, Effects: es, Text: id})
		rs.Bosses[b].Cards = append(rs.Bosses[b].Cards, int16(len(rs.BossCards)-1))
	}
	card(grima, "gaze", 6, 3, 2, rng(1), moves("c3", "c3", "b3", "b3", "d3", "d3"), risenSummon)
	card(grima, "expiration", 7, 2, 3, rng(1, 2), moves("c2", "c2", "c4", "c4", "c3", "c3"), expire)
	card(grima, "shadow-rift", 5, 4, 2, rng(1), moves("b2", "b2", "d4", "d4", "c3", "c3"), riftSummon)
	card(grima, "dark-aura", 6, 3, 3, rng(1, 2), moves("c3", "c3", "c3", "b4", "b4", "d2"), aura)
	ruin := eff(table.Activate, allOf(table.SideEnemy, 1), table.OpExhaust, 0)
	card(grima, "ruin", 8, 1, 1, rng(1), moves("c2", "c2", "c2", "c3", "c3", "d3"), ruin)
	// Boss 1: Medeus heals each turn and marches south; the players lose
	// when it reaches the south edge or after 20 boss turns.
	push := eff(table.Activate, allOf(table.SideEnemy, 1), table.OpPush, 1)
	heal := eff(table.StartOfTurn, self, table.OpBossHeal, 1)
	rs.Bosses = append(rs.Bosses, table.Boss{ID: "medeus", Name: "Medeus",
		Corners:     [4]table.Corner{{Color: table.Blue, HP: 7}, {Color: table.Red, HP: 7}, {Color: table.Green, HP: 7}, {Color: table.Blue, HP: 7}},
		Lives:       [5]int8{2: 1, 3: 1, 4: 2},
		StartOfTurn: []table.Effect{heal},
		Occupied:    table.OccupiedSkip,
		Lose: []table.EndCond{{Kind: table.EndBossReaches, N: 1, Summon: -1, Text: "Medeus reaches the south edge"},
			{Kind: table.EndBossTurns, N: 20, Summon: -1, Text: "the shadow covers the land"}},
	})
	card(medeus, "dark-breath", 7, 3, 3, rng(1, 2), moves("c3", "c3", "c2", "c2", "b3", "d3"), expire)
	card(medeus, "earthquake", 6, 2, 4, rng(1), moves("c3", "c2", "c2", "b2", "d2", "c3"), push)
	card(medeus, "wingbeat", 5, 5, 2, rng(1), moves("c4", "c4", "c3", "c3", "b3", "d3"), aura)
	card(medeus, "crush", 8, 2, 2, rng(1), moves("c3", "c3", "c2", "b2", "d2", "c4"))
	card(medeus, "roar", 6, 3, 3, rng(1, 2), moves("c3", "c4", "b3", "d3", "c2", "c2"), ruin)
	return rs
}
