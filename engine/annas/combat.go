package annas

import "github.com/roundtable-dev/roundtable/engine/annas/table"

// Fighter is one side of a combat with its stats for this combat.
type Fighter struct {
	Unit          int // index into Ruleset.Units
	HP            int
	ATK, SPD, DEF int
	Range         table.RangeSet
	Color         table.Color
	Tags          table.TagSet
	Shapestone    bool // holds its Shapestone token (stats already switched)
	NoCounter     bool // an effect forbids its counter
	NoFollowUp    bool // an effect forbids its follow-up
	FollowUp      bool // an effect grants a follow-up whatever the SPD
}

// NewFighter is a unit's fighter with its printed stats, or its shapeshifted
// ATK/SPD/DEF while it holds the Shapestone token (rulebook II.2, VI.1).
func NewFighter(rs *table.Ruleset, unit, hp int, shapestone bool) Fighter {
	u := &rs.Units[unit]
	f := Fighter{Unit: unit, HP: hp, ATK: int(u.Stats.ATK), SPD: int(u.Stats.SPD), DEF: int(u.Stats.DEF),
		Range: u.Range, Color: u.Color, Tags: u.Tags}
	if shapestone && u.HasShapestone {
		f.Shapestone = true
		f.ATK, f.SPD, f.DEF = int(u.Shapestone.ATK), int(u.Shapestone.SPD), int(u.Shapestone.DEF)
	}
	return f
}

// Advantage is +1 when a beats b in the weapon triangle, -1 when b beats a,
// 0 for the same color or when either is gray (rulebook VI, Weapon Triangle).
func Advantage(a, b table.Color) int {
	if a == table.Gray || b == table.Gray || a == b {
		return 0
	}
	// Red beats Green, Green beats Blue, Blue beats Red.
	if (a+1)%3 == b {
		return 1
	}
	return -1
}

// Triangle applies the weapon triangle and effectiveness tags to both sides.
func Triangle(rs *table.Ruleset, a, d *Fighter) {
	adv := Advantage(a.Color, d.Color)
	a.ATK += adv
	d.ATK -= adv
	a.ATK += effectiveness(rs, a.Tags, d.Tags)
	d.ATK += effectiveness(rs, d.Tags, a.Tags)
}

// effectiveness is the ATK bonus of tags against a foe with foe tags
// (rulebook VI, Skill Effects in Combat: Eff vs Armor +2 against Armored).
func effectiveness(rs *table.Ruleset, tags, foe table.TagSet) int {
	bonus := 0
	for i := range rs.Tags {
		t := &rs.Tags[i]
		if t.EffAgainst >= 0 && tags.Has(i) && foe.Has(int(t.EffAgainst)) {
			bonus += int(t.EffATK)
		}
	}
	return bonus
}

// Strike kinds.
const (
	KindAttack   = "attack"
	KindCounter  = "counter"
	KindFollowUp = "follow-up"
)

// Strike is one hit of a combat.
type Strike struct {
	By     int // 0 attacker, 1 defender
	Kind   string
	Damage int
}

// Outcome is what a combat did.
type Outcome struct {
	Strikes  []Strike
	Before   [2]int // HP before the first strike
	HP       [2]int // after
	Defeated [2]bool
}

// Damage is ATK − DEF, never below 0 (rulebook VI.1).
func Damage(atk, def int) int {
	if atk <= def {
		return 0
	}
	return atk - def
}

// Resolve runs the steps of combat at distance dist between two fighters
// whose stats are final (rulebook VI, Steps to Combat); no board, no effects.
func Resolve(a, d Fighter, dist int) Outcome {
	f := [2]*Fighter{&a, &d}
	o := Outcome{HP: [2]int{a.HP, d.HP}, Before: [2]int{a.HP, d.HP}}
	for _, s := range strikes(&a, &d, dist) {
		s.Damage = Damage(f[s.By].ATK, f[1-s.By].DEF)
		o.Strikes = append(o.Strikes, s)
		o.HP[1-s.By] = max(0, o.HP[1-s.By]-s.Damage)
		if o.HP[1-s.By] == 0 {
			o.Defeated[1-s.By] = true
			break
		}
	}
	return o
}

// Forecast is one combat between two unit cards alone on an empty board at
// distance dist, run by the engine's own combat: printed (or shapeshifted)
// stats, the weapon triangle, effectiveness and the units' combat skills
// whose conditions hold with no other unit around. No reactions, no dice.
func Forecast(rs *table.Ruleset, attacker, defender, aHP, dHP int, aSS, dSS bool, dist int) Outcome {
	g := &Game{Rules: rs, Map: -1, noReact: true, Winner: -1, Phase: PhaseTurn}
	g.num = rs.Rules.Versus
	for p := range g.Players {
		g.Players[p].DVTile = NoTile
	}
	at0 := at(0, 0)
	at1 := at(min(dist, Size-1), max(0, dist-(Size-1)))
	a := g.place(int16(attacker), 0, at0)
	d := g.place(int16(defender), 1, at1)
	a.Damage = int8(int(rs.Units[attacker].Stats.HP) - aHP)
	d.Damage = int8(int(rs.Units[defender].Stats.HP) - dHP)
	a.Shapestone = aSS && rs.Units[attacker].HasShapestone
	d.Shapestone = dSS && rs.Units[defender].HasShapestone
	g.attack(a, d, func() {})
	return g.lastCombat.out
}
