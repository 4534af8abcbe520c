package boss

import (
	"slices"

	"github.com/roundtable-dev/roundtable/engine/annas"
	"github.com/roundtable-dev/roundtable/engine/annas/table"
)

// ref is one thing an effect can act on: a player unit, a summon or the boss.
type ref struct {
	u    *Unit
	s    *Summoned
	boss bool
}

func (r ref) ok() bool { return r.u != nil || r.s != nil || r.boss }

// refAt is what stands on t.
func (g *Game) refAt(t Tile) ref {
	if t == NoTile {
		return ref{}
	}
	if u := g.UnitAt(t); u != nil {
		return ref{u: u}
	}
	if s := g.SummonAt(t); s != nil {
		return ref{s: s}
	}
	if g.BossSquares().Has(t) {
		return ref{boss: true}
	}
	return ref{}
}

// ctx is what an effect sees.
type ctx struct {
	owner      int // the controller: a player index or BossSeat
	src        ref // the source (a unit, a summon, the boss)
	foe        ref // the other side of the combat
	foeColor   table.Color
	initiating bool
	dist       int
	target     Tile // the chosen target of a TargetOne effect
	dest       Tile // the chosen tile of a moving effect
	cb         *fight
	trig       ref  // the thing an event is about
	prevent    *int // set by prevent-defeat while a would-be-defeated event fires
	roll       bool // conditions may roll a die (only while resolving, never while looking)
}

func newCtx(owner int, src ref) *ctx {
	return &ctx{owner: owner, src: src, target: NoTile, dest: NoTile}
}

// dist is the orthogonal distance between two things; the boss block counts
// from its nearest square.
func (g *Game) dist(a, b ref) int {
	ta, tb := g.tileOf(a), g.tileOf(b)
	switch {
	case a.boss && b.boss:
		return 0
	case a.boss:
		return g.BossDist(tb)
	case b.boss:
		return g.BossDist(ta)
	}
	return annas.Dist(ta, tb)
}

func (g *Game) tileOf(r ref) Tile {
	switch {
	case r.u != nil:
		return r.u.Tile
	case r.s != nil:
		return r.s.Tile
	}
	return g.BossAt
}

func same(a, b ref) bool {
	return a.u != nil && a.u == b.u || a.s != nil && a.s == b.s || a.boss && b.boss
}

// sideOK applies the boss-mode scopes (rulebook VIII, Clarifications): ally
// units are the units of every player, but units you control (own) are only
// the controller's; enemies of the players are the boss and its minions,
// never tokens; the boss's allies, and its own, are its summons.
func (g *Game) sideOK(side table.Side, c *ctx, r ref) bool {
	players := c.owner != BossSeat
	switch side {
	case table.SideSelf:
		return same(r, c.src)
	case table.SideAlly:
		if players {
			return r.u != nil
		}
		return r.s != nil
	case table.SideOwn:
		if players {
			return r.u != nil && int(r.u.Owner) == c.owner
		}
		return r.s != nil
	case table.SideEnemy:
		if players {
			return r.boss || r.s != nil && g.b.Summons[r.s.Kind].Kind == table.Minion
		}
		return r.u != nil
	}
	return r.u != nil || r.boss || r.s != nil && g.b.Summons[r.s.Kind].Kind == table.Minion
}

// everything is every thing on the board, the boss once.
func (g *Game) everything() []ref {
	out := make([]ref, 0, len(g.Units)+len(g.Summons)+1)
	for _, u := range g.Units {
		out = append(out, ref{u: u})
	}
	for _, s := range g.Summons {
		out = append(out, ref{s: s})
	}
	return append(out, ref{boss: true})
}

func moving(op table.Op) bool {
	switch op {
	case table.OpMove, table.OpPush, table.OpPull, table.OpSwap, table.OpReposition, table.OpGrab:
		return true
	}
	return false
}

// targetOK reports whether r may be a TargetOne/TargetAll target of e.
func (g *Game) targetOK(e *table.Effect, c *ctx, r ref) bool {
	t := &e.Target
	if e.Op == table.OpDestroy {
		// Destroy picks a summon of its kind (tokens included) in range.
		return r.s != nil && int(r.s.Kind) == int(e.Summon) && (!c.src.ok() || t.Within == 0 || g.dist(c.src, r) <= int(t.Within))
	}
	if same(r, c.src) && !t.IncludeSelf && t.Side != table.SideSelf {
		return false
	}
	// Effects cannot move the boss (rulebook VIII, Clarifications).
	if r.boss && moving(e.Op) {
		return false
	}
	if !g.sideOK(t.Side, c, r) {
		return false
	}
	if c.src.ok() && t.Within > 0 && g.dist(c.src, r) > int(t.Within) {
		return false
	}
	if t.Tag >= 0 {
		return r.u != nil && g.Tags(r.u).Has(int(t.Tag))
	}
	return true
}

// targets are the things effect e acts on. An area effect counts the boss
// once however many of its squares are in the area.
func (g *Game) targets(e *table.Effect, c *ctx) []ref {
	switch e.Target.Kind {
	case table.TargetSelf:
		return alive(g, c.src)
	case table.TargetFoe:
		return alive(g, c.foe)
	case table.TargetTrigger:
		return alive(g, c.trig)
	case table.TargetOne:
		if c.target != NoTile {
			if r := g.refAt(c.target); r.ok() && g.targetOK(e, c, r) {
				return []ref{r}
			}
			return nil
		}
		return g.autoTarget(e, c)
	case table.TargetAll:
		var out []ref
		for _, r := range g.everything() {
			if g.targetOK(e, c, r) {
				out = append(out, r)
			}
		}
		return out
	}
	return nil
}

func alive(g *Game, r ref) []ref {
	switch {
	case r.u != nil && g.UnitByID(r.u.ID) != nil, r.boss:
		return []ref{r}
	case r.s != nil:
		for _, s := range g.Summons {
			if s == r.s {
				return []ref{r}
			}
		}
	}
	return nil
}

// conds reports whether every condition of e holds.
func (g *Game) conds(e *table.Effect, c *ctx) bool {
	for i := range e.If {
		if !g.cond(e, &e.If[i], c) {
			return false
		}
	}
	return true
}

func (g *Game) cond(e *table.Effect, k *table.Cond, c *ctx) bool {
	src := c.src
	switch k.Kind {
	case table.CondNear, table.CondAlone:
		if !src.ok() {
			return false
		}
		w := int(k.Within)
		if w == 0 {
			w = 1
		}
		n := 0
		for _, r := range g.everything() {
			if !same(r, src) && g.sideOK(k.Side, c, r) && g.dist(src, r) <= w {
				n++ // the boss counts once
			}
		}
		if k.Kind == table.CondAlone {
			return n == 0
		}
		return n >= max(1, int(k.N))
	case table.CondFoeTag, table.CondFoeNoTag:
		has := false
		switch {
		case c.foe.u != nil:
			has = g.Tags(c.foe.u).Has(int(k.Tag))
		case c.foe.boss:
			has = g.bossTags().Has(int(k.Tag))
		case c.foe.s != nil:
			has = g.b.Summons[c.foe.s.Kind].Tags.Has(int(k.Tag))
		default:
			return false
		}
		return has == (k.Kind == table.CondFoeTag)
	case table.CondFoeColor:
		return c.foe.ok() && c.foeColor == k.Color
	case table.CondHPAtMost, table.CondHPAtLeast, table.CondHPFull:
		if src.u == nil {
			return false
		}
		hp := g.HP(src.u)
		switch k.Kind {
		case table.CondHPAtMost:
			return hp <= int(k.N)
		case table.CondHPAtLeast:
			return hp >= int(k.N)
		}
		return src.u.Damage == 0
	case table.CondOnTerrain:
		return src.u != nil && int(g.Rules.Maps[g.Map].Tiles[src.u.Tile]) == int(k.Terrain)
	case table.CondMoreUnits:
		// The boss always has more units deployed (rulebook VIII, Clarifications).
		return c.owner == BossSeat
	case table.CondFewerUnits:
		return c.owner != BossSeat
	case table.CondInitiating:
		return c.foe.ok() && c.initiating
	case table.CondDefending:
		return c.foe.ok() && !c.initiating
	case table.CondShapestone:
		return src.u != nil && src.u.Shapestone
	case table.CondRoll:
		// Coin effects need no roll in boss mode (Pickpocket, rulebook VIII).
		if e.Op == table.OpCoins {
			return true
		}
		return c.roll && g.roll() >= int(k.N)
	case table.CondMode:
		return k.Mode == table.BossMode
	case table.CondDistance:
		return c.dist == int(k.N)
	case table.CondTriggerTag:
		return c.trig.u != nil && g.Tags(c.trig.u).Has(int(k.Tag))
	}
	return false
}

// sources are a unit's effect lists: skill, then tags in tag order.
type source struct {
	effects []table.Effect
	kind    table.SkillKind // SkillPassive, SkillAssist or SkillSpecial
	react   bool
}

func (g *Game) sources(u *Unit) []source {
	rs := g.Rules
	card := &rs.Units[u.Card]
	var out []source
	if card.Skill >= 0 {
		sk := &rs.Skills[card.Skill]
		out = append(out, source{sk.Effects, sk.Kind, sk.Reaction})
	}
	tags := g.baseTags(u)
	for i := range rs.Tags {
		if !tags.Has(i) || len(rs.Tags[i].Effects) == 0 {
			continue
		}
		k := table.SkillPassive
		if rs.Tags[i].Category == table.Assist {
			k = table.SkillAssist
		}
		out = append(out, source{rs.Tags[i].Effects, k, false})
	}
	return out
}

func (g *Game) baseTags(u *Unit) table.TagSet {
	t := g.Rules.Units[u.Card].Tags
	for _, m := range u.Mods {
		t |= m.Tags
	}
	return t
}

// Tags are a unit's tags now, conditional grants included.
func (g *Game) Tags(u *Unit) table.TagSet {
	t := g.baseTags(u)
	for _, s := range g.sources(u) {
		if s.kind != table.SkillPassive {
			continue
		}
		for i := range s.effects {
			e := &s.effects[i]
			if e.When == table.Always && e.Op == table.OpGrant && e.Target.Kind == table.TargetSelf && e.Tag >= 0 &&
				g.conds(e, newCtx(int(u.Owner), ref{u: u})) {
				t |= 1 << uint(e.Tag)
			}
		}
	}
	return t
}

// Mov is a unit's MOV now.
func (g *Game) Mov(u *Unit) int {
	m := int(g.Rules.Units[u.Card].Mov)
	for _, x := range u.Mods {
		m += int(x.Mov)
	}
	m += int(g.passiveMods(u, table.Always, newCtx(int(u.Owner), ref{u: u})).Mov)
	return max(m, 0)
}

// passiveMods sums u's continuous self mods with trigger when and the
// auras of other units aimed at it.
func (g *Game) passiveMods(u *Unit, when table.Trigger, c *ctx) table.Mods {
	var m table.Mods
	for _, s := range g.sources(u) {
		if s.kind != table.SkillPassive {
			continue
		}
		for i := range s.effects {
			e := &s.effects[i]
			if e.When == when && e.Op == table.OpModify && e.Target.Kind == table.TargetSelf && e.Duration == table.ForWhile && g.conds(e, c) {
				addMods(&m, e.Mods)
			}
		}
	}
	for _, q := range g.Units {
		if q == u {
			continue
		}
		for _, s := range g.sources(q) {
			if s.kind != table.SkillPassive {
				continue
			}
			for j := range s.effects {
				e := &s.effects[j]
				if e.When != when || e.Op != table.OpModify || e.Target.Kind != table.TargetAll || e.Duration != table.ForWhile {
					continue
				}
				qc := newCtx(int(q.Owner), ref{u: q})
				if g.targetOK(e, qc, ref{u: u}) && g.conds(e, qc) {
					addMods(&m, e.Mods)
				}
			}
		}
	}
	return m
}

func addMods(m *table.Mods, d table.Mods) {
	m.ATK += d.ATK
	m.SPD += d.SPD
	m.DEF += d.DEF
	m.Mov += d.Mov
}

// runUnit resolves u's passive effects with trigger when.
func (g *Game) runUnit(u *Unit, when table.Trigger, c *ctx) {
	if c == nil {
		c = newCtx(int(u.Owner), ref{u: u})
	}
	for _, s := range g.sources(u) {
		if s.kind == table.SkillPassive {
			g.run(s.effects, when, c)
		}
	}
}

// run resolves, in order, the effects of es with trigger when whose
// conditions hold.
func (g *Game) run(es []table.Effect, when table.Trigger, c *ctx) {
	rc := *c
	rc.roll = true
	c = &rc
	for i := range es {
		e := &es[i]
		if e.When != when || g.Phase == PhaseOver {
			continue
		}
		if c.src.u != nil && g.UnitByID(c.src.u.ID) == nil && when != table.OnDefeat {
			return
		}
		if g.conds(e, c) {
			g.op(e, when, c)
		}
	}
}

func expiry(d table.Duration, when table.Trigger) Expiry {
	switch d {
	case table.ForCombat:
		return UntilCombat
	case table.ForNextTurn:
		return UntilNextTurn
	case table.ForPermanent:
		return Permanent
	case table.ForTurn:
		return UntilTurnEnd
	}
	switch when {
	case table.BeforeCombat, table.Attacked, table.InCombat:
		return UntilCombat
	}
	return UntilTurnEnd
}

// resourcePlayer is the player a resource effect acts on; none (-1) for the boss.
func (g *Game) resourcePlayer(e *table.Effect, c *ctx) int {
	switch e.Target.Kind {
	case table.TargetOpponent:
		return -1
	case table.TargetPlayer, table.TargetSelf:
		return c.owner
	}
	if ts := g.targets(e, c); len(ts) > 0 && ts[0].u != nil {
		return int(ts[0].u.Owner)
	}
	return c.owner
}

// op resolves one effect.
func (g *Game) op(e *table.Effect, when table.Trigger, c *ctx) {
	n := int(e.N)
	switch e.Op {
	case table.OpDV, table.OpCoins:
		p := g.resourcePlayer(e, c)
		if p < 0 {
			return
		}
		if e.Op == table.OpCoins {
			// Coin effects spend or gain a single DV for the whole effect
			// (rulebook VIII, Clarifications).
			n = sign(n)
		}
		pl := &g.Players[p]
		pl.DV = max(0, pl.DV+n)
		g.logf("effect", "P%d DV %+d (%d)", p+1, n, pl.DV)
	case table.OpDraw:
		if p := g.resourcePlayer(e, c); p >= 0 {
			pl := &g.Players[p]
			for range n {
				if len(g.Deck) == 0 {
					break
				}
				pl.Hand = append(pl.Hand, g.Deck[len(g.Deck)-1])
				g.Deck = g.Deck[:len(g.Deck)-1]
			}
		}
	case table.OpPreventDefeat:
		if c.prevent != nil {
			*c.prevent = n
		}
	case table.OpNoCounter, table.OpNoFollowUp, table.OpFollowUp:
		if c.cb != nil {
			for _, r := range g.targets(e, c) {
				c.cb.flag(r, e.Op)
			}
		}
	case table.OpSummon:
		for range max(1, n) {
			g.summon(int(e.Summon))
		}
	case table.OpDestroy:
		g.destroy(e, c)
	case table.OpBossHeal:
		g.bossHeal(n)
	default:
		ts := g.targets(e, c)
		if c.owner == BossSeat {
			ts = g.playersOrder(ts)
		}
		for _, r := range ts {
			if g.Phase == PhaseOver {
				return
			}
			if r.u != nil && g.UnitByID(r.u.ID) == nil {
				continue
			}
			g.refOp(e, when, c, r)
		}
	}
}

// playersOrder lets the players order the units a boss effect hits
// (rulebook VIII, Step 3); other targets keep their place after them.
func (g *Game) playersOrder(ts []ref) []ref {
	var ids []int32
	var rest []ref
	for _, r := range ts {
		if r.u != nil {
			ids = append(ids, r.u.ID)
		} else {
			rest = append(rest, r)
		}
	}
	if len(ids) < 2 {
		return ts
	}
	out := make([]ref, 0, len(ts))
	for _, id := range g.Chooser.AttackOrder(g, ids) {
		if u := g.UnitByID(id); u != nil {
			out = append(out, ref{u: u})
		}
	}
	return append(out, rest...)
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// refOp applies an effect to one target.
func (g *Game) refOp(e *table.Effect, when table.Trigger, c *ctx, r ref) {
	n := int(e.N)
	switch e.Op {
	case table.OpDamage:
		switch {
		case r.boss:
			g.damageBoss(n, e.NonLethal, c)
		case r.u != nil:
			g.hurtUnit(r.u, n, e.NonLethal, "effect")
		case r.s != nil:
			g.hurtSummon(r.s, n, e.NonLethal)
		}
		return
	case table.OpModify, table.OpGrant:
		if e.Duration == table.ForWhile && (when == table.Always || when == table.InCombat) {
			return // continuous: read by the stat functions
		}
		m := Mod{Expiry: expiry(e.Duration, when), By: int8(c.owner)}
		if e.Op == table.OpModify {
			m.Mods = e.Mods
		} else if e.Tag >= 0 {
			m.Tags = 1 << uint(e.Tag)
		}
		switch {
		case r.u != nil:
			r.u.Mods = append(r.u.Mods, m)
		case r.boss:
			g.BossMods = append(g.BossMods, m)
		}
		return
	}
	if r.s != nil && e.Op == table.OpHeal {
		r.s.Damage = int8(max(0, int(r.s.Damage)-n))
		return
	}
	if r.u == nil {
		if r.s != nil && (e.Op == table.OpPush || e.Op == table.OpPull) && c.src.ok() {
			g.slide(&r.s.Tile, g.tileOf(c.src), n, e.Op == table.OpPull)
		}
		return
	}
	u := r.u
	switch e.Op {
	case table.OpHeal:
		u.Damage = int8(max(0, int(u.Damage)-n))
	case table.OpReady:
		if u.Exhausted && !slices.Contains(g.readied, u.ID) {
			g.readied = append(g.readied, u.ID)
			u.Exhausted = false
			g.logf("effect", "%s readied", g.unitName(u))
			// A dancer readying another player's unit lets that player act
			// with it at once (rulebook VIII, Clarifications).
			if c.owner != BossSeat && int(u.Owner) != c.owner && !g.IsBossTurn() {
				g.Guest = u.ID
			}
		}
	case table.OpExhaust:
		u.Exhausted = true
	case table.OpRefresh:
		if sk := g.Rules.Units[u.Card].Skill; sk >= 0 && g.Rules.Skills[sk].Kind == table.SkillSpecial {
			u.Special = true
		}
	case table.OpMove:
		if c.dest != NoTile && g.straightOrReach(u, n, e.Straight).Has(c.dest) {
			u.Tile = c.dest
		}
	case table.OpPush, table.OpPull:
		if c.src.ok() {
			from := g.tileOf(c.src)
			if c.src.boss {
				from = g.nearestSquare(u.Tile)
			}
			g.slide(&u.Tile, from, n, e.Op == table.OpPull)
		}
	case table.OpSwap:
		if s := c.src.u; s != nil && g.UnitByID(s.ID) != nil {
			s.Tile, u.Tile = u.Tile, s.Tile
		}
	case table.OpReposition:
		if c.dest != NoTile && c.src.ok() && annas.Dist(c.dest, g.tileOf(c.src)) == 1 && g.free(c.dest) {
			u.Tile = c.dest
		}
	case table.OpGrab:
		s := c.src.u
		if s == nil || g.UnitByID(s.ID) == nil {
			return
		}
		if c.dest == NoTile {
			s.Tile, u.Tile = u.Tile, s.Tile
		} else if g.free(c.dest) && annas.Dist(c.dest, s.Tile) == 1 {
			old := s.Tile
			s.Tile = c.dest
			u.Tile = old
		}
	case table.OpVP, table.OpDiscard:
		// No VP in boss mode; a discard effect is not modelled.
	}
}

func (g *Game) nearestSquare(t Tile) Tile {
	best := g.Square(0)
	for pos := 1; pos < 4; pos++ {
		if annas.Dist(t, g.Square(pos)) < annas.Dist(t, best) {
			best = g.Square(pos)
		}
	}
	return best
}

// free reports whether a unit may stand on t: on the board, enterable
// terrain, nothing there.
func (g *Game) free(t Tile) bool {
	if t < 0 || int(t) >= table.BoardSize*table.BoardSize {
		return false
	}
	tr := &g.Rules.Terrain[g.Rules.Maps[g.Map].Tiles[t]]
	return !tr.Impassable && !g.Occupied().Has(t)
}

// slide moves a thing on *t up to n tiles straight away from (or toward)
// from, stopping before anything it may not enter.
func (g *Game) slide(t *Tile, from Tile, n int, toward bool) {
	df, dr := sign(t.File()-from.File()), sign(t.Rank()-from.Rank())
	if df != 0 && dr != 0 {
		return
	}
	if toward {
		df, dr = -df, -dr
	}
	for range n {
		f, r := t.File()+df, t.Rank()+dr
		if !onBoard(f, r) || !g.free(table.TileAt(f, r)) {
			return
		}
		*t = table.TileAt(f, r)
	}
}

// straightOrReach are the tiles an OpMove may take u to.
func (g *Game) straightOrReach(u *Unit, n int, straight bool) table.TileSet {
	if straight {
		return g.line(u, n)
	}
	return g.reach(u, n) &^ (1 << uint(u.Tile))
}

func (g *Game) unitName(u *Unit) string {
	return g.Rules.Units[u.Card].ID
}

func (g *Game) bossTags() table.TagSet {
	t := g.Card().Tags
	for _, m := range g.BossMods {
		t |= m.Tags
	}
	return t
}

// autoTarget picks the one target of an effect no action chose (a boss
// card, a summon's or a passive's effect): the weakest for damage, the most
// hurt for a heal, else the first in board order (units, summons, boss).
func (g *Game) autoTarget(e *table.Effect, c *ctx) []ref {
	score := func(r ref) int {
		switch {
		case r.u != nil && e.Op == table.OpDamage:
			return -g.HP(r.u)
		case r.u != nil && e.Op == table.OpHeal:
			return int(r.u.Damage)
		case r.s != nil && e.Op == table.OpHeal:
			return int(r.s.Damage)
		}
		return 0
	}
	var best ref
	bs := 0
	for _, r := range g.everything() {
		if !g.targetOK(e, c, r) {
			continue
		}
		if s := score(r); !best.ok() || s > bs {
			best, bs = r, s
		}
	}
	if !best.ok() {
		return nil
	}
	return []ref{best}
}
