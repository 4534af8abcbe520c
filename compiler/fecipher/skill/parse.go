package skill

import (
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// Clause is a part of a skill's text (or cost) the compiler cannot read.
type Clause struct {
	Start, End int    // byte offsets in the text (or the cost)
	Text       string // as written
	Shape      string // names, numbers and tags replaced: what to group by
	InCost     bool   // in the bracketed cost, not the text
	// Phrase is the kind of the innermost phrase that could not be read
	// (cost, trigger, condition, duration, core, subject, predicate), and
	// PhraseText that phrase: what a grammar rule would have to read.
	Phrase, PhraseText string
}

// Result is a compiled skill: its effects, or what could not be read.
type Result struct {
	Effects []Effect
	Unread  []Clause // when not empty, Effects is nil: a skill runs whole or not at all
	Phrases []string // the kinds of phrase read (Phrases of Effects)
}

// Timings of skill types whose text has no trigger of its own.
var typeWhen = map[string]string{
	"permanent": "always", "action": "activate",
	"attack-support": "support", "defense-support": "support", "support": "support",
}

// Compile reads a skill of a type ("action", "permanent", "auto", ...,
// as the schema spells it) from its bracketed cost and its text.
func Compile(typ, cost, text string) Result {
	src := ""
	if typ == "bond" || typ == "hand" {
		// Used from the bond area or the hand (source.go): read as a
		// skill of its kind, whose source is the card.
		kind, rest, ok := cardKind(text)
		if e, ok := bondPermanent(typ, kind, cutReminder(rest)); ok {
			phrases := append(Phrases([]Effect{e}), sourcePhrases(typ)...)
			slices.Sort(phrases)
			return Result{Effects: []Effect{e}, Phrases: phrases}
		}
		if !ok || kind == "permanent" {
			what := typ + " skill without its kind (|ACT|, |AUTO|)"
			if ok {
				what = typ + " skill of kind |CONT|" // a permanent effect of a card in the bond area: not in the engine
			}
			return Result{Unread: []Clause{{Start: 0, End: len(text), Text: text, Shape: Shape(text), Phrase: "type", PhraseText: what}}}
		}
		src, typ, text = typ, kind, cutReminder(rest)
	}
	if typ == "auto" && src == "" {
		if a, b, ok := eitherCause(text); ok {
			// "When this unit's attack or "Critical Luna" destroys an
			// enemy": the skill twice, once per cause; one skill, so one
			// once-per-turn.
			ra, rb := Compile(typ, cost, a), Compile(typ, cost, b)
			if len(ra.Unread) == 0 && len(rb.Unread) == 0 && ra.Effects[0].When != rb.Effects[0].When {
				es := append(ra.Effects, rb.Effects...)
				return Result{Effects: es, Phrases: Phrases(es)}
			}
		}
	}
	c := &compiler{typ: typ, src: src}
	var first Effect
	// Curly quotes as straight ones, the same bytes long so that offsets
	// into the text stay true.
	text = strings.NewReplacer("’", "'  ", "‘", "'  ", "“", "\"  ", "”", "\"  ").Replace(text)
	cost = strings.NewReplacer("’", "'  ", "‘", "'  ", "“", "\"  ", "”", "\"  ").Replace(cost)
	c.costs(cost, &first)
	c.costOrbs = first.PayOrbs > 0
	c.text = text
	sents := sentences(text)
	cur := first
	curSet := false
	for _, s := range sents {
		if reminder(s.text) {
			c.lvs(s.text)
			continue
		}
		c.why = miss{}
		es, ok := c.sentence(s.text, cur, curSet)
		if !ok {
			c.unread(s.start, s.end, s.text, false)
			// Read on as if it had been read, so that the report names
			// the sentences that fail themselves, not those after.
			if c.typ == "auto" && c.open == nil && !curSet {
				c.open = &opened{trig: trig{when: "attack"}}
			}
			c.chose = c.chose || strings.Contains(strings.ToLower(s.text), "choose")
			continue
		}
		if len(es) == 0 {
			continue
		}
		if !curSet {
			// The first effect read carries the skill's costs.
			es[0] = merge(first, es[0])
			curSet = true
		}
		c.effects = append(c.effects, es...)
		cur = es[len(es)-1]
	}
	if (c.picked != nil || c.mayCost != nil) && len(c.out) == 0 {
		c.fail("core", "a card chosen and not placed")
		c.unread(0, len(text), text, false)
	}
	effects := c.effects
	if len(c.out) == 0 && (!revealsUsed(effects) || !allDo(effects)) {
		// Looking at cards and doing nothing with them changes nothing the
		// engine keeps: not a compiled skill.
		c.why = miss{"core", "an effect that does nothing (cards revealed or units chosen, and not used)"}
		c.unread(0, len(text), text, false)
	}
	if len(effects) == 0 && len(c.out) == 0 && len(sents) > 0 {
		c.unread(0, len(text), text, false)
	}
	for _, e := range effects {
		if len(e.AcquireColors) > 0 && (e.If != nil || e.Target != nil) {
			// The engine gives colors unconditionally, to the unit itself.
			c.why = miss{"predicate", "colors acquired under a condition"}
			c.unread(0, len(text), text, false)
			break
		}
		if e.AcquireSkills == "that-card" && !slices.ContainsFunc(effects, func(p Effect) bool {
			// a card put where both players see it: the frame keeps it
			return p.Put != nil && p.Put.Count == 1 && p.When == e.When && slices.Contains([]string{"retreat", "boundless", "field"}, p.Put.To)
		}) {
			c.why = miss{"predicate", "the skills of a card no effect before put"}
			c.unread(0, len(text), text, false)
			break
		}
		if e.Grant != nil && e.Grant.Type == "" {
			// "acquires "Anti-Fliers"" with no "(Anti-Fliers |CONT| ...)"
			// after it: a skill the text does not write out.
			c.why = miss{"predicate", "a skill acquired by name, its text not given"}
			c.unread(0, len(text), text, false)
			break
		}
	}
	if c.onceUnless != nil && len(c.out) == 0 {
		if len(effects) == 0 || !effects[0].OncePerTurn {
			c.why = miss{"core", "a skill that loses a [Once per Turn] it does not have"}
			c.unread(0, len(text), text, false)
		} else {
			effects[0].OnceUnless = c.onceUnless
		}
	}
	if len(c.pending) > 0 && len(effects) > 0 {
		effects[0].If = and(effects[0].If, c.pendingCond())
	}
	if len(c.out) == 0 && slices.ContainsFunc(effects, func(e Effect) bool { return e.Put != nil && e.Put.To == "deck" && !e.Put.Shuffle }) {
		c.why = miss{"core", "cards added to a deck not shuffled afterwards"}
		c.unread(0, len(text), strings.TrimSpace(text), false)
	}
	if len(c.out) == 0 && src != "" {
		if why := c.sourceCheck(effects); why != "" {
			c.why = miss{"source", why}
			c.unread(0, len(text), strings.TrimSpace(text), false)
		}
	}
	if c.level > 0 {
		effects = AtLevel(effects, c.level)
	}
	for _, e := range effects {
		if src == "" && e.When == "placed" && (e.OncePerTurn || e.Target == nil && (needsUntil(e) || e.Move || e.Untap || e.TapIt || e.Destroy || e.Send != "" || e.TakeMain || e.Intercept)) {
			// A card's skill from the bond area has no unit: "this unit",
			// and once per turn (kept by units), mean nothing there.
			c.why = miss{"trigger", "a card's own skill in the bond area acting on this unit, or once per turn"}
			c.unread(0, len(text), text, false)
			break
		}
	}
	if len(c.out) > 0 {
		return Result{Unread: c.out}
	}
	// "At the end of each player's turn": the same effects at each timing.
	for _, w := range c.trig.also {
		for _, e := range effects {
			if e.When == c.trig.when {
				e.When = w
				effects = append(effects, e)
			}
		}
	}
	phrases := append(Phrases(effects), sourcePhrases(src)...)
	slices.Sort(phrases)
	return Result{Effects: effects, Phrases: phrases}
}

type compiler struct {
	costOrbs  bool // the skill's cost destroys orbs (room for one added)
	level     int  // a level skill's stack ([LvSn] in a reminder)
	typ       string
	src       string // a bond or hand skill's: where its card is (bond, hand); "" for a unit's
	text      string
	out       []Clause
	pending   []*Cond // "This skill is only usable if ...": joins the first effect
	chose     bool    // an earlier sentence chose units ("that ally" refers to them)
	choseSide string  // ... of this side (ally, enemy)
	open      *opened // the trigger of an auto skill, for the sentences after it
	trig      trig    // the trigger read (its other timings, whose event it is)
	why       miss    // the phrase of the sentence being read that failed
	effects   []Effect
	// Cards: revealed by an earlier sentence (of the opponent's deck), or
	// chosen without a destination yet ("choose 1 card from your hand").
	revealed, revealFoe bool
	picked              *Put
	pickBase            Effect  // the conditions and "you may" of the sentence that picked
	mayCost             *Effect // "you may [cost]": waiting for its "If you do"
	onceUnless          *Cond   // "this skill loses [Once per Turn]" while this holds
	bondCard            bool    // "that card" is the card placed in the bond area
}

func (c *compiler) unread(start, end int, text string, cost bool) {
	cl := Clause{Start: start, End: end, Text: text, Shape: Shape(text), InCost: cost, Phrase: c.why.kind, PhraseText: c.why.text}
	if cost {
		cl.Phrase, cl.PhraseText = "cost", text
	}
	if cl.Phrase == "" {
		cl.Phrase, cl.PhraseText = "sentence", text
	}
	c.out = append(c.out, cl)
	c.why = miss{}
}

// revealsUsed reports whether every reveal is followed by an effect that
// uses the cards revealed (a put from them, a condition on them).
func revealsUsed(es []Effect) bool {
	for i, e := range es {
		if e.Reveal == 0 {
			continue
		}
		used := false
		for _, f := range es[i+1:] {
			used = used || f.Put != nil && f.Put.From == "revealed" || f.If != nil && f.If.Revealed != nil
		}
		if !used {
			return false
		}
	}
	return true
}

// allDo reports whether every effect does something: an operation, or a
// choice of units ("Choose 1 ally.") an effect after it uses as that ally,
// or a reveal (revealsUsed checks it is used).
func allDo(es []Effect) bool {
	for i, e := range es {
		if does(e) || e.Reveal > 0 {
			continue
		}
		chooses := e.Target != nil && (e.Target.Choose > 0 || e.Target.Any)
		used := false
		for _, f := range es[i+1:] {
			used = used || f.Target != nil && f.Target.That || f.Put != nil && f.Put.Of != nil && f.Put.Of.NameOf == "that"
		}
		if !chooses || !used {
			return false
		}
	}
	return true
}

// does reports whether an effect has an operation.
func does(e Effect) bool {
	return needsUntil(e) || e.Move || e.Untap || e.TapIt || e.Destroy || e.Draw > 0 || e.DrawTo > 0 || e.Discard > 0 || e.Retrieve != nil ||
		e.FoeDiscard > 0 || e.Put != nil || e.DestroyOrbs > 0 || e.FlipBonds > 0 || e.UnflipBonds > 0 || e.FlipAll || e.Intercept || e.AcquireSkills != "" || len(e.Lose) > 0 || e.LoseAll || len(e.AcquireColors) > 0 || e.Keep || e.FlipOrbs > 0 || e.LookOrbs > 0 || e.LookAll || e.FlipOrbsUp > 0 || e.FoeDraw > 0 || e.SendOrbs > 0 || len(e.Lock) > 0 || e.FoeNoDeploy != nil || e.FoeNoOrbs || e.Send != "" || e.TakeMain || e.NoSupport != nil || e.UnattackBy != nil || e.ReachOf != nil ||
		e.Copies || e.SameName || e.NoBond || e.HandCost != nil || e.CostLess > 0 || e.CCCost != nil || e.CCLess > 0 || len(e.StackOn) > 0 || e.DeployOnly || len(e.NotBeside) > 0 || e.WithMain || e.NoSymbol || e.NoFlip || e.CritFlip || e.MainName || len(e.AlsoNamed) > 0 || e.CritAlt || e.EvadeAlt || e.SupportUp > 0
}

// miss is the innermost phrase of a sentence that could not be read.
type miss struct{ kind, text string }

// fail records the phrase that could not be read, unless a phrase inside
// it already failed (the innermost is the one to write a rule for).
func (c *compiler) fail(kind, text string) {
	if c.why.kind == "" {
		c.why = miss{kind, strings.TrimSpace(text)}
	}
}

func (c *compiler) pendingCond() *Cond {
	var out *Cond
	for _, p := range c.pending {
		out = and(out, p)
	}
	return out
}

// merge puts the skill's costs (in a) on its first effect b.
func merge(a, b Effect) Effect {
	b.OncePerTurn = b.OncePerTurn || a.OncePerTurn
	b.Reverse += a.Reverse
	if b.ReverseOf == nil {
		b.ReverseOf = a.ReverseOf
	}
	b.Tap = b.Tap || a.Tap
	if b.PayDiscard == nil {
		b.PayDiscard = a.PayDiscard
	}
	if b.PayTap == nil {
		b.PayTap = a.PayTap
	}
	b.DestroySelf = b.DestroySelf || a.DestroySelf
	if b.PayDestroy == nil {
		b.PayDestroy = a.PayDestroy
	}
	if b.PayBonds == nil {
		b.PayBonds = a.PayBonds
	}
	b.PayOrbs += a.PayOrbs
	b.PayOrbsUp += a.PayOrbsUp
	b.FlipSelf = b.FlipSelf || a.FlipSelf
	if b.SendSelf == "" {
		b.SendSelf = a.SendSelf
	}
	if b.PayGrowth == nil {
		b.PayGrowth = a.PayGrowth
	}
	b.PayMill += a.PayMill
	b.PayBondsOut = b.PayBondsOut || a.PayBondsOut
	b.PayHand = b.PayHand || a.PayHand
	if b.PayReveal == nil {
		b.PayReveal = a.PayReveal
	}
	if b.PayShow == nil {
		b.PayShow = a.PayShow
	}
	if b.PayBanish == nil {
		b.PayBanish = a.PayBanish
	}
	return b
}

var (
	shapeName = lazy(`"[^"]*"`)
	shapeTag  = lazy(`<[^>]*>`)
	shapeNum  = lazy(`[+-]?\d+`)
)

// Shape is a clause with names ("N"), tags (<T>) and numbers (#) replaced.
func Shape(s string) string {
	s = shapeName.ReplaceAllString(s, `"N"`)
	s = shapeTag.ReplaceAllString(s, "<T>")
	return strings.TrimSpace(shapeNum.ReplaceAllString(s, "#"))
}

type span struct {
	start, end int
	text       string
}

// sentences splits text at a period (or the colon of "if you do:")
// followed by a space, outside quotes and parentheses.
func sentences(text string) []span {
	var out []span
	depth, quote, start := 0, false, 0
	flush := func(end int) {
		s := text[start:end]
		t := strings.TrimSpace(s)
		if t != "" {
			off := start + strings.Index(s, t)
			out = append(out, span{off, off + len(t), t})
		}
		start = end
	}
	for i := 0; i < len(text); i++ {
		switch ch := text[i]; ch {
		case '"':
			quote = !quote
		case '(':
			if !quote {
				depth++
			}
		case ')':
			if !quote && depth > 0 {
				depth--
				if depth == 0 && (i+1 == len(text) || text[i+1] == ' ') && strings.HasPrefix(strings.TrimSpace(text[start:]), "(") {
					flush(i + 1)
				}
			}
		case '.', ':':
			if quote || depth > 0 {
				continue
			}
			if l := strings.ToLower(text[start:i]); ch == ':' && !strings.HasSuffix(l, "if you do") && !strings.HasSuffix(l, "if your do") {
				continue
			}
			if i+1 == len(text) || text[i+1] == ' ' || text[i+1] == '(' || strings.HasPrefix(text[i+1:], "This skill ") {
				flush(i + 1) // "... and deploy them.This skill cannot trigger ...": a space missing
			}
		case '\n':
			if !quote && depth == 0 {
				flush(i)
			}
		}
	}
	flush(len(text))
	return out
}

var reLvS = lazy(`\[lvs(\d+)\]`)

// lvs reads a reminder "([LvS4] will only trigger if a total of 4 or more
// cards are in this unit's stack.)": the level skill's condition.
func (c *compiler) lvs(reminder string) {
	if m := reLvS.FindStringSubmatch(reminder); m != nil {
		n, _ := strconv.Atoi(m[1])
		c.level = max(c.level, n)
	}
}

// AtLevel makes effects those of a level skill ([LvSn]: active only while
// n or more cards are in this unit's stack): every effect holds only then.
func AtLevel(es []Effect, n int) []Effect {
	out := make([]Effect, len(es))
	for i, e := range es {
		e.If = and(e.If, &Cond{Stack: n})
		out[i] = e
	}
	return out
}

// Level is the n of a skill name's "[LvSn]" label, or 0.
func Level(name string) int {
	if m := reLvS.FindStringSubmatch(name); m != nil {
		n, _ := strconv.Atoi(m[1])
		return n
	}
	return 0
}

var reOnField = lazy(`^\((?:\|cont\||this skill) (?:is in effect|comes into effect|is only active|is active) (?:only )?(?:as long as|when|while) this card is on the battlefield(?: as a unit)?\.?\)$`)

// reminder reports reminder text in parentheses that restates a rule the
// engine already knows (class change skills, level skills, hand and bond
// skills, growth).
func reminder(s string) bool {
	if !strings.HasPrefix(s, "(") {
		return false // "... gains +30 attack ([CCS] ...)": the sentence strips its reminder
	}
	l := strings.ToLower(s)
	for _, k := range []string{"[ccs]", "[lvs", "|hand|", "|bond|", "growthed", "possess a [ccs]", "pocess a [ccs]", "[fs]", "formation skill"} {
		if strings.Contains(l, k) {
			return true
		}
	}
	// "(|CONT| is in effect as long as this card is on the Battlefield as a
	// unit.)": a permanent skill is a unit's only.
	return reOnField.MatchString(l)
}

// ---- costs

var (
	reOnce      = lazy(`(?i)^once per turn$`)
	reFlip      = lazy(`(?i)^flip ?(\d+)(?: bonds?(?: cards?)?)?(?: face[- ]?down)?$`)
	reFlipOf    = lazy(`^Flip (\d+) ((?:<[^>]+>|"[^"]+"|[A-Z][a-z]+)(?:,? or (?:<[^>]+>|"[^"]+"))*) Bonds?(?: cards?)?(?: face[- ]?down)?$`)
	reTapSelf   = lazy(`(?i)^tap this unit$`)
	reSendHand  = lazy(`^Send (\d+) (.*?)(?:from|in) your hand to (?:the|your) Retreat Area$`)
	reTapOthers = lazy(`^Tap (\d+|an?) (.*)$`)
	reTapNamed  = lazy(`^Tap (?:an? )?allied ((?:"[^"]+"(?:,? and |,? or | )?)+)$`)
	reTapBare   = lazy(`^Tap (\d+|an?) allied ([A-Z][a-z]+)$`)
	reDestroyMe = lazy(`^destroy this unit$`)
	reDestroyN  = lazy(`^(?i:destroy) (\d+|an?|one) (.*)$`)
	reBondsOut  = lazy(`^(?i:send) (\d+|an?|one) (?:of your )?(face-up |face-down )?((?:<[^>]+> |"[^"]+" )?)(?i:bonds?(?: cards?)? to (?:the|your) (retreat|boundless) area)$`)
	reHandOut   = lazy(`^(?i:send (?:all (?:the )?cards in your hand|your entire hand|your whole hand) to (?:the|your) retreat area)$`)
	reGrowth    = lazy(`^Stack (\d+|an?|one) (.+?) from your Retreat Area under this unit to Growth (?:him|her|them|it)$`)
	reBanish    = lazy(`^Send (\d+|an?|one) (.+?) from your Retreat Area to the Boundless Area$`)
	reOrbsUp    = lazy(`^Flip (\d+|one|an?) (?:of your )?Orbs? face[- ]up$`)
	reOrbsOut   = lazy(`^destroy (\d+|one) of your orbs?$`)
	reShowHand  = lazy(`^(?i:reveal) (\d+|an?|one|two|three) (.+?) (?:in|from) your hand$`)
	reMill      = lazy(`^(?i:send the (?:topmost|top) card of your deck to the boundless area)$`)
	reRevealTop = lazy(`^(?i:reveal (\d+|an?|one) (.+?) (?:in|from) your hand and place (?:it|them) on top of your deck|reveal and place (\d+|an?|one) (.+?) from your hand on top of your deck)$`)
)

func (c *compiler) costs(cost string, e *Effect) {
	if strings.TrimSpace(cost) == "" {
		return
	}
	off := 0
	for _, part := range splitCost(cost) {
		p := strings.TrimSpace(part)
		start := off + strings.Index(part, p)
		off += len(part) + 1
		if p == "" {
			continue
		}
		if !c.cost(p, e) {
			c.unread(start, start+len(p), p, true)
		}
	}
}

// splitCost splits a cost at commas and semicolons outside quotes.
func splitCost(s string) []string {
	var out []string
	quote, start := false, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '"':
			quote = !quote
		case ',', ';':
			if !quote {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}

func (c *compiler) cost(p string, e *Effect) bool {
	switch {
	case c.selfCost(p, e):
	case reOnce.MatchString(p):
		e.OncePerTurn = true
	case reFlip.MatchString(p):
		e.Reverse += atoi(reFlip.FindStringSubmatch(p)[1])
	case reFlipOf.MatchString(p):
		m := reFlipOf.FindStringSubmatch(p)
		if Emblems[m[2]] || Colors[m[2]] != "" {
			m[2] = "<" + m[2] + ">" // "Flip 1 Tome Bond"
		}
		f, ok := cardPhrase(m[2] + " card")
		if !ok || e.ReverseOf != nil {
			return false
		}
		e.Reverse += atoi(m[1])
		e.ReverseOf = f
	case reTapSelf.MatchString(p):
		e.Tap = true
	case reSendHand.MatchString(p):
		m := reSendHand.FindStringSubmatch(p)
		f, ok := cardPhrase(strings.TrimSpace(m[2]))
		if !ok {
			return false
		}
		f.Count = atoi(m[1])
		e.PayDiscard = f
	case reDestroyMe.MatchString(p):
		e.DestroySelf = true
	case reGrowth.MatchString(p):
		m := reGrowth.FindStringSubmatch(p)
		f, ok := cardPhrase(m[2])
		if !ok || e.PayGrowth != nil || len(f.Name) == 0 {
			return false
		}
		f.Count = number(m[1])
		e.PayGrowth = f
	case reBanish.MatchString(p):
		m := reBanish.FindStringSubmatch(p)
		f, ok := cardPhrase(m[2])
		if !ok || e.PayBanish != nil {
			return false
		}
		f.Count = number(m[1])
		e.PayBanish = f
	case reOrbsUp.MatchString(p):
		e.PayOrbsUp += number(reOrbsUp.FindStringSubmatch(p)[1])
	case reMill.MatchString(p):
		e.PayMill++
	case reRevealTop.MatchString(p):
		// "Reveal 1 "Sophia" card in your hand and place it on top of your
		// Deck": chosen, shown to both players, then the deck's top card.
		m := reRevealTop.FindStringSubmatch(p)
		words := m[2] + m[4]
		if !strings.HasSuffix(words, "card") && !strings.HasSuffix(words, "cards") {
			words += " card"
		}
		f, ok := cardPhrase(words)
		if !ok || e.PayReveal != nil {
			return false
		}
		f.Count = number(m[1] + m[3])
		e.PayReveal = f
	case reShowHand.MatchString(p) && !reRevealTop.MatchString(p):
		// "Reveal two "Emma" cards in your hand": shown, kept.
		m := reShowHand.FindStringSubmatch(p)
		words := m[2]
		if !strings.HasSuffix(words, "card") && !strings.HasSuffix(words, "cards") {
			words += " card"
		}
		f, ok := cardPhrase(words)
		if !ok || e.PayShow != nil {
			return false
		}
		f.Count = number(m[1])
		if f.Count != 1 {
			return false // two shown: the engine would have to keep which (a card shown stays in the hand)
		}
		e.PayShow = f
	case reOrbsOut.MatchString(p):
		e.PayOrbs = number(reOrbsOut.FindStringSubmatch(p)[1])
	case reBondsOut.MatchString(p):
		m := reBondsOut.FindStringSubmatch(p)
		f := &CardFilter{Count: number(m[1]), FaceUp: m[2] == "face-up ", FaceDown: m[2] == "face-down "}
		if m[3] != "" {
			g, ok := cardPhrase(m[3] + "card")
			if !ok || f.FaceDown {
				return false
			}
			f.Emblem, f.Color, f.Name = g.Emblem, g.Color, g.Name
		}
		e.PayBonds = f
		e.PayBondsOut = strings.EqualFold(m[4], "boundless")
	case reHandOut.MatchString(p):
		e.PayHand = true
	case reDestroyN.MatchString(p):
		m := reDestroyN.FindStringSubmatch(p)
		f, noun, ok := unitWords(m[2])
		if !ok || noun != "ally" || e.PayDestroy != nil {
			return false // without "other", the skill's own unit may pay too
		}
		e.PayDestroy = &Target{Choose: number(m[1]), Side: "ally", Of: f}
	case p == "Tap your Main Character":
		e.PayTap = &Target{Choose: 1, Side: "ally", Of: &UnitFilter{Main: true, Untap: true}}
	case reTapBare.MatchString(p) && !Emblems[reTapBare.FindStringSubmatch(p)[2]] && Colors[reTapBare.FindStringSubmatch(p)[2]] == "":
		// "Tap 3 allied Risen": a unit name printed without quotes.
		m := reTapBare.FindStringSubmatch(p)
		n := 1
		if m[1][0] >= '0' && m[1][0] <= '9' {
			n = atoi(m[1])
		}
		e.PayTap = &Target{Choose: n, Side: "ally", Of: &UnitFilter{Name: []string{m[2]}, Untap: true}}
	case reTapNamed.MatchString(p):
		names := quoted(reTapNamed.FindStringSubmatch(p)[1])
		e.PayTap = &Target{Choose: len(names), Side: "ally", Of: &UnitFilter{Name: names, Untap: true}, All: len(names) > 1}
		if len(names) > 1 || strings.Contains(p, " and ") {
			e.PayTap.Choose = len(names)
		}
	case reTapOthers.MatchString(p):
		m := reTapOthers.FindStringSubmatch(p)
		n := 1
		if m[1][0] >= '0' && m[1][0] <= '9' {
			n = atoi(m[1])
		}
		f, noun, ok := unitWords(m[2])
		if !ok || noun != "ally" {
			return false
		}
		f.Untap = true
		e.PayTap = &Target{Choose: n, Side: "ally", Of: f}
	default:
		return false
	}
	return true
}

// ---- phrases

var reQuoted = lazy(`"([^"]+)"`)

func quoted(s string) []string {
	var out []string
	for _, m := range reQuoted.FindAllStringSubmatch(s, -1) {
		out = append(out, m[1])
	}
	return out
}

var reTagList = lazy(`<([^>]+)>`)

// Colors are the card colors a tag may name (the symbol's color).
var Colors = map[string]string{"Red": "red", "Blue": "blue", "White": "white", "Black": "black", "Green": "green",
	"Purple": "purple", "Yellow": "yellow", "Brown": "brown", "Colorless": "colorless"}

// Emblems are the emblems a tag may name.
var Emblems = map[string]bool{"Male": true, "Female": true, "Sword": true, "Lance": true, "Axe": true, "Bow": true, "Tome": true,
	"Staff": true, "Knife": true, "Fang": true, "Brawl": true, "Dragonstone": true, "Flier": true, "Armored": true, "Beast": true,
	"Dragon": true, "Mirage": true, "Monster": true}

// tags reads "<A>, <B> or <C>" into emblems and colors; false for a tag of
// neither.
func tags(s string) (emb, col []string, ok bool) {
	for _, m := range reTagList.FindAllStringSubmatch(s, -1) {
		t := strings.TrimSpace(m[1])
		switch {
		case Emblems[t]:
			emb = append(emb, t)
		case Colors[t] != "":
			col = append(col, Colors[t])
		default:
			return nil, nil, false
		}
	}
	return emb, col, true
}

var (
	reTagsLead     = lazy(`^((?:<[^>]+>(?:,? or |,? and |, )?)+)\s*`)
	reNotName      = lazy(`^non-((?:"[^"]+"(?:,? or |,? and |, | )?)+)\s*`)
	reNotTag       = lazy(`^non-((?:<[^>]+>(?:,? or |,? and )?)+)\s*`)
	reCostTail     = lazy(`^ ?with (?:a )?Deployment Cost (?:of )?(\d+)(?: or (lower|less|higher|more|greater))?`)
	reAreaTail     = lazy(`^ ?(?:who (?:is|are) |that (?:is|are) )?in (?:the|your|your opponent's) (Front|Back) Line`)
	reAtkTail      = lazy(`^ ?(?:with|who (?:has|have)) (?:(\d+) or (less|lower|more|higher) attack|(\d+) attack or (less|lower|more|higher))`)
	reUntappedTail = lazy(`^ ?(?:who (?:is|are)|that (?:is|are)) untapped`)
	reBothTail     = lazy(`^ ?(?:who|that) (?:is|are) both (?:an? )?(<[^>]+>) and (?:an? )?(<[^>]+>)( and (?:have|has) )?`)
	reSameAreaTail = lazy(`^ ?(?:who (?:is|are) |that (?:is|are) )?in the same area as this unit`)
	reChangedTail  = lazy(`^ ?(?:who|that) (?:is|are|has|have) class changed`)
	reLevelledTail = lazy(`^ ?(?:who|that) (?:is|are|has|have) (?:been )?level(?:l)?ed up`)
	reBattleTail   = lazy(`^ ?(?:who (?:is|are) |that (?:is|are) )?(supported by|being attacked by|attacked by|being attacked|attacking|in combat with|battling)(?: (.+))?$`)
	reSupSkillTail = lazy(`^ ?(?:with|that (?:has|have)|who (?:has|have)) (?:an? )?support skills?`)
	reSupportTail  = lazy(`^ ?(?:with|that (?:has|have)|who (?:has|have)) (?:a support (?:value )?of (\d+)|(\d+) support)`)
	reColoredTail  = lazy(`^ ?(?:with|that (?:has|have)|who (?:has|have)) (?:an? )?(?:colou?r|symbol)s?\b`)
	reColorWord    = lazy(`^(Red|Blue|White|Black|Green|Purple|Yellow|Brown|Colorless) `)
	reNamesLead    = lazy(`^((?:"[^"]+"(?:,? or |,? and |, | )?)+)\s*`)
	reSupHasTail   = lazy(`^ ?(?:with|who (?:has|possesses)) an? support skill`)
	reAtLeastTail  = lazy(`^ ?with at least (\d+) attack`)
	reCostLead     = lazy(`^(?:deployment )?cost (\d+)(?: or (lower|less|higher|more))? `)
)

// unitWords reads a unit phrase without its count: `other non-Main
// Character <Flier> ally in the Back Line with a Deployment Cost of 2 or
// lower`. noun is "ally", "enemy" or "unit".
func unitWords(s string) (*UnitFilter, string, bool) {
	f := &UnitFilter{}
	s = lowerFirst(strings.TrimSpace(s))
	for {
		switch {
		case pre(s, "other "):
			f.Other, s = true, s[6:]
			continue
		case pre(s, "non-main character "):
			f.NonMain, s = true, s[len("non-Main Character "):]
			continue
		case pre(s, "front line ") || pre(s, "back line "):
			f.Area, s = strings.ToLower(s[:strings.Index(s, " ")]), s[len("front line "):]
			continue
		case pre(s, "untapped "):
			f.Untap, s = true, s[len("untapped "):]
			continue
		case pre(s, "class changed "):
			f.Changed, s = true, s[len("class changed "):]
			continue
		case pre(s, "leveled up "):
			f.Levelled, s = true, s[len("leveled up "):]
			continue
		case pre(s, "levelled up "):
			f.Levelled, s = true, s[len("levelled up "):]
			continue
		case pre(s, "tapped "):
			f.Tapped, s = true, s[len("tapped "):]
			continue
		case pre(s, "symbol-less "), pre(s, "colorless "):
			f.Colorless, s = true, s[strings.Index(s, " ")+1:]
			continue
		case reCostLead.MatchString(s):
			// "a Deployment Cost 1 enemy", "a cost 2 or lower ally"
			m := reCostLead.FindStringSubmatch(s)
			costBound(strings.ToLower(m[2]), atoi(m[1]), &f.CostMin, &f.CostMax)
			s = s[len(m[0]):]
			continue
		case reNotName.MatchString(s):
			m := reNotName.FindStringSubmatch(s)
			f.NotName, s = append(f.NotName, quoted(m[1])...), s[len(m[0]):]
			continue
		case reNotTag.MatchString(s):
			m := reNotTag.FindStringSubmatch(s)
			emb, col, ok := tags(m[1])
			if !ok || len(col) > 0 {
				return nil, "", false
			}
			f.NoEmb, s = append(f.NoEmb, emb...), s[len(m[0]):]
			continue
		case reTagsLead.MatchString(s):
			m := reTagsLead.FindStringSubmatch(s)
			emb, col, ok := tags(m[1])
			if !ok {
				return nil, "", false
			}
			f.Emblem, f.Color, s = append(f.Emblem, emb...), append(f.Color, col...), s[len(m[0]):]
			continue
		case reColorWord.MatchString(s):
			// "all White allies": a color printed without its tag
			m := reColorWord.FindStringSubmatch(s)
			f.Color, s = append(f.Color, strings.ToLower(m[1])), s[len(m[0]):]
			continue
		case strings.HasPrefix(s, `"`) && f.Name == nil && reNamesLead.MatchString(s):
			m := reNamesLead.FindStringSubmatch(s)
			f.Name, s = quoted(m[1]), s[len(m[0]):]
			continue
		case pre(s, "allied "):
			s = s[7:]
			m := reNamesLead.FindStringSubmatch(s)
			if m == nil {
				return nil, "", false
			}
			f.Name = quoted(m[1])
			return f, "ally", strings.TrimSpace(s[len(m[0]):]) == ""
		}
		break
	}
	var noun string
	for _, n := range []struct{ w, noun string }{{"allies", "ally"}, {"ally", "ally"}, {"enemies", "enemy"}, {"enemy", "enemy"}, {"units", "unit"}, {"unit", "unit"}} {
		if pre(s, n.w) {
			noun, s = n.noun, s[len(n.w):]
			break
		}
	}
	if noun == "" {
		return nil, "", false
	}
	for s != "" {
		switch {
		case reAreaTail.MatchString(s):
			m := reAreaTail.FindStringSubmatch(s)
			f.Area, s = strings.ToLower(m[1]), s[len(m[0]):]
		case reCostTail.MatchString(s):
			m := reCostTail.FindStringSubmatch(s)
			costBound(m[2], atoi(m[1]), &f.CostMin, &f.CostMax)
			s = s[len(m[0]):]
		case reAtkTail.MatchString(s):
			m := reAtkTail.FindStringSubmatch(s)
			n := atoi(m[1])
			if w := strings.ToLower(m[2] + m[3]); w == "less" || w == "lower" {
				f.AtkMax = &n
			} else {
				f.AtkMin = n
			}
			s = s[len(m[0]):]
		case reUntappedTail.MatchString(s):
			f.Untap, s = true, s[len(reUntappedTail.FindString(s)):]
		case strings.HasPrefix(s, " other than this unit"):
			f.Other, s = true, s[len(" other than this unit"):]
		case reBothTail.MatchString(s) && len(f.Emblem)+len(f.Color) == 0:
			m := reBothTail.FindStringSubmatch(s)
			emb, col, ok := tags(m[1] + m[2])
			if !ok {
				return nil, "", false
			}
			f.Emblem, f.Color, f.AllOf, s = emb, col, true, s[len(m[0]):]
			if m[3] != "" {
				s = " with " + s // "... and have a Deployment Cost of 3 or lower"
			}
		case reBattleTail.MatchString(s) && f.Battle == nil:
			m := reBattleTail.FindStringSubmatch(s)
			b := &InBattle{}
			switch w := strings.ToLower(m[1]); {
			case strings.HasPrefix(w, "supported"):
				cf, ok := cardIs(m[2])
				if !ok || cf.Count > 0 || cf.FaceUp || cf.FaceDown {
					return nil, "", false
				}
				b.By = cf
			default:
				if strings.HasPrefix(w, "attacking") {
					b.Role = "attacking"
				} else if strings.Contains(w, "attacked") {
					b.Role = "defending"
				}
				if m[2] != "" {
					foe, ok := foeWords(m[2])
					if !ok {
						return nil, "", false
					}
					b.Foe = nonZero(foe)
				}
			}
			f.Battle, s = b, ""
		case reSameAreaTail.MatchString(s):
			f.SameArea, s = true, s[len(reSameAreaTail.FindString(s)):]
		case strings.HasPrefix(s, " without a symbol"):
			f.Color, s = append(f.Color, "colorless"), s[len(" without a symbol"):]
		case reSupHasTail.MatchString(s):
			f.SupSkill, s = true, s[len(reSupHasTail.FindString(s)):]
		case reAtLeastTail.MatchString(s):
			m := reAtLeastTail.FindStringSubmatch(s)
			f.AtkMin, s = atoi(m[1]), s[len(m[0]):]
		case reChangedTail.MatchString(s):
			f.Changed, s = true, s[len(reChangedTail.FindString(s)):]
		case reLevelledTail.MatchString(s):
			f.Levelled, s = true, s[len(reLevelledTail.FindString(s)):]
		case reSupSkillTail.MatchString(s):
			f.SupSkill, s = true, s[len(reSupSkillTail.FindString(s)):]
		case reSupportTail.MatchString(s):
			m := reSupportTail.FindStringSubmatch(s)
			f.Support, s = atoi(m[1]+m[2]), s[len(m[0]):]
		case reColoredTail.MatchString(s):
			f.Colored, s = true, s[len(reColoredTail.FindString(s)):]
		default:
			return nil, "", false
		}
	}
	return f, noun, true
}

var (
	reCardTail = lazy(`^ ?with (?:a )?Deployment Cost (?:of )?(\d+)(?: or (lower|less|higher|more|greater))?`)
	reAsMain   = lazy(`^ ?with the same (?:Unit )?Name as your Main Character`)
	reHasCP    = lazy(`^ ?(?:that|which|who) (?:possesses|has) an? \[CP\]`)
	reAsThat   = lazy(`^ ?with the same (?:Unit )?Name as (that ally|that unit|the chosen ally|this unit)`)
)

// cardPhrase reads a card phrase without its count: `non-"Marth" <Red>
// card with a Deployment Cost of 2 or lower`, `"Marth" or "Caeda"`,
// `card with the same Unit Name as your Main Character`.
func cardPhrase(s string) (*CardFilter, bool) {
	f := &CardFilter{}
	s = strings.TrimSpace(s)
	named := false
	for {
		switch {
		case reNotName.MatchString(s):
			m := reNotName.FindStringSubmatch(s)
			f.NotName, s = append(f.NotName, quoted(m[1])...), s[len(m[0]):]
			continue
		case reTagsLead.MatchString(s):
			m := reTagsLead.FindStringSubmatch(s)
			emb, col, ok := tags(m[1])
			if !ok {
				return nil, false
			}
			f.Emblem, f.Color, s = append(f.Emblem, emb...), append(f.Color, col...), s[len(m[0]):]
			continue
		case reNamesLead.MatchString(s) && !named:
			m := reNamesLead.FindStringSubmatch(s)
			f.Name, s, named = quoted(m[1]), s[len(m[0]):], true
			continue
		}
		break
	}
	switch {
	case pre(s, "cards"):
		s = s[5:]
	case pre(s, "card"):
		s = s[4:]
	case named || len(f.Emblem)+len(f.Color) > 0 || len(f.NotName) > 0: // "a <Flier> with a Deployment Cost of 2", `non-"Marth" from`
	default:
		return nil, false
	}
	for s = strings.TrimSpace(s); s != ""; s = strings.TrimSpace(s) {
		switch {
		case reCardTail.MatchString(s):
			m := reCardTail.FindStringSubmatch(s)
			costBound(m[2], atoi(m[1]), &f.CostMin, &f.CostMax)
			s = s[len(m[0]):]
		case reAsMain.MatchString(s):
			f.AsMain, s = true, s[len(reAsMain.FindString(s)):]
		case reSupSkillTail.MatchString(s):
			f.SupSkill, s = true, s[len(reSupSkillTail.FindString(s)):]
		case reSupportTail.MatchString(s):
			m := reSupportTail.FindStringSubmatch(s)
			f.Support, s = atoi(m[1]+m[2]), s[len(m[0]):]
		case reHasCP.MatchString(s):
			f.HandSk, s = true, s[len(reHasCP.FindString(s)):]
		case reBothTail.MatchString(s) && len(f.Emblem)+len(f.Color) == 0:
			m := reBothTail.FindStringSubmatch(s)
			emb, col, ok := tags(m[1] + m[2])
			if !ok {
				return nil, false
			}
			f.Emblem, f.Color, f.AllOf, s = emb, col, true, s[len(m[0]):]
			if m[3] != "" {
				s = "with " + s
			}
		case reAsThat.MatchString(s):
			m := reAsThat.FindStringSubmatch(s)
			f.NameOf = "that"
			if strings.EqualFold(m[1], "this unit") {
				f.NameOf = "this"
			}
			s = s[len(m[0]):]
		default:
			return nil, false
		}
	}
	return f, true
}

// pre reports whether s starts with the lower-case words p, in any case.
func pre(s, p string) bool {
	return len(s) >= len(p) && strings.EqualFold(s[:len(p)], p)
}

// lowerFirst lowers a phrase's first letter ("Enemies in the Back Line").
func lowerFirst(s string) string {
	if s != "" && s[0] >= 'A' && s[0] <= 'Z' {
		return string(s[0]+'a'-'A') + s[1:]
	}
	return s
}

// costBound sets a filter's cost bounds from "cost N or lower" (word:
// lower, less), "or higher" (higher, more, greater) or exactly N.
func costBound(word string, n int, lo *int, hi **int) {
	switch word {
	case "lower", "less":
		*hi = &n
	case "higher", "more", "greater":
		*lo = n
	default:
		*lo, *hi = n, &n
	}
}

func atoi(s string) int {
	n, _ := strconv.Atoi(strings.TrimPrefix(s, "+"))
	return n
}

func and(a, b *Cond) *Cond {
	if a == nil {
		return b
	}
	if b == nil {
		return a
	}
	out := *a
	// Fields are disjoint in practice; b's set fields win: a word, a
	// filter or a count b sets replaces a's, a flag either sets holds, the
	// larger stack holds, and the ally names add up.
	ov, bv := reflect.ValueOf(&out).Elem(), reflect.ValueOf(b).Elem()
	for i := range bv.NumField() {
		f, o := bv.Field(i), ov.Field(i)
		switch {
		case f.Kind() == reflect.Slice:
			o.Set(reflect.AppendSlice(o, f))
		case f.Kind() == reflect.Int:
			o.SetInt(max(o.Int(), f.Int()))
		case !f.IsZero():
			o.Set(f)
		}
	}
	return &out
}

// foeWords reads the unit a unit in battle battles: an enemy's words
// (targetWords), or for an enemy in battle with an ally, "your Main
// Character", "a <Brown> ally".
func foeWords(s string) (*UnitFilter, bool) {
	t := strings.TrimSpace(s)
	if strings.EqualFold(t, "your main character") {
		return &UnitFilter{Main: true}, true
	}
	if l := strings.ToLower(t); strings.HasSuffix(l, " ally") && (strings.HasPrefix(l, "a ") || strings.HasPrefix(l, "an ")) {
		f, noun, ok := unitWords(t[strings.Index(t, " ")+1:])
		return f, ok && noun == "ally"
	}
	return targetWords(s)
}
