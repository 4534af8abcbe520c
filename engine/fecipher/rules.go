package fecipher

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/roundtable-dev/roundtable/engine/fecipher/table"
)

// Errors of illegal actions.
var (
	ErrPhase        = errors.New("not allowed in this phase")
	ErrBondTwice    = errors.New("only one bond may be placed per turn")
	ErrSymbol       = errors.New("no face-up bond with the card's symbol")
	ErrCost         = errors.New("not enough bonds for the cost")
	ErrDeployRule   = errors.New("its special skill does not let it be deployed so")
	ErrSameName     = errors.New("a unit with that unit name is already on the field")
	ErrNoBase       = errors.New("no unit with that unit name to stack on")
	ErrClass        = errors.New("only a promoted card may change the unit's class")
	ErrTapped       = errors.New("the unit is tapped")
	ErrFirstTurn    = errors.New("the first player cannot attack on the first turn of the game")
	ErrNoWeapon     = errors.New("the unit cannot attack")
	ErrRange        = errors.New("the target is out of range")
	ErrTarget       = errors.New("attack with your own unit an enemy unit")
	ErrNotYours     = errors.New("not one of your units")
	ErrOver         = errors.New("the game is over")
	ErrX            = errors.New("an X cost is set by skills this engine does not run")
	ErrReverse      = errors.New("its cost cannot be paid (face-up bonds, cards, allies to tap)")
	ErrPending      = errors.New("a decision is pending")
	ErrNoBond       = errors.New("this card cannot be placed in the bond area")
	ErrUsed         = errors.New("the skill was used this turn (once per turn)")
	ErrDeployBarred = errors.New("an enemy skill forbids deploying this card (there)")
	ErrLocked       = errors.New("a skill forbids using a skill of this name until the end of the turn")
	ErrCondition    = errors.New("the skill's condition does not hold")
	ErrNoMove       = errors.New("the unit cannot be moved")
)

// value reads a printed number, X counting as 0.
func value(n int16) int {
	if n == table.X {
		return 0
	}
	return int(n)
}

// StartTurn runs the beginning phase: untap, then draw (not on the very first
// turn of the game). It then moves to the bond phase.
func (g *Game) StartTurn() {
	g.Turn++
	g.Phase = Beginning
	p := g.P[g.Active]
	p.Spent, p.Bonded = 0, false
	var untapped []*Unit
	for _, u := range p.Field {
		if u.Tapped && !g.has(u, table.NoUntap) {
			untapped = append(untapped, u)
			u.Tapped = false
		}
	}
	if g.Turn > 1 {
		from := len(p.Hand)
		g.draw(g.Active)
		g.drew(g.Active, from, "beginning phase")
	}
	g.emit(g.Active, "begin", "", "", fmt.Sprintf("hand %d, deck %d, orbs %d", len(p.Hand), len(p.Deck), len(p.Orbs)))
	g.Phase = BondPhase
	for _, u := range slices.Clone(p.Field) {
		g.trigger(table.OnTurnStart, g.Active, u, nil)
	}
	for _, u := range slices.Clone(g.P[Opp(g.Active)].Field) {
		g.trigger(table.OnFoeTurnStart, Opp(g.Active), u, nil)
	}
	// The bond phase begins: its skills are set off with those of the
	// turn's start (the player orders them together).
	for _, u := range slices.Clone(p.Field) {
		g.trigger(table.OnBondStart, g.Active, u, nil)
	}
	for _, u := range untapped {
		g.event(table.OnUntapped, u)
	}
	g.flush()
}

// startDeployment ends the bond phase: the deployment phase begins, and
// the skills of its start are set off.
func (g *Game) startDeployment() {
	g.Phase = Deployment
	g.fired = 0
	for _, u := range slices.Clone(g.P[g.Active].Field) {
		g.trigger(table.OnDeployStart, g.Active, u, nil)
	}
	g.flush()
}

// startAction ends the deployment phase: the action phase begins, and the
// skills of its start are set off.
func (g *Game) startAction() {
	g.Phase = ActionPhase
	g.fired = 0
	for _, u := range slices.Clone(g.P[g.Active].Field) {
		g.trigger(table.OnActionStart, g.Active, u, nil)
	}
	g.flush()
}

// may reports whether player p may act in phase ph now.
func (g *Game) may(p int, ph Phase) error {
	if g.Over {
		return ErrOver
	}
	if g.Phase != ph || p != g.Active {
		return ErrPhase
	}
	if len(g.Pending) > 0 {
		return ErrPending
	}
	return nil
}

// PlaceBond puts a card from hand into the bond area face up; the bond
// phase then ends.
func (g *Game) PlaceBond(p, hand int) error {
	pl := g.P[p]
	if err := g.may(p, BondPhase); err != nil {
		return err
	}
	if pl.Bonded {
		return ErrBondTwice
	}
	c := pl.Hand[hand]
	if g.noBond(c) {
		return ErrNoBond
	}
	pl.Hand = slices.Delete(pl.Hand, hand, hand+1)
	pl.Bonds = append(pl.Bonds, Bond{Card: c})
	pl.Bonded = true
	g.played(p, c)
	g.emit(p, "bond", g.C(c).Name(), "", fmt.Sprintf("%d bonds", len(pl.Bonds)))
	g.fired = 0
	g.bonded(p, c)
	g.flush()
	return nil
}

// hasSymbol reports whether a bond shows a symbol of card c: a face-up bond
// sharing one of its symbols. A reversed bond "has no symbol, and hence only
// contributes colorless bonds": so a colorless card (its symbol's color is
// colorless) is paid for by a reversed bond or a face-up colorless one.
func (g *Game) hasSymbol(p, c int) bool {
	colorless := g.colorless(c)
	for _, b := range g.P[p].Bonds {
		if b.Reversed {
			if colorless {
				return true
			}
			continue
		}
		for _, s := range g.C(b.Card).Symbols {
			if slices.Contains(g.C(c).Symbols, s) || colorless && g.RS.Symbols[s].Color == "colorless" {
				return true
			}
		}
	}
	return false
}

// colorless reports whether every symbol of card c is colorless.
func (g *Game) colorless(c int) bool {
	ss := g.C(c).Symbols
	return len(ss) > 0 && !slices.ContainsFunc(ss, func(s int16) bool { return g.RS.Symbols[s].Color != "colorless" })
}

// sameClass compares class names as printed lists vary them: case, spaces
// and hyphens aside ("Nine-Tails" and "Nine Tails").
func sameClass(a, b string) bool {
	norm := func(s string) string {
		return strings.Map(func(r rune) rune {
			if r == ' ' || r == '-' {
				return -1
			}
			return unicode.ToLower(r)
		}, s)
	}
	return norm(a) == norm(b)
}

// CanPay checks the bond requirements of a cost for card c: a face-up bond
// of its symbol, and bonds (face up or not) covering what this turn's
// deployments have already paid plus cost.
func (g *Game) CanPay(p, c, cost int) error {
	if !g.hasSymbol(p, c) {
		return ErrSymbol
	}
	if g.P[p].Spent+cost > len(g.P[p].Bonds) {
		return ErrCost
	}
	return nil
}

// OnField returns the unit of player p with unit name name, or nil.
func (g *Game) OnField(p int, name string) *Unit {
	for _, u := range g.P[p].Field {
		if g.hasName(u.Card(), name) {
			return u
		}
	}
	return nil
}

// canDeploy checks the bonds for deploying card c from player p's hand to
// area for cost, and what its special skills say of deploying it: only
// while a condition holds, not beside allies of some unit names, only in
// the main character's area, or without a bond of its symbol.
func (g *Game) canDeploy(p, c, cost int, area Area) error {
	if g.deployBarred(p, c, area) {
		return ErrDeployBarred
	}
	err := g.CanPay(p, c, cost)
	for _, s := range g.C(c).Skills {
		for i := range s.Effects {
			e := &s.Effects[i]
			if e.When != table.SpecialRule {
				continue
			}
			switch {
			case e.DeployOnly && !g.holds(e.If, nil, p, nil, nil):
				return ErrDeployRule
			case e.WithMain && !slices.ContainsFunc(g.P[p].Field, func(u *Unit) bool { return u.Main && u.Area == area }):
				return ErrDeployRule
			case len(e.NotBeside) > 0 && slices.ContainsFunc(g.P[p].Field, func(u *Unit) bool {
				return u.Area == area && g.namedAny(u.Card(), e.NotBeside)
			}):
				return ErrDeployRule
			case e.NoSymbol && err == ErrSymbol:
				if g.P[p].Spent+cost > len(g.P[p].Bonds) {
					err = ErrCost
				} else {
					err = nil
				}
			}
		}
	}
	return err
}

// Deploy plays a card from hand to an area.
func (g *Game) Deploy(p, hand int, area Area) error {
	pl := g.P[p]
	if err := g.may(p, Deployment); err != nil {
		return err
	}
	c := pl.Hand[hand]
	card := g.C(c)
	if card.Cost == table.X {
		return ErrX
	}
	if g.onFieldAs(p, c) != nil && !g.sameNameOK(c) {
		return ErrSameName
	}
	paid := g.handCost(p, c, "")
	if err := g.canDeploy(p, c, int(paid), area); err != nil {
		return err
	}
	pl.Spent += int(paid)
	pl.Hand = slices.Delete(pl.Hand, hand, hand+1)
	u := g.newUnit(c, area)
	pl.Field = append(pl.Field, u)
	g.played(p, c)
	g.emit(p, "deploy", card.Name(), "", fmt.Sprintf("to %s, cost %d", area, paid))
	g.fired = 0
	g.event(table.OnDeploy, u)
	g.triggerAllies(p, u)
	g.flush()
	g.Run()
	return nil
}

// Stack levels up or class changes a unit with a card from hand of the same
// unit name. A promoted card class changes: it costs its class-change cost
// and draws a card. Any other card levels up for its deployment cost.
func (g *Game) Stack(p, hand int, u *Unit) error {
	pl := g.P[p]
	if err := g.may(p, Deployment); err != nil {
		return err
	}
	c := pl.Hand[hand]
	card := g.C(c)
	if !slices.Contains(pl.Field, u) {
		return ErrNoBase
	}
	cost, change, err := g.stackCost(c, u)
	if err != nil {
		return err
	}
	if err := g.CanPay(p, c, int(cost)); err != nil {
		return err
	}
	pl.Spent += int(cost)
	pl.Hand = slices.Delete(pl.Hand, hand, hand+1)
	u.Stack = append(u.Stack, c)
	g.played(p, c)
	if change {
		u.ClassChanged = true
		g.emit(p, "class-change", card.Name(), "", fmt.Sprintf("cost %d, draw 1", cost))
		from := len(pl.Hand)
		g.draw(p)
		g.drew(p, from, "class change")
		g.fired = 0
		g.event(table.OnClassChange, u)
		g.flush()
		g.Run()
		return nil
	}
	g.emit(p, "level-up", card.Name(), "", fmt.Sprintf("cost %d", cost))
	g.fired = 0
	g.event(table.OnLevelUp, u)
	g.flush()
	g.Run()
	return nil
}

// handCost is card c's deployment cost in player p's hand: as printed, or
// as a special skill of the card makes it while its conditions hold
// ("If you have 4 or more Bond cards, the Deployment Cost of this card in
// your hand becomes 0"); levelling up a unit of unit name under (not
// ""), also as those of levelling up such a unit make it ("If you are
// Leveling Up an allied "Sharena", ... is reduced by 1").
func (g *Game) handCost(p, c int, under string) int8 {
	card := g.C(c)
	return g.costBy(card, card.Cost, p, func(e *table.Effect) (bool, int8, int8, bool) {
		return e.HasHandCost, e.HandCost, e.HandCostLess, len(e.LevelOn) == 0 || slices.Contains(e.LevelOn, under)
	})
}

// ccCost is card c's class change cost for player p, changed like
// handCost by its special skills ("this card's Class Change Cost becomes 5").
func (g *Game) ccCost(p, c int) int8 {
	card := g.C(c)
	return g.costBy(card, card.Promotion, p, func(e *table.Effect) (bool, int8, int8, bool) {
		return e.HasCCCost, e.CCCost, e.CCCostLess, true
	})
}

// costBy is a printed cost n of card as its special skills change it for
// player p while their conditions hold: of each effect, pick says whether
// it sets the cost (to) or lowers it (less), and whether it applies here.
func (g *Game) costBy(card *table.Card, n int8, p int, pick func(*table.Effect) (set bool, to, less int8, applies bool)) int8 {
	if n == table.X {
		return n
	}
	for _, s := range card.Skills {
		for i := range s.Effects {
			e := &s.Effects[i]
			if e.When != table.SpecialRule {
				continue
			}
			set, to, less, applies := pick(e)
			if !set && less == 0 || !applies || !g.holds(e.If, nil, p, nil, nil) {
				continue
			}
			if set {
				n = to
			} else {
				n = max(0, n-less)
			}
		}
	}
	return n
}

// stacksOn reports whether a special skill of card c lets player p level
// up (or class change) an ally of unit name name with it ("If you have no
// allied "Grima", you are able to Level Up an allied "Robin (Female)" into
// this card").
func (g *Game) stacksOn(p, c int, name string) bool {
	for _, s := range g.C(c).Skills {
		for i := range s.Effects {
			e := &s.Effects[i]
			if e.When == table.SpecialRule && slices.Contains(e.StackOn, name) && g.holds(e.If, nil, p, nil, nil) {
				return true
			}
		}
	}
	return false
}

// stackCost is what putting card c over unit u costs and whether it is a
// class change. A promoted card class changes over any unit of its unit
// name ("if you have any other Marth card in play"); an unpromoted card only
// levels up into the same class.
func (g *Game) stackCost(c int, u *Unit) (cost int8, change bool, err error) {
	card, under := g.C(c), g.C(u.Card())
	shares := g.sharesName(c, u.Card())
	other := !shares && g.stacksOn(g.Owner(u), c, under.Unit)
	if !shares && !other {
		return 0, false, ErrNoBase
	}
	cost, change = card.Cost, card.Promoted
	if !change && cost != table.X {
		cost = g.handCost(g.Owner(u), c, under.Unit)
	}
	if change {
		cost = g.ccCost(g.Owner(u), c)
	} else if !other && !sameClass(card.Class, under.Class) {
		return 0, false, ErrClass
	}
	if cost == table.X {
		return 0, false, ErrX
	}
	return cost, change, nil
}

// Move taps an untapped unit and moves it to the other area.
func (g *Game) Move(p int, u *Unit) error {
	if err := g.may(p, Deployment); err != nil {
		return err
	}
	if !slices.Contains(g.P[p].Field, u) {
		return ErrNotYours
	}
	if u.Tapped {
		return ErrTapped
	}
	if g.has(u, table.NoMove) {
		return ErrNoMove
	}
	u.Tapped = true
	u.Area = 1 - u.Area
	g.emit(p, "move", g.C(u.Card()).Name(), "", "to "+u.Area.String())
	g.march()
	g.fired = 0
	g.event(table.OnMoved, u)
	g.flush()
	g.Run()
	return nil
}

// march moves every rearguard unit of a player whose vanguard is empty to
// the vanguard ("forward march").
func (g *Game) march() {
	for i, p := range g.P {
		if len(p.Field) == 0 || slices.ContainsFunc(p.Field, func(u *Unit) bool { return u.Area == Vanguard }) {
			continue
		}
		for _, u := range p.Field {
			u.Area = Vanguard
		}
		g.emit(i, "forward-march", "", "", fmt.Sprintf("%d units to the vanguard", len(p.Field)))
	}
}

// skillActive reports whether skill r of the unit (skills) is active.
func (g *Game) skillActive(u *Unit, r skillRef) bool {
	// "A unit who has Growthed ... If they possess a [CCS], they are able
	// to use it."
	return !g.skill(r).ClassChange || u.ClassChanged || u.Grown
}

// Activate uses an action skill (skill is its key on the unit: an index
// of the unit's top card's skills, or an acquired skill's; effect is its
// first effect of timing activate): its costs are
// paid (the player chooses the bonds, cards and allies), then it resolves.
func (g *Game) Activate(p int, u *Unit, skill, effect int) error {
	if err := g.may(p, ActionPhase); err != nil {
		return err
	}
	if !slices.Contains(g.P[p].Field, u) {
		return ErrNotYours
	}
	if err := g.usable(p, u, skill, effect); err != nil {
		return err
	}
	r, _ := g.skillByKey(u, skill)
	s := g.skill(r)
	u.use(skill)
	g.emit(p, "skill", g.C(u.Card()).Name(), "", s.Name)
	g.fired = 0
	g.push(&Frame{Kind: FrameSkill, Seat: p, Unit: u.UID, Card: r.Card, Skill: r.Skill, Start: effect, Effect: effect, Step: stepCost})
	g.Run()
	return nil
}

// usable reports why action skill skill of unit u (its effect effect, of
// timing activate) cannot be used now, or nil.
func (g *Game) usable(p int, u *Unit, skill, effect int) error {
	r, ok := g.skillByKey(u, skill)
	if !ok || effect < 0 || effect >= len(g.skill(r).Effects) || !g.skillActive(u, r) {
		return fmt.Errorf("no such skill")
	}
	s := g.skill(r)
	e := &s.Effects[effect]
	if s.Type != table.Action || e.When != table.Activate {
		return fmt.Errorf("%s is not an action skill", s.Name)
	}
	// A free effect could repeat forever: every action skill the engine
	// offers costs something or is once per turn.
	if !costly(e) && !e.OncePerTurn && !locksItself(s) {
		return fmt.Errorf("%s costs nothing and is not once per turn", s.Name)
	}
	if e.OncePerTurn && slices.Contains(u.Used, skill) && !(e.OnceUnless != nil && g.holds(e.OnceUnless, u, p, nil, nil)) {
		return ErrUsed
	}
	if slices.ContainsFunc(g.P[p].Locked, func(n string) bool { return namedSkill(s.Name, n) }) {
		return ErrLocked
	}
	if e.Tap && u.Tapped {
		return ErrTapped
	}
	if !g.affordable(p, u, e, false) {
		return ErrReverse
	}
	if !g.holds(e.If, u, p, nil, nil) {
		return ErrCondition
	}
	return nil
}

func (g *Game) faceUp(p int) int {
	n := 0
	for _, b := range g.P[p].Bonds {
		if !b.Reversed {
			n++
		}
	}
	return n
}

// Distance between two areas: facing vanguards are 1 apart, each rearguard
// adds 1.
func Distance(a, b Area) int { return 1 + int(a) + int(b) }

// CanAttack reports whether the unit has a weapon and a range.
func (g *Game) CanAttack(u *Unit) bool {
	st := g.Stats(u, nil)
	return st.MaxRange > 0 && st.Emblems&table.Weapons != 0 && st.Flags&table.NoAttack == 0
}

// InRange reports whether attacker a reaches target t: by range, or (a
// skill's "regardless of range") any enemy in the back line.
func (g *Game) InRange(a, t *Unit) bool {
	st := g.Stats(a, nil)
	d := Distance(a.Area, t.Area)
	ts := g.Stats(t, nil)
	if ts.Flags&table.Unattackable != 0 {
		return false
	}
	for _, f := range ts.UnattackableBy {
		if g.matchUnit(f, a, t) {
			return false // "enemies in the Back Line cannot attack this unit"
		}
	}
	for _, f := range st.Reach {
		if g.matchUnit(f, t, a) {
			return true // "can attack <Male> enemies regardless of range"
		}
	}
	return st.MinRange <= d && d <= st.MaxRange || st.BackLine && t.Area == Rearguard || st.Flags&table.ReachAll != 0 ||
		st.Flags&table.ReachMain != 0 && t.Main
}

// Power is a unit's attack: printed attack, its mods, and the permanent
// skills that apply, as if attacking or defending against no one in
// particular (see Stats for a battle).
func (g *Game) Power(p int, u *Unit, attacking, defending bool) int {
	var c *Ctx
	if attacking {
		c = &Ctx{A: u, ASup: -1, DSup: -1}
	} else if defending {
		c = &Ctx{D: u, ASup: -1, DSup: -1}
	}
	return g.Stats(u, c).Attack
}

// Battle is what happened in one attack.
type Battle struct {
	AttackSupport, DefenseSupport int // support values added (after the same-name rule)
	Attack, Defense               int // final powers compared
	Critical, Evaded, Defeated    bool
	OrbBroken, Won                bool
}

// Attack taps the attacker and starts the battle against target; it
// resolves up to the first decision (a critical hit, an evasion, a
// support skill's choice). g.Last is the battle once resolved.
func (g *Game) Attack(p int, a, t *Unit) error {
	if err := g.may(p, ActionPhase); err != nil {
		return err
	}
	if g.Turn == 1 {
		return ErrFirstTurn
	}
	if !slices.Contains(g.P[p].Field, a) || !slices.Contains(g.P[Opp(p)].Field, t) {
		return ErrTarget
	}
	if a.Tapped {
		return ErrTapped
	}
	if !g.CanAttack(a) {
		return ErrNoWeapon
	}
	if !g.InRange(a, t) {
		return ErrRange
	}
	a.Tapped, a.Attacked = true, true
	g.Last = nil
	g.emit(p, "attack", g.C(a.Card()).Name(), g.C(t.Card()).Name(), fmt.Sprintf("from %s to %s", a.Area, t.Area))
	g.fired = 0
	g.push(&Frame{Kind: FrameBattle, Seat: p, Attacker: a.UID, Defender: t.UID, ASupCard: -1, DSupCard: -1})
	g.Run()
	return nil
}

// Battle steps.
const (
	battleAnnounce = iota // "when this unit attacks / is attacked" skills
	battleSupport         // reveal the support cards, queue their skills
	battleRetreat         // support cards to the retreat area; the attacker may critical
	battleEvade           // the defender may evade
	battleDamage          // compare and destroy
	battleAfter           // "when this unit's attack ends" skills
	battleEnd             // what lasted for the battle ends
)

// battleStep resolves the battle on top of the stack one step.
func (g *Game) battleStep(b *Frame) {
	p, d := b.Seat, Opp(b.Seat)
	a, _ := g.unit(b.Attacker)
	t, _ := g.unit(b.Defender)
	if b.Step < battleAfter && (a == nil || t == nil || g.Owner(t) != d) { // a skill removed one of them
		b.Step = battleAfter
	}
	switch b.Step {
	case battleAnnounce:
		b.Step = battleSupport
		g.event(table.OnAttacked, t)
		g.event(table.OnAttack, a)
		g.flush()
	case battleSupport:
		b.Step = battleRetreat
		// Support check: both reveal the top card of their deck.
		var fs []*Frame
		if c, ok := g.top(p); ok {
			b.ASupCard = c
			b.ASup = g.support(p, a, c, true)
			fs = append(fs, g.supportSkills(p, a, c, true, table.OnSupport)...)
		}
		if c, ok := g.top(d); ok {
			b.DSupCard = c
			b.DSup = g.support(d, t, c, false)
			fs = append(fs, g.supportSkills(d, t, c, false, table.OnSupport)...)
		}
		g.flush() // the skills a failed support set off, under the support skills
		for i := len(fs) - 1; i >= 0; i-- {
			g.push(fs[i])
		}
	case battleRetreat:
		b.Step = battleEvade
		for _, i := range []int{p, d} {
			// A card a skill keeps ("at the end of this combat, deploy this
			// card ... instead of sending it to the Retreat Area") stays.
			pl := g.P[i]
			var kept []int
			for _, c := range pl.Support {
				if slices.Contains(b.Kept, c) {
					kept = append(kept, c)
				} else {
					pl.Retreat = append(pl.Retreat, c)
				}
			}
			pl.Support = kept
		}
		// Critical hit: the attacker may discard a card with its unit name.
		if (g.sameName(p, a) >= 0 || len(g.critBonds(p)) > 0 || len(g.altCosts(p, a, true)) > 0) && !g.Stats(a, g.battleCtx(b)).NoCritical {
			g.push(&Frame{Kind: FrameCritical, Seat: p})
		}
	case battleEvade:
		b.Step = battleDamage
		// Godspeed evasion: the defender may discard a card with its unit name.
		if (g.sameName(d, t) >= 0 || len(g.altCosts(d, t, false)) > 0) && g.mayEvade(b, a, t) {
			g.push(&Frame{Kind: FrameEvade, Seat: d})
		}
	case battleDamage:
		b.Step = battleAfter
		atk, def := g.BattlePowers(b)
		r := &Battle{Attack: atk, Defense: def, Critical: b.Critical, Evaded: b.Evaded, AttackSupport: b.ASup, DefenseSupport: b.DSup}
		g.Last = r
		defer g.flush()
		switch {
		case b.Evaded:
			g.emit(p, "evaded", g.C(a.Card()).Name(), g.C(t.Card()).Name(), fmt.Sprintf("%d vs %d", atk, def))
			g.event(table.OnMissed, a)
			g.event(table.OnSurvived, t)
		case def <= atk:
			st := g.Stats(t, g.battleCtx(b))
			if b.Critical && st.Flags&table.CritProof != 0 {
				g.emit(p, "survives", g.C(a.Card()).Name(), g.C(t.Card()).Name(), fmt.Sprintf("%d vs %d: it cannot be destroyed by a critical hit", atk, def))
				g.event(table.OnMissed, a)
				break
			}
			if st.Shielded && (st.ShieldCost == 0 || cost(g.C(a.Card())) <= st.ShieldCost) {
				g.emit(p, "survives", g.C(a.Card()).Name(), g.C(t.Card()).Name(), fmt.Sprintf("%d vs %d: it cannot be destroyed", atk, def))
				g.event(table.OnMissed, a)
				g.event(table.OnSurvived, t)
				break
			}
			r.Defeated, b.Defeated = true, true
			g.emit(p, "defeat", g.C(a.Card()).Name(), g.C(t.Card()).Name(), fmt.Sprintf("%d vs %d", atk, def))
			orbs := g.Stats(a, g.battleCtx(b)).Orbs
			g.event(table.OnDestroys, a)
			g.event(table.OnDestroyed, t)
			g.event(table.OnDefeated, t)
			if f := g.defeat(d, t, r, orbs); f != nil {
				g.flush()
				g.push(f)
			}
		default:
			g.emit(p, "repelled", g.C(a.Card()).Name(), g.C(t.Card()).Name(), fmt.Sprintf("%d vs %d", atk, def))
			g.event(table.OnMissed, a)
			g.event(table.OnSurvived, t)
		}
	case battleAfter:
		b.Step = battleEnd
		if a != nil && g.Owner(a) == p {
			g.event(table.OnAttackEnd, a)
		}
		// The support skills "at the end of this combat", of the units
		// still on their side: set off with the attack-end skills (the
		// player orders those of one side).
		// A card kept to the end of the combat acts whether its unit is
		// there or not ("If your defending unit is destroyed, then at the
		// end of this combat, you may deploy this card").
		if b.ASupCard >= 0 && (a != nil && g.Owner(a) == p || slices.Contains(b.Kept, b.ASupCard)) {
			g.queue = append(g.queue, g.supportSkills(p, a, b.ASupCard, true, table.OnAttackEnd)...)
		}
		if b.DSupCard >= 0 && (t != nil && g.Owner(t) == d || slices.Contains(b.Kept, b.DSupCard)) {
			g.queue = append(g.queue, g.supportSkills(d, t, b.DSupCard, false, table.OnAttackEnd)...)
		}
		g.flush()
	default:
		g.pop()
		for i, pl := range g.P {
			for _, u := range pl.Field {
				u.Mods = slices.DeleteFunc(u.Mods, func(m Mod) bool { return m.Battle })
			}
			if len(pl.Support) > 0 {
				// Kept cards not placed otherwise: to the retreat area now.
				pl.Retreat = append(pl.Retreat, pl.Support...)
				g.emit(i, "retreat", "", "", fmt.Sprintf("%d support cards to the retreat area", len(pl.Support)))
				pl.Support = nil
			}
		}
		g.march()
	}
}

// mayEvade reports whether the defender may evade: not when it "cannot
// evade", nor when the attacker's attacks "cannot be evaded" (by it).
func (g *Game) mayEvade(b *Frame, a, t *Unit) bool {
	c := g.battleCtx(b)
	if g.Stats(t, c).NoEvade {
		return false
	}
	as := g.Stats(a, c)
	return !as.Unevadable || as.UnevadableMain && t.Main || as.UnevadableCost > 0 && cost(g.C(t.Card())) > as.UnevadableCost
}

// BattlePowers are the attack of both sides of a battle now: their stats in
// the battle and the support values, doubled by a critical hit.
func (g *Game) BattlePowers(b *Frame) (atk, def int) {
	a, _ := g.unit(b.Attacker)
	t, _ := g.unit(b.Defender)
	if a == nil || t == nil {
		return 0, 0
	}
	c := g.battleCtx(b)
	as, ds := g.Stats(a, c), g.Stats(t, c)
	atk, def = as.Attack+b.ASup, ds.Attack+b.DSup
	if b.ASup > 0 { // a support that succeeded: "that card's Support gains +10"
		atk += as.SupportUp
	}
	if b.DSup > 0 {
		def += ds.SupportUp
	}
	if b.Critical {
		atk *= 2
	}
	return atk, def
}

// support places a revealed card in the support area and returns its support
// value, or 0 if it has the supported unit's unit name (it fails and its
// skills do not apply).
func (g *Game) support(p int, u *Unit, c int, attacking bool) int {
	g.P[p].Support = append(g.P[p].Support, c)
	g.shown = append(g.shown, c) // turned face up for the battle
	side := "defense"
	if attacking {
		side = "attack"
	}
	if why := g.supportFails(p, u, c); why != "" {
		g.emit(p, "support-failed", g.C(c).Name(), g.C(u.Card()).Name(), why)
		g.event(table.OnSupportFail, u)
		return 0
	}
	v := value(g.C(c).Support)
	g.emit(p, "support", g.C(c).Name(), g.C(u.Card()).Name(), fmt.Sprintf("%s +%d", side, v))
	g.eventCard(table.OnSupported, u, c)
	return v
}

// supportSkills are the frames of the support skills of a successful
// support card whose effects start at timing when: when it is revealed
// (OnSupport) or at the end of the combat (OnAttackEnd).
func (g *Game) supportSkills(p int, u *Unit, c int, attacking bool, when table.Trigger) []*Frame {
	if u != nil && g.supportFails(p, u, c) != "" {
		return nil
	}
	var out []*Frame
	for si, s := range g.C(c).Skills {
		fits := s.Type == table.Support || attacking && s.Type == table.AttackSupport || !attacking && s.Type == table.DefenseSupport
		if !fits {
			continue
		}
		k := slices.IndexFunc(s.Effects, func(e table.Effect) bool { return e.When == when })
		if k < 0 {
			continue
		}
		f := &Frame{Kind: FrameSkill, Seat: p, Card: c, Skill: si, Start: k, Effect: k}
		to := ""
		if u != nil {
			f.Target, to = u.UID, g.C(u.Card()).Name()
		} else if !slices.ContainsFunc(s.Effects[k:], func(e table.Effect) bool { return e.When == when && e.Put != nil && e.Put.From == table.InSupport }) {
			continue // its unit is gone: only a card it places acts
		}
		if !g.holds(s.Effects[k].If, u, p, g.ctx(), f) || !g.affordable(p, nil, &s.Effects[k], true) {
			continue
		}
		g.emit(p, "support-skill", g.C(c).Name(), to, s.Name)
		out = append(out, f)
	}
	return out
}

// supportFails says why card c of player p fails to support unit u ("a
// revealed card has the same unit name as the unit it was revealed for";
// a permanent skill's "<Female> cards fail to support this unit"), or "".
func (g *Game) supportFails(p int, u *Unit, c int) string {
	if g.sharesName(c, u.Card()) {
		return "same unit name"
	}
	for _, f := range g.Stats(u, g.ctx()).NoSupport {
		if g.matchCard(f, c, p) {
			return "cards like it fail to support this unit"
		}
	}
	return ""
}

// sameName returns the hand index of a card with u's unit name, or -1.
func (g *Game) sameName(p int, u *Unit) int {
	return slices.IndexFunc(g.P[p].Hand, func(c int) bool { return g.sharesName(c, u.Card()) })
}

func (g *Game) discard(p, i int, why string) {
	pl := g.P[p]
	c := pl.Hand[i]
	pl.Hand = slices.Delete(pl.Hand, i, i+1)
	pl.Retreat = append(pl.Retreat, c)
	g.emit(p, why, g.C(c).Name(), "", "to the retreat area")
	g.playerEvent(table.OnDiscarded, p, c)
}

// defeat handles a unit destroyed by battle: the main character breaks
// orbs (one, or as many as the attacker's skills say) to the hand or, with
// none left, loses the game; an ally goes to the retreat area with its
// whole stack. With face-up orbs the defeated player chooses which orb
// breaks ("one of their orbs breaks"): defeat returns that decision, to be
// pushed over the skills the defeat set off.
func (g *Game) defeat(p int, u *Unit, b *Battle, orbs int) *Frame {
	pl := g.P[p]
	if u.Main {
		if len(pl.Orbs) == 0 {
			g.Over, g.Winner = true, Opp(p)
			g.Reason = "main character defeated with no orbs left"
			g.Pending = nil
			b.Won = true
			g.emit(Opp(p), "win", "", "", g.Reason)
			return nil
		}
		n := max(1, min(orbs, len(pl.Orbs)))
		b.OrbBroken = true
		if f := (&Frame{Kind: FrameOrbBreak, Seat: p, N: n}); pl.OrbsUp+pl.OrbsSeen > 0 && len(g.choices(f)) > 1 {
			return f
		}
		for range n {
			g.breakOrb(p, len(pl.Orbs)-1)
		}
		return nil
	}
	pl.Field = slices.DeleteFunc(pl.Field, func(x *Unit) bool { return x == u })
	pl.Retreat = append(pl.Retreat, u.Stack...)
	g.march()
	return nil
}

// breakOrb sends seat p's orb i to the hand (its main character defeated).
func (g *Game) breakOrb(p, i int) {
	pl := g.P[p]
	o := takeOrb(pl, i)
	pl.Hand = append(pl.Hand, o)
	pl.Broken++
	g.emitOwn(p, "orb", []int{o}, "", fmt.Sprintf("an orb breaks to the hand; %d left", len(pl.Orbs)))
	g.playerEvent(table.OnOrbLost, p, -1)
}

// EndTurn runs the end phase: first the auto skills of the end of the
// turn, then what lasted until the end of the turn ends, once-per-turn
// skills may be used again, and the turn passes to the other player's
// beginning phase.
func (g *Game) EndTurn() {
	g.Phase = End
	if !g.EndQueued {
		g.EndQueued = true
		g.fired = 0
		for _, u := range slices.Clone(g.P[g.Active].Field) {
			g.trigger(table.OnTurnEnd, g.Active, u, nil)
		}
		for _, u := range slices.Clone(g.P[Opp(g.Active)].Field) {
			g.trigger(table.OnFoeTurnEnd, Opp(g.Active), u, nil)
		}
		g.flush()
		if len(g.Pending) > 0 {
			return
		}
	}
	g.EndQueued = false
	for _, p := range g.P {
		p.Locked = nil
		for _, u := range p.Field {
			u.Mods = slices.DeleteFunc(u.Mods, func(m Mod) bool { return !m.Battle && m.Ends <= g.Turn })
			u.Used, u.Attacked = nil, false
		}
	}
	g.emit(g.Active, "end", "", "", "")
	g.Active = Opp(g.Active)
	g.Phase = Beginning
}

// Invariants checks what must hold at every step: orbs within 0..5 and only
// lost by breaking, one unit per unit name on each field, a main character
// on each field, every card of each deck somewhere.
func (g *Game) Invariants() error {
	for _, p := range g.P {
		if len(p.Orbs) > OrbCount || len(p.Orbs)+p.Broken != OrbCount && g.Phase != Setup {
			return fmt.Errorf("%s: %d orbs after %d broken", p.Name, len(p.Orbs), p.Broken)
		}
		if p.OrbsUp < 0 || p.OrbsUp > len(p.Orbs) {
			return fmt.Errorf("%s: %d face-up orbs of %d", p.Name, p.OrbsUp, len(p.Orbs))
		}
		if p.OrbsSeen < 0 || p.OrbsUp+p.OrbsSeen > len(p.Orbs) {
			return fmt.Errorf("%s: %d looked-at orbs of %d face down", p.Name, p.OrbsSeen, len(p.Orbs)-p.OrbsUp)
		}
		for k, u := range p.Field {
			if slices.ContainsFunc(p.Field[:k], func(o *Unit) bool { return g.sharesName(o.Card(), u.Card()) }) && !g.sameNameOK(u.Card()) {
				return fmt.Errorf("%s: two units named %s on the field", p.Name, g.C(u.Card()).Unit)
			}
		}
		if p.Main() == nil {
			return fmt.Errorf("%s: no main character on the field", p.Name)
		}
		if c := p.Cards(); c != p.Size {
			return fmt.Errorf("%s: %d cards, deck has %d", p.Name, c, p.Size)
		}
	}
	return nil
}

// namedSkill reports whether a skill's printed name is n: as printed, or
// after a bracketed mark ("[HS] Fated Moment of Change").
func namedSkill(name, n string) bool {
	if name == n {
		return true
	}
	_, rest, ok := strings.Cut(name, "] ")
	return ok && strings.HasPrefix(name, "[") && rest == n
}

// locksItself reports whether skill s forbids its own name for the rest of
// the turn, whatever happens once it is used: used at most once a turn,
// as a once-per-turn skill is.
func locksItself(s *table.Skill) bool {
	for i := range s.Effects {
		e := &s.Effects[i]
		if slices.ContainsFunc(e.Lock, func(n string) bool { return namedSkill(s.Name, n) }) && !e.May && e.If == nil && !e.IfDone {
			return true
		}
	}
	return false
}

// deployBarred reports whether an enemy's permanent skill forbids player
// p to deploy card c into area a ("Your opponent cannot deploy <Dragonstone>
// cards"): from the hand or by a skill's effect.
func (g *Game) deployBarred(p, c int, a Area) bool {
	return g.foeBars(p, func(e *table.Effect) bool {
		return e.FoeNoDeploy != nil && g.matchCard(e.FoeNoDeploy, c, p) &&
			(e.FoeNoDeployIn == table.AnyArea || e.FoeNoDeployIn == table.FrontLine && a == Vanguard || e.FoeNoDeployIn == table.BackLine && a == Rearguard)
	})
}

// foeBars reports whether a permanent skill in effect of player p's
// opponent is like bars (a bar on what p may do).
func (g *Game) foeBars(p int, bars func(e *table.Effect) bool) bool {
	op := Opp(p)
	for pe := range g.permanents(op, 0) {
		if bars(pe.e) && g.permanentOn(pe.e, pe.u, op, nil) {
			return true
		}
	}
	return false
}

// altCost is a permanent effect (of unit src's skill) whose costs a unit
// may pay instead of a card of its unit name for its critical hit or
// evasion.
type altCost struct {
	src    *Unit
	ref    skillRef // its skill (card, index on the card)
	effect int
}

// altCosts lists unit u's (of player p) other costs for a critical hit
// (crit) or an evasion that hold and can be paid now: its own skills', and
// its allies' that give them to it ("If an ally Critical Hits").
func (g *Game) altCosts(p int, u *Unit, crit bool) []altCost {
	var out []altCost
	for pe := range g.permanents(p, 0) {
		e, s := pe.e, pe.u
		if (crit && e.CritAlt || !crit && e.EvadeAlt) && g.permanentOn(e, s, p, g.ctx()) && g.affects(e.Target, s, p, u) && g.affordable(p, s, e, false) {
			out = append(out, altCost{s, pe.r, pe.i})
		}
	}
	return out
}
