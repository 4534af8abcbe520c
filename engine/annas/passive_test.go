package annas

import (
	"slices"
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

// Rulebook II.6: conditions are checked when relevant — an HP threshold
// reached during a combat counts for the later strikes.
func TestConditionCheckedEachStrike(t *testing.T) {
	g := started(t)
	withSkill(t, g, "fast", table.Effect{When: table.InCombat, If: []table.Cond{{Kind: table.CondHPAtMost, N: 5, Tag: -1, Terrain: -1}}, Target: self, Op: table.OpModify, Mods: table.Mods{ATK: 2}})
	f := put(t, g, "fast", 0, "c2")
	f.Damage = 3 // 7 HP
	b := put(t, g, "blue", 1, "c3")
	apply(t, g, activation(t, 0, "c2", "c2", Attack, "c3"))
	// attack 6-1-3 = 2; counter 6+1-3 = 4 (fast drops to 3 HP); follow-up 6-1+2-3 = 4.
	if b.Damage != 6 || f.Damage != 7 {
		t.Errorf("damage dealt %d (want 2+4), taken %d (want 3+4)", b.Damage, f.Damage)
	}
}

// A special whose effect moves the unit offers one action per destination.
// An effect that fires on its own and needs a choice asks its controller
// through a choice window: where a triggered move goes (or stay), which
// ally a triggered heal picks.
func TestMovesAndChoices(t *testing.T) {
	g := started(t)
	g.Rules.Skills = append(g.Rules.Skills, table.Skill{Name: "Warp", Kind: table.SkillSpecial,
		Effects: []table.Effect{{When: table.Activate, Target: self, Op: table.OpMove, N: 2, Tag: -1, Summon: -1}}})
	g.Rules.Units[unitIdx(t, g.Rules, "red")].Skill = int16(len(g.Rules.Skills) - 1)
	g.srcCache = nil
	r := put(t, g, "red", 0, "a1")
	r.Special = true
	var dests []string
	for _, a := range unitActs(g, r.Tile, Special) {
		dests = append(dests, a.Dest.String())
	}
	// From a1, up to 2 steps: a2 a3 b1 b2 c1 (its own tile is no move).
	if len(dests) != 5 {
		t.Errorf("warp destinations %v, want 5", dests)
	}
	for _, a := range unitActs(g, r.Tile, Special) {
		if a.Dest == tile(t, "b2") {
			apply(t, g, a)
		}
	}
	if r.Tile != tile(t, "b2") || r.Special {
		t.Errorf("after Warp: %s token %v, want b2 and no token", r.Tile, r.Special)
	}

	withSkill(t, g, "blue", table.Effect{When: table.AfterCombat, Target: self, Op: table.OpMove, N: 1})
	withSkill(t, g, "troubadour", table.Effect{When: table.OnDeploy, Target: one(table.SideAlly, 0), Op: table.OpHeal, N: 2})
	b := put(t, g, "blue", 0, "b3") // one step from the castle c3
	put(t, g, "gray", 1, "a3")
	apply(t, g, activation(t, 0, "b3", "b3", Attack, "a3"))
	var opts []string
	for _, a := range g.LegalActions() {
		if a.Kind != Choose {
			t.Fatalf("want only choices, got %s", g.Describe(a))
		}
		opts = append(opts, a.Dest.String())
	}
	// stay, or one step (in board order): c3 the castle, b4 a mountain.
	if want := []string{"-", "c3", "b4"}; !slices.Equal(opts, want) {
		t.Fatalf("after-combat move choices %v, want %v", opts, want)
	}
	if best := g.pending.options[g.pending.best]; best.Dest != tile(t, "c3") {
		t.Errorf("the suggested step is %s, want the castle c3", best.Dest)
	}
	apply(t, g, g.LegalActions()[1])
	if b.Tile != tile(t, "c3") || g.Actor() != 0 || g.pending != nil {
		t.Errorf("after choosing c3: blue on %s, pending %v", b.Tile, g.pending)
	}
	b.Damage, r.Damage = 2, 4
	setHand(t, g, 0, "troubadour", "green", "archer", "knight", "fast", "cav")
	apply(t, g, deployOf(g, unitIdx(t, g.Rules, "troubadour"))[0])
	legal := g.LegalActions()
	if len(legal) != 2 || legal[0].Kind != Choose || g.pending.options[g.pending.best].Target != r.Tile {
		t.Fatalf("on-deploy heal: want a choice of 2 allies suggesting the most damaged, got %v", legal)
	}
	for _, a := range legal {
		if a.Target == b.Tile {
			apply(t, g, a)
		}
	}
	if r.Damage != 4 || b.Damage != 0 {
		t.Errorf("heal on the chosen ally: red damage %d (want 4), blue %d (want 0)", r.Damage, b.Damage)
	}
}

// An effect that makes a player discard lets that player choose the cards;
// the hand is refilled after.
func TestDiscardIsChosen(t *testing.T) {
	g := started(t)
	withSkill(t, g, "red", table.Effect{When: table.OnKill, Target: table.Target{Kind: table.TargetOpponent}, Op: table.OpDiscard, N: 2})
	put(t, g, "red", 0, "c2")
	e := put(t, g, "green", 1, "c3")
	e.Damage = 6
	hand := slices.Clone(g.Players[1].Hand)
	apply(t, g, activation(t, 0, "c2", "c2", Attack, "c3"))
	for k := range 2 {
		legal := g.LegalActions()
		if g.Actor() != 1 || len(legal) != 6-k || legal[0].Kind != Choose {
			t.Fatalf("discard choice %d: actor %d, %d options", k, g.Actor(), len(legal))
		}
		apply(t, g, legal[len(legal)-1])
	}
	h := g.Players[1].Hand
	if len(h) != 6 || slices.Contains(h, hand[5]) || slices.Contains(h, hand[4]) || !slices.Contains(h, hand[0]) {
		t.Errorf("hand after discarding the last two cards: %v (was %v)", h, hand)
	}
}
