package annas

import (
	"math/bits"

	"github.com/roundtable-dev/roundtable/engine/annas/table"
)

// ctx is what an effect sees when it is checked or resolved.
type ctx struct {
	src        *Piece // the unit with the skill, tag or attachment; nil for shop cards
	owner      int    // the controller
	foe        *Piece // the other unit of the combat
	trig       *Piece // the unit the event is about
	initiating bool   // src started the combat
	dist       int    // the combat's distance, 0 outside combat
	roll       bool   // conditions may roll a die (never while only looking)
	target     Tile   // the chosen unit of a TargetOne effect
	dest       Tile   // the chosen tile of a move, reposition or grab
	prevent    *int   // set by prevent-defeat
	combat     *combat
	chosen     bool // an action chose target and dest (no automatic choices)
	destSet    bool // a choice set dest (NoTile: stay)
	corner     int8 // boss mode: the boss's content corner in this combat, -1 none
	// from identifies the passive effect list being resolved (0: not a
	// passive): its lasting mods do not stack (rulebook II.6).
	from int32
}

// source is one effect list of a piece and how it is used.
type source struct {
	effects []table.Effect
	kind    srcKind
	key     int32    // which list it is (a skill, a tag, an attachment): passives do not stack
	whens   triggers // the triggers of its effects
	// The triggers of its continuous modify effects on itself and on all
	// units (what passiveModsOf reads).
	selfMods, auraMods triggers
}

// Source keys: which skill, tag or attachment a list is.
const (
	keySkill      = 1
	keyTag        = 1 << 16
	keyAttachment = 2 << 16
)

func newSource(es []table.Effect, k srcKind, key int32) source {
	s := source{effects: es, kind: k, key: key}
	for i := range es {
		e := &es[i]
		s.whens |= 1 << e.When
		if e.Op == table.OpModify && e.Duration == table.ForWhile {
			switch e.Target.Kind {
			case table.TargetSelf:
				s.selfMods |= 1 << e.When
			case table.TargetAll:
				s.auraMods |= 1 << e.When
			}
		}
	}
	return s
}

// fires reports whether s is a passive list with an effect on trigger t.
func (s *source) fires(t table.Trigger) bool { return s.kind == srcPassive && s.whens.has(t) }

type srcKind uint8

const (
	srcPassive  srcKind = iota // fires on its own (passive skills, passive tags, attachments)
	srcAssist                  // the assist action (assist skills, assist tags)
	srcSpecial                 // the special action
	srcReaction                // a reaction special
)

// srcEntry caches the effect lists of pieces with granted tags or an
// attachment, which differ from their card's.
type srcEntry struct {
	card, attached int16
	tags           table.TagSet // granted by mods
	srcs           []source
}

// sources lists a piece's effect lists: skill, tags (in tag order),
// attachment. They are cached per card, and per card, granted tags and
// attachment; setting srcCache to nil drops every cached list (after a
// test changes the rules).
func (g *Game) sources(pc *Piece) []source {
	if pc.Kind != UnitPiece {
		return nil // a summon's effects run at the start of a boss turn; the boss's are its board's and cards'
	}
	// The common case first: a plain piece, cached.
	if len(pc.Mods) == 0 && pc.Attached < 0 && int(pc.Card) < len(g.srcCache) {
		if c := g.srcCache[pc.Card]; c != nil {
			return c
		}
	}
	return g.sourcesSlow(pc)
}

func (g *Game) sourcesSlow(pc *Piece) []source {
	if g.srcCache == nil {
		g.srcCache = make([][]source, len(g.Rules.Units))
		g.srcMore = nil
	}
	var tags table.TagSet
	for i := range pc.Mods {
		tags |= pc.Mods[i].Tags
	}
	if tags == 0 && pc.Attached < 0 {
		if c := g.srcCache[pc.Card]; c != nil {
			return c
		}
		c := g.buildSources(pc)
		if c == nil {
			c = []source{}
		}
		g.srcCache[pc.Card] = c
		return c
	}
	for i := range g.srcMore {
		if e := &g.srcMore[i]; e.card == pc.Card && e.tags == tags && e.attached == pc.Attached {
			return e.srcs
		}
	}
	c := g.buildSources(pc)
	if len(g.srcMore) < 64 {
		g.srcMore = append(g.srcMore, srcEntry{card: pc.Card, attached: pc.Attached, tags: tags, srcs: c})
	}
	return c
}

func (g *Game) buildSources(pc *Piece) []source { return g.appendSources(nil, pc) }

// appendSources appends pc's effect lists to out.
func (g *Game) appendSources(out []source, pc *Piece) []source {
	rs := g.Rules
	u := &rs.Units[pc.Card]
	if u.Skill >= 0 {
		sk := &rs.Skills[u.Skill]
		k := srcPassive
		switch {
		case sk.Kind == table.SkillAssist:
			k = srcAssist
		case sk.Kind == table.SkillSpecial && sk.Reaction:
			k = srcReaction
		case sk.Kind == table.SkillSpecial:
			k = srcSpecial
		}
		out = append(out, newSource(sk.Effects, k, keySkill+int32(u.Skill)))
	}
	tags := u.Tags
	for _, m := range pc.Mods {
		tags |= m.Tags
	}
	for v := uint64(tags); v != 0; v &= v - 1 {
		i := bits.TrailingZeros64(v)
		if i >= len(rs.Tags) || len(rs.Tags[i].Effects) == 0 {
			continue
		}
		k := srcPassive
		if rs.Tags[i].Category == table.Assist {
			k = srcAssist
		}
		out = append(out, newSource(rs.Tags[i].Effects, k, keyTag+int32(i)))
	}
	if pc.Attached >= 0 {
		out = append(out, newSource(rs.ShopCards[pc.Attached].Effects, srcPassive, keyAttachment+int32(pc.Attached)))
	}
	return out
}

// baseTags are a piece's printed and granted tags (no conditional grants):
// a summon's, the boss's current card's.
func (g *Game) baseTags(pc *Piece) table.TagSet {
	var t table.TagSet
	switch pc.Kind {
	case UnitPiece:
		t = g.Rules.Units[pc.Card].Tags
		if len(pc.Mods) == 0 {
			return t
		}
	case SummonPiece:
		t = g.Boss.def.Summons[pc.Card].Tags
	case BossPiece:
		t = g.card().Tags
	}
	for _, m := range pc.Mods {
		t |= m.Tags
	}
	return t
}

// Tags are a piece's tags now, conditional passive grants included.
func (g *Game) Tags(pc *Piece) table.TagSet { return g.tagsOf(pc, g.sources(pc)) }

// tagsOf is Tags with pc's sources given.
func (g *Game) tagsOf(pc *Piece, srcs []source) table.TagSet {
	t := g.baseTags(pc)
	for j := range srcs {
		s := &srcs[j]
		if !s.fires(table.Always) {
			continue
		}
		for i := range s.effects {
			e := &s.effects[i]
			if e.When == table.Always && e.Op == table.OpGrant && e.Target.Kind == table.TargetSelf && e.Tag >= 0 &&
				g.conds(e, &ctx{src: pc, owner: int(pc.Owner)}) {
				t |= 1 << uint(e.Tag)
			}
		}
	}
	return t
}

// Mov is a piece's MOV now.
func (g *Game) Mov(pc *Piece) int {
	if pc.Kind != UnitPiece {
		return 0 // summons stand where summoned; the boss moves by its cards
	}
	m := int(g.Rules.Units[pc.Card].Mov)
	for _, x := range pc.Mods {
		m += int(x.Mov)
	}
	m += int(g.passiveMods(pc, 1<<table.Always, &ctx{src: pc, owner: int(pc.Owner)}).Mov)
	return max(m, 0)
}

// HP is a piece's current HP: a unit's or a minion's; the boss's HP left
// on all its bars.
func (g *Game) HP(pc *Piece) int {
	if pc.Kind == UnitPiece { // the common case, kept small enough to inline
		return int(g.Rules.Units[pc.Card].Stats.HP) - int(pc.Damage)
	}
	return g.otherHP(pc)
}

func (g *Game) otherHP(pc *Piece) int {
	if pc.Kind == SummonPiece {
		return int(g.Boss.def.Summons[pc.Card].Stats.HP) - int(pc.Damage)
	}
	n := 0
	for c := range 4 {
		n += g.Boss.CornerLeft(c)
	}
	return n
}

// maxHP is a unit's or a minion's printed HP.
func (g *Game) maxHP(pc *Piece) int {
	if pc.Kind == SummonPiece {
		return int(g.Boss.def.Summons[pc.Card].Stats.HP)
	}
	return int(g.Rules.Units[pc.Card].Stats.HP)
}

// colorOf is a piece's color: in a combat with the boss, the boss takes the
// color of the corner it fights with.
func (g *Game) colorOf(pc *Piece, corner int8) table.Color {
	switch pc.Kind {
	case SummonPiece:
		return g.Boss.def.Summons[pc.Card].Color
	case BossPiece:
		if corner >= 0 {
			return g.Boss.def.Corners[corner].Color
		}
		return table.Gray
	}
	return g.Rules.Units[pc.Card].Color
}

// rangeOf is a piece's attack range: a unit's or a minion's; the boss's
// current card's.
func (g *Game) rangeOf(pc *Piece) table.RangeSet {
	switch pc.Kind {
	case SummonPiece:
		return g.Boss.def.Summons[pc.Card].Range
	case BossPiece:
		return g.card().Range
	}
	return g.Rules.Units[pc.Card].Range
}

// isToken reports whether pc is a boss's token: an object, not a unit.
func (g *Game) isToken(pc *Piece) bool {
	return pc.Kind == SummonPiece && g.Boss.def.Summons[pc.Card].Kind == table.Token
}

// pdist is the distance between two pieces; the boss block counts from its
// nearest square.
func (g *Game) pdist(a, b *Piece) int {
	if (a.Kind|b.Kind)&BossPiece == 0 { // neither is the boss
		return int(dist[a.Tile][b.Tile])
	}
	return g.bossDist(a, b)
}

func (g *Game) bossDist(a, b *Piece) int {
	switch {
	case a.Kind == BossPiece && b.Kind == BossPiece:
		return 0
	case a.Kind == BossPiece:
		return g.Boss.Dist(b.Tile)
	}
	return g.Boss.Dist(a.Tile)
}

// triggers is a set of triggers as bits.
type triggers uint32

func (ts triggers) has(t table.Trigger) bool { return ts&(1<<t) != 0 }

// passiveMods sums the self-targeted modify effects of pc's passives with a
// trigger in whens whose conditions hold in c (a passive never stacks with
// itself).
func (g *Game) passiveMods(pc *Piece, whens triggers, c *ctx) table.Mods {
	return g.passiveModsOf(pc, g.sources(pc), whens, c)
}

// passiveModsOf is passiveMods with pc's sources given.
func (g *Game) passiveModsOf(pc *Piece, srcs []source, whens triggers, c *ctx) table.Mods {
	var m table.Mods
	for j := range srcs {
		s := &srcs[j]
		if s.kind != srcPassive || s.selfMods&whens == 0 {
			continue
		}
		for i := range s.effects {
			e := &s.effects[i]
			if !whens.has(e.When) || e.Op != table.OpModify || e.Target.Kind != table.TargetSelf || e.Duration != table.ForWhile {
				continue
			}
			if g.conds(e, c) {
				addMods(&m, e.Mods)
			}
		}
	}
	// Auras: other pieces' passives aimed at all units of a side.
	for i := range g.Pieces {
		q := g.Pieces[i]
		if q.ID == pc.ID {
			continue
		}
		qs := g.sources(q)
		for k := range qs {
			s := &qs[k]
			if s.kind != srcPassive || s.auraMods&whens == 0 {
				continue
			}
			for j := range s.effects {
				e := &s.effects[j]
				if !whens.has(e.When) || e.Op != table.OpModify || e.Target.Kind != table.TargetAll || e.Duration != table.ForWhile {
					continue
				}
				qc := &ctx{src: q, owner: int(q.Owner), corner: -1}
				if g.targetOK(e, qc, pc) && g.conds(e, qc) {
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

// sideOK reports whether piece q counts as side for controller owner
// (SideSelf: only src itself). Sides follow teams (rulebook VIII,
// Clarifications): ally is the controller's team (every player's units in
// boss mode; the boss's summons for the boss), own only the controller's
// pieces, enemy the other team but never a token, any every piece but
// tokens. With two players every friendly unit is the controller's own, so
// SideOwn is SideAlly. The boss block is nobody's ally.
func (g *Game) sideOK(side table.Side, owner int, src, q *Piece) bool {
	if g.Boss == nil {
		return sideOKVersus(side, owner, src, q)
	}
	return g.sideOKTeams(side, owner, src, q)
}

// sideOKVersus is sideOK with two players, each a team, and no summons.
func sideOKVersus(side table.Side, owner int, src, q *Piece) bool {
	switch side {
	case table.SideSelf:
		return src != nil && q.ID == src.ID
	case table.SideAlly, table.SideOwn:
		return int(q.Owner) == owner
	case table.SideEnemy:
		return int(q.Owner) != owner
	}
	return true
}

func (g *Game) sideOKTeams(side table.Side, owner int, src, q *Piece) bool {
	switch side {
	case table.SideSelf:
		return src != nil && q.ID == src.ID
	case table.SideAlly:
		return q.Kind != BossPiece && g.team(int(q.Owner)) == g.team(owner)
	case table.SideOwn:
		return q.Kind != BossPiece && int(q.Owner) == owner
	case table.SideEnemy:
		return g.team(int(q.Owner)) != g.team(owner) && (q.Kind != SummonPiece || !g.isToken(q))
	}
	return q.Kind != SummonPiece || !g.isToken(q)
}

// within reports whether q is within w of src (0: anywhere).
func (g *Game) within(w int8, src, q *Piece) bool { return w == 0 || g.pdist(src, q) <= int(w) }

// moving reports whether op moves its target: such effects cannot target
// the boss (rulebook VIII, Clarifications).
func moving(op table.Op) bool {
	switch op {
	case table.OpMove, table.OpPush, table.OpPull, table.OpSwap, table.OpReposition, table.OpGrab:
		return true
	}
	return false
}

// targetOK reports whether q may be a TargetOne/TargetAll target of e.
func (g *Game) targetOK(e *table.Effect, c *ctx, q *Piece) bool {
	t := &e.Target
	if q.Kind != UnitPiece {
		if e.Op == table.OpDestroy {
			// Destroy picks a summon of its kind (tokens included) in range.
			return q.Kind == SummonPiece && q.Card == e.Summon && (c.src == nil || g.within(t.Within, c.src, q))
		}
		if q.Kind == BossPiece && moving(e.Op) {
			return false
		}
	} else if e.Op == table.OpDestroy {
		return false
	}
	if c.src != nil && q.ID == c.src.ID && !t.IncludeSelf && t.Side != table.SideSelf {
		return false
	}
	if !g.sideOK(t.Side, c.owner, c.src, q) {
		return false
	}
	if c.src != nil && !g.within(t.Within, c.src, q) {
		return false
	}
	return t.Tag < 0 || g.baseTags(q).Has(int(t.Tag))
}

// conds reports whether every condition of e holds in c.
func (g *Game) conds(e *table.Effect, c *ctx) bool {
	for i := range e.If {
		if !g.cond(e, &e.If[i], c) {
			return false
		}
	}
	return true
}

// cond reports whether condition k of effect e holds in c.
func (g *Game) cond(e *table.Effect, k *table.Cond, c *ctx) bool {
	src := c.src
	switch k.Kind {
	case table.CondNear, table.CondAlone:
		if src == nil {
			return false
		}
		w := k.Within
		if w == 0 {
			w = 1
		}
		n := 0
		for i := range g.Pieces {
			q := g.Pieces[i]
			if q.ID != src.ID && g.sideOK(k.Side, c.owner, src, q) && g.pdist(q, src) <= int(w) {
				n++ // the boss counts once (rulebook VIII, Clarifications)
			}
		}
		if k.Kind == table.CondAlone {
			return n == 0
		}
		return n >= max(1, int(k.N))
	case table.CondFoeTag:
		return c.foe != nil && g.baseTags(c.foe).Has(int(k.Tag))
	case table.CondFoeNoTag:
		return c.foe != nil && !g.baseTags(c.foe).Has(int(k.Tag))
	case table.CondFoeColor:
		return c.foe != nil && g.colorOf(c.foe, c.corner) == k.Color
	case table.CondHPAtMost:
		return src != nil && src.Kind == UnitPiece && g.HP(src) <= int(k.N)
	case table.CondHPAtLeast:
		return src != nil && src.Kind == UnitPiece && g.HP(src) >= int(k.N)
	case table.CondHPFull:
		return src != nil && src.Kind == UnitPiece && src.Damage == 0
	case table.CondOnTerrain:
		return src != nil && g.terrainAt(src.Tile) == int(k.Terrain)
	case table.CondMoreUnits, table.CondFewerUnits:
		if g.Boss != nil {
			// The boss always has more units deployed (rulebook VIII, Clarifications).
			return (c.owner == len(g.Players)) == (k.Kind == table.CondMoreUnits)
		}
		var n [2]int
		for i := range g.Pieces {
			n[g.Pieces[i].Owner]++
		}
		if k.Kind == table.CondMoreUnits {
			return n[c.owner] > n[1-c.owner]
		}
		return n[c.owner] < n[1-c.owner]
	case table.CondInitiating:
		return c.foe != nil && c.initiating
	case table.CondDefending:
		return c.foe != nil && !c.initiating
	case table.CondShapestone:
		return src != nil && src.Shapestone
	case table.CondRoll:
		if g.Boss != nil && e.Op == table.OpCoins {
			return true // coin effects need no roll in boss mode (Pickpocket, rulebook VIII)
		}
		return c.roll && g.rng.IntN(6)+1 >= int(k.N)
	case table.CondMode:
		return k.Mode == g.Mode
	case table.CondDistance:
		return c.dist == int(k.N)
	case table.CondTriggerTag:
		return c.trig != nil && g.baseTags(c.trig).Has(int(k.Tag))
	}
	return false
}

// terrainAt is the terrain index at t with DV tiles laid.
func (g *Game) terrainAt(t Tile) int {
	for p := range g.Players {
		if g.Players[p].DVTile == t {
			if g.Players[p].DVRuins {
				return int(g.Rules.Rules.DVRuins)
			}
			return int(g.Rules.Rules.DVPlain)
		}
	}
	return g.mapTerrain(t)
}
