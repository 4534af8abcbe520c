package tropera

import (
	"fmt"
	"slices"
	"strings"

	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/engine/tropera/table"
)

// bare is the weapon of a unit that wields none: it reaches nobody.
var bare = &table.Weapon{ID: "none", Name: "no weapon", Type: table.Unarmed, MinRange: 1, MaxRange: 0}

// arm points u's combat view at its equipped weapon (the siege weapon when
// embarked) and that weapon's charges.
func (b *Battle) arm(i int) {
	u := b.Units[i]
	w := u.Equip
	if u.Embarked >= 0 {
		w = b.m.Siege[u.Embarked].Weapon
	}
	if w < 0 {
		u.Weapon, u.Uses = bare, table.Unlimited
		return
	}
	u.Weapon = &b.rs.Weapons[w]
	u.Uses = b.usesOf(u, w)
}

// disarm writes u's charges back where they are kept.
func (b *Battle) disarm(i int) {
	u := b.Units[i]
	if u.Weapon == bare {
		return
	}
	if u.Embarked >= 0 && &b.rs.Weapons[b.m.Siege[u.Embarked].Weapon] == u.Weapon {
		b.siege[u.Embarked] = u.Uses
		return
	}
	for k := range u.Weapons {
		if &b.rs.Weapons[u.Weapons[k].ID] == u.Weapon {
			u.Weapons[k].Uses = u.Uses
			return
		}
	}
}

// active reports whether status s holds in the current phase.
func (b *Battle) holds(s Status) bool {
	p := b.phaseNo()
	return s.From <= p && (s.Until == 0 || p < s.Until)
}

// has reports whether u has a status of kind now.
func (b *Battle) has(u *BUnit, kind string) bool {
	for _, s := range u.Statuses {
		if s.Kind == kind && b.holds(s) {
			return true
		}
	}
	return false
}

// boost is the sum of the performances' boosts on u now.
func (b *Battle) boost(u *BUnit) table.Boost {
	var x table.Boost
	for _, s := range u.Statuses {
		if strings.HasPrefix(s.Kind, "boost") && b.holds(s) {
			x.Hit += s.Boost.Hit
			x.Avoid += s.Boost.Avoid
			x.Crit += s.Boost.Crit
			x.Might += s.Boost.Might
			x.Def += s.Boost.Def
			x.Res += s.Boost.Res
			x.Move += s.Boost.Move
		}
	}
	return x
}

// prime readies u's combat view: its terrain, weapon and conditions.
func (b *Battle) prime(i int) {
	u := b.Units[i]
	u.Terrain = nil
	if u.At >= 0 {
		u.Terrain = b.Terrain(u.At)
	}
	b.arm(i)
	u.Stats = u.base
	c := Cond{Carrying: u.Passenger >= 0, Boost: b.boost(u)}
	for _, s := range u.Statuses {
		if !b.holds(s) {
			continue
		}
		switch s.Kind {
		case "defend":
			c.Defending = true
			c.Sentinel = u.Combat.Sentinel
		case "grappled":
			c.Grappled = true
		case "guard-break":
			c.GuardBreak = s.Value
		case "slowed":
			c.Slowed = true
		case "overload":
			c.Overload = true
		}
		if s.Stat > 0 {
			u.Stats[s.Stat] += int8(s.Value)
		}
	}
	u.Cond = c
}

// addStatus puts a status on unit i, replacing one of the same kind.
func (b *Battle) addStatus(i int, s Status) {
	u := b.Units[i]
	u.Statuses = slices.DeleteFunc(u.Statuses, func(x Status) bool { return x.Kind == s.Kind })
	u.Statuses = append(u.Statuses, s)
}

// Apply implements play.Match.
func (b *Battle) Apply(i int) error {
	acts := b.acts()
	if i < 0 || i >= len(acts) {
		return fmt.Errorf("no legal action %d (there are %d)", i, len(acts))
	}
	a := acts[i]
	b.fresh = false
	defer func() { b.fresh = false }()
	switch a.v {
	case vPlace:
		u := b.Units[int(a.u)]
		u.At, u.Placed = int(a.tile), true
		b.afterDeploy()
		return nil
	case vEndPhase:
		for _, u := range b.Units {
			if u.Side == b.phase {
				u.T.Done = true
			}
		}
		b.endPhase()
		b.judge()
		return nil
	case vCleave:
		b.cleave(a)
		b.judge()
		b.after(int(a.u))
		return nil
	}
	u := b.Units[int(a.u)]
	if !u.Standing() {
		return fmt.Errorf("%s cannot act: it is critically wounded", u.ID)
	}
	b.active = int(a.u)
	u.T.Acted = true
	attacks := a.v == vAttack || a.v == vAttackTile || a.v == vCast && b.rs.Weapons[a.w].Hostile
	if b.trigger != nil && b.trigger.Mover == int(a.u) && !attacks {
		text := b.actText(a) // as listed, before the trigger changes the battle
		b.fireTrigger()
		b.judge()
		if b.over {
			return nil
		}
		b.fresh = false
		still := b.indexText(b.acts(), text)
		if still < 0 || !u.Standing() {
			b.note(u.Side, "interrupted", "%s cannot %s after the prepared attack", u.ID, strings.TrimPrefix(text, u.ID+" "))
			b.finish(int(a.u))
			return nil
		}
		a = b.legal[still]
	}
	b.do(a)
	if attacks && b.trigger != nil && b.trigger.Mover == int(a.u) {
		b.fireTrigger()
	}
	b.judge()
	b.after(int(a.u))
	return nil
}

// after ends unit i's turn when it has nothing left to do, and the phase
// when nobody has.
func (b *Battle) after(i int) {
	if b.over || b.pending != nil {
		return
	}
	b.fresh = false
	if i >= 0 && b.active == i {
		if u := b.Units[i]; !u.Standing() || u.T.Done || !b.hasUnitActs(i) {
			b.finish(i)
			return
		}
	}
	if b.active < 0 && !b.anyCanStart() {
		b.endPhase()
		b.judge()
	}
}

// finish ends unit i's turn.
func (b *Battle) finish(i int) {
	b.Units[i].T.Done = true
	if b.active == i {
		b.active = -1
	}
	if b.trigger != nil && b.trigger.Mover == i {
		b.fireTrigger()
		b.judge()
	}
	b.fresh = false
	if !b.over && !b.anyCanStart() {
		b.endPhase()
		b.judge()
	}
}

// main marks a main action taken: Canto lets the unit move on with what
// movement it has left.
func (b *Battle) main(u *BUnit) {
	u.T.Main = true
	if u.Combat.Canto && u.T.Moved {
		u.T.Extra = true
	}
}

func (b *Battle) do(a act) {
	u := b.Units[int(a.u)]
	side := u.Side
	p := b.phaseNo()
	switch a.v {
	case vWait:
		b.note(side, "wait", "%s waits", u.ID)
		u.T.Done = true
	case vMove:
		cost := b.reach(u, b.Allowance(u)-u.T.Spent)[int(a.tile)]
		from := u.At
		u.At = int(a.tile)
		u.T.Spent += cost
		if u.T.Moved {
			u.T.Extra = false
		}
		u.T.Moved = true
		if !b.quiet { // the event data is built only to be dropped when quiet
			b.noteData(side, "move", map[string]any{"unit": u.ID, "from": b.tileName(from), "to": b.tileName(int(a.tile)), "cost": cost},
				"%s moves %s to %s (%d movement, %d left)", u.ID, b.tileName(from), b.tileName(int(a.tile)), cost, b.Allowance(u)-u.T.Spent)
		}
		b.entered(int(a.u))
	case vAttack:
		b.attack(a)
		b.main(u)
	case vAttackTile:
		b.attackTile(a)
		b.main(u)
	case vCast:
		b.cast(a)
		b.main(u)
	case vUse:
		b.use(a)
		if a.opt == optBonus {
			u.T.Bonus = true
		} else {
			b.main(u)
		}
	case vOpen:
		b.spend(u, int(a.slot))
		b.open(int(a.tile), fmt.Sprintf("%s opens the door at %s with %s", u.ID, b.tileName(int(a.tile)), b.rs.Items[a.w].Name))
		b.main(u)
	case vDefend:
		b.addStatus(int(a.u), Status{Kind: "defend", By: int(a.u), From: p, Until: nextPhase(p, side)})
		text := fmt.Sprintf("%s defends: +%d Avoid until its next phase", u.ID, u.Stats[table.Skl])
		if n := u.fastHealing(); n > 0 && u.HP < int(u.Stats[table.HP]) {
			n = b.heal(int(a.u), n)
			text += fmt.Sprintf("; Fast Healer restores %d HP", n)
		}
		b.note(side, "defend", "%s", text)
		if a.opt == optBonus {
			u.T.Bonus = true
		} else {
			b.main(u)
		}
	case vDash:
		u.T.Dashed, u.T.Main = true, true
		if u.T.Moved {
			u.T.Extra = true
		}
		b.note(side, "dash", "%s dashes: %d movement this turn", u.ID, b.Allowance(u))
	case vPrepare:
		if !b.rs.Weapons[a.w].Siege {
			u.Equip = a.w // a siege weapon stays with its space
		}
		u.Prepared = &Prepared{Weapon: a.w, Tiles: slices.Clone(a.list)}
		var names []string
		for _, t := range a.list {
			names = append(names, b.tileName(t))
		}
		b.note(side, "prepare", "%s prepares an attack with %s on %s", u.ID, b.rs.Weapons[a.w].Name, strings.Join(names, " "))
		b.main(u)
	case vPerform:
		b.perform(a)
		b.main(u)
	case vEquip:
		u.Equip = a.w
		u.T.Bonus = true
		b.note(side, "equip", "%s equips %s", u.ID, b.rs.Weapons[a.w].Name)
	case vEmbark:
		u.Embarked = int(a.slot)
		b.note(side, "embark", "%s embarks on the %s at %s", u.ID, b.rs.Weapons[b.m.Siege[int(a.slot)].Weapon].Name, b.tileName(u.At))
		b.bonusOrMain(u)
	case vDisembark:
		b.note(side, "disembark", "%s leaves the %s", u.ID, b.rs.Weapons[b.m.Siege[u.Embarked].Weapon].Name)
		u.Embarked = -1
		b.bonusOrMain(u)
	case vGive, vTake, vSwap:
		b.trade(a)
		u.T.Bonus = true
	case vTransform:
		u.Beast = !u.Beast
		max0 := u.base[table.HP]
		b.rederive(int(a.u))
		u.HP = max(0, min(u.HP+int(u.Stats[table.HP]-max0), int(u.Stats[table.HP])))
		b.reequip(int(a.u))
		form := "its humanoid form"
		if u.Beast {
			form = "beast form"
		}
		b.note(side, "transform", "%s takes %s (movement %d)", u.ID, form, b.MoveStat(u))
		b.bonusOrMain(u)
	case vSearch:
		b.search(a)
		u.T.Bonus = true
	case vSteal:
		o := b.Units[int(a.t)]
		c := o.Items[int(a.slot)]
		o.Items = slices.Delete(o.Items, int(a.slot), int(a.slot)+1)
		u.Items = append(u.Items, c)
		b.note(side, "steal", "%s steals %s from %s", u.ID, b.rs.Items[c.ID].Name, o.ID)
		b.main(u)
	case vPick:
		b.open(int(a.tile), fmt.Sprintf("%s picks the lock at %s", u.ID, b.tileName(int(a.tile))))
		b.main(u)
	case vOverload:
		q := nextPhase(p, side)
		b.addStatus(int(a.u), Status{Kind: "overload", By: int(a.u), From: q, Until: q + 1})
		b.note(side, "overload", "%s overloads: its Magic doubles through its next phase", u.ID)
		b.main(u)
	case vProvoke:
		var names []string
		for j, o := range b.Units {
			if foe(u, o) && o.At >= 0 && b.dist(u.At, o.At) <= 2 {
				q := nextPhase(p, o.Side)
				b.addStatus(j, Status{Kind: "provoked", By: int(a.u), From: q, Until: q + 1})
				names = append(names, o.ID)
			}
		}
		b.note(side, "provoke", "%s provokes %s: they ignore its allies on their next turn", u.ID, orNone(names))
		b.main(u)
	case vShade:
		q := nextPhase(p, 1-side)
		b.addStatus(int(a.u), Status{Kind: "shade", By: int(a.u), From: q, Until: q + 1})
		b.note(side, "shade", "%s masks its presence: foes ignore it on their next turn while another target is in range", u.ID)
		b.main(u)
	case vRescue:
		o := b.Units[int(a.t)]
		b.note(side, "rescue", "%s picks %s up at %s", u.ID, o.ID, b.tileName(o.At))
		o.At, o.Carrier, u.Passenger = -1, int(a.u), int(a.t)
		b.main(u)
	case vDrop:
		o := b.Units[int(a.t)]
		o.At, o.Carrier, u.Passenger = int(a.tile), -1, -1
		b.note(side, "drop", "%s sets %s down at %s", u.ID, o.ID, b.tileName(int(a.tile)))
		b.main(u)
	case vDismount:
		c := b.Units[u.Carrier]
		u.At, c.Passenger, u.Carrier = int(a.tile), -1, -1
		b.note(side, "dismount", "%s dismounts from %s at %s", u.ID, c.ID, b.tileName(int(a.tile)))
		b.main(u)
	case vUnload:
		o, c := b.Units[int(a.t)], b.Units[int(a.t2)]
		o.At, o.Carrier, c.Passenger = int(a.tile), -1, -1
		b.note(side, "unload", "%s sets %s down from %s at %s", u.ID, o.ID, c.ID, b.tileName(int(a.tile)))
		b.main(u)
	case vSeize:
		b.main(u)
		b.note(side, "seize", "%s seizes %s", u.ID, b.tileName(u.At))
		b.end(play.Win(fmt.Sprintf("%s seized %s", u.ID, b.tileName(u.At)), Party))
	case vEscape:
		b.main(u)
		what := u.ID
		if u.Passenger >= 0 {
			o := b.Units[u.Passenger]
			o.Off, o.Carrier = "escaped", -1
			what += " carrying " + o.ID
		}
		b.note(side, "escape", "%s escapes by %s", what, b.tileName(u.At))
		u.Off, u.At, u.Passenger = "escaped", -1, -1
		u.T.Done = true
		b.judgeEscape()
	}
}

func orNone(names []string) string {
	if len(names) == 0 {
		return "nobody"
	}
	return strings.Join(names, ", ")
}

// bonusOrMain spends a bonus action, or for a Mob a main action.
func (b *Battle) bonusOrMain(u *BUnit) {
	if b.mobMain(u) {
		b.main(u)
		return
	}
	u.T.Bonus = true
}

// judgeEscape wins an escape battle once no party unit able to act is left
// on the map.
func (b *Battle) judgeEscape() {
	escaped := 0
	for _, u := range b.Units {
		if u.Side != Party {
			continue
		}
		if u.Standing() {
			return
		}
		if u.Off == "escaped" {
			escaped++
		}
	}
	if escaped > 0 {
		b.end(play.Win(fmt.Sprintf("%d escaped", escaped), Party))
	}
}

// entered fires nothing yet: a foe's prepared attack on the tile unit i
// entered waits for i's next action.
func (b *Battle) entered(i int) {
	u := b.Units[i]
	for j, o := range b.Units {
		if o.Prepared != nil && foe(o, u) && o.At >= 0 && slices.Contains(o.Prepared.Tiles, u.At) {
			b.trigger = &trigger{Preparer: j, Mover: i}
			b.note(o.Side, "trigger", "%s enters %s, where %s is ready to strike", u.ID, b.tileName(u.At), o.ID)
			return
		}
	}
}

// fireTrigger makes the prepared attack waiting, if it still can be made.
func (b *Battle) fireTrigger() {
	tr := b.trigger
	if tr == nil {
		return
	}
	b.trigger = nil
	f, m := b.Units[tr.Preparer], b.Units[tr.Mover]
	if !f.Standing() || f.Prepared == nil || !m.Standing() || m.At < 0 || f.At < 0 {
		return
	}
	w := f.Prepared.Weapon
	f.Prepared = nil // "only make your attack against the first enemy"
	if !b.inRange(f, &b.rs.Weapons[w], b.dist(f.At, m.At)) || b.usesOf(f, w) == 0 {
		return
	}
	if !b.rs.Weapons[w].Siege {
		f.Equip = w
	}
	b.note(f.Side, "prepared", "%s's prepared attack", f.ID)
	b.attack(act{u: int16(tr.Preparer), t: int16(tr.Mover), w: w, v: vAttack})
}

// attack runs an Attack action's sequence (and records what it did).
func (b *Battle) attack(a act) {
	u, o := b.Units[int(a.u)], b.Units[int(a.t)]
	if u.Embarked < 0 {
		u.Equip = a.w // "Attacking with a weapon or tome ... automatically equips it."
	}
	b.quickDraw(int(a.t), int(a.u))
	b.prime(int(a.u))
	b.prime(int(a.t))
	dist := b.dist(u.At, o.At)
	var opts Options
	parts := []int{int(a.u), int(a.t)}
	switch a.opt {
	case optGrapple:
		opts.Grapple = true
	case optTrample:
		opts.Trample = b.MoveStat(u)
	case optChain:
		for _, k := range a.list {
			b.prime(k)
			opts.Chain = append(opts.Chain, &b.Units[k].Unit)
			opts.ChainDist = append(opts.ChainDist, b.dist(u.At, b.Units[k].At))
			parts = append(parts, k)
		}
	case optSplit:
		for _, k := range a.list {
			b.prime(k)
			opts.Split = append(opts.Split, &b.Units[k].Unit)
			opts.SplitDist = append(opts.SplitDist, b.dist(u.At, b.Units[k].At))
			if !slices.Contains(parts, k) {
				parts = append(parts, k)
			}
		}
	}
	f, strikes := SequenceWith(b.dice, &u.Unit, &o.Unit, dist, opts)
	for _, k := range parts {
		b.disarm(k)
	}
	b.record(int(int(a.u)), int(int(a.t)), dist, f, strikes, a.opt.String())
	b.aftermath(int(a.u), strikes)
	if a.opt == optTrample && slices.ContainsFunc(strikes, func(s Strike) bool { return s.Trampled }) && u.Standing() {
		b.note(u.Side, "trample", "%s tramples through to %s", u.ID, b.tileName(int(a.tile)))
		u.At = int(a.tile)
	}
	// Cleave: "Whenever you hit an adjacent enemy with a weapon attack on
	// your turn, you make a free attack against a different adjacent enemy".
	wt := &b.rs.Weapons[a.w]
	if u.Combat.Cleave > 0 && u.Side == b.phase && b.active == int(a.u) && dist == 1 && !wt.Type.Magical() && wt.Type != table.Staff && u.Standing() &&
		slices.ContainsFunc(strikes, func(s Strike) bool { return s.By == &u.Unit && s.Hit }) {
		b.pending = &pending{Kind: "cleave", Unit: int(a.u), Penalty: int(u.Combat.Cleave), Struck: []int{int(a.t)}}
		if len(b.pendingActs()) == 0 {
			b.pending = nil
		}
	}
}

// cleave makes Cleave's free attack: one strike, no counterattack, at the
// chain's accuracy penalty; a hit lets it repeat at a greater one.
func (b *Battle) cleave(a act) {
	p := b.pending
	u, o := b.Units[int(a.u)], b.Units[int(a.t)]
	b.prime(int(a.u))
	b.prime(int(a.t))
	f, strikes := SequenceWith(b.dice, &u.Unit, &o.Unit, 1, Options{Attacks: 1, Free: true, HitPenalty: p.Penalty})
	b.disarm(int(a.u))
	b.record(int(a.u), int(a.t), 1, f, strikes, fmt.Sprintf("cleave -%d", p.Penalty))
	b.aftermath(int(a.u), strikes)
	p.Struck = append(p.Struck, int(a.t))
	p.Penalty += int(u.Combat.Cleave)
	if len(strikes) == 0 || !strikes[0].Hit || !u.Standing() || len(b.pendingActs()) == 0 {
		b.pending = nil
	}
}

// quickDraw: "Whenever you are attacked during the enemy's phase you will
// switch your equipped weapon to the weapon with the most favorable effect
// on your chance to avoid the attack and hit with a counterattack."
func (b *Battle) quickDraw(d, a int) {
	du, au := b.Units[d], b.Units[a]
	if !du.Combat.QuickDraw || du.Side == b.phase || du.Embarked >= 0 {
		return
	}
	dist := b.dist(du.At, au.At)
	best, bestScore := du.Equip, -1<<30
	b.prime(a)
	var wb weaponBuf
	for _, w := range b.appendWieldable(wb[:0], du) {
		if b.rs.Weapons[w].Type == table.Staff {
			continue
		}
		du.Equip = w
		b.prime(d)
		f := NewForecast(&au.Unit, &du.Unit, dist)
		score := -f.Attacker.Hit
		if f.Defender.Attacks > 0 {
			score += f.Defender.Hit
		}
		if score > bestScore {
			best, bestScore = w, score
		}
	}
	du.Equip = best
	b.arm(d)
}

// record turns a sequence into a combat event.
func (b *Battle) record(ai, di, dist int, f Forecast, strikes []Strike, option string) {
	if b.quiet {
		return
	}
	a, d := b.Units[ai], b.Units[di]
	text := fmt.Sprintf("%s (%s) attacks %s (%s) at %d: hit %d crit %d dmg %d x%d", a.ID, a.Weapon.ID, d.ID, d.Weapon.ID, dist,
		f.Attacker.Hit, f.Attacker.Crit, f.Attacker.Damage, f.Attacker.Attacks)
	if f.Defender.Attacks > 0 {
		text += fmt.Sprintf("; counter hit %d crit %d dmg %d x%d", f.Defender.Hit, f.Defender.Crit, f.Defender.Damage, f.Defender.Attacks)
	} else {
		text += "; no counter"
	}
	if option != "" {
		text += " (" + option + ")"
	}
	var parts []string
	var sd []strikeData
	for _, s := range strikes {
		parts = append(parts, b.strikeText(s))
		sd = append(sd, strikeData{By: b.idOf(s.By), Target: b.idOf(s.Target), Rolls: s.Rolls, Hit: s.Hit, Critical: s.Critical, Damage: s.Damage, HPAfter: s.HPAfter,
			Miracle: s.Miracle, Silenced: s.Silenced, Shielded: s.Shielded, Grappled: s.Grappled, Trampled: s.Trampled, GuardBroken: s.GuardBroken,
			Inflicted: table.StatusNames[s.Inflicted]})
	}
	if len(parts) > 0 {
		text += ": " + strings.Join(parts, "; ")
	}
	b.noteData(a.Side, "combat", combatData{Attacker: a.ID, Defender: d.ID, Weapon: a.Weapon.ID, Distance: dist, Option: option,
		Forecast: forecastData{Attacker: sideData(f.Attacker), Defender: sideData(f.Defender), DefenderFirst: f.DefenderFirst}, Strikes: sd}, "%s", text)
}

func (b *Battle) idOf(u *Unit) string {
	for _, x := range b.Units {
		if &x.Unit == u {
			return x.ID
		}
	}
	return "?"
}

func (b *Battle) strikeText(s Strike) string {
	var rolls []string
	for _, r := range s.Rolls {
		rolls = append(rolls, fmt.Sprint(r))
	}
	what := "misses"
	switch {
	case s.Grappled:
		what = "grapples"
	case s.Critical:
		what = fmt.Sprintf("crits for %d", s.Damage)
	case s.Hit:
		what = fmt.Sprintf("hits for %d", s.Damage)
	}
	line := fmt.Sprintf("%s %s (%s), %s %d HP", b.idOf(s.By), what, strings.Join(rolls, "+"), b.idOf(s.Target), s.HPAfter)
	for _, x := range []struct {
		on   bool
		text string
	}{{s.Miracle, "Miracle"}, {s.Silenced, "Silencer"}, {s.Shielded, "Shield"}, {s.Trampled, "Trample"}, {s.GuardBroken, "Guard Break"}, {s.Inflicted == table.Slowed, "Slowed"}} {
		if x.on {
			line += " [" + x.text + "]"
		}
	}
	return line
}

// aftermath records what strikes left behind: statuses, critical wounds,
// defeated enemies.
func (b *Battle) aftermath(attacker int, strikes []Strike) {
	p := b.phaseNo()
	index := func(u *Unit) int {
		for i, x := range b.Units {
			if &x.Unit == u {
				return i
			}
		}
		return -1
	}
	seen := map[int]bool{}
	for _, s := range strikes {
		by, to := index(s.By), index(s.Target)
		if s.GuardBroken {
			b.addStatus(to, Status{Kind: "guard-break", By: by, Value: s.Target.Cond.GuardBreak, From: p, Until: nextPhase(p, b.Units[by].Side)})
		}
		if s.Grappled {
			b.addStatus(to, Status{Kind: "grappled", By: by, From: p, Until: nextPhase(p, b.Units[by].Side)})
		}
		if s.Inflicted == table.Slowed {
			b.addStatus(to, Status{Kind: "slowed", By: by, From: p, Until: nextPhase(p, b.Units[to].Side) + 1})
		}
		seen[by], seen[to] = true, true
	}
	ids := make([]int, 0, len(seen))
	for k := range seen {
		ids = append(ids, k)
	}
	slices.Sort(ids)
	for _, k := range ids {
		b.fall(k)
	}
	_ = attacker
}

// fall deals with a unit at 0 HP: a party unit is critically wounded where
// it stands; an enemy is defeated and leaves the map. A passenger is set
// down next to its fallen carrier.
func (b *Battle) fall(i int) {
	u := b.Units[i]
	if u.HP > 0 || !u.Present() {
		return
	}
	if u.Passenger >= 0 {
		p := b.Units[u.Passenger]
		u.Passenger, p.Carrier = -1, -1
		p.At = -1
		for _, t := range b.neighbours(u.At) {
			if b.UnitAt(t) < 0 && b.CanStand(p, t) {
				p.At = t
				break
			}
		}
		if p.At < 0 {
			p.Off = "lost"
			b.note(p.Side, "lost", "%s falls with %s and has nowhere to land: out of the battle", p.ID, u.ID)
		} else {
			b.note(p.Side, "drop", "%s falls; %s lands at %s", u.ID, p.ID, b.tileName(p.At))
		}
	}
	if u.Embarked >= 0 {
		u.Embarked = -1
	}
	u.Prepared = nil
	if u.Side == Enemy {
		b.note(Enemy, "defeat", "%s is defeated", u.ID)
		u.Off, u.At = "defeated", -1
		if b.trigger != nil && (b.trigger.Mover == i || b.trigger.Preparer == i) {
			b.trigger = nil
		}
		return
	}
	if u.Crippled && u.Wounds >= 4 {
		b.note(Party, "wound", "%s is reduced to 0 HP for the %s time: Crippled", u.ID, ordinal(u.Wounds))
		return
	}
	b.note(Party, "wound", "%s is critically wounded (%s time): %s to heal it", u.ID, ordinal(u.Wounds), rounds(u.Countdown))
}

func rounds(n int) string {
	if n == 1 {
		return "1 round"
	}
	return fmt.Sprintf("%d rounds", n)
}

func ordinal(n int) string {
	switch n {
	case 1:
		return "1st"
	case 2:
		return "2nd"
	case 3:
		return "3rd"
	}
	return fmt.Sprintf("%dth", n)
}

// attackTile attacks destructible terrain: one strike ("Attack Sequences
// against terrain do not benefit from Extra Attacks"), no counter.
func (b *Battle) attackTile(a act) {
	u := b.Units[int(a.u)]
	u.Equip = a.w
	b.prime(int(a.u))
	tr := b.Terrain(int(a.tile))
	wall := &Unit{Char: &table.Character{ID: tr.ID, Name: tr.Name}, Weapon: bare, Terrain: tr}
	hit := clamp(Hit(&u.Unit, wall) - Avoid(wall))
	crit := clamp(Crit(&u.Unit))
	rolls, hits, critical := Roll(b.dice, hit, crit, u.Combat.Gamble)
	dmg := 0
	if hits {
		dmg = Damage(&u.Unit, wall)
		if critical {
			dmg *= 3
		}
	}
	if u.Uses > 0 {
		u.Uses--
	}
	b.disarm(int(a.u))
	left := max(0, int(b.tileHP[int(a.tile)])-dmg)
	b.tileHP[int(a.tile)] = int8(left)
	text := fmt.Sprintf("%s (%s) attacks the %s at %s: hit %d, d100 %v: ", u.ID, u.Weapon.ID, tr.Name, b.tileName(int(a.tile)), hit, rolls)
	if hits {
		text += fmt.Sprintf("%d damage, %d HP left", dmg, left)
	} else {
		text += "misses"
	}
	if !b.quiet { // the event data is built only to be dropped when quiet
		b.noteData(u.Side, "combat", map[string]any{"attacker": u.ID, "tile": b.tileName(int(a.tile)), "terrain": tr.ID, "hit": hit, "rolls": rolls, "damage": dmg, "hp_after": left}, "%s", text)
	}
	if left == 0 {
		b.open(int(a.tile), fmt.Sprintf("the %s at %s is destroyed", tr.Name, b.tileName(int(a.tile))))
	}
}

// open turns a door or a destroyed tile into what it becomes.
func (b *Battle) open(t int, text string) {
	tr := b.Terrain(t)
	if tr.Becomes >= 0 {
		b.tiles[t] = tr.Becomes
		b.tileHP[t] = b.rs.Terrain[tr.Becomes].HP
	}
	b.note(b.phase, "terrain", "%s: now %s", text, b.Terrain(t).Name)
}

// cast uses a staff: a healing staff restores HP to an ally ("1 point of
// Magic = 1 point of ... staff healing"); a hostile staff starts an Attack
// Sequence ("Staves that target hostile units initiate Attack Sequences").
func (b *Battle) cast(a act) {
	u, o := b.Units[int(a.u)], b.Units[int(a.t)]
	wt := &b.rs.Weapons[a.w]
	if wt.Hostile {
		b.attack(act{u: a.u, t: a.t, w: a.w, v: vAttack})
		return
	}
	// "Staves that target allies are not equipped at all."
	equip, uses := u.Weapon, u.Uses
	k := slices.IndexFunc(u.Weapons, func(c Carry) bool { return c.ID == a.w })
	u.Weapon, u.Uses = wt, u.Weapons[k].Uses
	b.prime(int(a.t))
	n := Healing(&u.Unit, &o.Unit)
	if n > 0 || o.HP < int(o.Stats[table.HP]) {
		n += o.fastHealing()
	}
	was := o.HP
	n = b.heal(int(a.t), n)
	if u.Uses > 0 && !freeStaff(&u.Unit) {
		u.Uses--
	}
	u.Weapons[k].Uses = u.Uses
	u.Weapon, u.Uses = equip, uses
	if !b.quiet { // the event data is built only to be dropped when quiet
		b.noteData(u.Side, "heal", map[string]any{"healer": u.ID, "target": o.ID, "staff": wt.ID, "healed": n, "hp_after": o.HP, "revived": was <= 0 && o.HP > 0},
			"%s casts %s on %s: +%d HP (%d/%d)", u.ID, wt.Name, o.ID, n, o.HP, o.Stats[table.HP])
	}
}

// use uses an item: a medicinal item heals (on an adjacent ally with
// Battle Medic, or an adjacent critically wounded one); a boost raises
// stats, fading each turn.
func (b *Battle) use(a act) {
	u, o := b.Units[int(a.u)], b.Units[int(a.t)]
	it := &b.rs.Items[a.w]
	b.spend(u, int(a.slot))
	if it.Heal > 0 {
		was := o.HP
		n := b.heal(int(a.t), int(it.Heal)+o.fastHealing())
		if !b.quiet { // the event data is built only to be dropped when quiet
			b.noteData(u.Side, "heal", map[string]any{"healer": u.ID, "target": o.ID, "item": it.ID, "healed": n, "hp_after": o.HP, "revived": was <= 0 && o.HP > 0},
				"%s uses %s on %s: +%d HP (%d/%d)", u.ID, it.Name, o.ID, n, o.HP, o.Stats[table.HP])
		}
		return
	}
	for s, v := range it.Boost {
		if v == 0 || table.Stat(s) == table.HP {
			continue
		}
		b.addStatus(int(a.t), Status{Kind: it.ID + ":" + table.StatNames[s], By: int(a.u), Stat: s, Value: int(v), Fade: int(it.Fade), From: b.phaseNo()})
	}
	b.note(u.Side, "item", "%s uses %s", u.ID, it.Name)
}

// spend uses one charge of the item in slot s; an item with none left is
// gone.
func (b *Battle) spend(u *BUnit, s int) {
	if u.Items[s].Uses > 0 {
		u.Items[s].Uses--
	}
	if u.Items[s].Uses == 0 {
		u.Items = slices.Delete(u.Items, s, s+1)
	}
}

// perform gives the audience its boost, or a turn again (refresh).
func (b *Battle) perform(a act) {
	u := b.Units[int(a.u)]
	p := b.phaseNo()
	pf := &b.rs.Performances[a.w]
	if pf.Refresh {
		o := b.Units[int(a.t)]
		o.T, o.Refreshed = Turn{}, true
		b.note(u.Side, "perform", "%s performs %s: %s acts again", u.ID, pf.Name, o.ID)
		return
	}
	var names []string
	for j, o := range b.Units {
		if j == int(a.u) || o.Side != u.Side || o.At < 0 || !o.Present() || b.dist(u.At, o.At) > int(pf.Within) {
			continue
		}
		for _, q := range []int16{a.w, a.w2} {
			if q >= 0 {
				b.addStatus(j, Status{Kind: "boost:" + b.rs.Performances[q].ID, By: int(a.u), Boost: b.rs.Performances[q].Boost, From: p, Until: nextPhase(p, u.Side)})
			}
		}
		names = append(names, o.ID)
	}
	what := pf.Name
	if a.w2 >= 0 {
		what += " with " + b.rs.Performances[a.w2].Name
	}
	b.note(u.Side, "perform", "%s performs %s for %s", u.ID, what, orNone(names))
}

// trade gives, takes or swaps a weapon or an item with an adjacent ally.
func (b *Battle) trade(a act) {
	u, o := b.Units[int(a.u)], b.Units[int(a.t)]
	weapon := a.opt == optWeapon
	list := func(x *BUnit) *[]Carry {
		if weapon {
			return &x.Weapons
		}
		return &x.Items
	}
	name := func(c Carry) string {
		if weapon {
			return b.rs.Weapons[c.ID].Name
		}
		return b.rs.Items[c.ID].Name
	}
	mine, theirs := list(u), list(o)
	switch a.v {
	case vGive:
		c := (*mine)[int(a.slot)]
		*mine = slices.Delete(*mine, int(a.slot), int(a.slot)+1)
		*theirs = append(*theirs, c)
		b.note(u.Side, "trade", "%s gives %s to %s", u.ID, name(c), o.ID)
	case vTake:
		c := (*theirs)[int(a.slot2)]
		*theirs = slices.Delete(*theirs, int(a.slot2), int(a.slot2)+1)
		*mine = append(*mine, c)
		b.note(u.Side, "trade", "%s takes %s from %s", u.ID, name(c), o.ID)
	case vSwap:
		c, c2 := (*mine)[int(a.slot)], (*theirs)[int(a.slot2)]
		(*mine)[int(a.slot)], (*theirs)[int(a.slot2)] = c2, c
		b.note(u.Side, "trade", "%s swaps %s for %s with %s", u.ID, name(c), name(c2), o.ID)
	}
	if weapon {
		b.reequip(int(a.u))
		b.reequip(int(a.t))
	}
}

// reequip keeps unit i's equipped weapon if it still can wield it, else
// equips the first it can (or none).
func (b *Battle) reequip(i int) {
	u := b.Units[i]
	embarked := u.Embarked
	u.Embarked = -1 // the siege weapon is the space's, never equipped
	var wb weaponBuf
	ws := b.appendWieldable(wb[:0], u)
	u.Embarked = embarked
	if u.Equip >= 0 && slices.Contains(ws, u.Equip) && b.rs.Weapons[u.Equip].Type != table.Staff {
		return
	}
	if u.Equip >= 0 && b.rs.Weapons[u.Equip].Type == table.Staff && slices.Contains(ws, u.Equip) {
		return
	}
	u.Equip = -1
	for _, w := range ws {
		if b.rs.Weapons[w].Type != table.Staff {
			u.Equip = w
			return
		}
	}
	if len(ws) > 0 {
		u.Equip = ws[0]
	}
}

// search searches a house: what it holds goes to the searcher, or to
// storage when it has no room.
func (b *Battle) search(a act) {
	u := b.Units[int(a.u)]
	h := b.m.Houses[int(a.slot)]
	b.searched[int(a.slot)] = true
	var what, where string
	switch {
	case h.Item >= 0:
		what = b.rs.Items[h.Item].Name
		if b.freeSlots(u, false) > 0 {
			u.Items = append(u.Items, Carry{ID: h.Item, Uses: table.Charges(b.rs.Items[h.Item].Charges)})
		} else {
			b.storage = append(b.storage, b.rs.Items[h.Item].ID)
			where = " (no room: sent to storage)"
		}
	case h.Weapon >= 0:
		what = b.rs.Weapons[h.Weapon].Name
		if b.freeSlots(u, true) > 0 {
			u.Weapons = append(u.Weapons, Carry{ID: h.Weapon, Uses: table.Charges(b.rs.Weapons[h.Weapon].Charges)})
		} else {
			b.storage = append(b.storage, b.rs.Weapons[h.Weapon].ID)
			where = " (no room: sent to storage)"
		}
	}
	b.note(u.Side, "search", "%s searches %s and finds %s%s", u.ID, b.tileName(u.At), what, where)
}
