package annas

import (
	"testing"

	"github.com/roundtable-dev/roundtable/engine/annas/table"
)

// withSkill gives fixture unit id a passive skill made of es.
func withSkill(t *testing.T, g *Game, id string, es ...table.Effect) {
	t.Helper()
	for i := range es {
		es[i].Tag, es[i].Summon = -1, -1
		if es[i].Target.Kind == table.TargetSelf {
			es[i].Target.Tag = -1
		}
	}
	g.Rules.Skills = append(g.Rules.Skills, table.Skill{Name: "test", Kind: table.SkillPassive, Effects: es})
	g.Rules.Units[unitIdx(t, g.Rules, id)].Skill = int16(len(g.Rules.Skills) - 1)
	g.srcCache = nil
}

// Rulebook II.6: passives with "when X happens" fire when it happens: at the
// start of its controller's turn, after a combat it survived, on a kill.
func TestTriggeredPassives(t *testing.T) {
	g := started(t)
	withSkill(t, g, "red",
		table.Effect{When: table.StartOfTurn, Target: self, Op: table.OpHeal, N: 2},
		table.Effect{When: table.OnKill, Target: table.Target{Kind: table.TargetPlayer}, Op: table.OpCoins, N: 3},
		table.Effect{When: table.AfterCombat, Target: table.Target{Kind: table.TargetPlayer}, Op: table.OpDV, N: 1},
	)
	r := put(t, g, "red", 0, "c2")
	r.Damage = 5
	apply(t, g, act(EndTurn, 0))
	if r.Damage != 5 {
		t.Errorf("healed on the opponent's turn start: damage %d", r.Damage)
	}
	apply(t, g, act(EndTurn, 1))
	if r.Damage != 3 {
		t.Errorf("start-of-turn heal: damage %d, want 3", r.Damage)
	}
	e := put(t, g, "green", 1, "c3")
	e.Damage = 6 // 4 HP: red deals 4
	coins := g.Players[0].Coins
	apply(t, g, activation(t, 0, "c2", "c2", Attack, "c3"))
	if g.Players[0].Coins != coins+3 || g.Players[0].DV != 1 {
		t.Errorf("after a kill: coins %d (want %d), DV %d (want 1)", g.Players[0].Coins, coins+3, g.Players[0].DV)
	}
}

// Effect vocabulary: an "attacked" passive watching adjacent allies, and a
// combat passive that denies the foe's counter.
func TestEventPassiveAndNoCounter(t *testing.T) {
	g := started(t)
	withSkill(t, g, "blue", table.Effect{When: table.Attacked, About: table.Scope{Side: table.SideAlly, Within: 1},
		Target: table.Target{Kind: table.TargetTrigger}, Op: table.OpModify, Mods: table.Mods{DEF: 2}, Duration: table.ForCombat})
	withSkill(t, g, "fast", table.Effect{When: table.InCombat, If: []table.Cond{{Kind: table.CondInitiating, Tag: -1, Terrain: -1}}, Op: table.OpNoCounter, Target: self})
	put(t, g, "green", 0, "c2")
	put(t, g, "blue", 1, "b3")
	g2 := put(t, g, "gray", 1, "c3") // next to the blue guard
	apply(t, g, activation(t, 0, "c2", "c2", Attack, "c3"))
	// green 6 vs gray DEF 3+2 = 1; gray counters 6-3 = 3, no follow-up.
	if g2.Damage != 1 || len(g2.Mods) != 0 {
		t.Errorf("guarded gray: damage %d mods %v, want 1 and none after combat", g2.Damage, g2.Mods)
	}
	if me := g.PieceAt(tile(t, "c2")); me.Damage != 3 {
		t.Errorf("green took %d, want 3", me.Damage)
	}
	f := put(t, g, "fast", 0, "d2")
	x := put(t, g, "red", 1, "d3")
	apply(t, g, activation(t, 0, "d2", "d2", Attack, "d3"))
	// fast attacks: 3, no counter, follow-up 3.
	if f.Damage != 0 || x.Damage != 6 {
		t.Errorf("no-counter: attacker damage %d (want 0), defender %d (want 6)", f.Damage, x.Damage)
	}
}

// Rulebook VIII's clarification holds in 1v1 too: "until your next turn"
// lasts through the opponent's turn and ends when the effect's controller
// starts their next turn.
func TestUntilNextTurn(t *testing.T) {
	g := started(t)
	withSkill(t, g, "red", table.Effect{When: table.AfterCombat, Target: table.Target{Kind: table.TargetFoe}, Op: table.OpModify, Mods: table.Mods{DEF: -2}, Duration: table.ForNextTurn})
	put(t, g, "red", 0, "c2")
	e := put(t, g, "green", 1, "c3")
	apply(t, g, activation(t, 0, "c2", "c2", Attack, "c3"))
	apply(t, g, act(EndTurn, 0))
	if len(e.Mods) != 1 || e.Mods[0].DEF != -2 {
		t.Fatalf("on the opponent's turn the foe has mods %v, want DEF -2", e.Mods)
	}
	apply(t, g, act(EndTurn, 1))
	if len(e.Mods) != 0 {
		t.Errorf("at the controller's next turn the mods are %v, want none", e.Mods)
	}
}
