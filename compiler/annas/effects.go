package annas

import (
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/engine/annas/table"
)

type scopeDoc struct {
	Side   string `yaml:"side"`
	Within int8   `yaml:"within"`
}

type nearDoc struct {
	Side    string `yaml:"side"`
	Within  *int8  `yaml:"within"`
	AtLeast int8   `yaml:"at-least"`
}

type condDoc struct {
	Near       *nearDoc    `yaml:"near"`
	Alone      *nearDoc    `yaml:"alone"`
	FoeTag     *at[string] `yaml:"foe-tag"`
	FoeNoTag   *at[string] `yaml:"foe-no-tag"`
	FoeColor   string      `yaml:"foe-color"`
	HPAtMost   int8        `yaml:"hp-at-most"`
	HPAtLeast  int8        `yaml:"hp-at-least"`
	HPFull     bool        `yaml:"hp-full"`
	On         *at[string] `yaml:"on"`
	MoreUnits  bool        `yaml:"more-units"`
	FewerUnits bool        `yaml:"fewer-units"`
	Initiating bool        `yaml:"initiating"`
	Defending  bool        `yaml:"defending"`
	Shapestone bool        `yaml:"shapestone"`
	Roll       int8        `yaml:"roll"`
	Mode       string      `yaml:"mode"`
	Distance   int8        `yaml:"distance"`
	TriggerTag *at[string] `yaml:"trigger-tag"`
}

type targetDoc struct {
	Side        string      `yaml:"side"`
	Within      int8        `yaml:"within"`
	All         bool        `yaml:"all"`
	Tag         *at[string] `yaml:"tag"`
	IncludeSelf bool        `yaml:"include-self"`
}

type effectFields struct {
	When   string     `yaml:"when"`
	About  *scopeDoc  `yaml:"about"`
	If     *condDoc   `yaml:"if"`
	Target *targetDoc `yaml:"target"`
	For    string     `yaml:"for"`
	Modify *struct {
		ATK int8 `yaml:"atk"`
		SPD int8 `yaml:"spd"`
		DEF int8 `yaml:"def"`
		Mov int8 `yaml:"mov"`
	} `yaml:"modify"`
	Heal      int8 `yaml:"heal"`
	Damage    int8 `yaml:"damage"`
	NonLethal bool `yaml:"non-lethal"`
	Move      *struct {
		UpTo     int8 `yaml:"up-to"`
		Straight bool `yaml:"straight"`
	} `yaml:"move"`
	Push          int8        `yaml:"push"`
	Pull          int8        `yaml:"pull"`
	Swap          bool        `yaml:"swap"`
	Reposition    bool        `yaml:"reposition"`
	Grab          bool        `yaml:"grab"`
	Ready         bool        `yaml:"ready"`
	Exhaust       bool        `yaml:"exhaust"`
	Grant         *at[string] `yaml:"grant"`
	Coins         int8        `yaml:"coins"`
	DV            int8        `yaml:"dv"`
	VP            int8        `yaml:"vp"`
	Draw          int8        `yaml:"draw"`
	Discard       int8        `yaml:"discard"`
	PreventDefeat *struct {
		HP int8 `yaml:"hp"`
	} `yaml:"prevent-defeat"`
	NoCounter  bool `yaml:"no-counter"`
	NoFollowUp bool `yaml:"no-follow-up"`
	FollowUp   bool `yaml:"follow-up"`
	Refresh    bool `yaml:"refresh"`
	Summon     *struct {
		ID    at[string] `yaml:"id"`
		Count int8       `yaml:"count"`
	} `yaml:"summon"`
	Destroy  *at[string] `yaml:"destroy"`
	BossHeal int8        `yaml:"boss-heal"`
}

// effectDoc is one effect as written, with its node for positions.
type effectDoc struct {
	N *yaml.Node
	effectFields
}

// UnmarshalFields and UnmarshalYAML make effectDoc a
// source.FieldsUnmarshaler: Doc.Decode decodes the fields without yaml.v3.
func (e *effectDoc) UnmarshalFields(n *yaml.Node) any {
	e.N = n
	return &e.effectFields
}

func (e *effectDoc) UnmarshalYAML(n *yaml.Node) error { return n.Decode(e.UnmarshalFields(n)) }

var triggers = map[string]table.Trigger{
	"always": table.Always, "combat": table.InCombat, "start-of-turn": table.StartOfTurn,
	"deploy": table.OnDeploy, "after-combat": table.AfterCombat, "defeat": table.OnDefeat,
	"activate": table.Activate, "before-combat": table.BeforeCombat, "kill": table.OnKill,
	"would-be-defeated": table.WouldBeDefeated, "attacked": table.Attacked, "defeated": table.Defeated,
	"moved": table.Moved, "deployed": table.Deployed, "captured": table.Captured, "damaged": table.Damaged,
	"start-of-boss-turn": table.StartOfBossTurn,
}

var sides = map[string]table.Side{"": table.SideSelf, "self": table.SideSelf, "ally": table.SideAlly, "own": table.SideOwn, "enemy": table.SideEnemy, "any": table.SideAny}

var durations = map[string]table.Duration{"combat": table.ForCombat, "turn": table.ForTurn, "next-turn": table.ForNextTurn, "permanent": table.ForPermanent}

var modes = map[string]table.Mode{"versus": table.Versus, "boss": table.BossMode}

// isEvent reports whether a trigger is an event that `about` narrows.
func isEvent(t table.Trigger) bool {
	switch t {
	case table.WouldBeDefeated, table.Attacked, table.Defeated, table.Moved, table.Deployed, table.Captured, table.Damaged:
		return true
	}
	return false
}

// seesFoe: the trigger happens inside a combat, so "the foe" exists.
func seesFoe(t table.Trigger) bool {
	switch t {
	case table.InCombat, table.BeforeCombat, table.AfterCombat, table.Attacked:
		return true
	}
	return false
}

// seesTrigger: the trigger is about a unit that is still on the board.
func seesTrigger(t table.Trigger) bool {
	switch t {
	case table.WouldBeDefeated, table.Attacked, table.Moved, table.Deployed, table.Captured, table.Damaged:
		return true
	}
	return false
}

func triggerName(t table.Trigger) string {
	for k, v := range triggers {
		if v == t {
			return k
		}
	}
	return "?"
}

// effCtx is where a list of effects sits.
type effCtx struct {
	what string        // for messages: `unit "chrom" skill`
	def  table.Trigger // trigger when `when` is omitted
	// summons of the boss the effects belong to; nil outside a boss.
	summons []string
	// fixed, when set, is a trigger every effect must use (reaction shop cards).
	fixed *table.Trigger
	about table.Scope
	// quiet: summon references are not checked (the boss is unknown).
	quiet bool
}

// effects converts and checks a list of effects.
func (b *builder) effects(d *compiler.Doc, c effCtx, in []effectDoc) []table.Effect {
	if len(in) == 0 {
		return nil
	}
	out := make([]table.Effect, 0, len(in))
	for _, e := range in {
		out = append(out, b.effect(d, c, e))
	}
	return out
}

func (b *builder) effect(d *compiler.Doc, c effCtx, e effectDoc) table.Effect {
	te := table.Effect{When: c.def, Tag: -1, Summon: -1, Target: table.Target{Tag: -1}}
	field := func(k string) *yaml.Node {
		for i := 0; i+1 < len(e.N.Content); i += 2 {
			if e.N.Content[i].Value == k {
				return e.N.Content[i]
			}
		}
		return nil
	}
	if e.When != "" {
		te.When = triggers[e.When]
	}
	if c.fixed != nil {
		if e.When != "" && te.When != *c.fixed {
			b.diags.Add(CodeEffectScope, pos(d, field("when")), "%s: effect fires on %s, but the card's trigger is %s", c.what, e.When, triggerName(*c.fixed)).Hint = "leave `when:` out; a reaction's effects fire on its trigger"
		}
		te.When, te.About = *c.fixed, c.about
	}
	if e.About != nil {
		if !isEvent(te.When) {
			b.diags.Add(CodeEffectScope, pos(d, field("about")), "%s: `about` narrows event triggers, but this effect fires on %s", c.what, triggerName(te.When)).Hint = "use about: with would-be-defeated, attacked, defeated, moved, deployed, captured or damaged"
		}
		te.About = table.Scope{Side: sides[e.About.Side], Within: e.About.Within}
	}
	when := triggerName(te.When)

	// The operation: exactly one.
	var ops []string
	op := func(name string, set bool, o table.Op) {
		if set {
			ops = append(ops, name)
			te.Op = o
		}
	}
	op("modify", e.Modify != nil, table.OpModify)
	op("heal", e.Heal != 0, table.OpHeal)
	op("damage", e.Damage != 0, table.OpDamage)
	op("move", e.Move != nil, table.OpMove)
	op("push", e.Push != 0, table.OpPush)
	op("pull", e.Pull != 0, table.OpPull)
	op("swap", e.Swap, table.OpSwap)
	op("reposition", e.Reposition, table.OpReposition)
	op("grab", e.Grab, table.OpGrab)
	op("ready", e.Ready, table.OpReady)
	op("exhaust", e.Exhaust, table.OpExhaust)
	op("grant", e.Grant != nil, table.OpGrant)
	op("coins", e.Coins != 0, table.OpCoins)
	op("dv", e.DV != 0, table.OpDV)
	op("vp", e.VP != 0, table.OpVP)
	op("draw", e.Draw != 0, table.OpDraw)
	op("discard", e.Discard != 0, table.OpDiscard)
	op("prevent-defeat", e.PreventDefeat != nil, table.OpPreventDefeat)
	op("no-counter", e.NoCounter, table.OpNoCounter)
	op("no-follow-up", e.NoFollowUp, table.OpNoFollowUp)
	op("follow-up", e.FollowUp, table.OpFollowUp)
	op("refresh", e.Refresh, table.OpRefresh)
	op("summon", e.Summon != nil, table.OpSummon)
	op("destroy", e.Destroy != nil, table.OpDestroy)
	op("boss-heal", e.BossHeal != 0, table.OpBossHeal)
	if e.Refresh {
		// Rulebook II.6: a unit with a Special Ability is deployed with a
		// single token "and will not gain more after deployment".
		b.diags.Add(CodeRefresh, pos(d, field("refresh")), "%s: an effect cannot restore a Special Ability token: a unit is deployed with one and gains no more (rulebook II.6)", c.what).Hint = "give the card another effect; only a unit deployed anew has its token"
	}
	switch {
	case len(ops) == 0:
		b.diags.Add(CodeEffectOp, pos(d, e.N), "%s: effect does nothing; write exactly one operation", c.what).Hint = "operations: modify, heal, damage, move, push, pull, swap, reposition, grab, ready, exhaust, grant, coins, dv, vp, draw, discard, prevent-defeat, no-counter, no-follow-up, follow-up, refresh, summon, destroy, boss-heal"
	case len(ops) > 1:
		b.diags.Add(CodeEffectOp, pos(d, field(ops[1])), "%s: effect has %d operations (%s); write one per effect", c.what, len(ops), strings.Join(ops, ", ")).Hint = "split it into several effects in the list, each with its own operation"
	}

	// Parameters.
	if e.Modify != nil {
		te.Mods = table.Mods{ATK: e.Modify.ATK, SPD: e.Modify.SPD, DEF: e.Modify.DEF, Mov: e.Modify.Mov}
	}
	for _, n := range []int8{e.Heal, e.Damage, e.Push, e.Pull, e.Coins, e.DV, e.VP, e.Draw, e.Discard, e.BossHeal} {
		if n != 0 {
			te.N = n
		}
	}
	te.NonLethal = e.NonLethal
	if e.NonLethal && e.Damage == 0 {
		b.diags.Add(CodeEffectOp, pos(d, field("non-lethal")), "%s: non-lethal belongs to a damage effect", c.what)
	}
	if e.Move != nil {
		te.N, te.Straight = e.Move.UpTo, e.Move.Straight
	}
	if e.PreventDefeat != nil {
		te.N = e.PreventDefeat.HP
	}
	if e.Grant != nil {
		te.Tag = int16(b.ref("tag", d, *e.Grant, "tag"))
	}
	if e.Summon != nil {
		te.Summon = b.summonRef(d, c, e.Summon.ID)
		te.N = max(e.Summon.Count, 1)
	}
	if e.Destroy != nil {
		te.Summon = b.summonRef(d, c, *e.Destroy)
	}

	// Duration.
	switch {
	case e.For != "":
		te.Duration = durations[e.For]
		if te.Op != table.OpModify && te.Op != table.OpGrant {
			b.diags.Add(CodeEffectOp, pos(d, field("for")), "%s: `for` gives a duration to modify or grant, not to %s", c.what, strings.Join(ops, ", "))
		}
	case te.Op == table.OpModify && (te.When == table.Always || te.When == table.InCombat):
		te.Duration = table.ForWhile
	case te.Op == table.OpModify:
		te.Duration = table.ForCombat
	case te.Op == table.OpGrant:
		te.Duration = table.ForTurn
	default:
		te.Duration = table.ForInstant
	}

	// Target.
	playerOp := te.Op == table.OpCoins || te.Op == table.OpDV || te.Op == table.OpVP || te.Op == table.OpDraw || te.Op == table.OpDiscard
	targetNode := field("target")
	if e.Target == nil {
		if playerOp {
			te.Target.Kind = table.TargetPlayer
		}
	} else {
		t := e.Target
		switch t.Side {
		case "self":
			te.Target.Kind = table.TargetSelf
		case "foe":
			te.Target.Kind = table.TargetFoe
		case "trigger":
			te.Target.Kind = table.TargetTrigger
		case "player":
			te.Target.Kind = table.TargetPlayer
		case "opponent":
			te.Target.Kind = table.TargetOpponent
		default:
			te.Target.Kind = table.TargetOne
			if t.All {
				te.Target.Kind = table.TargetAll
			}
			te.Target.Side = sides[t.Side]
		}
		te.Target.Within, te.Target.IncludeSelf = t.Within, t.IncludeSelf
		if t.Tag != nil {
			te.Target.Tag = int16(b.ref("tag", d, *t.Tag, "tag"))
		}
		isPlayer := te.Target.Kind == table.TargetPlayer || te.Target.Kind == table.TargetOpponent
		if len(ops) == 1 && isPlayer != playerOp {
			if playerOp {
				b.diags.Add(CodeEffectOp, pos(d, targetNode), "%s: %s goes to a player, but the target is a unit (%s)", c.what, ops[0], t.Side).Hint = "use target: {side: player} or {side: opponent}, or leave target out"
			} else {
				b.diags.Add(CodeEffectOp, pos(d, targetNode), "%s: %s acts on a unit, but the target is a player (%s)", c.what, ops[0], t.Side).Hint = "target a unit: self, foe, trigger, ally, own, enemy or any"
			}
		}
	}

	// What the trigger can see.
	scope := func(n *yaml.Node, format string, args ...any) *diag.Diagnostic {
		return b.diags.Add(CodeEffectScope, pos(d, n), "%s: "+format, append([]any{c.what}, args...)...)
	}
	if te.Target.Kind == table.TargetFoe && !seesFoe(te.When) {
		scope(targetNode, "the target is the foe, but a %s trigger has no combat foe", when).Hint = "foes exist for when: combat, before-combat, after-combat and attacked"
	}
	if te.Target.Kind == table.TargetTrigger && !seesTrigger(te.When) {
		scope(targetNode, "the target is the trigger's unit, but a %s trigger has no unit on the board", when).Hint = "trigger units exist for would-be-defeated, attacked, moved, deployed, captured and damaged"
	}
	switch te.Op {
	case table.OpNoCounter, table.OpNoFollowUp, table.OpFollowUp:
		if !seesFoe(te.When) {
			scope(field(ops[0]), "%s changes a combat, but a %s trigger has none", ops[0], when).Hint = "use when: combat, before-combat or attacked"
		}
	case table.OpPreventDefeat:
		if te.When != table.WouldBeDefeated {
			scope(field(ops[0]), "prevent-defeat needs a would-be-defeated trigger, not %s", when).Hint = "when: would-be-defeated, target: {side: trigger}"
		}
	}
	if e.If != nil {
		var ifNode *yaml.Node
		for i := 0; i+1 < len(e.N.Content); i += 2 {
			if e.N.Content[i].Value == "if" {
				ifNode = e.N.Content[i+1]
			}
		}
		te.If = b.conds(d, c, e.If, ifNode, te.When)
	}
	return te
}

// summonRef resolves a summon id within the effect's boss.
func (b *builder) summonRef(d *compiler.Doc, c effCtx, r at[string]) int16 {
	if c.quiet {
		return -1
	}
	if c.summons == nil {
		b.diags.Add(CodeEffectScope, pos(d, r.N), "%s: summon %q: only a boss's own effects can name its summons", c.what, r.V)
		return -1
	}
	for i, s := range c.summons {
		if s == r.V {
			return int16(i)
		}
	}
	dd := b.diags.Add(diag.CodeUnknownRef, pos(d, r.N), "unknown summon %q", r.V)
	if h := suggestHint(r.V, c.summons); h != "" {
		dd.Hint = h
	} else if len(c.summons) == 0 {
		dd.Hint = "this boss has no summons"
	} else {
		dd.Hint = "summons of this boss: " + strings.Join(c.summons, ", ")
	}
	return -1
}

func (b *builder) conds(d *compiler.Doc, c effCtx, in *condDoc, node *yaml.Node, when table.Trigger) []table.Cond {
	var out []table.Cond
	key := func(k string) *yaml.Node {
		for i := 0; node != nil && i+1 < len(node.Content); i += 2 {
			if node.Content[i].Value == k {
				return node.Content[i]
			}
		}
		return node
	}
	add := func(cd table.Cond) {
		if cd.Kind != table.CondFoeTag && cd.Kind != table.CondFoeNoTag && cd.Kind != table.CondTriggerTag {
			cd.Tag = -1
		}
		if cd.Kind != table.CondOnTerrain {
			cd.Terrain = -1
		}
		out = append(out, cd)
	}
	needFoe := func(k string) {
		if !seesFoe(when) {
			b.diags.Add(CodeEffectScope, pos(d, key(k)), "%s: condition %s looks at the foe, but a %s trigger has no combat foe", c.what, k, triggerName(when)).Hint = "foes exist for when: combat, before-combat, after-combat and attacked"
		}
	}
	if in.Near != nil {
		w := int8(1)
		if in.Near.Within != nil {
			w = *in.Near.Within
		}
		add(table.Cond{Kind: table.CondNear, Side: sides[in.Near.Side], Within: w, N: max(in.Near.AtLeast, 1)})
	}
	if in.Alone != nil {
		w := int8(1)
		if in.Alone.Within != nil {
			w = *in.Alone.Within
		}
		add(table.Cond{Kind: table.CondAlone, Side: sides[in.Alone.Side], Within: w})
	}
	if in.FoeTag != nil {
		needFoe("foe-tag")
		add(table.Cond{Kind: table.CondFoeTag, Tag: int16(b.ref("tag", d, *in.FoeTag, "tag"))})
	}
	if in.FoeNoTag != nil {
		needFoe("foe-no-tag")
		add(table.Cond{Kind: table.CondFoeNoTag, Tag: int16(b.ref("tag", d, *in.FoeNoTag, "tag"))})
	}
	if in.FoeColor != "" {
		needFoe("foe-color")
		add(table.Cond{Kind: table.CondFoeColor, Color: colors[in.FoeColor]})
	}
	if in.HPAtMost != 0 {
		add(table.Cond{Kind: table.CondHPAtMost, N: in.HPAtMost})
	}
	if in.HPAtLeast != 0 {
		add(table.Cond{Kind: table.CondHPAtLeast, N: in.HPAtLeast})
	}
	if in.HPFull {
		add(table.Cond{Kind: table.CondHPFull})
	}
	if in.On != nil {
		add(table.Cond{Kind: table.CondOnTerrain, Terrain: int16(b.ref("terrain", d, *in.On, "terrain"))})
	}
	if in.MoreUnits {
		add(table.Cond{Kind: table.CondMoreUnits})
	}
	if in.FewerUnits {
		add(table.Cond{Kind: table.CondFewerUnits})
	}
	if in.Initiating {
		needFoe("initiating")
		add(table.Cond{Kind: table.CondInitiating})
	}
	if in.Defending {
		needFoe("defending")
		add(table.Cond{Kind: table.CondDefending})
	}
	if in.Shapestone {
		add(table.Cond{Kind: table.CondShapestone})
	}
	if in.Roll != 0 {
		add(table.Cond{Kind: table.CondRoll, N: in.Roll})
	}
	if in.Mode != "" {
		add(table.Cond{Kind: table.CondMode, Mode: modes[in.Mode]})
	}
	if in.Distance != 0 {
		needFoe("distance")
		add(table.Cond{Kind: table.CondDistance, N: in.Distance})
	}
	if in.TriggerTag != nil {
		if !seesTrigger(when) {
			b.diags.Add(CodeEffectScope, pos(d, key("trigger-tag")), "%s: condition trigger-tag looks at the trigger's unit, but a %s trigger has no unit on the board", c.what, triggerName(when))
		}
		add(table.Cond{Kind: table.CondTriggerTag, Tag: int16(b.ref("tag", d, *in.TriggerTag, "tag"))})
	}
	return out
}
