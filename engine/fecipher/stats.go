package fecipher

import (
	"slices"
	"strings"

	"github.com/roundtable-dev/roundtable/engine/fecipher/table"
)

// Mod is something an effect gave a unit for a while: until the end of
// turn Ends, or (Battle) of the battle under way.
type Mod struct {
	Attack             int16
	Double             bool
	MinRange, MaxRange int8
	Acquire            table.Emblem
	Unevadable         bool
	UnevadableMain     bool
	UnevadableCost     int8 // not 0: enemies costing more may still evade
	NoEvade, NoCrit    bool
	Shield             bool
	ShieldCost         int8
	BackLine           bool
	Orbs               int8
	Flags              table.Flag
	Ends               int
	Battle             bool
	Grant              int      // a skill it has meanwhile: its acquired key (skills.go), 0 for none
	GrantCard          int      // 1 + a card all of whose skills it has meanwhile, 0 for none
	Lose               []string // skills of these names it has not meanwhile
	LoseAll            bool     // ... nor any but its special skills
}

// Stats are a unit's current values: printed, changed by its mods and by
// every permanent skill on the field that applies to it now.
type Stats struct {
	Attack                     int
	MinRange, MaxRange         int
	Emblems                    table.Emblem
	Unevadable, UnevadableMain bool
	UnevadableCost             int // not 0: enemies costing more may still evade
	NoEvade, NoCritical        bool
	Shielded                   bool
	ShieldCost                 int
	BackLine                   bool
	Orbs                       int
	Flags                      table.Flag
	NoSupport                  []*table.CardFilter // permanent skills: cards like these fail to support it
	UnattackableBy             []*table.UnitFilter // permanent skills: enemies like these cannot attack it
	Reach                      []*table.UnitFilter // permanent skills: enemies like these it attacks regardless of range
	SupportUp                  int                 // permanent skills: the support of the card supporting it gains this
}

// Ctx is the battle a value is computed in (nil: none): the attacker and
// defender, and their support cards (-1 for none).
type Ctx struct {
	A, D       *Unit
	ASup, DSup int
}

// battleCtx is the context of a battle frame.
func (g *Game) battleCtx(b *Frame) *Ctx {
	if b == nil {
		return nil
	}
	a, _ := g.unit(b.Attacker)
	d, _ := g.unit(b.Defender)
	return &Ctx{A: a, D: d, ASup: b.ASupCard, DSup: b.DSupCard}
}

// ctx is the context of the battle under way, if any.
func (g *Game) ctx() *Ctx { return g.battleCtx(g.battle()) }

func (m *Mod) apply(st *Stats) {
	st.Attack += int(m.Attack)
	if m.MaxRange > 0 {
		st.MinRange, st.MaxRange = int(m.MinRange), int(m.MaxRange)
	}
	st.Emblems |= m.Acquire
	if m.Unevadable {
		// The broadest of the mods: any cost (0) over a bound, the larger bound.
		switch c := int(m.UnevadableCost); {
		case !st.Unevadable:
			st.UnevadableCost = c
		case c == 0 || st.UnevadableCost == 0:
			st.UnevadableCost = 0
		default:
			st.UnevadableCost = max(st.UnevadableCost, c)
		}
	}
	st.Unevadable = st.Unevadable || m.Unevadable
	if m.Unevadable && !m.UnevadableMain {
		st.UnevadableMain = false
	}
	st.NoEvade = st.NoEvade || m.NoEvade
	st.NoCritical = st.NoCritical || m.NoCrit
	if m.Shield {
		st.Shielded = true
		if m.ShieldCost == 0 || st.ShieldCost != 0 && int(m.ShieldCost) > st.ShieldCost {
			st.ShieldCost = int(m.ShieldCost)
		}
	}
	st.BackLine = st.BackLine || m.BackLine
	st.Orbs = max(st.Orbs, int(m.Orbs))
	st.Flags |= m.Flags
}

// modOf is what an effect gives, as a mod.
func modOf(e *table.Effect) Mod {
	return Mod{Attack: e.Attack, Double: e.Double, MinRange: e.MinRange, MaxRange: e.MaxRange, Acquire: e.Acquire,
		Unevadable: e.Unevadable, UnevadableMain: e.UnevadableMain, UnevadableCost: e.UnevadableCost, NoEvade: e.NoEvade, NoCrit: e.NoCritical,
		Shield: e.Shielded, ShieldCost: e.ShieldCost, BackLine: e.BackLine, Orbs: e.Orbs, Flags: e.Flags, Lose: e.Lose, LoseAll: e.LoseAll}
}

// lasting reports whether an effect gives something that lasts (a mod).
func lasting(e *table.Effect) bool {
	return e.Attack != 0 || e.Double || e.MaxRange > 0 || e.Acquire != 0 || e.Unevadable || e.NoEvade || e.NoCritical ||
		e.Shielded || e.BackLine || e.Orbs > 0 || e.Flags != 0 || e.Grant > 0 || len(e.Lose) > 0 || e.LoseAll || e.AcquireSkills == table.AcquireThatCard
}

// Stats computes a unit's values in a context.
func (g *Game) Stats(u *Unit, c *Ctx) Stats {
	card := g.C(u.Card())
	st := Stats{Attack: value(card.Attack), MinRange: int(card.MinRange), MaxRange: int(card.MaxRange), Emblems: card.Emblems, Orbs: 1, UnevadableMain: true}
	double := false
	g.statDepth++
	defer func() { g.statDepth-- }()
	for i := range u.Mods {
		u.Mods[i].apply(&st)
		double = double || u.Mods[i].Double
	}
	for p, pl := range g.P {
		for _, s := range pl.Field {
			for r := range g.skills(s) {
				sk := g.skill(r)
				if sk.Type != table.Permanent && sk.Type != table.Special || !g.skillActive(s, r) {
					continue
				}
				for ei := range sk.Effects {
					e := &sk.Effects[ei]
					if !g.permanentOn(e, s, p, c) || !g.affects(e.Target, s, p, u) {
						continue
					}
					if e.NoSupport != nil {
						st.NoSupport = append(st.NoSupport, e.NoSupport)
					}
					if e.UnattackableBy != nil {
						st.UnattackableBy = append(st.UnattackableBy, e.UnattackableBy)
					}
					if e.Reach != nil {
						st.Reach = append(st.Reach, e.Reach)
					}
					st.SupportUp += int(e.SupportUp)
					m := modOf(e)
					if e.Per != nil {
						m.Attack *= int16(g.countUnits(p, s, e.Per))
					}
					if e.PerStack {
						m.Attack *= int16(len(s.Stack) - 1)
					}
					if e.PerBonds != nil {
						m.Attack *= int16(g.bondCount(p, e.PerBonds))
					}
					m.apply(&st)
					double = double || e.Double
				}
			}
		}
	}
	if !st.Unevadable {
		st.UnevadableMain = false
	}
	if double {
		st.Attack *= 2
	}
	return st
}

// permanentOn reports whether a permanent effect of unit s (of player p)
// holds now.
func (g *Game) permanentOn(e *table.Effect, s *Unit, p int, c *Ctx) bool {
	switch e.When {
	case table.Always:
	case table.MyTurn:
		if p != g.Active {
			return false
		}
	case table.Attacking:
		if c == nil || c.A != s {
			return false
		}
	case table.Defending:
		if c == nil || c.D != s {
			return false
		}
	default:
		return false
	}
	return g.holds(e.If, s, p, c, nil)
}

// affects reports whether an effect of unit s (of player p) with target t
// applies to unit u (permanent skills: no choices).
func (g *Game) affects(t *table.Target, s *Unit, p int, u *Unit) bool {
	if t == nil {
		return u == s
	}
	owner := g.Owner(u)
	switch {
	case t.Main:
		return owner == p && (u.Main && g.matchUnit(t.Of, u, s) || t.Self && u == s)
	case len(t.Named) > 0:
		return owner == p && (t.Self && u == s || g.namedAny(u.Card(), t.Named) && u != s)
	case t.All:
		side := p
		if t.Enemy {
			side = Opp(p)
		}
		return owner == side && g.matchUnit(t.Of, u, s)
	case t.Foe:
		c := g.ctx()
		return c != nil && (c.A == s && c.D == u || c.D == s && c.A == u) && g.matchUnit(t.Of, u, s)
	}
	return false
}

// emblemsOf is a unit's printed emblems and those its mods gave: what
// filters see (permanent skills' emblems are left out, so that two units'
// conditions on each other cannot loop).
func (g *Game) emblemsOf(u *Unit) table.Emblem {
	e := g.C(u.Card()).Emblems
	for _, m := range u.Mods {
		e |= m.Acquire
	}
	g.ownAlways(u, func(x *table.Effect) { e |= x.Acquire })
	return e
}

// ownAlways calls do for each effect of unit u's own permanent (and
// special) skills that holds always and for this unit only, with no
// condition ("Treat this unit as if he is also <Female>"): what the unit
// is, which a filter may ask without computing its stats.
func (g *Game) ownAlways(u *Unit, do func(*table.Effect)) {
	if !g.inGame(fAlways) || g.flags(u.Card())&fAlways == 0 && g.plain(u) && !g.anySource(fGrantPerm) {
		return // its card's skills only, and none of them makes it anything
	}
	for r := range g.skills(u) {
		s := g.skill(r)
		if s.Type != table.Permanent && s.Type != table.Special || !g.skillActive(u, r) {
			continue
		}
		for i := range s.Effects {
			if e := &s.Effects[i]; e.When == table.Always && e.If == nil && e.Target == nil {
				do(e)
			}
		}
	}
}

// allColored reports whether card c has a symbol of each of colors.
func (g *Game) allColored(c int, colors []string) bool {
	for _, col := range colors {
		if !g.colored(c, []string{col}) {
			return false
		}
	}
	return true
}

// unitColored reports whether unit u is of one of colors: by its card's
// symbols, or by a permanent skill of its own ("Treat this unit as if she
// is also <White>").
func (g *Game) unitColored(u *Unit, colors []string) bool {
	return g.colored(u.Card(), colors) || slices.ContainsFunc(g.alsoColored(u), func(c string) bool { return slices.Contains(colors, c) })
}

func (g *Game) unitAllColored(u *Unit, colors []string) bool {
	for _, col := range colors {
		if !g.unitColored(u, []string{col}) {
			return false
		}
	}
	return true
}

// alsoColored are the colors unit u's own permanent skills give it.
func (g *Game) alsoColored(u *Unit) []string {
	var out []string
	g.ownAlways(u, func(e *table.Effect) { out = append(out, e.AcquireColors...) })
	return out
}

func (g *Game) colored(c int, colors []string) bool {
	for _, s := range g.C(c).Symbols {
		if slices.Contains(colors, g.RS.Symbols[s].Color) {
			return true
		}
	}
	return false
}

func cost(c *table.Card) int {
	if c.Cost == table.X {
		return 0
	}
	return int(c.Cost)
}

// matchUnit reports whether u is like filter f, seen from unit src (whose
// skill it is; nil for none).
func (g *Game) matchUnit(f *table.UnitFilter, u, src *Unit) bool {
	if f == nil {
		return true
	}
	card := g.C(u.Card())
	if f.AllOf && (!g.emblemsOf(u).Has(f.Emblem) || !g.unitAllColored(u, f.Colors)) {
		return false
	}
	switch {
	case f.Other && u == src,
		f.Emblem != 0 && g.emblemsOf(u)&f.Emblem == 0,
		f.NoEmblem != 0 && g.emblemsOf(u)&f.NoEmblem != 0,
		len(f.Colors) > 0 && !g.unitColored(u, f.Colors),
		len(f.Names) > 0 && !g.namedAny(u.Card(), f.Names),
		g.namedAny(u.Card(), f.NotNames),
		f.Main && !u.Main, f.NonMain && u.Main,
		f.Area == table.FrontLine && u.Area != Vanguard, f.Area == table.BackLine && u.Area != Rearguard,
		cost(card) < int(f.CostMin), f.CostMax != table.None && cost(card) > int(f.CostMax),
		f.Tapped && !u.Tapped, f.Untapped && u.Tapped, f.Attacked && !u.Attacked,
		f.SameArea && (src == nil || u == src || u.Area != src.Area), f.ClassChanged && !u.ClassChanged, f.Levelled && len(u.Stack) < 2,
		f.Colorless && !g.colorless(u.Card()), f.Colored && g.colorless(u.Card()), len(u.Stack) < int(f.StackMin),
		f.SupSkill && !g.supportSkilled(u.Card()), f.Support > 0 && card.Support != f.Support,
		f.OtherArea && (src == nil || u == src || u.Area == src.Area):
		return false
	}
	if f.Battle != nil && !g.inBattle(f.Battle, u, src) {
		return false
	}
	if f.AtkMin > 0 || f.AtkMax != table.None {
		a := value(card.Attack)
		for _, m := range u.Mods {
			a += int(m.Attack)
		}
		if a < int(f.AtkMin) || f.AtkMax != table.None && a > int(f.AtkMax) {
			return false
		}
	}
	return true
}

// inBattle reports whether unit u is in the battle under way as b says (of
// the unit src whose skill it is).
func (g *Game) inBattle(b *table.InBattle, u, src *Unit) bool {
	c := g.ctx()
	if c == nil || c.A == nil || c.D == nil || u != c.A && u != c.D {
		return false
	}
	foe, sup := c.D, c.ASup
	if u == c.D {
		foe, sup = c.A, c.DSup
	}
	switch {
	case b.Role == table.AttackingRole && u != c.A, b.Role == table.DefendingRole && u != c.D:
		return false
	case b.Foe != nil && !g.matchUnit(b.Foe, foe, src):
		return false
	case b.By != nil && (sup < 0 || !g.matchCard(b.By, sup, g.Owner(u))):
		return false
	}
	return true
}

// matchCard reports whether card c (of player p) is like filter f.
func (g *Game) matchCard(f *table.CardFilter, c, p int) bool {
	return g.matchCardNamed(f, c, p, nil)
}

// matchCardNamed is matchCard for a card that also has the unit names
// also (a bond that acquires its main character's: matchBond).
func (g *Game) matchCardNamed(f *table.CardFilter, c, p int, also []string) bool {
	if f == nil {
		return true
	}
	card := g.C(c)
	named := func(names []string) bool {
		return g.namedAny(c, names) || slices.ContainsFunc(also, func(n string) bool { return slices.Contains(names, n) })
	}
	if f.AllOf && (!card.Emblems.Has(f.Emblem) || !g.allColored(c, f.Colors)) {
		return false
	}
	switch {
	case f.Emblem != 0 && card.Emblems&f.Emblem == 0,
		len(f.Colors) > 0 && !g.colored(c, f.Colors),
		len(f.Names) > 0 && !named(f.Names),
		named(f.NotNames),
		cost(card) < int(f.CostMin), f.CostMax != table.None && cost(card) > int(f.CostMax),
		f.HandSkill && !slices.ContainsFunc(card.Skills, func(s table.Skill) bool { return s.Type == table.Hand }),
		f.SupSkill && !g.supportSkilled(c), f.Support > 0 && card.Support != f.Support,
		f.NoEmblem != 0 && card.Emblems&f.NoEmblem != 0, len(f.NotColors) > 0 && g.colored(c, f.NotColors):
		return false
	}
	if f.AsMain {
		m := g.P[p].Main()
		if m == nil || !(g.sharesName(m.Card(), c) || slices.ContainsFunc(also, func(n string) bool { return g.hasName(m.Card(), n) })) {
			return false
		}
	}
	return true
}

// countUnits counts player p's units like f, seen from src.
func (g *Game) countUnits(p int, src *Unit, f *table.UnitFilter) int {
	n := 0
	for _, u := range g.P[p].Field {
		if g.matchUnit(f, u, src) {
			n++
		}
	}
	return n
}

func within(n int, c *table.Count) bool {
	switch {
	case c.Parity == table.Odd && n%2 == 0, c.Parity == table.Even && n%2 != 0:
		return false
	}
	return n >= int(c.AtLeast) && (c.AtMost == table.None || n <= int(c.AtMost))
}

// supportSkilled reports whether card c has a support skill (read or not:
// it is printed).
func (g *Game) supportSkilled(c int) bool {
	return slices.ContainsFunc(g.C(c).Skills, func(s table.Skill) bool {
		return s.Type == table.AttackSupport || s.Type == table.DefenseSupport || s.Type == table.Support
	})
}

// bondsHold reports whether player p's bonds are as count k says: of each
// emblem and color apart for an Each count.
func (g *Game) bondsHold(p int, k *table.Count) bool {
	if !k.Each || k.Of == nil {
		return within(g.bondCount(p, k), k)
	}
	one := func(f table.UnitFilter) bool {
		c := *k
		c.Of = &f
		return within(g.bondCount(p, &c), &c)
	}
	for b := range 64 {
		if e := table.Emblem(1) << b; k.Of.Emblem&e != 0 && !one(table.UnitFilter{Emblem: e}) {
			return false
		}
	}
	for _, col := range k.Of.Colors {
		if !one(table.UnitFilter{Colors: []string{col}}) {
			return false
		}
	}
	return true
}

// holds reports whether condition k holds for unit s of player p (s is the
// supported unit for a support skill), in battle context c; f is the
// resolving skill frame, for the unit that triggered it.
func (g *Game) holds(k *table.Cond, s *Unit, p int, c *Ctx, f *Frame) bool {
	if k == nil {
		return true
	}
	pl, op := g.P[p], g.P[Opp(p)]
	switch {
	case k.Turn == table.OwnTurn && g.Active != p, k.Turn == table.TheirTurn && g.Active == p:
		return false
	}
	if k.SupportedDestroyed {
		// Of a support skill of player p defending: its defender was
		// destroyed by the attack of the combat under way (a main
		// character that only lost an orb was not).
		b := g.battle()
		if b == nil || f == nil || f.Unit != 0 || p == b.Seat || !b.Defeated {
			return false
		}
		if d, _ := g.unit(b.Defender); d != nil {
			return false
		}
	}
	if k.Attacking != nil && (c == nil || s == nil || c.A != s || c.D == nil || !g.matchUnit(k.Attacking, c.D, s)) {
		return false
	}
	if k.Defending != nil && (c == nil || s == nil || c.D != s || c.A == nil || !g.matchUnit(k.Defending, c.A, s)) {
		return false
	}
	if k.Battling != nil {
		if c == nil || s == nil || !(c.A == s && c.D != nil && g.matchUnit(k.Battling, c.D, s) || c.D == s && c.A != nil && g.matchUnit(k.Battling, c.A, s)) {
			return false
		}
	}
	if k.Supported != nil {
		sup := -1
		if c != nil && s != nil && c.A == s {
			sup = c.ASup
		} else if c != nil && s != nil && c.D == s {
			sup = c.DSup
		}
		if sup < 0 || !g.matchCard(k.Supported, sup, p) {
			return false
		}
	}
	if k.Bonds != nil && !g.bondsHold(p, k.Bonds) {
		return false
	}
	if k.Allies != nil && !within(g.countUnits(p, s, k.Allies.Of), k.Allies) {
		return false
	}
	if k.Enemies != nil && !within(g.countUnits(Opp(p), s, k.Enemies.Of), k.Enemies) {
		return false
	}
	if k.Hand != nil && !within(len(pl.Hand), k.Hand) || k.FoeHand != nil && !within(len(op.Hand), k.FoeHand) || k.Orbs != nil && !within(orbCount(pl, k.Orbs), k.Orbs) {
		return false
	}
	if k.MoreHand && len(pl.Hand) <= len(op.Hand) || k.LessHand && len(pl.Hand) >= len(op.Hand) || k.FewerOrbs && len(pl.Orbs) >= len(op.Orbs) {
		return false
	}
	if k.Outnumber && len(pl.Field) <= len(op.Field) {
		return false
	}
	if k.FoeOrbs != nil && !within(orbCount(op, k.FoeOrbs), k.FoeOrbs) || k.Retreat != nil && !within(len(pl.Retreat), k.Retreat) {
		return false
	}
	if k.FoeBonds != nil && !g.bondsHold(Opp(p), k.FoeBonds) {
		return false
	}
	if k.Units != nil && !within(g.countUnits(p, s, k.Units.Of)+g.countUnits(Opp(p), s, k.Units.Of), k.Units) {
		return false
	}
	if k.Boundless != nil && !within(len(pl.Bound), k.Boundless) || k.FoeBound != nil && !within(len(op.Bound), k.FoeBound) {
		return false
	}
	if k.Defender != nil && (c == nil || c.D == nil || g.Owner(c.D) == p || !g.matchUnit(k.Defender, c.D, s)) {
		return false
	}
	if k.MainAttacked != nil && (c == nil || c.D == nil || !c.D.Main || g.Owner(c.D) != p || c.A == nil || !g.matchUnit(k.MainAttacked, c.A, s)) {
		return false
	}
	if k.Compare != nil && !g.compare(p, k.Compare) {
		return false
	}
	if k.BySkill == table.BySkillNot {
		if f == nil || f.BySkill != 0 {
			return false
		}
	} else if k.BySkill != table.BySkillNone {
		if f == nil || f.BySkill == 0 || k.BySkill == table.BySkillAlly && f.BySkill-1 != p || k.BySkill == table.BySkillEnemy && f.BySkill-1 == p {
			return false
		}
	}
	if k.ByName != nil && (f == nil || f.BySkill == 0 || !named(k.ByName, f.ByName)) {
		return false
	}
	if k.ByOwn && (f == nil || f.BySkill == 0 || s == nil || f.ByUnit != s.UID) {
		return false
	}
	if k.ByOther && (f == nil || f.BySkill-1 != p || f.ByUnit == 0 || s != nil && f.ByUnit == s.UID) {
		return false
	}
	if k.ByAttack {
		if b := g.battle(); f == nil || f.BySkill != 0 || b == nil || s == nil || b.Attacker != s.UID {
			return false
		}
	}
	if k.Critical {
		if b := g.battle(); b == nil || !b.Critical {
			return false
		}
	}
	if k.Chosen != nil {
		if f == nil || len(f.Chosen) == 0 {
			return false
		}
		for _, uid := range f.Chosen {
			if u, _ := g.unit(uid); u == nil || !g.matchUnit(k.Chosen, u, s) {
				return false
			}
		}
	}
	if k.RevealedAny != nil && (f == nil || !slices.ContainsFunc(f.Revealed, func(c int) bool { return g.matchCard(k.RevealedAny, c, f.RevealSeat) })) {
		return false
	}
	if k.Revealed != nil {
		if f == nil || len(f.Revealed) == 0 {
			return false
		}
		for _, c := range f.Revealed {
			if !g.matchCard(k.Revealed, c, f.RevealSeat) {
				return false
			}
		}
	}
	if s == nil {
		return k.Area == 0 && k.SameArea == nil && !k.Untapped && k.Stack == 0 && !k.IsMain && !k.NotMain && !k.ClassChanged && k.Self == nil &&
			k.Power == nil && len(k.Used) == 0 && !k.Tapped && !k.NotLevelled
	}
	if n := g.power(s, c); k.Power != nil && (n < int(k.Power.Min) || k.Power.Max != table.None && n > int(k.Power.Max)) {
		return false
	}
	if len(k.Used) > 0 {
		uses := func(names []string) int {
			n := 0
			for _, i := range s.Used {
				if named(names, g.keyName(s, i)) {
					n++
				}
			}
			return n
		}
		if !k.UsedEach && uses(k.Used) < max(1, int(k.UsedTimes)) {
			return false
		}
		for _, name := range k.Used {
			if k.UsedEach && uses([]string{name}) < max(1, int(k.UsedTimes)) {
				return false
			}
		}
	}
	switch {
	case k.Tapped && !s.Tapped,
		k.Area == table.FrontLine && s.Area != Vanguard, k.Area == table.BackLine && s.Area != Rearguard,
		k.Untapped && s.Tapped, int(k.Stack) > len(s.Stack), k.IsMain && !s.Main, k.NotMain && s.Main,
		k.ClassChanged && !s.ClassChanged, k.Self != nil && !g.matchUnit(k.Self, s, nil), k.NotLevelled && len(s.Stack) > 1:
		return false
	}
	if k.SameArea != nil && !slices.ContainsFunc(pl.Field, func(u *Unit) bool { return u != s && u.Area == s.Area && g.matchUnit(k.SameArea, u, s) }) {
		return false
	}
	if k.Main != nil {
		m := pl.Main()
		if m == nil || !g.matchUnit(k.Main, m, nil) {
			return false
		}
	}
	for _, n := range k.AlliesAll {
		if g.OnField(p, n) == nil {
			return false
		}
	}
	if k.Trigger != nil {
		var cause *Unit
		if f != nil {
			cause, _ = g.unit(f.Cause)
		}
		if cause == nil || !g.matchUnit(k.Trigger, cause, s) {
			return false
		}
	}
	return true
}

// orbCount counts a player's orbs (face up only, as k asks).
func orbCount(pl *Player, k *table.Count) int {
	if k.FaceUp {
		return pl.OrbsUp
	}
	if k.FaceDown {
		return len(pl.Orbs) - pl.OrbsUp
	}
	return len(pl.Orbs)
}

// bondCount counts player p's bonds like count k (its face, its filter).
func (g *Game) bondCount(p int, k *table.Count) int {
	n := 0
	for _, b := range g.P[p].Bonds {
		if k.FaceUp && b.Reversed || k.FaceDown && !b.Reversed {
			continue
		}
		if f := k.Of; f != nil && (b.Reversed && (f.Emblem != 0 || len(f.Colors) > 0 || len(f.Names) > 0 || f.Colored) || !g.matchBond(&table.CardFilter{Emblem: f.Emblem, Colors: f.Colors, Names: f.Names, CostMax: table.None}, b, p)) {
			continue // a face-down bond shows no emblem, color, name or symbol
		}
		if f := k.Of; f != nil && (f.Colored && g.colorless(b.Card) || f.Colorless && !b.Reversed && !g.colorless(b.Card)) {
			continue
		}
		if k.AsMain && (b.Reversed || !g.matchBond(&table.CardFilter{AsMain: true, CostMax: table.None}, b, p)) {
			continue // a face-down bond shows no unit name
		}
		n++
	}
	return n
}

// compare reports whether player p's number is as k says against the
// opponent's.
func (g *Game) compare(p int, k *table.Compare) bool {
	num := func(i int) int {
		pl := g.P[i]
		switch k.Of {
		case table.CompareHand:
			return len(pl.Hand)
		case table.CompareOrbs:
			return len(pl.Orbs)
		case table.CompareBonds:
			return len(pl.Bonds)
		}
		return len(pl.Field)
	}
	a, b := num(p), num(Opp(p))
	switch k.Rel {
	case table.More:
		return a > b
	case table.Fewer:
		return a < b
	case table.Same:
		return a == b
	case table.NotFewer:
		return a >= b
	}
	return a <= b
}

// power is unit u's attack for a condition: its stats in the battle c;
// inside the computation of stats (a permanent skill's condition on
// attack), its printed attack and mods, so that a skill's condition does
// not depend on the skill.
func (g *Game) power(u *Unit, c *Ctx) int {
	if g.statDepth > 0 {
		a := value(g.C(u.Card()).Attack)
		for _, m := range u.Mods {
			a += int(m.Attack)
		}
		return a
	}
	return g.Stats(u, c).Attack
}

// has reports whether unit u's stats now carry flag fl.
func (g *Game) has(u *Unit, fl table.Flag) bool {
	return g.Stats(u, g.ctx()).Flags&fl != 0
}

// named reports whether a skill's name is one of the names a text refers
// to: a name printed in quotes ("Oho? A bite...") is referred to in quotes,
// which are the reference's, not the name's.
func named(refs []string, name string) bool {
	return slices.ContainsFunc(refs, func(r string) bool { return strings.Trim(r, `"`) == strings.Trim(name, `"`) })
}
