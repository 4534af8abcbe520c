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
	destSet    bool // a choice window set dest (NoTile: stay)
}

// source is one effect list of a piece and how it is used.
type source struct {
	effects []table.Effect
	kind    srcKind
	whens   triggers // the triggers of its effects
	// The triggers of its continuous modify effects on itself and on all
	// units (what passiveModsOf reads).
	selfMods, auraMods triggers
}

func newSource(es []table.Effect, k srcKind) source {
	s := source{effects: es, kind: k}
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
		out = append(out, newSource(sk.Effects, k))
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
		out = append(out, newSource(rs.Tags[i].Effects, k))
	}
	if pc.Attached >= 0 {
		out = append(out, newSource(rs.ShopCards[pc.Attached].Effects, srcPassive))
	}
	return out
}

// baseTags are a piece's printed and granted tags (no conditional grants).
func (g *Game) baseTags(pc *Piece) table.TagSet {
	t := g.Rules.Units[pc.Card].Tags
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
	m := int(g.Rules.Units[pc.Card].Mov)
	for _, x := range pc.Mods {
		m += int(x.Mov)
	}
	m += int(g.passiveMods(pc, 1<<table.Always, &ctx{src: pc, owner: int(pc.Owner)}).Mov)
	return max(m, 0)
}

// HP is a piece's current HP.
func (g *Game) HP(pc *Piece) int { return int(g.Rules.Units[pc.Card].Stats.HP) - int(pc.Damage) }

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
				qc := &ctx{src: q, owner: int(q.Owner)}
				if g.targetOK(&e.Target, qc, pc) && g.conds(e, qc) {
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
// (SideSelf: only src itself). With two players every friendly unit is the
// controller's own, so SideOwn is SideAlly.
func sideOK(side table.Side, owner int, src, q *Piece) bool {
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

func within(w int8, a, b Tile) bool { return w == 0 || Dist(a, b) <= int(w) }

// targetOK reports whether q may be a TargetOne/TargetAll target of t.
func (g *Game) targetOK(t *table.Target, c *ctx, q *Piece) bool {
	if c.src != nil && q.ID == c.src.ID && !t.IncludeSelf && t.Side != table.SideSelf {
		return false
	}
	if !sideOK(t.Side, c.owner, c.src, q) {
		return false
	}
	if c.src != nil && !within(t.Within, c.src.Tile, q.Tile) {
		return false
	}
	return t.Tag < 0 || g.baseTags(q).Has(int(t.Tag))
}

// conds reports whether every condition of e holds in c.
func (g *Game) conds(e *table.Effect, c *ctx) bool {
	for i := range e.If {
		if !g.cond(&e.If[i], c) {
			return false
		}
	}
	return true
}

func (g *Game) cond(k *table.Cond, c *ctx) bool {
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
			if q.ID != src.ID && sideOK(k.Side, c.owner, src, q) && Dist(q.Tile, src.Tile) <= int(w) {
				n++
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
		return c.foe != nil && g.Rules.Units[c.foe.Card].Color == k.Color
	case table.CondHPAtMost:
		return src != nil && g.HP(src) <= int(k.N)
	case table.CondHPAtLeast:
		return src != nil && g.HP(src) >= int(k.N)
	case table.CondHPFull:
		return src != nil && src.Damage == 0
	case table.CondOnTerrain:
		return src != nil && g.terrainAt(src.Tile) == int(k.Terrain)
	case table.CondMoreUnits, table.CondFewerUnits:
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
		return c.roll && g.rng.IntN(6)+1 >= int(k.N)
	case table.CondMode:
		return k.Mode == table.Versus
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
