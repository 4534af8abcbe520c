package tropera_test

import (
	"slices"
	"testing"

	. "github.com/roundtable-dev/roundtable/engine/tropera"
	"github.com/roundtable-dev/roundtable/engine/tropera/table"
	trogen "github.com/roundtable-dev/roundtable/generated/tropera"
)

var rs = trogen.Ruleset

// scripted rolls the given numbers in order and fails on a wrong die or
// when it runs out.
type scripted struct {
	t     *testing.T
	rolls []int
	faces []int
}

func dice(t *testing.T, faces int, rolls ...int) *scripted {
	s := &scripted{t: t, rolls: rolls}
	for range rolls {
		s.faces = append(s.faces, faces)
	}
	return s
}

func (s *scripted) Roll(n int) int {
	s.t.Helper()
	if len(s.rolls) == 0 {
		s.t.Fatalf("ran out of scripted rolls (a d%d was asked for)", n)
	}
	if s.faces[0] != n {
		s.t.Fatalf("a d%d was rolled; the script has a d%d", n, s.faces[0])
	}
	r := s.rolls[0]
	s.rolls, s.faces = s.rolls[1:], s.faces[1:]
	return r
}

func (s *scripted) done() {
	s.t.Helper()
	if len(s.rolls) > 0 {
		s.t.Errorf("%d scripted rolls left over: %v", len(s.rolls), s.rolls)
	}
}

// unit deploys a base-content character with a weapon, on terrain ("" for none).
func unit(t *testing.T, char, weapon, terrain string) *Unit {
	t.Helper()
	return unitIn(t, rs, char, weapon, terrain)
}

// edited is a copy of the base ruleset in which character char is changed
// by edits: a fixture for a rule the base characters do not show (a rank
// they do not reach, a breath they did not pick, a dragon laguz).
func edited(t *testing.T, char string, edits ...func(*table.Character)) *table.Ruleset {
	t.Helper()
	cp := *rs
	cp.Characters = slices.Clone(rs.Characters)
	ci := cp.CharacterIndex(char)
	if ci < 0 {
		t.Fatalf("no character %s", char)
	}
	c := cp.Characters[ci]
	c.Feats, c.Skills, c.Natural, c.Weapons = slices.Clone(c.Feats), slices.Clone(c.Skills), slices.Clone(c.Natural), slices.Clone(c.Weapons)
	for _, e := range edits {
		e(&c)
	}
	cp.Characters[ci] = c
	return &cp
}

// ranked gives a character rank r in proficiency p (in place of any it has).
func ranked(p table.Prof, r table.Rank) func(*table.Character) {
	return func(c *table.Character) {
		c.Skills = slices.DeleteFunc(c.Skills, func(s table.Skill) bool { return s.Prof == p })
		c.Skills = append(c.Skills, table.Skill{Prof: p, Rank: r})
	}
}

// breath makes a Dragon's Breath character's chosen element weapon id.
func breath(id string) func(*table.Character) {
	return func(c *table.Character) { c.Natural = []int16{int16(rs.WeaponIndex(id))} }
}

// unitIn deploys character char of ruleset r with a weapon (in the form
// the weapon implies), on terrain ("" for none).
func unitIn(t *testing.T, r *table.Ruleset, char, weapon, terrain string) *Unit {
	t.Helper()
	ci, wi, ti := r.CharacterIndex(char), r.WeaponIndex(weapon), -1
	if terrain != "" {
		if ti = r.TerrainIndex(terrain); ti < 0 {
			t.Fatalf("no terrain %s", terrain)
		}
	}
	u, err := NewUnit(r, ci, wi, ti)
	if err != nil {
		t.Fatalf("%s with %s: %v", char, weapon, err)
	}
	return u
}

// Rule: "Characters start with 10 Hit Points and 5 Movement"; points and
// level-up gains add to stats; Hardy adds 10 HP; +1 movement at levels 8
// and 16; feats change movement (Laguz: Beast +1, Heavy Armor -1).
func TestStartingStatsAndMovement(t *testing.T) {
	cases := []struct {
		char     string
		hp, move int
		str      int8
	}{
		{"lyn", 14, 5, 4},            // 10 + 4 HP
		{"lethe", 16, 6, 7},          // beast +1 movement
		{"oswin", 22, 4, 6},          // heavy armor -1
		{"cairn-brigand", 34, 5, 9},  // 10 + 14 + Hardy 10
		{"nowi", 24, 6, 1},           // level 8: 10 + 8 + gains 6; +1 movement
		{"hector", 30, 5, 17},        // level 10: +1 movement, heavy armor -1
		{"vissan-soldier", 18, 5, 5}, // plain
	}
	for _, c := range cases {
		w := rs.Characters[rs.CharacterIndex(c.char)].Weapons
		wi := "claws"
		if len(w) > 0 {
			wi = rs.Weapons[w[0]].ID
		}
		u := unit(t, c.char, wi, "")
		if u.HP != c.hp || u.Move != c.move || u.Stats[table.Str] != c.str {
			t.Errorf("%s: HP %d, move %d, str %d; want %d, %d, %d", c.char, u.HP, u.Move, u.Stats[table.Str], c.hp, c.move, c.str)
		}
	}
}

// Rule: "Hit: (2x Skill) + (Luck) + (Weapon Accuracy) + (Proficiency
// Bonus)"; "Avoidance: (2x Speed) + (Luck) + (Terrain Bonus)"; "Hit
// Chance: (Attacker's Hit) - (Target's Avoid)".
func TestHitAvoidAndHitChance(t *testing.T) {
	lyn, archer := unit(t, "lyn", "iron-sword", "plains"), unit(t, "vissan-archer", "iron-bow", "plains")
	if got := Hit(lyn, archer); got != 2*8+5+90 {
		t.Errorf("Lyn's Hit = %d, want 111", got)
	}
	if got := Avoid(archer); got != 2*6+3 {
		t.Errorf("archer's Avoid on plains = %d, want 15", got)
	}
	if f := NewForecast(lyn, archer, 1); f.Attacker.Hit != 96 {
		t.Errorf("hit chance = %d, want 111-15 = 96", f.Attacker.Hit)
	}
	// Terrain Bonus: a hill gives 10 avoid.
	onHill := unit(t, "vissan-archer", "iron-bow", "hill")
	if got := Avoid(onHill); got != 25 {
		t.Errorf("archer's Avoid on a hill = %d, want 25", got)
	}
	if f := NewForecast(onHill, lyn, 2); f.Attacker.Hit != 81 {
		t.Errorf("archer's hit chance = %d, want 2*8+3+85 - (2*9+5) = 81", f.Attacker.Hit)
	}
}

// Rule: Sure Strike: "Your Skill now counts toward your Accuracy 3x
// instead of 2x." Miracle: "Doubles the effect of Luck on your Avoidance."
func TestSureStrikeAndMiracle(t *testing.T) {
	erk, soldier := unit(t, "erk", "fire", ""), unit(t, "vissan-soldier", "iron-lance", "")
	if got := Hit(erk, soldier); got != 3*6+3+90 {
		t.Errorf("Erk's Hit = %d, want 111", got)
	}
	serra := unit(t, "serra", "heal", "")
	if got := Avoid(serra); got != 2*6+2*9 {
		t.Errorf("Serra's Avoid = %d, want 30", got)
	}
}

// Rule: weapon triangle: "Swords/Talons < Lances/Claws < Axes/Bite <
// Swords/Talons; Light < Anima < Dark < Light"; bows, staves, martial arts
// and breath are neutral; +15 accuracy with the advantage, -15 against it.
func TestWeaponTriangle(t *testing.T) {
	beats := [][2]table.WeaponType{
		{table.Lance, table.Sword}, {table.Axe, table.Lance}, {table.Sword, table.Axe},
		{table.Claws, table.Talons}, {table.Bite, table.Claws}, {table.Talons, table.Bite},
		{table.Lance, table.Talons}, {table.Claws, table.Sword},
		{table.AnimaTome, table.LightTome}, {table.DarkTome, table.AnimaTome}, {table.LightTome, table.DarkTome},
	}
	for _, b := range beats {
		if Triangle(b[0], b[1]) != 1 || Triangle(b[1], b[0]) != -1 {
			t.Errorf("%s should beat %s", b[0], b[1])
		}
	}
	for _, n := range []table.WeaponType{table.Bow, table.Staff, table.Unarmed, table.Breath} {
		for w := range table.Breath + 1 {
			if Triangle(n, w) != 0 || Triangle(w, n) != 0 {
				t.Errorf("%s against %s is not neutral", n, w)
			}
		}
	}
	if Triangle(table.Sword, table.AnimaTome) != 0 || Triangle(table.Sword, table.Sword) != 0 {
		t.Error("weapons and magic, or the same type, take no triangle")
	}
	lyn, soldier := unit(t, "lyn", "iron-sword", ""), unit(t, "vissan-soldier", "iron-lance", "")
	if got := Hit(lyn, soldier); got != 111-15 {
		t.Errorf("sword against lance: Hit %d, want 96", got)
	}
	if got := Hit(soldier, lyn); got != 2*5+2+80+15 {
		t.Errorf("lance against sword: Hit %d, want 107", got)
	}
	// Martial Artist: "Your attacks are not affected by the weapon triangle."
	lyn.Combat.NoTriangle = true
	if got := Hit(lyn, soldier); got != 111 {
		t.Errorf("no-triangle: Hit %d, want 111", got)
	}
}

// Rule: "Critical Hit: (Skill /2) + (Bonuses)"; "Critical Avoidance:
// (Luck)"; Gamble: "You add your Luck to your Critical Hit Chance".
func TestCritical(t *testing.T) {
	lyn, archer := unit(t, "lyn", "iron-sword", ""), unit(t, "vissan-archer", "iron-bow", "")
	if Crit(lyn) != 4 || CritAvoid(archer) != 3 {
		t.Errorf("Crit %d, Crit Avoid %d; want 8/2 = 4 and 3", Crit(lyn), CritAvoid(archer))
	}
	if f := NewForecast(lyn, archer, 1); f.Attacker.Crit != 1 {
		t.Errorf("critical chance %d, want 1", f.Attacker.Crit)
	}
	nowi := unit(t, "nowi", "breath-lightning", "")
	if Crit(nowi) != (3+4)/2+30 {
		t.Errorf("Nowi's breath Crit = %d, want 3 + 30", Crit(nowi))
	}
	lyn.Combat.Gamble = true
	if Crit(lyn) != 4+5 {
		t.Errorf("Gamble: Crit %d, want 9", Crit(lyn))
	}
}

// Rule: "Damage: (Strength if Physical, Magic if Magical) + (Might x3 if
// Effective) + Proficiency Bonus - (Defense if Physical, Resistance if
// Magical + Terrain Bonus)"; "Heavy Armor/Resistant: (Damage) /2".
func TestDamage(t *testing.T) {
	lyn := unit(t, "lyn", "iron-sword", "")
	cases := []struct {
		name string
		a, d *Unit
		want int
	}{
		{"physical: Str 4 + Might 5 - Def 4", lyn, unit(t, "vissan-archer", "iron-bow", ""), 5},
		{"terrain defense: a hill adds 1", lyn, unit(t, "vissan-archer", "iron-bow", "hill"), 4},
		{"fort adds 2", lyn, unit(t, "vissan-archer", "iron-bow", "fort"), 3},
		{"never below 0: 4 + 5 - 10", lyn, unit(t, "oswin", "iron-lance", ""), 0},
		{"magical: Mag 9 + Might 5 - Res 5", unit(t, "erk", "fire", ""), unit(t, "vissan-soldier", "iron-lance", ""), 9},
		{"magic sword targets Resistance: Mag 0 + 9 + 2 (swords B) - Res 3", unitIn(t, edited(t, "lyn", ranked(table.Swords, table.RankB)), "lyn", "levin-sword", ""), unit(t, "vissan-archer", "iron-bow", ""), 8},
		{"Heavy Armor halves physical: (9 + 8 - 10) / 2", unit(t, "cairn-brigand", "iron-axe", ""), unit(t, "oswin", "iron-lance", ""), 3},
		{"Heavy Armor does not halve magic: 9 + 5 - 2", unit(t, "erk", "fire", ""), unit(t, "oswin", "iron-lance", ""), 12},
		{"Resistant halves magic: (9 + 5 - 6) / 2", unit(t, "erk", "fire", ""), unit(t, "vissan-mage", "flux", ""), 4},
		{"effective x3 then halved: (4 + 24 + 1 (swords C) - 10) / 2", unitIn(t, edited(t, "lyn", ranked(table.Swords, table.RankC)), "lyn", "armorslayer", ""), unit(t, "oswin", "iron-lance", ""), 9},
		{"Heavy Armor halves 5 + 6 - 10 to 0; Pierce: at least Might 6", unit(t, "vissan-archer", "iron-bow", ""), unit(t, "oswin", "iron-lance", ""), 6},
		{"bow effective against a bird laguz: 5 + 6x3 - 2", unit(t, "vissan-archer", "iron-bow", ""), withFeat(t, unit(t, "erk", "fire", ""), "laguz-bird"), 21},
		{"Dragon's Breath: level 8 + Might 8 - Res 5", unit(t, "nowi", "breath-lightning", ""), unit(t, "vissan-soldier", "iron-lance", ""), 11},
		{"axe rank A adds no might: 17 + 8 - 4", unit(t, "hector", "iron-axe", ""), unit(t, "cairn-brigand", "iron-axe", ""), 21},
	}
	for _, c := range cases {
		if got := Damage(c.a, c.d); got != c.want {
			t.Errorf("%s: damage %d, want %d", c.name, got, c.want)
		}
	}
}

func withFeat(t *testing.T, u *Unit, feat string) *Unit {
	for i := range rs.Feats {
		if rs.Feats[i].ID == feat {
			u.Feats = append(slices.Clone(u.Feats), int16(i))
			return u
		}
	}
	t.Fatalf("no feat %s", feat)
	return nil
}

// Rule: the proficiency table, additive by rank: Swords C/B/A +1 Might, S
// +5 Critical; Lances and Bows, Light, Anima, Dark C +1 Might, B +5
// Accuracy, A +1 Might, S +5 Critical; Axes +5 Accuracy at C, B and A;
// Staff +1 Might +5 Accuracy at C, B, A and +5 Avoidance at S; S+4: +15
// Critical Hit Chance.
func TestProficiencyBonus(t *testing.T) {
	cases := []struct {
		w    table.WeaponType
		r    table.Rank
		want Bonus
	}{
		{table.Sword, table.RankD, Bonus{}},
		{table.Sword, table.RankA, Bonus{Might: 3}},
		{table.Talons, table.RankS, Bonus{Might: 3, Crit: 5}},
		{table.Lance, table.RankB, Bonus{Might: 1, Accuracy: 5}},
		{table.Claws, table.RankA, Bonus{Might: 2, Accuracy: 5}},
		{table.Axe, table.RankA, Bonus{Accuracy: 15}},
		{table.Bite, table.RankS, Bonus{Accuracy: 15, Crit: 5}},
		{table.Bow, table.RankS, Bonus{Might: 2, Accuracy: 5, Crit: 5}},
		{table.DarkTome, table.RankC, Bonus{Might: 1}},
		{table.Staff, table.RankS, Bonus{Might: 3, Accuracy: 15, Avoid: 5}},
		{table.Sword, table.RankS4, Bonus{Might: 3, Crit: 20}},
		{table.Unarmed, table.RankS, Bonus{}},
	}
	for _, c := range cases {
		if got := ProficiencyBonus(c.w, c.r); got != c.want {
			t.Errorf("%s at %s: %+v, want %+v", c.w, c.r, got, c.want)
		}
	}
	hector, brigand := unit(t, "hector", "iron-axe", ""), unit(t, "cairn-brigand", "iron-axe", "")
	if got := Hit(hector, brigand); got != 2*9+7+75+15 {
		t.Errorf("Hector's Hit with axes A = %d, want 115", got)
	}
}

// Rule: S+ ranks: S+ removes the triangle disadvantage; S+2 gives the
// advantage against the same type (cancelled by another S+2); S+3 an
// Extra Attack; bows at S+ reach 1.
func TestSPlusRanks(t *testing.T) {
	sword, lance := unit(t, "lyn", "iron-sword", ""), unit(t, "vissan-soldier", "iron-lance", "")
	sword.Char = rankAt(sword.Char, table.Swords, table.RankS1)
	if got := Hit(sword, lance); got != 111 {
		t.Errorf("S+ sword against lance: Hit %d, want 111 (no disadvantage)", got)
	}
	other := unit(t, "lyn", "iron-sword", "")
	sword.Char = rankAt(sword.Char, table.Swords, table.RankS2)
	if got := Hit(sword, other); got != 111+15 {
		t.Errorf("S+2 against the same type: Hit %d, want 126", got)
	}
	other.Char = rankAt(other.Char, table.Swords, table.RankS2)
	if got := Hit(sword, other); got != 111 {
		t.Errorf("S+2 against S+2: Hit %d, want 111", got)
	}
	archer := unit(t, "vissan-archer", "iron-bow", "")
	if InRange(archer, 1) {
		t.Error("an iron bow does not reach 1 below S+")
	}
	archer.Char = rankAt(archer.Char, table.Bows, table.RankS3)
	if !InRange(archer, 1) {
		t.Error("bows at S+ reach 1")
	}
	if got := Attacks(archer, lance, 2, true); got != 1+1-1 { // S+3, minus Wary
		t.Errorf("S+3 archer against a Wary soldier: %d attacks, want 1", got)
	}
}

func rankAt(c *table.Character, p table.Prof, r table.Rank) *table.Character {
	cc := *c
	cc.Skills = []table.Skill{{Prof: p, Rank: r}}
	return &cc
}

// Rule: attacks in an Attack Sequence: Range (none out of range), Speed
// (4 or more above: an Extra Attack), Heavy (no Speed Extra Attack),
// Brave (always one), Adept (Skill 4+ above), Reckless (one more, and
// one more for its foes), Wary (one fewer, at least 1), staves (none).
func TestAttacks(t *testing.T) {
	lyn := unit(t, "lyn", "iron-sword", "")
	brigand := unit(t, "cairn-brigand", "iron-axe", "")
	archer := unit(t, "vissan-archer", "iron-bow", "")
	soldier := unit(t, "vissan-soldier", "iron-lance", "")
	hector := unit(t, "hector", "iron-axe", "")
	cases := []struct {
		name     string
		a, d     *Unit
		dist     int
		attacker bool
		want     int
	}{
		{"speed 9 vs 3 and skill 8 vs 4: speed and Adept", lyn, brigand, 1, true, 3},
		{"speed 9 vs 6: no extra", lyn, archer, 1, true, 1},
		{"heavy steel sword: Adept only", unitIn(t, edited(t, "lyn", ranked(table.Swords, table.RankC)), "lyn", "steel-sword", ""), brigand, 1, true, 2},
		{"brave sword: one more", unitIn(t, edited(t, "lyn", ranked(table.Swords, table.RankA)), "lyn", "brave-sword", ""), archer, 1, true, 2},
		{"out of range: a bow at 1", archer, lyn, 1, false, 0},
		{"in range: a bow at 2", archer, lyn, 2, true, 1},
		{"Wary target: speed 9 vs 4 gives 2, Wary takes 1", lyn, soldier, 1, true, 1},
		{"Wary counts only when attacked", soldier, lyn, 1, false, 1},
		{"Reckless: its own extra attack", hector, brigand, 1, true, 2},
		{"Reckless: its foes' extra attack", brigand, hector, 1, false, 2},
		{"a staff does not attack", unit(t, "serra", "heal", ""), lyn, 1, true, 0},
	}
	for _, c := range cases {
		if got := Attacks(c.a, c.d, c.dist, c.attacker); got != c.want {
			t.Errorf("%s: %d attacks, want %d", c.name, got, c.want)
		}
	}
}

// Rule: "The DM then rolls a d100. If the result of the roll is equal to
// or lower than the Hit Chance, the attack hits (and if it's equal to or
// lower than the Critical Hit Chance, it is a critical hit)." True Hit:
// from 60% the roll is made twice and averaged; Gamble takes no True Hit.
func TestAttackRoll(t *testing.T) {
	cases := []struct {
		name      string
		hit, crit int
		gamble    bool
		rolls     []int
		hits, cr  bool
	}{
		{"single roll equal to the chance hits", 59, 0, false, []int{59}, true, false},
		{"single roll above the chance misses", 59, 0, false, []int{60}, false, false},
		{"critical at or below the crit chance", 50, 10, false, []int{10}, true, true},
		{"True Hit: 95 and 25 average 60, a hit at 60", 60, 0, false, []int{95, 25}, true, false},
		{"True Hit: 95 and 26 average 60.5, a miss at 60", 60, 0, false, []int{95, 26}, false, false},
		{"True Hit average decides the critical: 3 and 4 is 3.5 > 3", 80, 3, false, []int{3, 4}, true, false},
		{"Gamble: one roll even at 90", 90, 0, true, []int{91}, false, false},
	}
	for _, c := range cases {
		d := dice(t, 100, c.rolls...)
		rolls, hits, cr := Roll(d, c.hit, c.crit, c.gamble)
		d.done()
		if hits != c.hits || cr != c.cr || !slices.Equal(rolls, c.rolls) {
			t.Errorf("%s: rolls %v hit %v crit %v", c.name, rolls, hits, cr)
		}
	}
}

// Rule: the Attack Sequence alternates, attacker first; whoever has
// attacks left makes them back to back; it stops when one is defeated;
// "Critical Hit Damage: 3x Damage".
func TestSequence(t *testing.T) {
	lyn, brigand := unit(t, "lyn", "iron-sword", ""), unit(t, "cairn-brigand", "iron-axe", "")
	// Lyn 3 attacks (hit 2*8+5+90+15 - (6+1) = 119 → 100, crit 4-1 = 3,
	// damage 4+5-4 = 5); the brigand 1 (hit 8+1+75-15 - 23 = 46, crit 2-5 → 0,
	// damage 9+8-3 = 14).
	d := dice(t, 100, 2, 2 /* Lyn crits: 15 */, 50 /* brigand misses */, 80, 80 /* Lyn 5 */, 90, 30 /* Lyn 5 */)
	f, strikes := Sequence(d, lyn, brigand, 1)
	d.done()
	if f.Attacker != (Side{Hit: 100, Crit: 3, Damage: 5, Attacks: 3}) || f.Defender != (Side{Hit: 46, Crit: 0, Damage: 14, Attacks: 1}) {
		t.Fatalf("forecast %+v", f)
	}
	var got []string
	for _, s := range strikes {
		got = append(got, s.By.Char.ID)
	}
	if !slices.Equal(got, []string{"lyn", "cairn-brigand", "lyn", "lyn"}) {
		t.Errorf("order %v", got)
	}
	if strikes[0].Damage != 15 || !strikes[0].Critical || brigand.HP != 34-25 || lyn.HP != 14 {
		t.Errorf("crit %d, brigand HP %d, Lyn HP %d; want 15, 9, 14", strikes[0].Damage, brigand.HP, lyn.HP)
	}

	// The sequence stops at a defeat: the brigand's 14 fells a 14-HP Lyn
	// before her three counters.
	lyn2, brigand2 := unit(t, "lyn", "iron-sword", ""), unit(t, "cairn-brigand", "iron-axe", "")
	d = dice(t, 100, 1)
	_, strikes = Sequence(d, brigand2, lyn2, 1)
	d.done()
	if len(strikes) != 1 || lyn2.HP != 0 {
		t.Errorf("%d strikes, Lyn HP %d; want 1 strike and 0", len(strikes), lyn2.HP)
	}
}

// Rule: Vantage: "Your first counterattack goes before your attacker's
// first attack whenever your Speed is higher than your attacker's."
// Miracle: "the first time per round that you are dealt lethal damage, you
// are instead reduced to 1 hit point."
func TestVantageAndMiracle(t *testing.T) {
	brigand, lyn := unit(t, "cairn-brigand", "iron-axe", ""), unit(t, "lyn", "iron-sword", "")
	lyn.Combat.Vantage = true
	if f := NewForecast(brigand, lyn, 1); !f.DefenderFirst {
		t.Error("faster Vantage defender should strike first")
	}
	slow := unit(t, "oswin", "iron-lance", "")
	slow.Combat.Vantage = true
	if f := NewForecast(lyn, slow, 1); f.DefenderFirst {
		t.Error("a slower Vantage defender does not strike first")
	}
	serra := unit(t, "serra", "heal", "")
	serra.HP = 3
	d := dice(t, 100, 1, 1)
	_, strikes := Sequence(d, brigand, serra, 1)
	if serra.HP != 1 || !strikes[0].Miracle {
		t.Errorf("Serra HP %d after a lethal hit; want 1 by Miracle", serra.HP)
	}
	_, _ = Sequence(d, brigand, serra, 1)
	d.done()
	if serra.HP != 0 {
		t.Errorf("Miracle works once a round; Serra HP %d", serra.HP)
	}
}
