package tropera

import (
	"iter"
	"slices"

	"github.com/roundtable-dev/roundtable/engine/tropera/table"
)

// verb is what an action does.
type verb uint8

const (
	vPlace verb = iota
	vMove
	vAttack
	vAttackTile
	vCast
	vUse
	vOpen
	vDefend
	vDash
	vPrepare
	vPerform
	vEquip
	vEmbark
	vDisembark
	vGive
	vTake
	vSwap
	vTransform
	vSearch
	vSteal
	vPick
	vOverload
	vProvoke
	vShade
	vRescue
	vDrop
	vDismount
	vUnload
	vSeize
	vEscape
	vWait
	vEndPhase
	vCleave
)

// act is one legal action. It holds no text: actText builds it when
// asked (Action), and what compares texts compares the pieces it is made
// of (textPieces) without building it (a text per action listed was most
// of a battle's bytes).
type act struct {
	v     verb
	opt   actOpt // how it is done (attacks), or what it moves (trade)
	u     int16  // the unit acting
	tile  int16  // a destination, a door, a destructible tile
	t     int16  // a target unit (ally or foe); -1 none
	t2    int16  // a second unit (the carrier, for unload)
	w     int16  // a weapon, staff, item or performance index
	w2    int16  // a second one (swap, an added performance)
	slot  int16  // a carried slot (give, take, steal, use)
	slot2 int16
	// list is the chained or split targets of an attack, or the
	// designated tiles of a prepared one.
	list []int
}

// actOpt is an act's option: its word in action texts and events.
type actOpt uint8

const (
	optNone actOpt = iota
	optGrapple
	optTrample
	optChain
	optSplit
	optAt // prepare: at one tile
	optBonus
	optWeapon // trade: a weapon
	optItem   // trade: an item
)

var optNames = [...]string{optNone: "", optGrapple: "grapple", optTrample: "trample", optChain: "chain", optSplit: "split", optAt: "at", optBonus: "bonus", optWeapon: "weapon", optItem: "item"}

func (o actOpt) String() string { return optNames[o] }

// kind of a bonus or main action by level: what enemy levels may do.
//
// Mob: move; main: attack, embark/disembark, transform, use item, use staff;
// special actions cost a main action. Army: move; main: attack, defend, use
// item, use staff; bonus: embark/disembark, trade, transform. Elite: move;
// main: attack, dash, defend, prepare attack, use item, use staff; bonus:
// embark/disembark, trade, transform, and every other standard action.
type allowed struct {
	defend, dash, prepare, equip, trade, search, bonus bool
}

func (b *Battle) allowed(u *BUnit) allowed {
	if u.Side == Party {
		return allowed{true, true, true, true, true, true, true}
	}
	switch u.Level {
	case table.Mob:
		return allowed{}
	case table.Army:
		return allowed{defend: true, trade: true, bonus: true}
	}
	return allowed{defend: true, dash: true, prepare: true, equip: true, trade: true, bonus: true}
}

// tileName is a tile's name on the battle's map.
func (b *Battle) tileName(t int) string {
	if t < 0 || t >= len(b.names) {
		return "-"
	}
	return b.names[t]
}

// Legal implements play.Match.
func (b *Battle) Legal() int { return len(b.acts()) }

// Action implements play.Match.
func (b *Battle) Action(i int) string { return b.actText(b.acts()[i]) }

func (b *Battle) acts() []act {
	if !b.fresh {
		// The list is written into the last one's memory (clone gives a
		// copy none): building a new one per action was a large share of
		// a battle's allocation.
		b.legal = b.appendActs(b.legal[:0])
		b.fresh = true
	}
	return b.legal
}

// appendActs appends every legal action now to out.
func (b *Battle) appendActs(out []act) []act {
	start := len(out)
	switch {
	case b.over:
		return nil
	case b.deploying:
		for i, u := range b.Units {
			if u.Placed {
				continue
			}
			for _, t := range b.m.Deploy[Party] {
				if b.UnitAt(int(t)) < 0 && b.CanStand(u, int(t)) {
					out = append(out, act{v: vPlace, u: int16(i), tile: int16(int(t)), t: -1})
				}
			}
			if len(out) == start {
				// No free tile it can stand on: it waits off the map.
				out = append(out, act{v: vPlace, u: int16(i), tile: -1, t: -1})
			}
			return out // one unit at a time, in the battle's order
		}
		return nil
	case b.pending != nil:
		return b.appendPendingActs(out)
	case b.active >= 0:
		out = b.appendUnitActs(out, b.active)
		out = append(out, act{v: vWait, u: int16(b.active), t: -1})
		return out
	}
	for i := range b.Units {
		if b.mayStart(i) {
			out = b.appendUnitActs(out, i)
			out = append(out, act{v: vWait, u: int16(i), t: -1})
		}
	}
	out = append(out, act{v: vEndPhase, u: -1, t: -1})
	return out
}

// canStart reports whether unit i can begin its turn in this phase (a
// unit can always wait).
func (b *Battle) canStart(i int) bool {
	u := b.Units[i]
	return u.Side == b.phase && u.Standing() && !u.T.Done && !u.T.Acted && (u.At >= 0 || u.Carrier >= 0)
}

// mayStart is canStart with the enemy's order: Mob and Army enemies act in
// numerical order ("always act in numerical order"), Elite ones in any.
func (b *Battle) mayStart(i int) bool {
	if !b.canStart(i) {
		return false
	}
	u := b.Units[i]
	if u.Side != Enemy || u.Level == table.Elite {
		return true
	}
	for j, o := range b.Units {
		if j != i && o.Side == Enemy && o.Level != table.Elite && o.Number < u.Number && b.canStart(j) {
			return false
		}
	}
	return true
}

func (b *Battle) anyCanStart() bool {
	for i := range b.Units {
		if b.canStart(i) {
			return true
		}
	}
	return false
}

// foe reports whether o is u's foe and standing.
func foe(u, o *BUnit) bool { return o.Side != u.Side && o.Standing() }

// weaponBuf is room for a unit's wieldable weapons on the caller's stack
// (appendWieldable): a list per unit per action was a tenth of a battle's
// bytes.
type weaponBuf [8]int16

// appendWieldable appends to out, which is empty, the weapons u can attack
// with now: the siege weapon when embarked; else its carried weapons and
// natural weapons it can wield in its form, the equipped one first.
func (b *Battle) appendWieldable(out []int16, u *BUnit) []int16 {
	if u.Embarked >= 0 {
		return append(out, b.m.Siege[u.Embarked].Weapon)
	}
	for _, c := range u.Weapons {
		out = b.addWieldable(out, u, c.ID, c.Uses)
	}
	for _, f := range u.Char.Feats {
		for _, w := range b.rs.Feats[f].Natural {
			if b.rs.NaturalFrom(u.Char, w) == f {
				out = b.addWieldable(out, u, w, table.Unlimited)
			}
		}
	}
	if k := slices.Index(out, u.Equip); k > 0 {
		out[0], out[k] = out[k], out[0]
	}
	return out
}

func (b *Battle) addWieldable(out []int16, u *BUnit, w int16, uses int) []int16 {
	if !slices.Contains(out, w) {
		if b.rs.CanUse(u.Char, w, u.Beast, uses) {
			out = append(out, w)
		}
	}
	return out
}

// usesOf is what is left of weapon w for u: its carried charges, the siege
// space's, or unlimited for natural weapons.
func (b *Battle) usesOf(u *BUnit, w int16) int {
	if u.Embarked >= 0 && b.m.Siege[u.Embarked].Weapon == w {
		return b.siege[u.Embarked]
	}
	for _, c := range u.Weapons {
		if c.ID == w {
			return c.Uses
		}
	}
	return table.Unlimited
}

// hasUnitActs reports whether appendUnitActs lists any for unit i. It
// lists them in the memory of the battle's action list, marked stale (a
// new list after every action was most of a battle's allocation): callers
// hold copies of actions, never the list, across a change of the battle.
func (b *Battle) hasUnitActs(i int) bool {
	b.fresh = false
	b.legal = b.appendUnitActs(b.legal[:0], i)
	return len(b.legal) > 0
}

// appendUnitActs appends to out what unit i can do now on its turn.
func (b *Battle) appendUnitActs(out []act, i int) []act {
	u := b.Units[i]
	if u.Side != b.phase || !u.Standing() || u.T.Done {
		return out
	}
	start := len(out)
	al := b.allowed(u)
	// The passenger's only way off is a main action.
	if u.Carrier >= 0 {
		if !u.T.Main && u.Revived != b.round {
			c := b.Units[u.Carrier]
			for _, t := range b.neighbours(c.At) {
				if b.UnitAt(t) < 0 && b.CanStand(u, t) {
					out = append(out, act{v: vDismount, u: int16(i), tile: int16(t), t: -1})
				}
			}
		}
		return out
	}
	if u.At < 0 {
		return out
	}
	// Move: once, and once more after Dash or (Canto) after a main action.
	left := b.Allowance(u) - u.T.Spent
	mayMove := !u.T.Moved || u.T.Extra
	if u.T.Main && !u.T.Dashed && !u.Combat.Canto {
		mayMove = false
	}
	if mayMove && left > 0 {
		for t, c := range b.reach(u, left) {
			if c > 0 {
				out = append(out, act{v: vMove, u: int16(i), tile: int16(t), t: -1})
			}
		}
	}
	// "A character who has been healed from a critical wound may move, but
	// not take any main or bonus actions on the same turn".
	if u.T.Main || u.Revived == b.round {
		return out
	}
	out = b.appendMainActs(out, i, al)
	if !u.T.Bonus {
		out = b.appendBonusActs(out, i, al)
	}
	return out[:start+len(b.dedupe(out[start:]))]
}

// bonusCost says whether an action that is a bonus action for the party is
// a main action for u: Mob enemies take no bonus actions ("Embark/
// Disembark", "Transform" are among their main actions).
func (b *Battle) mobMain(u *BUnit) bool { return u.Side == Enemy && u.Level == table.Mob }

// appendMainActs appends unit i's main actions to out (the battle's action
// list: no list of their own per unit per action).
func (b *Battle) appendMainActs(out []act, i int, al allowed) []act {
	u := b.Units[i]
	at := u.At
	var wb weaponBuf
	for _, w := range b.appendWieldable(wb[:0], u) {
		wt := &b.rs.Weapons[w]
		if wt.Type == table.Staff {
			continue
		}
		if b.usesOf(u, w) == 0 {
			continue
		}
		for j, o := range b.Units {
			if !foe(u, o) || o.At < 0 {
				continue
			}
			d := b.dist(at, o.At)
			if !b.inRange(u, wt, d) || b.ignores(u, j) {
				continue
			}
			base := act{v: vAttack, u: int16(i), t: int16(j), w: w}
			out = append(out, base)
			if u.Combat.Grapple {
				g := base
				g.opt = optGrapple
				out = append(out, g)
			}
			if u.Combat.Trample && d == 1 && b.Allowance(u)-u.T.Spent >= 2 {
				if beyond, ok := b.beyond(u, at, o.At); ok {
					tr := base
					tr.opt, tr.tile = optTrample, int16(beyond)
					out = append(out, tr)
				}
			}
			if wt.Chain > 0 {
				for _, ch := range b.chains(u, j, int(wt.Chain), int(wt.ChainReach), []int{j}) {
					c := base
					c.list = ch
					c.opt = optChain
					out = append(out, c)
				}
			}
			if u.Combat.Multishot && d > 1 {
				out = append(out, b.splits(u, i, j, w, base)...)
			}
		}
		if wt.Siege || wt.Type == table.Staff {
			continue
		}
		// Destructible terrain in range.
		for t := range b.within(at, int(wt.MaxRange)) {
			tr := b.Terrain(t)
			if tr.Destructible && b.tileHP[t] > 0 && b.inRange(u, wt, b.dist(at, t)) {
				out = append(out, act{v: vAttackTile, u: int16(i), tile: int16(t), t: -1, w: w})
			}
		}
	}
	// Staves: "Cast a spell using the chosen staff's effects."
	for _, c := range u.Weapons {
		wt := &b.rs.Weapons[c.ID]
		if wt.Type != table.Staff || !b.rs.CanUse(u.Char, c.ID, u.Beast, c.Uses) {
			continue
		}
		for j, o := range b.Units {
			if o.At < 0 || j == i {
				continue
			}
			d := b.dist(at, o.At)
			if d < int(wt.MinRange) || d > int(wt.MaxRange) {
				continue
			}
			switch {
			case wt.Hostile && foe(u, o) && !b.ignores(u, j):
			case !wt.Hostile && o.Side == u.Side && o.Present() && o.HP < int(o.Stats[table.HP]):
			default:
				continue
			}
			out = append(out, act{v: vCast, u: int16(i), t: int16(j), w: c.ID})
		}
	}
	// Items: medicinal on oneself; on an adjacent ally with Battle Medic,
	// or on a critically wounded one ("Adjacent characters can use their
	// action to administer medicinal items"); boosts on oneself; keys on an
	// adjacent door. With Quick Salve a medicinal item is a bonus action.
	for s, c := range u.Items {
		it := &b.rs.Items[c.ID]
		if c.Uses == 0 {
			continue
		}
		switch {
		case it.Heal > 0:
			// With Quick Salve (and a bonus action left) it is a bonus action.
			if u.HP < int(u.Stats[table.HP]) && !(u.Combat.QuickSalve && !u.T.Bonus && b.allowed(u).bonus) {
				out = append(out, act{v: vUse, u: int16(i), t: int16(i), w: c.ID, slot: int16(s)})
			}
			for j, o := range b.Units {
				if j != i && o.Side == u.Side && o.At >= 0 && o.HP < int(o.Stats[table.HP]) && b.dist(at, o.At) == 1 && (u.Combat.Medic || o.HP <= 0) {
					out = append(out, act{v: vUse, u: int16(i), t: int16(j), w: c.ID, slot: int16(s)})
				}
			}
		case it.Boost != table.Stats{}:
			out = append(out, act{v: vUse, u: int16(i), t: int16(i), w: c.ID, slot: int16(s)})
		case it.Opens:
			for _, t := range b.neighbours(at) {
				if b.Terrain(t).Door {
					out = append(out, act{v: vOpen, u: int16(i), tile: int16(t), t: -1, w: c.ID, slot: int16(s)})
				}
			}
		}
	}
	defending := slices.ContainsFunc(u.Statuses, func(s Status) bool { return s.Kind == "defend" && s.From == b.phaseNo() })
	if al.defend && !defending && (!u.Combat.Sentinel || u.T.Bonus || !al.bonus) {
		out = append(out, act{v: vDefend, u: int16(i), t: -1})
	}
	if al.dash && !u.T.Dashed {
		out = append(out, act{v: vDash, u: int16(i), t: -1})
	}
	if al.prepare {
		for _, w := range b.appendWieldable(wb[:0], u) {
			wt := &b.rs.Weapons[w]
			if wt.Type == table.Staff || b.usesOf(u, w) == 0 {
				continue
			}
			var tiles []int
			for t := range b.within(at, int(wt.MaxRange)) {
				if t != at && b.inRange(u, wt, b.dist(at, t)) && b.Terrain(t).Move != table.Impassable {
					tiles = append(tiles, t)
				}
			}
			if len(tiles) == 0 {
				continue
			}
			out = append(out, act{v: vPrepare, u: int16(i), t: -1, w: w, list: tiles})
			for _, t := range tiles {
				out = append(out, act{v: vPrepare, u: int16(i), t: -1, w: w, list: []int{t}, opt: optAt})
			}
		}
	}
	out = b.appendPerformActs(out, i)
	// Special actions of feats: main actions.
	if u.Combat.Steal {
		for j, o := range b.Units {
			if foe(u, o) && o.At >= 0 && b.dist(at, o.At) == 1 && b.freeSlots(u, false) > 0 {
				for s := range o.Items {
					out = append(out, act{v: vSteal, u: int16(i), t: int16(j), slot: int16(s)})
				}
			}
		}
		for _, t := range b.neighbours(at) {
			if b.Terrain(t).Door {
				out = append(out, act{v: vPick, u: int16(i), tile: int16(t), t: -1})
			}
		}
	}
	if u.Combat.Overload {
		out = append(out, act{v: vOverload, u: int16(i), t: -1})
	}
	if u.Combat.Provoke {
		out = append(out, act{v: vProvoke, u: int16(i), t: -1})
	}
	if u.Combat.Shade {
		out = append(out, act{v: vShade, u: int16(i), t: -1})
	}
	// Carrying: pick up an adjacent ally, set a passenger down, or set down
	// an adjacent carrier's wounded passenger.
	if u.Combat.Rescue > 0 && u.Passenger < 0 {
		for j, o := range b.Units {
			if j == i || o.Side != u.Side || o.At < 0 || !o.Present() || o.Passenger >= 0 || o.Embarked >= 0 || b.dist(at, o.At) != 1 {
				continue
			}
			if u.Combat.Rescue == 2 && o.Combat.Armored {
				continue
			}
			out = append(out, act{v: vRescue, u: int16(i), t: int16(j)})
		}
	}
	if u.Passenger >= 0 {
		p := b.Units[u.Passenger]
		for _, t := range b.neighbours(at) {
			if b.UnitAt(t) < 0 && b.CanStand(p, t) {
				out = append(out, act{v: vDrop, u: int16(i), t: int16(u.Passenger), tile: int16(t)})
			}
		}
	}
	for j, c := range b.Units {
		if c.Side != u.Side || c.Passenger < 0 || c.At < 0 || j == i || b.dist(at, c.At) != 1 {
			continue
		}
		p := b.Units[c.Passenger]
		if p.HP > 0 {
			continue
		}
		for _, t := range b.neighbours(c.At) {
			if b.UnitAt(t) < 0 && b.CanStand(p, t) {
				out = append(out, act{v: vUnload, u: int16(i), t: int16(c.Passenger), t2: int16(j), tile: int16(t)})
			}
		}
	}
	if u.Side == Party {
		switch b.def.Objective {
		case table.Seize:
			if slices.Contains(b.def.Tiles, int16(at)) {
				out = append(out, act{v: vSeize, u: int16(i), t: -1})
			}
		case table.Escape:
			if slices.Contains(b.def.Tiles, int16(at)) {
				out = append(out, act{v: vEscape, u: int16(i), t: -1})
			}
		}
	}
	if b.mobMain(u) {
		out = b.appendFormActs(out, i)
	}
	return out
}

// appendFormActs appends to out Embark/Disembark and Transform: bonus
// actions, but main actions for a Mob.
func (b *Battle) appendFormActs(out []act, i int) []act {
	u := b.Units[i]
	if u.Embarked >= 0 {
		out = append(out, act{v: vDisembark, u: int16(i), t: -1})
	} else {
		for s, sg := range b.m.Siege {
			if int(sg.Tile) == u.At && !u.Beast {
				busy := false
				for _, o := range b.Units {
					busy = busy || o.Embarked == s
				}
				if !busy {
					out = append(out, act{v: vEmbark, u: int16(i), t: -1, slot: int16(s)})
				}
			}
		}
	}
	if b.rs.Laguz(u.Char) >= 0 && u.Embarked < 0 {
		out = append(out, act{v: vTransform, u: int16(i), t: -1})
	}
	return out
}

// appendBonusActs appends unit i's bonus actions to out (the battle's
// action list: no list of their own per unit per action).
func (b *Battle) appendBonusActs(out []act, i int, al allowed) []act {
	u := b.Units[i]
	if !al.bonus {
		return out
	}
	if al.equip {
		var wb weaponBuf
		for _, w := range b.appendWieldable(wb[:0], u) {
			if w != u.Equip && u.Embarked < 0 && b.rs.Weapons[w].Type != table.Staff {
				out = append(out, act{v: vEquip, u: int16(i), t: -1, w: w})
			}
		}
	}
	out = b.appendFormActs(out, i)
	if al.trade {
		out = b.appendTradeActs(out, i)
	}
	if al.search && u.Side == Party {
		for h, hs := range b.m.Houses {
			if int(hs.Tile) == u.At && !b.searched[h] {
				out = append(out, act{v: vSearch, u: int16(i), t: -1, slot: int16(h)})
			}
		}
	}
	if u.Combat.Sentinel && al.defend && !slices.ContainsFunc(u.Statuses, func(s Status) bool { return s.Kind == "defend" && s.From == b.phaseNo() }) {
		out = append(out, act{v: vDefend, u: int16(i), t: -1, opt: optBonus})
	}
	if u.Combat.QuickSalve {
		for s, c := range u.Items {
			if it := &b.rs.Items[c.ID]; it.Heal > 0 && c.Uses != 0 && u.HP < int(u.Stats[table.HP]) {
				out = append(out, act{v: vUse, u: int16(i), t: int16(i), w: c.ID, slot: int16(s), opt: optBonus})
			}
		}
	}
	return out
}

// appendTradeActs appends to out unit i's trades: "Give, take, or exchange
// items or equipment with an adjacent friendly character."
func (b *Battle) appendTradeActs(out []act, i int) []act {
	u := b.Units[i]
	start := len(out)
	for j, o := range b.Units {
		if j == i || o.Side != u.Side || o.At < 0 || !o.Standing() || b.dist(u.At, o.At) != 1 {
			continue
		}
		for _, weapon := range []bool{true, false} {
			mine, theirs := u.Items, o.Items
			if weapon {
				mine, theirs = u.Weapons, o.Weapons
			}
			for s, c := range mine {
				if b.freeSlots(o, weapon) > 0 {
					out = append(out, act{v: vGive, u: int16(i), t: int16(j), slot: int16(s), opt: kindOf(weapon)})
				}
				for s2, c2 := range theirs {
					if c2.ID != c.ID {
						out = append(out, act{v: vSwap, u: int16(i), t: int16(j), slot: int16(s), slot2: int16(s2), opt: kindOf(weapon)})
					}
				}
			}
			for s2 := range theirs {
				if b.freeSlots(u, weapon) > 0 {
					out = append(out, act{v: vTake, u: int16(i), t: int16(j), slot2: int16(s2), opt: kindOf(weapon)})
				}
			}
		}
	}
	return out[:start+len(b.dedupe(out[start:]))]
}

func kindOf(weapon bool) actOpt {
	if weapon {
		return optWeapon
	}
	return optItem
}

// dedupe keeps the first action of each text (two carried copies of the
// same item trade alike).
func (b *Battle) dedupe(in []act) []act {
	// Texts are compared by length and hash first, then piece by piece
	// (sameText): none is built. The keys of those kept are in the
	// battle's scratch memory.
	sc := b.scratch()
	lens, hs := sc.keyLen[:0], sc.keyHash[:0]
	out := in[:0]
	for _, a := range in {
		n, h := b.textKey(a)
		dup := false
		for k := range hs {
			if hs[k] == h && lens[k] == n && b.sameText(out[k], a) {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, a)
			lens, hs = append(lens, n), append(hs, h)
		}
	}
	sc.keyLen, sc.keyHash = lens, hs
	return out
}

// freeSlots is how many more weapons (or items) u can carry: 3 weapons and
// 2 items, one more of each from level 8, and a feat's extra slots.
func (b *Battle) freeSlots(u *BUnit, weapon bool) int {
	extra := 0
	for _, f := range u.Feats {
		extra += int(b.rs.Feats[f].Slots)
	}
	lv := int(u.Char.Level)
	if weapon {
		return table.WeaponSlots(lv) + extra - len(u.Weapons)
	}
	return table.ItemSlots(lv) + extra - len(u.Items)
}

// within yields the tiles within r spaces of t, in tile order.
func (b *Battle) within(t, r int) iter.Seq[int] {
	// A sequence, not a list: a list per weapon per unit per action was
	// a tenth of a battle's bytes.
	return func(yield func(int) bool) {
		w, h := int(b.m.Width), int(b.m.Height)
		x0, y0 := t%w, t/w
		for y := max(0, y0-r); y <= min(h-1, y0+r); y++ {
			for x := max(0, x0-r); x <= min(w-1, x0+r); x++ {
				if k := y*w + x; b.dist(t, k) <= r {
					if !yield(k) {
						return
					}
				}
			}
		}
	}
}

// inRange is InRange for weapon w.
func (b *Battle) inRange(u *BUnit, w *table.Weapon, d int) bool {
	lo := int(w.MinRange)
	if w.Type == table.Bow && !w.Siege && u.Rank(table.Bows) >= table.RankS1 {
		lo = 1
	}
	return d >= lo && d <= int(w.MaxRange)
}

// beyond is the tile on the far side of a foe from the attacker (Trample:
// "end your attack sequence in an empty space on the opposite side of your
// enemy").
func (b *Battle) beyond(u *BUnit, from, foeAt int) (int, bool) {
	w, h := int(b.m.Width), int(b.m.Height)
	x, y := 2*(foeAt%w)-from%w, 2*(foeAt/w)-from/w
	if x < 0 || y < 0 || x >= w || y >= h {
		return 0, false
	}
	t := y*w + x
	return t, b.UnitAt(t) < 0 && b.CanStand(u, t)
}

// chains lists the ways an attack on units[path[0]] can jump on: up to
// jumps more foes, each within reach spaces of the one before, none twice.
// Every prefix counts (the chain may stop early), the bare attack aside.
func (b *Battle) chains(u *BUnit, last, jumps, reach int, path []int) [][]int {
	if jumps == 0 {
		return nil
	}
	var out [][]int
	for j, o := range b.Units {
		if !foe(u, o) || o.At < 0 || slices.Contains(path, j) || b.dist(b.Units[last].At, o.At) > reach {
			continue
		}
		p := append(slices.Clone(path[1:]), j)
		out = append(out, p)
		for _, more := range b.chains(u, j, jumps-1, reach, append(slices.Clone(path), j)) {
			out = append(out, append(slices.Clone(p), more[len(p):]...))
		}
	}
	return out
}

// splits are Multishot's ways to divide an attack on a foe that is not
// adjacent: each strike after the first at any foe within range.
func (b *Battle) splits(u *BUnit, i, target int, w int16, base act) []act {
	wt := &b.rs.Weapons[w]
	b.prime(i)
	b.prime(target)
	o := b.Units[target]
	u.Weapon = wt
	n := Attacks(&u.Unit, &o.Unit, b.dist(u.At, o.At), true) - 1
	b.arm(i)
	if n <= 0 {
		return nil
	}
	var in []int
	for j, x := range b.Units {
		if foe(u, x) && x.At >= 0 && b.inRange(u, wt, b.dist(u.At, x.At)) {
			in = append(in, j)
		}
	}
	if len(in) < 2 {
		return nil
	}
	var out []act
	var rec func(prefix []int)
	rec = func(prefix []int) {
		if len(prefix) == n {
			if slices.ContainsFunc(prefix, func(k int) bool { return k != target }) {
				a := base
				a.list = slices.Clone(prefix)
				a.opt = optSplit
				out = append(out, a)
			}
			return
		}
		for _, k := range in {
			rec(append(prefix, k))
		}
	}
	rec(nil)
	return out
}

// appendPerformActs appends to out the Perform action with each
// performance known; at S+ in Perform another of the same area may be added
// ("up to D-Rank" at S+, C at S+2, B at S+3, A at S+4).
func (b *Battle) appendPerformActs(out []act, i int) []act {
	u := b.Units[i]
	rank := u.Rank(table.Perform)
	if rank == table.NoRank {
		return out
	}
	for _, p := range u.Char.Performances {
		pf := &b.rs.Performances[p]
		if pf.Refresh {
			for j, o := range b.Units {
				if j != i && o.Side == u.Side && o.At >= 0 && o.Standing() && o.T.Done && !o.Refreshed && b.dist(u.At, o.At) == 1 {
					out = append(out, act{v: vPerform, u: int16(i), t: int16(j), w: p, w2: -1})
				}
			}
			continue
		}
		out = append(out, act{v: vPerform, u: int16(i), t: -1, w: p, w2: -1})
		if rank >= table.RankS1 {
			upTo := table.RankD + (rank - table.RankS1)
			for _, q := range u.Char.Performances {
				qf := &b.rs.Performances[q]
				if q != p && !qf.Refresh && qf.Within == pf.Within && qf.Rank <= upTo {
					out = append(out, act{v: vPerform, u: int16(i), t: -1, w: p, w2: q})
				}
			}
		}
	}
	return out
}

// ignores reports whether u must leave foe j alone: Provoke ("forcing them
// to ignore any allied units but you") and Shade ("forcing all foes to
// ignore you ... as long as at least one other target is in their range").
func (b *Battle) ignores(u *BUnit, j int) bool {
	p := b.phaseNo()
	for _, s := range u.Statuses {
		if s.Kind == "provoked" && s.From <= p && p < s.Until && s.By != j && b.Units[s.By].Standing() {
			return true
		}
	}
	o := b.Units[j]
	for _, s := range o.Statuses {
		if s.Kind == "shade" && s.From <= p && p < s.Until {
			// Another target in range?
			for k, x := range b.Units {
				if k != j && foe(u, x) && x.At >= 0 && b.anyInRange(u, b.dist(u.At, x.At)) {
					return true
				}
			}
		}
	}
	return false
}

func (b *Battle) anyInRange(u *BUnit, d int) bool {
	var wb weaponBuf
	for _, w := range b.appendWieldable(wb[:0], u) {
		if b.inRange(u, &b.rs.Weapons[w], d) {
			return true
		}
	}
	return false
}

// pendingActs are the choices of a pending decision.
func (b *Battle) pendingActs() []act { return b.appendPendingActs(nil) }

// appendPendingActs is pendingActs() appended to out.
func (b *Battle) appendPendingActs(out []act) []act {
	p := b.pending
	u := b.Units[p.Unit]
	if p.Kind == "cleave" {
		for j, o := range b.Units {
			if foe(u, o) && o.At >= 0 && b.dist(u.At, o.At) == 1 && !slices.Contains(p.Struck, j) {
				out = append(out, act{v: vCleave, u: int16(p.Unit), t: int16(j), w: u.Equip})
			}
		}
	}
	return out
}
