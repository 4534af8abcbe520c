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

// Wields reports whether c can wield weapon w in its humanoid form or
// (beast) its beast form, and if not, why:
//   - a carried weapon needs the proficiency at the weapon's rank (D at
//     least);
//   - in beast form a laguz uses only its beast form's natural weapons
//     ("you cannot use weapons other than clips and your beast form's
//     natural weapons");
//   - a beast form's natural weapon needs beast form, unless the humanoid
//     form keeps it (Anthropomorph);
//   - a siege weapon is fired only by embarking on its space.
func (rs *Ruleset) Wields(c *Character, w int16, beast bool) (bool, string) {
	why, has := rs.wieldRule(c, w, beast)
	wt := &rs.Weapons[w]
	switch why {
	case wieldOK:
		return true, ""
	case whySiege:
		return false, fmt.Sprintf("%s is a siege weapon: embark on its space to fire it", wt.ID)
	case whyNoFeat:
		return false, fmt.Sprintf("no feat of %s gives %s", c.ID, wt.ID)
	case whyTransform:
		return false, fmt.Sprintf("%s is a beast-form weapon: %s must transform first", wt.ID, c.ID)
	case whyBeastOnly:
		return false, fmt.Sprintf("in beast form %s fights only with its beast form's natural weapons", c.ID)
	}
	p, need := wt.Type.Prof(), max(wt.Rank, RankD)
	if why == whyRank {
		return false, fmt.Sprintf("%s needs %s rank %s; %s has %s", wt.ID, p, need, c.ID, has)
	}
	return false, fmt.Sprintf("%s needs %s rank %s; %s has no %s rank", wt.ID, p, need, c.ID, p)
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
	p := wt.Type.Prof()
	need := max(wt.Rank, RankD)
	for _, s := range c.Skills {
		if s.Prof == p {
			if s.Rank >= need {
				return wieldOK, 0
			}
			return whyRank, s.Rank
		}
	}
	return whyNoRank, 0
}
