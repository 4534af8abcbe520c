package table

import (
	"fmt"
	"slices"
)

// Active reports whether character c's feat f counts: taken and not
// negated by a later one.
func (c *Character) Active(f int16) bool {
	return slices.Contains(c.Feats, f) && !slices.Contains(c.Negated, f)
}

// Laguz is the character's laguz origin (a feat whose combat applies in
// beast form), or -1.
func (rs *Ruleset) Laguz(c *Character) int16 {
	for _, f := range c.Feats {
		if rs.Feats[f].Beast {
			return f
		}
	}
	return -1
}

// Kept is what c's humanoid form keeps of its laguz origin (Anthropomorph).
func (rs *Ruleset) Kept(c *Character) Keep {
	origin := rs.Laguz(c)
	for _, f := range c.Feats {
		if !c.Active(f) {
			continue
		}
		for _, k := range rs.Feats[f].Keeps {
			if k.Origin == origin {
				return k
			}
		}
	}
	return Keep{Origin: -1}
}

// NaturalFrom is the feat that gives c natural weapon w, or -1.
func (rs *Ruleset) NaturalFrom(c *Character, w int16) int16 {
	for _, f := range c.Feats {
		if !c.Active(f) {
			continue
		}
		ft := &rs.Feats[f]
		if slices.Contains(ft.Natural, w) && (ft.Choose == 0 || slices.Contains(c.Natural, w)) {
			return f
		}
	}
	return -1
}

// FirstWieldable is the weapon c fights with when none is named: the
// first of carried (its carried weapons), then of its natural weapons,
// that it can wield with charges left in form f (Implied: in the form
// that weapon implies), and that form; -1 when there is none. uses gives
// the charges left of carried[i] (nil: full).
func (rs *Ruleset) FirstWieldable(c *Character, carried []int16, uses []int, f Form) (w int16, beast bool) {
	for i, w := range carried {
		u := Charges(rs.Weapons[w].Charges)
		if uses != nil {
			u = uses[i]
		}
		if beast, why := rs.FormFor(c, w, f); why == "" && rs.CanUse(c, w, beast, u) {
			return w, beast
		}
	}
	for _, ft := range c.Feats {
		for _, w := range rs.Feats[ft].Natural {
			if rs.NaturalFrom(c, w) != ft {
				continue
			}
			if beast, why := rs.FormFor(c, w, f); why == "" && rs.CanWield(c, w, beast) {
				return w, beast
			}
		}
	}
	return -1, false
}

// Unlimited is the uses left of a weapon or item without charges.
const Unlimited = -1

// Charges is the one rule of charges at the start of a map: a weapon or
// item of n charges has n uses ("a limited number of uses per battle"),
// one of none (n 0) unlimited ones.
func Charges(n int8) int {
	if n > 0 {
		return int(n)
	}
	return Unlimited
}

// Strikes is the one rule of what charges allow: of n strikes, as many as
// uses (charges left; Unlimited: all) — none once "all charges have been
// expended" (the weapon "cannot be used again"), and, one charge a strike
// made (the engine's reading), a Brave weapon with one charge left strikes
// once.
func Strikes(uses, n int) int {
	if uses == Unlimited {
		return n
	}
	return max(0, min(n, uses))
}

// Usable is Wields with the charges left: a weapon whose charges are
// spent cannot be used.
func (rs *Ruleset) Usable(c *Character, w int16, beast bool, uses int) (bool, string) {
	if ok, why := rs.Wields(c, w, beast); !ok {
		return false, why
	}
	if Strikes(uses, 1) == 0 {
		return false, "it has no charges left"
	}
	return true, ""
}

// CanUse is Usable without the reason (see CanWield).
func (rs *Ruleset) CanUse(c *Character, w int16, beast bool, uses int) bool {
	return Strikes(uses, 1) > 0 && rs.CanWield(c, w, beast)
}

// Wields is the one rule of who can wield what (the compiler's tro-equip
// and tro-unusable, battles, the combat calculator and the forecast ask
// it): whether c can wield weapon w in its humanoid form or (beast) its
// beast form, and if not, why, worded to follow "C cannot wield W: ":
//   - a carried weapon needs the proficiency at the weapon's rank (D at
//     least): no rank, no use;
//   - in beast form a laguz uses only its beast form's natural weapons
//     ("you cannot use weapons other than clips and your beast form's
//     natural weapons");
//   - a beast form's natural weapon needs beast form, unless the humanoid
//     form keeps it (Anthropomorph);
//   - a siege weapon is fired only by embarking on its space.
func (rs *Ruleset) Wields(c *Character, w int16, beast bool) (bool, string) {
	why, has := rs.wieldRule(c, w, beast)
	switch why {
	case wieldOK:
		return true, ""
	case whySiege:
		return false, "it is a siege weapon: embark on its space to fire it"
	case whyNoFeat:
		return false, fmt.Sprintf("no feat of %s gives it", c.ID)
	case whyTransform:
		return false, fmt.Sprintf("it is a beast-form weapon: %s must transform first", c.ID)
	case whyBeastOnly:
		return false, fmt.Sprintf("in beast form %s fights only with its beast form's natural weapons", c.ID)
	}
	return false, rs.rankWhy(c, w, has)
}

// rankWhy words whyRank and whyNoRank: the rank w needs, and c's.
func (rs *Ruleset) rankWhy(c *Character, w int16, has Rank) string {
	wt := &rs.Weapons[w]
	p, need := wt.Type.Prof(), max(wt.Rank, RankD)
	if has == NoRank {
		return fmt.Sprintf("it needs %s rank %s, %s has no %s rank", p, need, c.ID, p)
	}
	return fmt.Sprintf("it needs %s rank %s, %s has %s", p, need, c.ID, has)
}

// Proficient is the rank part of Wields alone, for a weapon carried rather
// than wielded (the compiler's tro-unusable): whether c's rank in w's
// proficiency reaches w's rank, and if not, why. Natural and siege weapons
// need no rank.
func (rs *Ruleset) Proficient(c *Character, w int16) (bool, string) {
	wt := &rs.Weapons[w]
	if wt.Natural || wt.Siege {
		return true, ""
	}
	why, has := rs.rankRule(c, w)
	if why == wieldOK {
		return true, ""
	}
	return false, rs.rankWhy(c, w, has)
}

// CanWield is Wields without the reason: the rules engine asks it for
// every weapon of every unit at every action, and a reason built each
// time was a tenth of a battle's bytes.
func (rs *Ruleset) CanWield(c *Character, w int16, beast bool) bool {
	why, _ := rs.wieldRule(c, w, beast)
	return why == wieldOK
}

// Why a character cannot wield a weapon (wieldRule).
const (
	wieldOK      = iota
	whySiege     // a siege weapon
	whyNoFeat    // a natural weapon no feat of c gives
	whyTransform // a beast-form weapon, c in humanoid form
	whyBeastOnly // c in beast form, a weapon not of its beast form
	whyRank      // c's rank in the proficiency is too low (has)
	whyNoRank    // c has no rank in the proficiency
)

// wieldRule is Wields' verdict (see there) as one of the reasons above,
// with c's rank for whyRank.
func (rs *Ruleset) wieldRule(c *Character, w int16, beast bool) (int, Rank) {
	wt := &rs.Weapons[w]
	if wt.Siege {
		return whySiege, 0
	}
	if wt.Natural {
		f := rs.NaturalFrom(c, w)
		switch {
		case f < 0:
			return whyNoFeat, 0
		case rs.Feats[f].Beast && !beast && !rs.Kept(c).Natural:
			return whyTransform, 0
		case beast && !rs.Feats[f].Beast:
			return whyBeastOnly, 0
		}
		return wieldOK, 0
	}
	if beast {
		return whyBeastOnly, 0
	}
	return rs.rankRule(c, w)
}

// rankRule: a carried weapon needs c's rank in its proficiency at the
// weapon's rank, D at least ("no rank, no use"); c's rank when too low.
func (rs *Ruleset) rankRule(c *Character, w int16) (int, Rank) {
	wt := &rs.Weapons[w]
	need := max(wt.Rank, RankD)
	if has := c.Rank(wt.Type.Prof()); has == NoRank {
		return whyNoRank, NoRank
	} else if has < need {
		return whyRank, has
	}
	return wieldOK, 0
}

// Rank is c's rank in proficiency p, NoRank without one.
func (c *Character) Rank(p Prof) Rank {
	for _, s := range c.Skills {
		if s.Prof == p {
			return s.Rank
		}
	}
	return NoRank
}
