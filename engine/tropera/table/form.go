package table

import "fmt"

// Form is the form a character fights in: a laguz's humanoid or beast
// form. Anyone not a laguz is always in humanoid form.
type Form uint8

// Forms. Implied is "as the weapon implies" (FormFor).
const (
	Implied Form = iota
	Humanoid
	BeastForm
)

// FormNames are the words of the forecast's --form and of battles' form:
// ("human" is the battle schema's word for humanoid).
var FormNames = [...]string{"", "humanoid", "beast"}

func (f Form) String() string {
	if int(f) < len(FormNames) {
		return FormNames[f]
	}
	return "form?"
}

// ParseForm reads a form's word: "" (Implied), humanoid (or human), beast.
func ParseForm(s string) (Form, bool) {
	switch s {
	case "":
		return Implied, true
	case "humanoid", "human":
		return Humanoid, true
	case "beast":
		return BeastForm, true
	}
	return Implied, false
}

// FormFor is the one rule of which form c is in with weapon w: the form
// asked for, or (Implied) the one w implies — beast form for a natural
// weapon of c's laguz origin (claws, talons, bite: "Laguz fight using
// their beast forms' natural weapons"), humanoid form for anything else
// and for anyone not a laguz. It reports beast form, and why not when c
// cannot take the form asked for. Whether c can wield w in that form is
// Wields'; what the form gives is FormCombat's.
func (rs *Ruleset) FormFor(c *Character, w int16, f Form) (beast bool, why string) {
	origin := rs.Laguz(c)
	switch f {
	case Humanoid:
		return false, ""
	case BeastForm:
		if origin < 0 {
			return false, fmt.Sprintf("%s is not a laguz: only laguz take beast form", c.ID)
		}
		return true, ""
	}
	if origin < 0 || w < 0 || int(w) >= len(rs.Weapons) || !rs.Weapons[w].Natural {
		return false, ""
	}
	return rs.NaturalFrom(c, w) == origin, ""
}

// FormCombat is the one rule of what a form gives c: the combat of c's
// active feats, its laguz origin's (the beast traits: movement, flight,
// scales) only in beast form, and in humanoid form what Anthropomorph
// keeps of it ("Your humanoid form gains ...": wings, scales).
func (rs *Ruleset) FormCombat(c *Character, beast bool) Combat {
	var out Combat
	for _, f := range c.Feats {
		if c.Active(f) && (beast || !rs.Feats[f].Beast) {
			out = out.Add(rs.Feats[f].Combat)
		}
	}
	if !beast {
		k := rs.Kept(c)
		out.Flies = out.Flies || k.Flies
		out.HalvePhys = out.HalvePhys || k.Halve
	}
	return out
}

// Add is the modifiers of two feats together: counts add up, flags hold
// if either has them, the best of two levels counts (Adept's lower
// threshold, Rescue's "anyone" over "unarmored").
func (a Combat) Add(b Combat) Combat {
	a.Move += b.Move
	a.HP += b.HP
	a.SkillHit = max(a.SkillHit, b.SkillHit)
	a.LuckAvoid = max(a.LuckAvoid, b.LuckAvoid)
	a.Survive = a.Survive || b.Survive
	a.HalvePhys = a.HalvePhys || b.HalvePhys
	a.HalveMag = a.HalveMag || b.HalveMag
	a.Extra += b.Extra
	a.FoeExtra += b.FoeExtra
	a.Wary += b.Wary
	if b.Adept > 0 && (a.Adept == 0 || b.Adept < a.Adept) {
		a.Adept = b.Adept
	}
	a.Vantage = a.Vantage || b.Vantage
	a.Pierce = a.Pierce || b.Pierce
	a.Gamble = a.Gamble || b.Gamble
	a.NoTriangle = a.NoTriangle || b.NoTriangle
	a.NoTerrain = a.NoTerrain || b.NoTerrain
	a.TerrainBack = a.TerrainBack || b.TerrainBack
	a.WarMage = a.WarMage || b.WarMage
	a.MageArmor = a.MageArmor || b.MageArmor
	a.Guerilla = a.Guerilla || b.Guerilla
	a.Silencer = a.Silencer || b.Silencer
	a.HalveHeal = a.HalveHeal || b.HalveHeal
	a.Shield = a.Shield || b.Shield
	a.Focus = max(a.Focus, b.Focus)
	a.Flies = a.Flies || b.Flies
	a.Mounted = a.Mounted || b.Mounted
	a.PassFoes = a.PassFoes || b.PassFoes
	a.Canto = a.Canto || b.Canto
	if b.Rescue > 0 && (a.Rescue == 0 || b.Rescue < a.Rescue) {
		a.Rescue = b.Rescue // 1 (anyone) beats 2 (unarmored)
	}
	a.Armored = a.Armored || b.Armored
	a.Sentinel = a.Sentinel || b.Sentinel
	a.Cleave = max(a.Cleave, b.Cleave)
	a.Trample = a.Trample || b.Trample
	a.Multishot = a.Multishot || b.Multishot
	a.Grapple = a.Grapple || b.Grapple
	a.GuardBreak = a.GuardBreak || b.GuardBreak
	a.QuickDraw = a.QuickDraw || b.QuickDraw
	a.FastHealer = a.FastHealer || b.FastHealer
	a.QuickSalve = a.QuickSalve || b.QuickSalve
	a.Medic = a.Medic || b.Medic
	a.Steal = a.Steal || b.Steal
	a.Overload = a.Overload || b.Overload
	a.Provoke = a.Provoke || b.Provoke
	a.Shade = a.Shade || b.Shade
	a.Ailment = max(a.Ailment, b.Ailment)
	return a
}
