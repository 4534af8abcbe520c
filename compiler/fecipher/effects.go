package fecipher

import (
	"slices"

	"github.com/roundtable-dev/roundtable/compiler/fecipher/skill"
	"github.com/roundtable-dev/roundtable/engine/fecipher/table"
)

// Tables of the effect vocabulary: skill's documents (the YAML shape) to the
// engine's table values.

func emblems(names []string) table.Emblem {
	var e table.Emblem
	for _, n := range names {
		if i, ok := emblemBits[n]; ok {
			e |= 1 << uint(i)
		}
	}
	return e
}

func bound(p *int) int8 {
	if p == nil {
		return table.None
	}
	return int8(*p)
}

func bound16(p *int) int16 {
	if p == nil {
		return table.None
	}
	return int16(*p)
}

func area(s string) int8 {
	switch s {
	case "front":
		return table.FrontLine
	case "back":
		return table.BackLine
	}
	return table.AnyArea
}

func unitFilter(f *skill.UnitFilter) *table.UnitFilter {
	if f == nil {
		return nil
	}
	return &table.UnitFilter{Other: f.Other, Emblem: emblems(f.Emblem), NoEmblem: emblems(f.NoEmb), Colors: f.Color,
		Names: f.Name, NotNames: f.NotName, Main: f.Main, NonMain: f.NonMain, Area: area(f.Area),
		CostMin: int8(f.CostMin), CostMax: bound(f.CostMax), AtkMin: int16(f.AtkMin), AtkMax: bound16(f.AtkMax),
		Tapped: f.Tapped, Untapped: f.Untap, Attacked: f.Attacked, SameArea: f.SameArea, ClassChanged: f.Changed, Levelled: f.Levelled, AllOf: f.AllOf,
		Colorless: f.Colorless, Colored: f.Colored, StackMin: int8(f.StackMin), SupSkill: f.SupSkill, Support: int16(f.Support), Battle: inBattle(f.Battle), OtherArea: f.OtherArea}
}

func inBattle(b *skill.InBattle) *table.InBattle {
	if b == nil {
		return nil
	}
	t := &table.InBattle{Role: uint8(max(0, slices.Index([]string{"", "attacking", "defending"}, b.Role))), Foe: unitFilter(b.Foe), By: cardFilter(b.By)}
	if t.By != nil {
		t.By.Count = 0
	}
	return t
}

func cardFilter(f *skill.CardFilter) *table.CardFilter {
	if f == nil {
		return nil
	}
	return &table.CardFilter{Count: int8(max(f.Count, 1)), Emblem: emblems(f.Emblem), Colors: f.Color, Names: f.Name, NotNames: f.NotName,
		CostMin: int8(f.CostMin), CostMax: bound(f.CostMax), AsMain: f.AsMain, FaceUp: f.FaceUp, FaceDown: f.FaceDown,
		NameOf: uint8(slices.Index([]string{"", "that", "this"}, f.NameOf)), AllOf: f.AllOf, HandSkill: f.HandSk,
		SupSkill: f.SupSkill, Support: int16(f.Support), NoEmblem: emblems(f.NoEmb), NotColors: f.NotColor}
}

func zone(s string) table.Zone {
	return table.Zone(max(0, slices.Index(table.ZoneNames[:], s)))
}

func put(p *skill.Put) *table.Put {
	if p == nil {
		return nil
	}
	t := &table.Put{From: zone(p.From), To: zone(p.To), Foe: p.Opponent, Count: int8(p.Count), UpTo: p.UpTo, Of: cardFilter(p.Of),
		Tapped: p.Tapped, Area: area(p.Area), AreaOf: p.AreaOf, FaceDown: p.FaceDown, Shuffle: p.Shuffle, FoeChooses: p.Chooser == "opponent", Self: p.Self}
	if t.Of != nil {
		t.Of.Count = 0
	}
	return t
}

func watch(w *skill.Watch) *table.Watch {
	if w == nil {
		return nil
	}
	return &table.Watch{Self: w.Self, Ally: w.Ally, Enemy: w.Enemy, Of: unitFilter(w.Of), Foe: unitFilter(w.Foe)}
}

func count(c *skill.Count) *table.Count {
	if c == nil {
		return nil
	}
	return &table.Count{AtLeast: int8(c.AtLeast), AtMost: bound(c.AtMost), FaceUp: c.FaceUp, FaceDown: c.FaceDown, AsMain: c.AsMain, Of: unitFilter(c.Of),
		Parity: uint8(max(0, slices.Index([]string{"", "odd", "even"}, c.Parity))), Each: c.Each}
}

func power(b *skill.Bound) *table.Bound {
	if b == nil {
		return nil
	}
	return &table.Bound{Min: int16(b.AtLeast), Max: bound16(b.AtMost)}
}

func cond(c *skill.Cond) *table.Cond {
	if c == nil {
		return nil
	}
	t := &table.Cond{Attacking: unitFilter(c.Attacking), Defending: unitFilter(c.Defending), Battling: unitFilter(c.Battling),
		Bonds: count(c.Bonds), Allies: count(c.Allies), Enemies: count(c.Enemies), Hand: count(c.Hand), FoeHand: count(c.FoeHand),
		Orbs: count(c.Orbs), Supported: cardFilter(c.Supported), Area: area(c.Area), SameArea: unitFilter(c.SameArea),
		MoreHand: c.MoreHand, LessHand: c.LessHand, FewerOrbs: c.FewerOrbs, Untapped: c.Untapped, Stack: int8(c.Stack),
		Main: unitFilter(c.Main), IsMain: c.IsMain, NotMain: c.NotMain, ClassChanged: c.ClassChang,
		Self: unitFilter(c.Self), Trigger: unitFilter(c.Trigger), AlliesAll: c.AlliesAll, Outnumber: c.Outnumber,
		Revealed: cardFilter(c.Revealed), FoeOrbs: count(c.FoeOrbs), FoeBonds: count(c.FoeBonds), Retreat: count(c.Retreat),
		Used: c.Used, Power: power(c.Power), Tapped: c.Tapped, Critical: c.Critical, SupportedDestroyed: c.SupDestroyed,
		BySkill: uint8(slices.Index([]string{"", "any", "ally", "enemy", "none"}, c.BySkill)), ByName: c.ByName, ByOwn: c.ByOwn,
		ByOther: c.ByOther, ByAttack: c.ByAttack,
		UsedTimes: int8(c.UsedTimes), UsedEach: c.UsedEach, Units: count(c.Units), Boundless: count(c.Boundless), FoeBound: count(c.FoeBound),
		NotLevelled: c.NotLevel, MainAttacked: unitFilter(c.MainAttack), Defender: unitFilter(c.Defender), Chosen: unitFilter(c.Chosen), RevealedAny: cardFilter(c.ShownAny)}
	if c.Compare != nil {
		t.Compare = &table.Compare{Of: uint8(slices.Index(table.CompareNames[:], c.Compare.Of)), Rel: uint8(slices.Index(table.RelNames[:], c.Compare.Rel))}
	}
	switch c.Turn {
	case "mine":
		t.Turn = table.OwnTurn
	case "theirs":
		t.Turn = table.TheirTurn
	}
	if t.Supported != nil {
		t.Supported.Count = 0
	}
	if t.Revealed != nil {
		t.Revealed.Count = 0
	}
	return t
}

func target(t *skill.Target) *table.Target {
	if t == nil {
		return nil
	}
	return &table.Target{Choose: int8(t.Choose), Any: t.Any, All: t.All, Enemy: t.Side == "enemy", Of: unitFilter(t.Of),
		Main: t.Main, Self: t.Self, Named: t.Named, That: t.That, Foe: t.Foe}
}

// effect is an effect document as a table value.
func effect(e skill.Effect) table.Effect {
	t := table.Effect{
		When: table.Trigger(triggerCode[e.When]), OncePerTurn: e.OncePerTurn, OnceUnless: cond(e.OnceUnless), Reverse: int8(e.Reverse), ReverseOf: cardFilter(e.ReverseOf),
		Tap: e.Tap, PayDiscard: cardFilter(e.PayDiscard), PayTap: target(e.PayTap), May: e.May,
		DestroySelf: e.DestroySelf, PayDestroy: target(e.PayDestroy), PayBonds: cardFilter(e.PayBonds), PayOrbs: int8(e.PayOrbs), PayGrowth: cardFilter(e.PayGrowth), PayBanish: cardFilter(e.PayBanish), PayOrbsUp: int8(e.PayOrbsUp), PayMill: int8(e.PayMill), PayReveal: cardFilter(e.PayReveal), PayShow: cardFilter(e.PayShow), PayBondsOut: e.PayBondsOut, PayHand: e.PayHand, Watch: watch(e.Watch),
		FlipSelf: e.FlipSelf, SendSelf: zone(e.SendSelf),
		Reveal: int8(e.Reveal), RevealFoe: e.RevealFoe, Put: put(e.Put),
		DestroyOrbs: int8(e.DestroyOrbs), OrbsFoe: e.OrbsFoe, FlipBonds: int8(e.FlipBonds), UnflipBonds: int8(e.UnflipBonds),
		FlipAll: e.FlipAll, FlipOrbs: int8(e.FlipOrbs), Intercept: e.Intercept, NoFlip: e.NoFlip, CritFlip: e.CritFlip, MainName: e.MainName,
		LookOrbs: int8(e.LookOrbs), FlipOrbsUp: int8(e.FlipOrbsUp), FoeDraw: int8(e.FoeDraw), SendOrbs: int8(e.SendOrbs), SendOrbsTo: zone(e.SendOrbsTo), OrbsShown: e.OrbsShown, LookUpTo: e.LookUpTo, LookAll: e.LookAll, Lock: e.Lock, FoeNoDeploy: cardFilter(e.FoeNoDeploy), FoeNoDeployIn: area(e.FoeNoDeployIn), FoeNoOrbs: e.FoeNoOrbs,
		CritAlt: e.CritAlt, EvadeAlt: e.EvadeAlt, SupportUp: int8(e.SupportUp),
		AcquireSkills: uint8(max(0, slices.Index(table.AcquireNames[:], e.AcquireSkills))), OnePerName: e.OnePerName, Keep: e.Keep, Lose: e.Lose, LoseAll: e.LoseAll,
		If: cond(e.If), IfDone: e.IfDone, Target: target(e.Target),
		Attack: int16(e.Attack), Per: unitFilter(e.Per), PerStack: e.PerStack, PerBonds: count(e.PerBonds), PerRevealed: cardFilter(e.PerShown), Double: e.Double, Acquire: emblems(e.Acquire), AcquireColors: e.AcquireColors,
		Unevadable: e.Unevadable, UnevadableMain: e.UnevadableBy == "non-main", UnevadableCost: int8(e.UnevCost), NoEvade: e.NoEvade, NoCritical: e.NoCritical,
		Shielded: e.Shielded, ShieldCost: int8(e.ShieldCost), BackLine: e.BackLine, Orbs: int8(e.Orbs),
		Move: e.Move, Untap: e.Untap, TapIt: e.TapIt, Destroy: e.Destroy, Send: zone(e.Send), SendFaceDown: e.SendDown, SendOrdered: e.SendOrdered, TakeMain: e.TakeMain, NoSupport: cardFilter(e.NoSupport), UnattackableBy: unitFilter(e.UnattackBy), Reach: unitFilter(e.ReachOf),
		Until: table.Until(slices.Index(table.UntilNames[:], e.Until)),
		Draw:  int8(e.Draw), DrawTo: int8(e.DrawTo), Discard: int8(e.Discard), FoeDiscard: int8(e.FoeDiscard), Retrieve: cardFilter(e.Retrieve),
		Copies: e.Copies, SameName: e.SameName, NoBond: e.NoBond, HandCostLess: int8(e.CostLess), CCCostLess: int8(e.CCLess), StackOn: e.StackOn, LevelOn: e.LevelOn, DeployOnly: e.DeployOnly, NotBeside: e.NotBeside, WithMain: e.WithMain, NoSymbol: e.NoSymbol, AlsoNamed: e.AlsoNamed,
	}
	if e.Range != nil {
		t.MinRange, t.MaxRange = int8(e.Range.Min), int8(e.Range.Max)
	}
	if e.HandCost != nil {
		t.HasHandCost, t.HandCost = true, int8(*e.HandCost)
	}
	if e.CCCost != nil {
		t.HasCCCost, t.CCCost = true, int8(*e.CCCost)
	}
	for i, on := range []bool{e.SkillProof, e.NoMove, e.NoSkillMove, e.NoAttack, e.Unattackable, e.NoUntap, e.ReachAll, e.ReachMain, e.NoSupSkills, e.CritProof, e.NoFoeMove, e.FoeProof} {
		if on {
			t.Flags |= 1 << i
		}
	}
	if e.Until == "" {
		t.Until = table.Instant
	}
	return t
}
