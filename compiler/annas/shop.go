package annas

import (
	"fmt"
	"strings"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/engine/annas/table"
)

type shopDoc struct {
	ID      string `yaml:"id"`
	Name    string `yaml:"name"`
	Cost    int8   `yaml:"cost"`
	Type    string `yaml:"type"`
	Copies  *int8  `yaml:"copies"`
	Text    string `yaml:"text"`
	Trigger *struct {
		When   string `yaml:"when"`
		Side   string `yaml:"side"`
		Within int8   `yaml:"within"`
	} `yaml:"trigger"`
	Effects []effectDoc `yaml:"effects"`
}

var shopTypes = map[string]table.ShopType{"item": table.Item, "reaction": table.Reaction, "attachment": table.Attachment}

func (b *builder) shop() {
	for d, s := range compiler.Decoded[shopDoc](b.p, "shop-card", &b.diags, func(d *compiler.Doc) {
		b.rs.ShopCards = append(b.rs.ShopCards, table.ShopCard{ID: d.ID})
	}) {
		what := fmt.Sprintf("shop card %q", s.ID)
		ts := table.ShopCard{ID: s.ID, Name: s.Name, Cost: s.Cost, Type: shopTypes[s.Type], Copies: orDefault(s.Copies, 1), Text: s.Text}
		c := effCtx{what: what, def: table.Activate}
		switch {
		case ts.Type == table.Reaction && s.Trigger == nil:
			b.diags.Add(CodeShopTrigger, d.FieldPos("type"), "%s is a reaction but has no trigger, so it can never be played", what).Hint = "add trigger: {when: would-be-defeated, side: ally}"
		case ts.Type != table.Reaction && s.Trigger != nil:
			b.diags.Add(CodeShopTrigger, d.FieldPos("trigger"), "%s is an %s; only reactions have a trigger", what, s.Type).Hint = "use type: reaction, or drop trigger"
		case s.Trigger != nil:
			ts.Trigger = triggers[s.Trigger.When]
			ts.About = table.Scope{Side: sides[s.Trigger.Side], Within: s.Trigger.Within}
			if !isEvent(ts.Trigger) && ts.Trigger != table.InCombat && ts.Trigger != table.BeforeCombat && ts.Trigger != table.StartOfTurn {
				b.diags.Add(CodeShopTrigger, pos(d, fieldNode(d, "trigger", "when")), "%s: %s is not a moment a reaction can answer", what, s.Trigger.When).Hint = "use an event: would-be-defeated, attacked, defeated, moved, deployed, captured, damaged (or combat, before-combat, start-of-turn)"
			}
			c.fixed, c.about = &ts.Trigger, ts.About
		}
		if ts.Type == table.Attachment {
			c.def = table.Always
		}
		ts.Effects = b.effects(d, c, s.Effects)
		if len(ts.Effects) == 0 {
			b.diags.Add(CodeEffectOp, d.FieldPos("text"), "%s has no effects, so the engine cannot run it", what).Hint = "add effects: in the effect vocabulary (docs/content.md)"
		}
		b.rs.ShopCards = append(b.rs.ShopCards, ts)
	}
}

type vpDoc struct {
	Cards       []at[int8] `yaml:"cards"`
	QuickRemove at[int8]   `yaml:"quick-remove"`
}

func (b *builder) vpDeck() {
	d := b.singleton("vp-deck")
	if d == nil {
		return
	}
	v, ok := compiler.Decode[vpDoc](d, &b.diags)
	if !ok {
		return
	}
	for i, c := range v.Cards {
		if i > 0 && c.V < v.Cards[i-1].V {
			b.diags.Add(CodeVPDeck, pos(d, c.N), "VP deck: card %d (value %d) is smaller than the card before it (%d); the deck is sorted smallest first", i+1, c.V, v.Cards[i-1].V).Hint = "list the nine cards in ascending order: the top of the deck is the smallest"
			break
		}
		b.rs.VPDeck.Cards = append(b.rs.VPDeck.Cards, c.V)
	}
	if int(v.QuickRemove.V) > len(v.Cards) {
		b.diags.Add(CodeVPDeck, pos(d, v.QuickRemove.N), "VP deck: the quick game removes %d cards, but the deck has %d", v.QuickRemove.V, len(v.Cards))
	} else {
		b.rs.VPDeck.QuickRemove = v.QuickRemove.V
	}
}

type modeDoc struct {
	HandSize        int8     `yaml:"hand-size"`
	MulliganMax     int8     `yaml:"mulligan-max"`
	Mulligans       int8     `yaml:"mulligans"`
	Slots           int8     `yaml:"slots"`
	DeploysPerTurn  *int8    `yaml:"deploys-per-turn"`
	MaxLegendary    *int8    `yaml:"max-legendary"`
	MaxGray         *int8    `yaml:"max-gray"`
	DistinctColors  bool     `yaml:"distinct-colors"`
	CoinsPerTurn    int8     `yaml:"coins-per-turn"`
	DVPerTurn       int8     `yaml:"dv-per-turn"`
	DiscardCost     int8     `yaml:"discard-cost"`
	FreeDiscards    int8     `yaml:"free-discards"`
	DiscardsPerTurn int8     `yaml:"discards-per-turn"`
	GrayShiftCost   *int8    `yaml:"gray-shift-cost"`
	RetireCost      *int8    `yaml:"retire-cost"`
	RetireDV        int8     `yaml:"retire-dv"`
	WorkCoins       int8     `yaml:"work-coins"`
	WorkDV          int8     `yaml:"work-dv"`
	CapturesPerTurn int8     `yaml:"captures-per-turn"`
	CaptureVPCards  int8     `yaml:"capture-vp-cards"`
	CaptureDV       int8     `yaml:"capture-dv"`
	VPPerDefeat     int8     `yaml:"vp-per-defeat"`
	VPPerLegendary  int8     `yaml:"vp-per-legendary"`
	DVOnLoss        int8     `yaml:"dv-on-loss"`
	DVOnLaterLoss   int8     `yaml:"dv-on-later-loss"`
	DVOnLegendLoss  *int8    `yaml:"dv-on-legendary-loss"`
	DVTiles         int8     `yaml:"dv-tiles"`
	DVMoveTile      *int8    `yaml:"dv-move-tile"`
	DVBump          *int8    `yaml:"dv-bump"`
	DVHasteDeploy   *int8    `yaml:"dv-haste-deploy"`
	DVMoveUnit      *int8    `yaml:"dv-move-unit"`
	DVMoveSpaces    int8     `yaml:"dv-move-spaces"`
	DVRemoveUnit    *int8    `yaml:"dv-remove-unit"`
	Shop            bool     `yaml:"shop"`
	ShopRow         int8     `yaml:"shop-row"`
	EndAt           string   `yaml:"end-at"`
	Tiebreaks       []string `yaml:"tiebreaks"`
	MaxTurns        int16    `yaml:"max-turns"`
}

type rulesDoc struct {
	Versus   modeDoc    `yaml:"versus"`
	Boss     modeDoc    `yaml:"boss"`
	HasteTag at[string] `yaml:"haste-tag"`
	DVTile   struct {
		Plain at[string] `yaml:"plain"`
		Ruins at[string] `yaml:"ruins"`
	} `yaml:"dv-tile"`
	SecondPlayer *at[string]     `yaml:"second-player-card"`
	BossStart    string          `yaml:"boss-start"`
	BossEvery    map[string]int8 `yaml:"boss-every"`
}

var tiebreaks = map[string]table.Tiebreak{"more-vp-cards": table.TieMoreVPCards, "fewer-lost": table.TieFewerLost, "second-player": table.TieSecondPlayer}

// orDefault returns *p, or def when the field is absent (-1 marks "none").
func orDefault(p *int8, def int8) int8 {
	if p == nil {
		return def
	}
	return *p
}

func modeRules(m modeDoc) table.ModeRules {
	r := table.ModeRules{
		HandSize: m.HandSize, MulliganMax: m.MulliganMax, Mulligans: m.Mulligans, Slots: m.Slots,
		DeploysPerTurn: orDefault(m.DeploysPerTurn, 1), MaxLegendary: orDefault(m.MaxLegendary, 1), MaxGray: orDefault(m.MaxGray, 1),
		DistinctColors: m.DistinctColors, CoinsPerTurn: m.CoinsPerTurn, DVPerTurn: m.DVPerTurn,
		DiscardCost: m.DiscardCost, FreeDiscards: m.FreeDiscards, DiscardsPerTurn: m.DiscardsPerTurn,
		GrayShiftCost: orDefault(m.GrayShiftCost, -1), RetireCost: orDefault(m.RetireCost, -1), RetireDV: m.RetireDV,
		WorkCoins: m.WorkCoins, WorkDV: m.WorkDV, CapturesPerTurn: m.CapturesPerTurn, CaptureVPCards: m.CaptureVPCards, CaptureDV: m.CaptureDV,
		VPPerDefeat: m.VPPerDefeat, VPPerLegendary: m.VPPerLegendary, DVOnLoss: m.DVOnLoss, DVOnLaterLoss: m.DVOnLaterLoss,
		DVOnLegendLoss: orDefault(m.DVOnLegendLoss, m.DVOnLoss),
		DVTiles:        m.DVTiles,
		DVMoveTile:     orDefault(m.DVMoveTile, -1), DVBump: orDefault(m.DVBump, -1), DVHasteDeploy: orDefault(m.DVHasteDeploy, -1),
		DVMoveUnit: orDefault(m.DVMoveUnit, -1), DVMoveSpaces: m.DVMoveSpaces, DVRemoveUnit: orDefault(m.DVRemoveUnit, -1),
		Shop: m.Shop, ShopRow: m.ShopRow, MaxTurns: m.MaxTurns,
	}
	if m.EndAt == "immediately" {
		r.EndAt = table.Immediately
	}
	for _, t := range m.Tiebreaks {
		r.Tiebreaks = append(r.Tiebreaks, tiebreaks[t])
	}
	return r
}

func (b *builder) rules() {
	d := b.singleton("rules")
	if d == nil {
		return
	}
	r, ok := compiler.Decode[rulesDoc](d, &b.diags)
	if !ok {
		return
	}
	rs := &b.rs.Rules
	rs.Versus, rs.Boss = modeRules(r.Versus), modeRules(r.Boss)
	rs.HasteTag = int16(b.ref("tag", d, r.HasteTag, "tag"))
	rs.DVPlain = int16(b.ref("terrain", d, r.DVTile.Plain, "terrain"))
	rs.DVRuins = int16(b.ref("terrain", d, r.DVTile.Ruins, "terrain"))
	if rs.DVRuins >= 0 && !b.rs.Terrain[rs.DVRuins].Impassable {
		b.diags.Add(CodeRules, pos(d, r.DVTile.Ruins.N), "rules: the DV tile's ruins side is %q, which is not impassable", r.DVTile.Ruins.V).Hint = "the rulebook: the Ruins side is untraversable by all units"
	}
	if r.SecondPlayer != nil {
		rs.SecondPlayer = int16(b.ref("shop-card", d, *r.SecondPlayer, "shop card"))
	}
	if r.BossStart != "" {
		t, _ := table.ParseTile(r.BossStart)
		rs.BossStart = t
		if t.File() > 4 || t.Rank() > 4 {
			b.diags.Add(CodeRules, d.FieldPos("boss-start"), "rules: a boss block at %s would leave the board", t).Hint = "the block's south-west square must be in files a-e and ranks 1-5"
		} else {
			// The block covers its rank and the next: a condition on
			// either would end the game before the first turn.
			for _, r := range b.reaches {
				if lo := t.Rank() + 1; int(r.n) == lo || int(r.n) == lo+1 {
					dd := b.diags.Add(CodeEndCond, r.pos, "boss %q: boss-reaches %d already holds at the start: the block at %s covers ranks %d-%d", r.boss, r.n, t, lo, lo+1)
					dd.Related = []diag.Related{{Pos: d.FieldPos("boss-start"), Message: "the boss starts here"}}
					var away []string
					for k := 1; k <= 6; k++ {
						if k != lo && k != lo+1 {
							away = append(away, fmt.Sprint(k))
						}
					}
					dd.Hint = "name a rank the boss must move to: " + strings.Join(away, ", ")
				}
			}
		}
	}
	var missing []string
	for n := 2; n <= 4; n++ {
		v, ok := r.BossEvery[fmt.Sprint(n)]
		if !ok {
			missing = append(missing, fmt.Sprint(n))
		}
		rs.BossEvery[n] = v
	}
	if len(missing) > 0 {
		b.diags.Add(CodeRules, d.FieldPos("boss-every"), "rules: boss-every has no entry for %s players", strings.Join(missing, " and ")).Hint = "boss-every: {2: 1, 3: 1, 4: 2} (the rulebook's turn order)"
	}
	if rs.Versus.HandSize > 0 && rs.Versus.MulliganMax > rs.Versus.HandSize {
		b.diags.Add(CodeRules, pos(d, fieldNode(d, "versus", "mulligan-max")), "rules: the mulligan discards up to %d cards, more than the hand size %d", rs.Versus.MulliganMax, rs.Versus.HandSize)
	}
}
