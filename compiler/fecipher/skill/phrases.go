package skill

import (
	"reflect"
	"slices"
	"strings"
)

// Phrases names the kinds of phrase a compiled skill reads, one word per
// part of the effect vocabulary its effects use: the timing ("trigger:
// attack") and whose event it is ("trigger-of:ally"), each cost part
// ("cost:reverse"), each condition ("if:allies"), the kind of target
// ("target:choose"), each operation ("op:draw", "op:put:deck>hand"), the
// duration ("until:turn") and the filters inside ("filter:emblem",
// "card:name"). The report counts skill lines by them, and the scenarios
// must show each one happening (games/fecipher TestEveryPhraseHasAScenario).
func Phrases(es []Effect) []string {
	var out []string
	for i := range es {
		out = append(out, phrases(&es[i])...)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func phrases(e *Effect) []string {
	var out []string
	add := func(ok bool, s string) {
		if ok {
			out = append(out, s)
		}
	}
	out = append(out, "when:"+e.When)
	if w := e.Watch; w != nil {
		add(w.Self, "trigger-of:self")
		add(w.Ally, "trigger-of:ally")
		add(w.Enemy, "trigger-of:enemy")
		add(w.Foe != nil, "trigger-of:foe")
		out = append(out, unitPhrases(w.Of)...)
		out = append(out, unitPhrases(w.Foe)...)
	}
	add(e.OncePerTurn, "cost:once-per-turn")
	add(e.OnceUnless != nil, "cost:once-per-turn-unless")
	add(e.Reverse > 0, "cost:reverse")
	add(e.ReverseOf != nil, "cost:reverse-of")
	add(e.Tap, "cost:tap")
	add(e.PayDiscard != nil, "cost:pay-discard")
	add(e.PayTap != nil, "cost:pay-tap")
	add(e.DestroySelf, "cost:destroy-self")
	add(e.PayDestroy != nil, "cost:pay-destroy")
	add(e.PayBonds != nil, "cost:pay-bonds")
	add(e.PayOrbs > 0, "cost:pay-orbs")
	add(e.PayGrowth != nil, "cost:pay-growth")
	add(e.PayBanish != nil, "cost:pay-banish")
	add(e.PayOrbsUp > 0, "cost:pay-orbs-up")
	add(e.PayMill > 0, "cost:pay-mill")
	add(e.PayReveal != nil, "cost:pay-reveal")
	add(e.PayShow != nil, "cost:pay-show")
	add(e.PayBondsOut, "cost:pay-bonds-boundless")
	add(e.PayHand, "cost:pay-hand")
	add(e.FlipSelf, "cost:flip-self")
	add(e.SendSelf != "", "cost:send-self:"+e.SendSelf)
	add(e.May, "may")
	add(e.IfDone, "if-done")
	if c := e.If; c != nil {
		v := reflect.ValueOf(*c)
		for i := range v.NumField() {
			if !v.Field(i).IsZero() && v.Type().Field(i).Name != "Turn" {
				tag := v.Type().Field(i).Tag.Get("yaml")
				out = append(out, "if:"+strings.Split(tag, ",")[0])
			}
		}
		if c.Turn != "" {
			out = append(out, "if:turn-"+c.Turn)
		}
		for _, f := range []*UnitFilter{c.Attacking, c.Defending, c.Battling, c.SameArea, c.Main, c.Self, c.Trigger, c.MainAttack, c.Defender, c.Chosen} {
			out = append(out, unitPhrases(f)...)
		}
		for _, n := range []*Count{c.Bonds, c.Allies, c.Enemies, c.Hand, c.FoeHand, c.Orbs, c.FoeOrbs, c.FoeBonds, c.Retreat, c.Units, c.Boundless, c.FoeBound} {
			if n != nil {
				add(n.AtMost != nil, "count:at-most")
				add(n.Parity != "", "count:"+n.Parity)
				add(n.Each, "count:each")
				add(n.FaceUp || n.FaceDown, "count:face")
				add(n.AsMain, "count:as-main")
				out = append(out, unitPhrases(n.Of)...)
			}
		}
		if c.Compare != nil {
			out = append(out, "compare:"+c.Compare.Of+"-"+c.Compare.Rel)
		}
		out = append(out, cardPhrases(c.Supported)...)
		out = append(out, cardPhrases(c.Revealed)...)
		out = append(out, cardPhrases(c.ShownAny)...)
	}
	if t := e.Target; t != nil {
		switch {
		case t.That && t.Self:
			out = append(out, "target:that-and-self")
		case t.That:
			out = append(out, "target:that")
		case t.Any:
			out = append(out, "target:any")
		case t.Choose > 0:
			out = append(out, "target:choose")
		case t.All:
			out = append(out, "target:all")
		case t.Main && t.Self:
			out = append(out, "target:main-and-self")
		case t.Main:
			out = append(out, "target:main")
		case t.Self:
			out = append(out, "target:self-and-named")
		case len(t.Named) > 0:
			out = append(out, "target:named")
		case t.Foe:
			out = append(out, "target:foe")
		}
		add(t.Side == "enemy", "target:enemy")
		out = append(out, unitPhrases(t.Of)...)
	}
	if t := e.PayTap; t != nil {
		out = append(out, unitPhrases(t.Of)...)
	}
	if t := e.PayDestroy; t != nil {
		out = append(out, unitPhrases(t.Of)...)
	}
	add(e.Attack > 0, "op:attack")
	add(e.Attack < 0, "op:attack-loss")
	add(e.Per != nil, "op:per")
	add(e.PerStack, "op:per-stacked")
	add(e.PerShown != nil, "op:per-revealed")
	out = append(out, cardPhrases(e.PerShown)...)
	if n := e.PerBonds; n != nil {
		out = append(out, "op:per-bond")
		add(n.FaceUp || n.FaceDown, "count:face")
		add(n.AsMain, "count:as-main")
		out = append(out, unitPhrases(n.Of)...)
	}
	out = append(out, unitPhrases(e.Per)...)
	add(e.Double, "op:double")
	add(e.Range != nil, "op:range")
	add(len(e.Acquire) > 0, "op:acquire")
	add(len(e.AcquireColors) > 0, "op:acquire-colors")
	add(e.AcquireSkills != "", "op:acquire-skills:"+e.AcquireSkills)
	add(e.OnePerName, "op:one-per-name")
	add(e.Keep, "op:keep")
	add(len(e.Lose) > 0, "op:lose-skill")
	add(e.LoseAll, "op:lose-all-skills")
	add(len(e.AlsoNamed) > 0, "special:also-named")
	if e.Grant != nil {
		out = append(out, "op:grant:"+e.Grant.Type)
		out = append(out, Phrases(e.Grant.Effects)...)
	}
	add(e.Unevadable && e.UnevadableBy == "", "op:unevadable")
	add(e.UnevadableBy != "" && e.UnevCost == 0, "op:unevadable-non-main")
	add(e.UnevCost > 0, "op:unevadable-cost")
	add(e.NoEvade, "op:no-evade")
	add(e.NoCritical, "op:no-critical")
	add(e.Shielded && e.ShieldCost == 0, "op:indestructible")
	add(e.ShieldCost > 0, "op:shield-cost")
	add(e.BackLine, "op:reach-back-line")
	add(e.SkillProof, "op:skill-proof")
	add(e.NoMove, "op:no-move")
	add(e.NoSkillMove, "op:no-skill-move")
	add(e.NoFoeMove, "op:no-enemy-skill-move")
	add(e.FoeProof, "op:enemy-skill-proof")
	add(e.NoAttack, "op:no-attack")
	add(e.Unattackable, "op:unattackable")
	add(e.NoUntap, "op:no-untap")
	add(e.NoSupSkills, "op:no-support-skills")
	add(e.CritProof, "op:critical-proof")
	add(e.ReachAll, "op:reach-any")
	add(e.ReachMain, "op:reach-main")
	add(e.Orbs > 0, "op:orbs")
	add(e.Move, "op:move")
	add(e.Untap, "op:untap")
	add(e.TapIt, "op:tap-target")
	add(e.Destroy, "op:destroy")
	add(e.Send != "", "op:send:"+e.Send)
	add(e.SendOrdered, "op:send-ordered")
	add(e.TakeMain, "op:take-main")
	add(e.NoSupport != nil, "op:no-support")
	add(e.UnattackBy != nil, "op:unattackable-by")
	add(e.ReachOf != nil, "op:reach")
	out = append(out, unitPhrases(e.ReachOf)...)
	out = append(out, unitPhrases(e.UnattackBy)...)
	out = append(out, cardPhrases(e.NoSupport)...)
	add(e.Draw > 0, "op:draw")
	add(e.FoeDraw > 0, "op:opponent-draw")
	add(e.FlipOrbsUp > 0, "op:flip-orbs-up")
	add(e.DrawTo > 0, "op:draw-to")
	add(e.Discard > 0, "op:discard")
	add(e.FoeDiscard > 0, "op:opponent-discard")
	add(e.Retrieve != nil, "op:retrieve")
	add(e.Reveal > 0 && !e.RevealFoe, "op:reveal")
	add(e.RevealFoe, "op:reveal-opponent")
	add(e.DestroyOrbs > 0 && !e.OrbsFoe, "op:destroy-orbs")
	add(e.OrbsFoe && e.DestroyOrbs > 0, "op:destroy-opponent-orbs")
	add(e.SendOrbs > 0, "op:send-orbs:"+e.SendOrbsTo)
	add(e.SendOrbs > 0 && e.OrbsFoe, "op:send-opponent-orbs")
	add(e.OrbsShown, "op:send-orbs-revealed")
	add(e.FlipBonds > 0, "op:flip-bonds")
	add(e.UnflipBonds > 0, "op:unflip-bonds")
	add(e.FlipAll, "op:flip-all-bonds")
	add(e.FlipOrbs > 0, "op:flip-orbs")
	add(e.LookOrbs > 0 && !e.LookUpTo, "op:look-orbs")
	add(e.LookUpTo, "op:look-orbs-up-to")
	add(e.LookAll, "op:look-all-orbs")
	add(e.Intercept, "op:intercept")
	add(len(e.Lock) > 0, "op:lock")
	add(e.FoeNoDeploy != nil, "op:opponent-no-deploy")
	add(e.FoeNoOrbs, "op:opponent-no-orbs")
	add(e.FoeNoDeployIn != "", "op:opponent-no-deploy-in")
	add(e.CritAlt, "op:critical-cost")
	add(e.SupportUp > 0, "op:support-bonus")
	add(e.EvadeAlt, "op:evade-cost")
	add(e.NoFlip, "op:no-flip")
	add(e.CritFlip, "op:critical-flip")
	add(e.MainName, "op:main-name")
	if p := e.Put; p != nil {
		out = append(out, "op:put:"+p.From+">"+p.To)
		add(p.Opponent, "put:opponent")
		add(p.UpTo, "put:up-to")
		add(p.Count == 0, "put:all")
		add(p.Tapped, "put:tapped")
		add(p.Area != "", "put:area")
		add(len(p.AreaOf) > 0, "put:area-of")
		add(p.FaceDown, "put:face-down")
		add(p.Shuffle, "put:shuffle")
		add(p.Chooser != "", "put:chooser")
		add(p.Self, "put:self")
		out = append(out, cardPhrases(p.Of)...)
	}
	if e.Until != "" {
		out = append(out, "until:"+e.Until)
	}
	add(e.Copies, "special:copies")
	add(e.SameName, "special:same-name")
	add(e.NoBond, "special:no-bond")
	add(e.HandCost != nil, "special:hand-cost")
	add(e.CostLess > 0, "special:hand-cost-less")
	add(e.CCCost != nil, "special:cc-cost")
	add(e.CCLess > 0, "special:cc-cost-less")
	add(len(e.StackOn) > 0, "special:stack-on")
	add(len(e.LevelOn) > 0, "special:level-on")
	add(e.DeployOnly, "special:deploy-only")
	add(len(e.NotBeside) > 0, "special:not-beside")
	add(e.WithMain, "special:with-main")
	add(e.NoSymbol, "special:no-symbol")
	for _, f := range []*CardFilter{e.ReverseOf, e.PayDiscard, e.Retrieve, e.PayBonds, e.PayGrowth, e.PayBanish, e.PayReveal, e.PayShow, e.FoeNoDeploy} {
		out = append(out, cardPhrases(f)...)
	}
	return out
}

// unitPhrases are the phrase kinds a unit filter reads ("filter:other").
func unitPhrases(f *UnitFilter) []string {
	if f == nil {
		return nil
	}
	var out []string
	add := func(ok bool, s string) {
		if ok {
			out = append(out, "filter:"+s)
		}
	}
	add(f.Other, "other")
	add(len(f.Emblem) > 0, "emblem")
	add(len(f.NoEmb) > 0, "not-emblem")
	add(len(f.Color) > 0, "color")
	add(len(f.Name) > 0, "name")
	add(len(f.NotName) > 0, "not-name")
	add(f.Main, "main")
	add(f.NonMain, "non-main")
	add(f.Area != "", "area")
	add(f.CostMin > 0 || f.CostMax != nil, "cost")
	add(f.AtkMin > 0 || f.AtkMax != nil, "attack")
	add(f.Tapped, "tapped")
	add(f.Untap, "untapped")
	add(f.Attacked, "attacked")
	add(f.SameArea, "same-area")
	add(f.Changed, "class-changed")
	add(f.Levelled, "levelled-up")
	add(f.AllOf, "all-of")
	add(f.Colorless, "colorless")
	add(f.Colored, "colored")
	add(f.StackMin > 0, "stack")
	add(f.SupSkill, "support-skill")
	add(f.Support > 0, "support")
	add(f.OtherArea, "other-area")
	if b := f.Battle; b != nil {
		out = append(out, "filter:in-battle"+map[string]string{"": "", "attacking": "-attacking", "defending": "-defending"}[b.Role])
		out = append(out, unitPhrases(b.Foe)...)
		out = append(out, cardPhrases(b.By)...)
	}
	return out
}

// cardPhrases are the phrase kinds a card filter reads ("card:color").
func cardPhrases(f *CardFilter) []string {
	if f == nil {
		return nil
	}
	var out []string
	add := func(ok bool, s string) {
		if ok {
			out = append(out, "card:"+s)
		}
	}
	add(len(f.Emblem) > 0, "emblem")
	add(len(f.Color) > 0, "color")
	add(len(f.Name) > 0, "name")
	add(len(f.NotName) > 0, "not-name")
	add(f.CostMin > 0 || f.CostMax != nil, "cost")
	add(f.AsMain, "as-main")
	add(f.NameOf != "", "name-of-"+f.NameOf)
	add(f.FaceUp || f.FaceDown, "face")
	add(f.AllOf, "all-of")
	add(f.SupSkill, "support-skill")
	add(f.Support > 0, "support")
	add(len(f.NoEmb)+len(f.NotColor) > 0, "not-tag")
	add(f.HandSk, "hand-skill")
	return out
}

// sourcePhrases are the phrase kinds of a skill's source: a card in the
// bond area ("source:bond") or in the hand ("source:hand"), not a unit.
func sourcePhrases(src string) []string {
	if src == "" {
		return nil
	}
	return []string{"source:" + src}
}
