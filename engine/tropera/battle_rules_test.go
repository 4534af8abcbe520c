package tropera_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/roundtable-dev/roundtable/engine/play"
	. "github.com/roundtable-dev/roundtable/engine/tropera"
	"github.com/roundtable-dev/roundtable/engine/tropera/table"
)

// load reads a battle from a position's state (YAML, the units given in
// flow style) on ruleset r.
func load(t *testing.T, r *table.Ruleset, state string) *Battle {
	t.Helper()
	env, err := play.ReadPosition("test", []byte("version: 1\ngame: tropera\nmode: battle\nstate:\n"+indent(state)))
	if err != nil {
		t.Fatal(err)
	}
	b, err := LoadBattle(r, env.State)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func indent(s string) string {
	var out []string
	for _, l := range strings.Split(strings.TrimSpace(s), "\n") {
		out = append(out, "  "+strings.TrimLeft(l, "\t"))
	}
	return strings.Join(out, "\n") + "\n"
}

const rng = "7063673a00000000000000019e3779b97f4a7c15"

// withCharacter is rs with one character changed (or added, when id is new).
func withCharacter(t *testing.T, id string, change func(c *table.Character)) *table.Ruleset {
	t.Helper()
	cp := *rs
	cp.Characters = slices.Clone(rs.Characters)
	ci := cp.CharacterIndex(id)
	if ci < 0 {
		t.Fatalf("no character %s", id)
	}
	c := cp.Characters[ci]
	c.Feats, c.Skills, c.Performances = slices.Clone(c.Feats), slices.Clone(c.Skills), slices.Clone(c.Performances)
	change(&c)
	cp.Characters[ci] = c
	return &cp
}

func feat(t *testing.T, id string) int16 {
	t.Helper()
	f := rs.FeatIndex(id)
	if f < 0 {
		t.Fatalf("no feat %s", id)
	}
	return int16(f)
}

func legal(b *Battle) []string {
	var out []string
	for i := range b.Legal() {
		out = append(out, b.Action(i))
	}
	return out
}

func apply(t *testing.T, b *Battle, text string) {
	t.Helper()
	i, err := play.Find(b, text)
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Apply(i); err != nil {
		t.Fatal(err)
	}
}

// Rule: Mounted: "Taking Flying Mount at a later level negates this feat";
// Flying Mount: "Taking Mounted at a later level negates this feat." A
// rider who took Mounted, then Flying Mount, moves 7 (not 9) and flies: a
// forest costs it 1, not Mounted's 3.
func TestNegatedMountDoesNotCount(t *testing.T) {
	r := withCharacter(t, "corvin", func(c *table.Character) {
		c.Feats = []int16{feat(t, "mounted"), feat(t, "flying-mount")}
		c.Negated = []int16{feat(t, "mounted")}
	})
	b := load(t, r, `
		battle: durvalla-road
		round: 1
		phase: party
		rng: `+rng+`
		units:
		  - {id: corvin, character: corvin, side: party, at: c1, hp: 18, equip: iron-lance, weapons: [{id: iron-lance}]}
		  - {id: vissan-soldier-1, character: vissan-soldier, side: enemy, number: 1, level: mob, at: j9, hp: 18, equip: iron-lance, weapons: [{id: iron-lance}]}`)
	u := b.Unit("corvin")
	if got := b.MoveStat(u); got != 7 {
		t.Errorf("movement %d, want 7 (5 + Flying Mount's 2; Mounted negated)", got)
	}
	if u.Combat.Mounted || !u.Combat.Flies {
		t.Errorf("mounted %v, flies %v: want Flying Mount's traits only", u.Combat.Mounted, u.Combat.Flies)
	}
	if c := b.Cost(u, 6); c != 1 { // g1, a forest
		t.Errorf("a forest costs %d, want 1 (flying)", c)
	}
}

// Rule: Perform, S+: "Whenever you take the Perform action, you can add the
// effects of another performance you know with the same area of effect (up
// to D-Rank) to the performance"; S Rank: "+5 Avoidance".
func TestPerformSPlus(t *testing.T) {
	r := withCharacter(t, "ysolde", func(c *table.Character) {
		c.Skills = []table.Skill{{Prof: table.Perform, Rank: table.RankS1}}
		c.Performances = []int16{int16(rs.PerformanceIndex("rallying-song")), int16(rs.PerformanceIndex("sword-dance")), int16(rs.PerformanceIndex("veil-waltz"))}
	})
	b := load(t, r, `
		battle: durvalla-road
		round: 1
		phase: party
		rng: `+rng+`
		units:
		  - {id: ysolde, character: ysolde, side: party, at: e2, hp: 19}
		  - {id: lyn, character: lyn, side: party, at: e3, hp: 14, equip: iron-sword, weapons: [{id: iron-sword}]}
		  - {id: vissan-soldier-1, character: vissan-soldier, side: enemy, number: 1, level: mob, at: j9, hp: 18, equip: iron-lance, weapons: [{id: iron-lance}]}`)
	got := legal(b)
	// Veil Waltz (C) shares Rallying Song's area (2) but is above D; Sword
	// Dance (D) has another area (adjacent).
	for _, want := range []string{"ysolde perform rallying-song", "ysolde perform veil-waltz with rallying-song"} {
		if !slices.Contains(got, want) {
			t.Errorf("%q not offered: %v", want, got)
		}
	}
	for _, no := range []string{"ysolde perform rallying-song with veil-waltz", "ysolde perform rallying-song with sword-dance"} {
		if slices.Contains(got, no) {
			t.Errorf("%q offered", no)
		}
	}
	apply(t, b, "ysolde perform veil-waltz with rallying-song")
	var kinds []string
	for _, s := range b.Unit("lyn").Statuses {
		kinds = append(kinds, s.Kind)
	}
	if !slices.Equal(kinds, []string{"boost:veil-waltz", "boost:rallying-song"}) {
		t.Errorf("Lyn's boosts %v, want both performances'", kinds)
	}
	// Perform S: +5 Avoid, whatever is equipped.
	y := withCharacter(t, "ysolde", func(c *table.Character) {
		c.Skills = []table.Skill{{Prof: table.Perform, Rank: table.RankS}, {Prof: table.Swords, Rank: table.RankD}}
	})
	a, _ := NewUnit(rs, rs.CharacterIndex("ysolde"), rs.WeaponIndex("iron-sword"), -1)
	s, _ := NewUnit(y, y.CharacterIndex("ysolde"), y.WeaponIndex("iron-sword"), -1)
	if Avoid(s)-Avoid(a) != 5 {
		t.Errorf("Perform S adds %d Avoid, want 5", Avoid(s)-Avoid(a))
	}
}

// Rule: a performance that lets an ally act again (Quickstep, content):
// an adjacent ally who has ended its turn takes another.
func TestPerformRefresh(t *testing.T) {
	r := withCharacter(t, "ysolde", func(c *table.Character) {
		c.Skills = []table.Skill{{Prof: table.Perform, Rank: table.RankB}}
		c.Performances = []int16{int16(rs.PerformanceIndex("rallying-song")), int16(rs.PerformanceIndex("sword-dance")), int16(rs.PerformanceIndex("veil-waltz")),
			int16(rs.PerformanceIndex("stone-hymn")), int16(rs.PerformanceIndex("quickstep")), int16(rs.PerformanceIndex("sword-dance"))}
	})
	b := load(t, r, `
		battle: durvalla-road
		round: 1
		phase: party
		rng: `+rng+`
		units:
		  - {id: ysolde, character: ysolde, side: party, at: e2, hp: 19}
		  - {id: lyn, character: lyn, side: party, at: e3, hp: 14, equip: iron-sword, weapons: [{id: iron-sword}], turn: {acted: true, moved: true, spent: 5, main: true, done: true}}
		  - {id: vissan-soldier-1, character: vissan-soldier, side: enemy, number: 1, level: mob, at: j9, hp: 18, equip: iron-lance, weapons: [{id: iron-lance}]}`)
	apply(t, b, "ysolde perform quickstep on lyn")
	if !slices.Contains(legal(b), "lyn move e4") {
		t.Errorf("Lyn does not act again after Quickstep: %v", legal(b))
	}
	if u := b.Unit("lyn"); !u.Refreshed || u.T != (Turn{}) {
		t.Errorf("Lyn refreshed %v, turn %+v", u.Refreshed, u.T)
	}
}

// Rule: Avoidance modifiers of the battle: Defend ("adding your Skill to
// your Avoidance"), a carrier's ("While carrying an ally, your avoidance is
// halved"), a grappled unit's ("their avoidance is halved (not including
// terrain bonuses)").
func TestBattleAvoid(t *testing.T) {
	lyn := func(terrain string) *Unit { return unit(t, "lyn", "iron-sword", terrain) }
	base := Avoid(lyn("")) // 2x9 + 5
	if base != 23 {
		t.Fatalf("Lyn's Avoid %d, want 23", base)
	}
	u := lyn("")
	u.Cond.Defending = true
	if got := Avoid(u); got != 23+8 {
		t.Errorf("defending: %d, want 31 (+ Skill 8)", got)
	}
	u = lyn("forest")
	u.Cond.Grappled = true
	if got := Avoid(u); got != 23/2+20 {
		t.Errorf("grappled in a forest: %d, want 11 + 20", got)
	}
	u = lyn("forest")
	u.Cond.Carrying = true
	if got := Avoid(u); got != (23+20)/2 {
		t.Errorf("carrying in a forest: %d, want 21", got)
	}
	u = lyn("")
	u.Cond.GuardBreak = 7
	if got := Avoid(u); got != 16 {
		t.Errorf("guard broken by 7: %d, want 16", got)
	}
}

// Rule: Enemy Actions: Mob enemies "solely prioritize the easiest targets to
// hit above all other concerns": the greedy enemy, at Mob level, attacks
// the target it hits most easily, though another would die to it.
func TestMobAttacksTheEasiestTarget(t *testing.T) {
	b := load(t, rs, `
		battle: durvalla-road
		round: 1
		phase: enemy
		rng: `+rng+`
		units:
		  - {id: oswin, character: oswin, side: party, at: e3, hp: 22, equip: iron-lance, weapons: [{id: iron-lance}]}
		  - {id: lyn, character: lyn, side: party, at: e5, hp: 2, equip: iron-sword, weapons: [{id: iron-sword}]}
		  - {id: cairn-brigand-1, character: cairn-brigand, side: enemy, number: 1, level: mob, at: e4, hp: 34, equip: iron-axe, weapons: [{id: iron-axe}]}`)
	if got := b.Action(NewGreedy(1, 1).Choose(b)); got != "cairn-brigand-1 attack oswin with iron-axe" {
		t.Errorf("a Mob brigand chose %q; Oswin (Avoid 2) is easier to hit than Lyn (Avoid 23)", got)
	}
	// An Elite weighs the kill: Lyn, at 2 HP, dies to one hit.
	b.Unit("cairn-brigand-1").Level = table.Elite
	if got := b.Action(NewGreedy(1, 1).Choose(b)); got != "cairn-brigand-1 attack lyn with iron-axe" {
		t.Errorf("an Elite brigand chose %q, want Lyn (likely to die)", got)
	}
}

// Rule: Army enemies "consider both chance to hit and chance to be hit by
// counterattacks when choosing their targets, but take less notice of how
// much damage they will potentially deal or take": an archer at Army level
// shoots Lyn, who cannot shoot back, over Oswin, easier to hit but armed
// with a javelin; at Mob level it shoots the easiest target, Oswin.
func TestArmyWeighsCounterattacks(t *testing.T) {
	b := load(t, rs, `
		battle: durvalla-road
		round: 1
		phase: enemy
		rng: `+rng+`
		units:
		  - {id: lyn, character: lyn, side: party, at: e5, hp: 14, equip: iron-sword, weapons: [{id: iron-sword}]}
		  - {id: oswin, character: oswin, side: party, at: g3, hp: 22, equip: javelin, weapons: [{id: iron-lance}, {id: javelin}]}
		  - {id: vissan-archer-1, character: vissan-archer, side: enemy, number: 1, level: army, at: e3, hp: 16, equip: iron-bow, weapons: [{id: iron-bow}]}`)
	if got := b.Action(NewGreedy(1, 1).Choose(b)); got != "vissan-archer-1 attack lyn with iron-bow" {
		t.Errorf("an Army archer chose %q, want Lyn (no counter at 2) over Oswin (a javelin counters)", got)
	}
	b.Unit("vissan-archer-1").Level = table.Mob
	if got := b.Action(NewGreedy(1, 1).Choose(b)); got != "vissan-archer-1 attack oswin with iron-bow" {
		t.Errorf("a Mob archer chose %q, want Oswin (Avoid 2 against Lyn's 23)", got)
	}
}

// Rule: Quick Salve: "You can use medicinal items as a bonus action": the
// vulnerary leaves the main action to attack with.
func TestQuickSalve(t *testing.T) {
	r := withCharacter(t, "lyn", func(c *table.Character) { c.Feats = []int16{feat(t, "quick-salve")} })
	b := load(t, r, `
		battle: durvalla-road
		round: 1
		phase: party
		rng: `+rng+`
		units:
		  - {id: lyn, character: lyn, side: party, at: e3, hp: 4, equip: iron-sword, weapons: [{id: iron-sword}], items: [{id: vulnerary, uses: 3}]}
		  - {id: vissan-soldier-1, character: vissan-soldier, side: enemy, number: 1, level: mob, at: e4, hp: 18, equip: iron-lance, weapons: [{id: iron-lance}]}`)
	apply(t, b, "lyn use vulnerary")
	u := b.Unit("lyn")
	if u.HP != 14 || !u.T.Bonus || u.T.Main {
		t.Errorf("after a Quick Salve vulnerary: HP %d, bonus %v, main %v; want 14, true, false", u.HP, u.T.Bonus, u.T.Main)
	}
	if !slices.Contains(legal(b), "lyn attack vissan-soldier-1 with iron-sword") {
		t.Errorf("no attack after a Quick Salve vulnerary: %v", legal(b))
	}
	// Without the feat it is the main action.
	b = load(t, rs, `
		battle: durvalla-road
		round: 1
		phase: party
		rng: `+rng+`
		units:
		  - {id: lyn, character: lyn, side: party, at: e3, hp: 4, equip: iron-sword, weapons: [{id: iron-sword}], items: [{id: vulnerary, uses: 3}]}
		  - {id: vissan-soldier-1, character: vissan-soldier, side: enemy, number: 1, level: mob, at: e4, hp: 18, equip: iron-lance, weapons: [{id: iron-lance}]}`)
	apply(t, b, "lyn use vulnerary")
	if slices.Contains(legal(b), "lyn attack vissan-soldier-1 with iron-sword") {
		t.Error("an attack after a main-action vulnerary")
	}
}

// Rule (content): a relic's stats count while carried: Ysolde's Speedwing
// Charm ("+2 Speed while carried").
func TestRelicStats(t *testing.T) {
	y := unit(t, "ysolde", "iron-sword", "")
	if got, want := y.Stats[table.Spd], int8(9+5+2); got != want {
		t.Errorf("Ysolde's Speed %d, want %d (points 9, gains 5, the charm 2)", got, want)
	}
}
