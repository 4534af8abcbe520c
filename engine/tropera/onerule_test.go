package tropera_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/roundtable-dev/roundtable/engine/play"
	. "github.com/roundtable-dev/roundtable/engine/tropera"
	"github.com/roundtable-dev/roundtable/engine/tropera/table"
)

// The tests of this file hold issue 36: the combat calculator (NewUnitWith,
// NewForecast) and a battle decide who may wield what, what charges allow
// and which form a laguz is in by the same rules (table.Wields,
// table.Strikes, table.FormFor and FormCombat). Each case runs once through
// the calculator and once in a battle position with the two units adjacent
// (the party's attacker at e3 of the Durvalla Road, the enemy at e4), and
// the calculator's forecast must be the numbers of the battle's combat
// event, or both must refuse for the same reason.

// fighter is one side of a case.
type fighter struct {
	char, weapon string
	beast        bool     // the form it is in (the battle position's form:)
	uses         int      // charges left on weapon; -1: all
	carry        []string // further carried weapons (the battle position's)
}

// calc forecasts a attacking d at distance 1 with the calculator, the
// form given explicitly (as --form does) when implied is false, left to
// the weapon otherwise.
func calc(t *testing.T, r *table.Ruleset, a, d fighter, implied bool, terrain [2]int) (Forecast, error) {
	t.Helper()
	var us [2]*Unit
	for k, f := range [2]fighter{a, d} {
		ci, wi := r.CharacterIndex(f.char), r.WeaponIndex(f.weapon)
		if ci < 0 || wi < 0 {
			t.Fatalf("no %s or %s", f.char, f.weapon)
		}
		l := Loadout{Character: ci, Weapon: wi, Terrain: terrain[k], Form: table.Humanoid}
		if f.beast {
			l.Form = table.BeastForm
		}
		if implied {
			l.Form = table.Implied
		}
		if f.uses >= 0 {
			l.Used = int(r.Weapons[wi].Charges) - f.uses
		}
		u, err := NewUnitWith(r, l)
		if err != nil {
			return Forecast{}, err
		}
		us[k] = u
	}
	return NewForecast(us[0], us[1], 1), nil
}

// position is the battle state of a case.
func position(a, d fighter) string {
	unit := func(f fighter, head string) string {
		var ws []string
		for _, w := range append([]string{f.weapon}, f.carry...) {
			if w == f.weapon && rs.Weapons[rs.WeaponIndex(w)].Natural {
				continue // natural weapons are never carried
			}
			if w == f.weapon && f.uses >= 0 {
				ws = append(ws, fmt.Sprintf("{id: %s, uses: %d}", w, f.uses))
				continue
			}
			ws = append(ws, "{id: "+w+"}")
		}
		form := ""
		if f.beast {
			form = ", form: beast"
		}
		// HP plays no part in a forecast; 1 is within every maximum.
		return fmt.Sprintf("  - {%s, character: %s, hp: 1%s, equip: %s, weapons: [%s]}\n", head, f.char, form, f.weapon, strings.Join(ws, ", "))
	}
	return "battle: durvalla-road\nround: 1\nphase: party\nrng: 7063673a00000000000000019e3779b97f4a7c15\nunits:\n" +
		unit(a, "id: "+a.char+", side: party, at: e3") +
		unit(d, "id: "+d.char+"-1, side: enemy, number: 1, level: mob, at: e4")
}

// fight loads the case's battle position and takes "A attack D-1 with
// W": the forecast of its combat event, or why it cannot (the position
// refused, the attack not legal). terrain is what the two stand on.
func fight(t *testing.T, r *table.Ruleset, a, d fighter) (f Forecast, terrain [2]int, err error) {
	t.Helper()
	env, err := play.ReadPosition("case", []byte("version: 1\ngame: tropera\nmode: battle\nstate:\n"+indent(position(a, d))))
	if err != nil {
		t.Fatal(err)
	}
	b, err := LoadBattle(r, env.State)
	if err != nil {
		return Forecast{}, terrain, err
	}
	for k, id := range []string{a.char, d.char + "-1"} {
		terrain[k] = r.TerrainIndex(b.Terrain(b.Unit(id).At).ID)
	}
	b.Events()
	text := fmt.Sprintf("%s attack %s-1 with %s", a.char, d.char, a.weapon)
	i := slices.IndexFunc(legalTexts(b), func(s string) bool { return s == text })
	if i < 0 {
		return Forecast{}, terrain, fmt.Errorf("%q is not legal", text)
	}
	if err := b.Apply(i); err != nil {
		t.Fatal(err)
	}
	for _, e := range b.Events() {
		if e.Kind != "combat" {
			continue
		}
		var data struct {
			Forecast struct {
				Attacker, Defender struct{ Hit, Crit, Damage, Attacks int }
				DefenderFirst      bool `json:"defender_first"`
			}
		}
		raw, _ := json.Marshal(e.Data)
		if err := json.Unmarshal(raw, &data); err != nil {
			t.Fatal(err)
		}
		fc := data.Forecast
		return Forecast{Attacker: Side(fc.Attacker), Defender: Side(fc.Defender), DefenderFirst: fc.DefenderFirst}, terrain, nil
	}
	t.Fatalf("%s: no combat event", text)
	return
}

func legalTexts(m play.Match) []string {
	var out []string
	for i := range m.Legal() {
		out = append(out, m.Action(i))
	}
	return out
}

// agree runs a case through a battle and the calculator (the form given,
// and left to the weapon to imply unless the case's form is not the one
// it implies) and fails unless all give want, or all refuse with the
// reason why (the battle refuses the position equipping the weapon).
func agree(t *testing.T, r *table.Ruleset, name string, a, d fighter, want Forecast, why string) {
	t.Helper()
	agreeIn(t, r, name, a, d, want, why, []bool{false, true})
}

// agreeIn is agree, the calculator asked with the form given (false) or
// implied (true) as listed.
func agreeIn(t *testing.T, r *table.Ruleset, name string, a, d fighter, want Forecast, why string, implied []bool) {
	t.Helper()
	got, terrain, err := fight(t, r, a, d)
	switch {
	case why != "" && (err == nil || !strings.HasSuffix(err.Error(), ": "+why)):
		t.Errorf("%s: the battle: %v; want it refused: %s", name, err, why)
	case why == "" && err != nil:
		t.Errorf("%s: the battle refused it: %v", name, err)
	case why == "" && got != want:
		t.Errorf("%s: the battle forecast %+v, want %+v", name, got, want)
	}
	for _, implied := range implied {
		got, err := calc(t, r, a, d, implied, terrain)
		switch {
		case why != "" && (err == nil || !strings.HasSuffix(err.Error(), " cannot wield "+a.weapon+": "+why) && !strings.HasSuffix(err.Error(), " cannot wield "+d.weapon+": "+why)):
			t.Errorf("%s: the calculator (form implied %v): %v; want it refused: %s", name, implied, err, why)
		case why == "" && err != nil:
			t.Errorf("%s: the calculator (form implied %v) refused it: %v", name, implied, err)
		case why == "" && got != want:
			t.Errorf("%s: the calculator (form implied %v) forecast %+v, want %+v (the battle's)", name, implied, got, want)
		}
	}
}

// Rule: Proficiency Rank, "Higher ranks improve your abilities when
// wielding the matching type"; a weapon's rank is the rank it needs, and
// with no rank in its type a character cannot use it at all (docs/tropera.md:
// the rulebook is silent on carrying one above one's rank). The issue's
// case: Lyn (swords D) with a Brave Sword (A) was forecast "dmg 7 x2",
// with a Silver Lance (no lance rank) "dmg 11 x1".
func TestOneRuleWieldingByRank(t *testing.T) {
	lyn := fighter{char: "lyn", weapon: "iron-sword", uses: -1}
	soldier := fighter{char: "vissan-soldier", weapon: "iron-lance", uses: -1}
	brave, silver := lyn, lyn
	brave.weapon, silver.weapon = "brave-sword", "silver-lance"
	agree(t, rs, "brave sword at swords D", brave, soldier, Forecast{}, "it needs swords rank A, lyn has D")
	agree(t, rs, "silver lance without a lance rank", silver, soldier, Forecast{}, "it needs lances rank A, lyn has no lances rank")
	soldierBrave := soldier
	soldierBrave.weapon = "brave-sword"
	agree(t, rs, "the defender's brave sword without a sword rank", lyn, soldierBrave, Forecast{}, "it needs swords rank A, vissan-soldier has no swords rank")

	// Carried but not wieldable: the battle offers no Attack with it.
	carrying := lyn
	carrying.carry = []string{"brave-sword", "silver-lance"}
	b := load(t, rs, position(carrying, soldier))
	texts := legalTexts(b)
	for _, w := range []string{"brave-sword", "silver-lance"} {
		if slices.Contains(texts, "lyn attack vissan-soldier-1 with "+w) || slices.Contains(texts, "lyn equip "+w) {
			t.Errorf("lyn may attack with or equip %s in the battle", w)
		}
	}
	if !slices.Contains(texts, "lyn attack vissan-soldier-1 with iron-sword") {
		t.Error("lyn may not attack with her iron sword")
	}

	// At swords A the brave sword is Lyn's in both: Hit 2x8 Skl + 5 Lck +
	// 75 - 15 (a sword against a lance) - Avoid 2x4 Spd + 2 Lck = 71; Crit
	// 8/2 - 2 Lck = 2; damage 4 Str + 9 + 3 (swords C, B, A: +1 Might
	// each) - 6 Def = 10; Speed 9 against 4 and Brave, less Wary: x2. The
	// soldier's counter is tro_forecast.txtar's, 84/0/8 x1.
	a := edited(t, "lyn", ranked(table.Swords, table.RankA))
	agree(t, a, "brave sword at swords A", brave, soldier,
		Forecast{Attacker: Side{Hit: 71, Crit: 2, Damage: 10, Attacks: 2}, Defender: Side{Hit: 84, Crit: 0, Damage: 8, Attacks: 1}}, "")
}

// Rule: Charges, "Some weapons have a limited number of uses per battle.
// Once all charges have been expended, the weapon cannot be used again";
// one charge a strike (the engine's reading), so a Brave weapon with one
// charge left strikes once.
func TestOneRuleCharges(t *testing.T) {
	a := edited(t, "lyn", ranked(table.Swords, table.RankA))
	soldier := fighter{char: "vissan-soldier", weapon: "iron-lance", uses: -1}
	counter := Side{Hit: 84, Crit: 0, Damage: 8, Attacks: 1}
	for _, c := range []struct {
		uses    int
		attacks int
	}{{-1, 2}, {10, 2}, {2, 2}, {1, 1}} {
		lyn := fighter{char: "lyn", weapon: "brave-sword", uses: c.uses}
		agree(t, a, fmt.Sprintf("brave sword with %d charges left", c.uses), lyn, soldier,
			Forecast{Attacker: Side{Hit: 71, Crit: 2, Damage: 10, Attacks: c.attacks}, Defender: counter}, "")
	}

	// None left: the battle offers no Attack with it; the calculator
	// forecasts no attacks (roundtable tropera forecast refuses it).
	spent := fighter{char: "lyn", weapon: "brave-sword", uses: 0}
	if _, _, err := fight(t, a, spent, soldier); err == nil || !strings.Contains(err.Error(), "is not legal") {
		t.Errorf("the battle with no charges left: %v; want the Attack not legal", err)
	}
	if f, err := calc(t, a, spent, soldier, true, [2]int{-1, -1}); err != nil || f.Attacker.Attacks != 0 {
		t.Errorf("the calculator with no charges left: %+v, %v; want no attacks", f.Attacker, err)
	}

	// A defender whose weapon is spent makes no counter, in both. The
	// soldier at lances A with a Silver Lance: Hit 2x5 + 2 + 75 + 5 (lances
	// B) + 15 (a lance against a sword) - Lyn's Avoid 2x9 + 5 = 84; Crit
	// 5/2 - 5 Lck: 0; damage 5 Str + 13 + 2 (lances C, A) - 3 Def = 17.
	// Lyn's iron sword: 2x8 + 5 + 90 - 15 - 10 = 86, Crit 2, 4 + 5 - 6 = 3,
	// Speed's extra attack taken by Wary: x1.
	s := edited(t, "vissan-soldier", ranked(table.Lances, table.RankA))
	lyn := fighter{char: "lyn", weapon: "iron-sword", uses: -1}
	for _, uses := range []int{1, 0} {
		silver := fighter{char: "vissan-soldier", weapon: "silver-lance", uses: uses}
		want := Forecast{Attacker: Side{Hit: 86, Crit: 2, Damage: 3, Attacks: 1}, Defender: Side{Hit: 84, Crit: 0, Damage: 17, Attacks: 1}}
		if uses == 0 {
			want.Defender.Attacks = 0
		}
		agree(t, s, fmt.Sprintf("the defender's silver lance with %d charges left", uses), lyn, silver, want, "")
	}
}

// Rule: Laguz, "Transforming into or out of laguz form is a bonus action.
// While in laguz form, you cannot use weapons other than clips and your
// beast form's natural weapons"; Laguz: Dragon, "Your bestial form is that
// of mighty dragon with thick scales that reduce the damage you take from
// physical attacks by half": the scales are the beast form's, so a laguz
// holding a weapon (humanoid form) has none. The case: a dragon
// laguz defending with an iron sword kept its scales in the forecast.
func TestOneRuleLaguzForm(t *testing.T) {
	// Skye as a dragon laguz and nothing else (the base content has no
	// dragon): Str 11, Skl 11, Spd 14, Lck 9, Def 7, clips C, swords D; the
	// brigand: Str 9, Skl 4, Spd 3, Lck 1, Def 4.
	r := edited(t, "skye", func(c *table.Character) {
		c.Feats = []int16{int16(slices.IndexFunc(rs.Feats, func(f table.Feat) bool { return f.ID == "laguz-dragon" }))}
	})
	brigand := fighter{char: "cairn-brigand", weapon: "iron-axe", uses: -1}
	human := fighter{char: "skye", weapon: "iron-sword", uses: -1}
	beast := fighter{char: "skye", weapon: "bite", beast: true, uses: -1}
	// The brigand's iron axe: 9 Str + 8 Might - 7 Def = 10 on the humanoid
	// form, halved to 5 by the beast form's scales; Hit 2x4 + 1 + 75,
	// -15 against a sword (none against a bite), less Skye's Avoid 2x14 +
	// 9 = 37: 32 and 47. Skye's counters, x2 for Speed 14 against 3: the
	// iron sword 11 + 5 - 4 = 12, Hit 2x11 + 9 + 90 + 15 - 7: 100, Crit
	// 11/2 - 1 = 4; the bite 11 + 5 - 4 = 12, Hit 22 + 9 + 80 + 5 (clips C
	// on the axes row) - 7: 100, Crit 4.
	agree(t, r, "humanoid form, an iron sword: no scales", brigand, human,
		Forecast{Attacker: Side{Hit: 32, Crit: 0, Damage: 10, Attacks: 1}, Defender: Side{Hit: 100, Crit: 4, Damage: 12, Attacks: 2}}, "")
	agree(t, r, "beast form, its bite: scales", brigand, beast,
		Forecast{Attacker: Side{Hit: 47, Crit: 0, Damage: 5, Attacks: 1}, Defender: Side{Hit: 100, Crit: 4, Damage: 12, Attacks: 2}}, "")
	swordBeast, biteHuman := human, beast
	swordBeast.beast, biteHuman.beast = true, false
	// Asked for the other form (--defender-form, a position's form:).
	given := []bool{false}
	agreeIn(t, r, "beast form with a sword", brigand, swordBeast, Forecast{}, "in beast form skye fights only with its beast form's natural weapons", given)
	agreeIn(t, r, "humanoid form with its bite", brigand, biteHuman, Forecast{}, "it is a beast-form weapon: skye must transform first", given)
}
