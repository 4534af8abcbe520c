package annas

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/engine/annas/table"
)

type cornerDoc struct {
	Color string `yaml:"color"`
	HP    int8   `yaml:"hp"`
}

type endDoc struct {
	Text   string      `yaml:"text"`
	Kind   at[string]  `yaml:"kind"`
	N      int8        `yaml:"n"`
	Summon *at[string] `yaml:"summon"`
}

type summonDoc struct {
	ID      at[string]   `yaml:"id"`
	Name    string       `yaml:"name"`
	Kind    string       `yaml:"kind"`
	Color   string       `yaml:"color"`
	Stats   *statsDoc    `yaml:"stats"`
	Range   []at[int]    `yaml:"range"`
	Mov     int8         `yaml:"mov"`
	Tags    []at[string] `yaml:"tags"`
	Count   int8         `yaml:"count"`
	Text    string       `yaml:"text"`
	Effects []effectDoc  `yaml:"effects"`
}

type bossDoc struct {
	ID      string `yaml:"id"`
	Name    string `yaml:"name"`
	Text    string `yaml:"text"`
	Corners struct {
		NW cornerDoc `yaml:"nw"`
		NE cornerDoc `yaml:"ne"`
		SE cornerDoc `yaml:"se"`
		SW cornerDoc `yaml:"sw"`
	} `yaml:"corners"`
	Lives       map[string]int8 `yaml:"lives"`
	StartOfTurn []effectDoc     `yaml:"start-of-turn"`
	Summons     []summonDoc     `yaml:"summons"`
	Occupied    *struct {
		Rule   string `yaml:"rule"`
		Damage int8   `yaml:"damage"`
		Text   string `yaml:"text"`
	} `yaml:"occupied"`
	Actions []struct {
		Name    string      `yaml:"name"`
		Text    string      `yaml:"text"`
		Effects []effectDoc `yaml:"effects"`
	} `yaml:"actions"`
	Win  []endDoc `yaml:"win"`
	Lose []endDoc `yaml:"lose"`
}

type bossCardDoc struct {
	ID    string       `yaml:"id"`
	Boss  at[string]   `yaml:"boss"`
	Name  string       `yaml:"name"`
	Stats statsDoc     `yaml:"stats"`
	Range []at[int]    `yaml:"range"`
	Tags  []at[string] `yaml:"tags"`
	Text  string       `yaml:"text"`
	// Effects and the mini-map; move keeps its node for key positions.
	Effects []effectDoc           `yaml:"effects"`
	Move    at[map[string]string] `yaml:"move"`
}

var occupiedRules = map[string]table.Occupied{"reroll": table.OccupiedReroll, "nearest": table.OccupiedNearest, "damage": table.OccupiedDamage, "skip": table.OccupiedSkip}

var endKinds = map[string]table.EndKind{"lives-zero": table.EndLivesZero, "summons": table.EndSummons, "boss-turns": table.EndBossTurns, "boss-reaches": table.EndBossReaches, "no-units": table.EndNoUnits}

func (b *builder) bosses() {
	for d, bd := range compiler.Decoded[bossDoc](b.p, "boss", &b.diags, func(d *compiler.Doc) {
		b.rs.Bosses = append(b.rs.Bosses, table.Boss{ID: d.ID})
		b.bossSummons = append(b.bossSummons, nil)
	}) {
		tb := table.Boss{ID: bd.ID, Name: bd.Name, Text: bd.Text}
		for i, c := range []cornerDoc{bd.Corners.NW, bd.Corners.NE, bd.Corners.SE, bd.Corners.SW} {
			tb.Corners[i] = table.Corner{Color: colors[c.Color], HP: c.HP}
		}
		var missing []string
		for n := 2; n <= 4; n++ {
			if v, ok := bd.Lives[strconv.Itoa(n)]; ok {
				tb.Lives[n] = v
			} else {
				missing = append(missing, strconv.Itoa(n))
			}
		}
		if len(missing) > 0 {
			b.diags.Add(CodeBossLives, d.FieldPos("lives"), "boss %q has no lives for %s players", bd.ID, strings.Join(missing, " and ")).Hint = "write lives for every player count: lives: {2: 2, 3: 3, 4: 4}"
		}
		// Summons first: effects may name them.
		var ids []string
		seen := map[string]at[string]{}
		for _, s := range bd.Summons {
			if first, dup := seen[s.ID.V]; dup {
				dd := b.diags.Add(diag.CodeDuplicateID, pos(d, s.ID.N), "boss %q has two summons with id %q", bd.ID, s.ID.V)
				dd.Related = []diag.Related{{Pos: pos(d, first.N), Message: "the first is here"}}
				dd.Hint = "give each summon of a boss its own id"
			} else {
				seen[s.ID.V] = s.ID
			}
			ids = append(ids, s.ID.V)
		}
		if ids == nil {
			ids = []string{}
		}
		what := fmt.Sprintf("boss %q", bd.ID)
		for _, s := range bd.Summons {
			ts := table.Summon{ID: s.ID.V, Name: s.Name, Color: colors[s.Color], Mov: s.Mov, Count: s.Count, Text: s.Text,
				Tags: b.tagSet(d, s.Tags), Range: b.rangeSet(d, fmt.Sprintf("boss %q summon %q", bd.ID, s.ID.V), s.Range)}
			if s.Color == "" {
				ts.Color = table.Gray
			}
			if s.Kind == "minion" {
				ts.Kind = table.Minion
				if s.Stats == nil || len(s.Range) == 0 {
					b.diags.Add(CodeSummon, pos(d, s.ID.N), "boss %q: minion %q needs stats and range; minions fight", bd.ID, s.ID.V).Hint = "add stats: {hp, atk, spd, def} and range: [1]"
				}
			}
			if s.Stats != nil {
				ts.Stats = table.Stats{HP: s.Stats.HP, ATK: s.Stats.ATK, SPD: s.Stats.SPD, DEF: s.Stats.DEF}
			}
			ts.Effects = b.effects(d, effCtx{what: fmt.Sprintf("%s summon %q", what, s.ID.V), def: table.StartOfBossTurn, summons: ids}, s.Effects)
			tb.Summons = append(tb.Summons, ts)
		}
		tb.StartOfTurn = b.effects(d, effCtx{what: what + " start of turn", def: table.StartOfTurn, summons: ids}, bd.StartOfTurn)
		if bd.Occupied != nil {
			tb.Occupied = occupiedRules[bd.Occupied.Rule]
			tb.OccupiedN = bd.Occupied.Damage
			if tb.Occupied == table.OccupiedDamage && tb.OccupiedN == 0 {
				b.diags.Add(CodeSummon, d.FieldPos("occupied"), "boss %q: occupied rule damage needs damage: N", bd.ID)
			}
		} else if len(bd.Summons) > 0 {
			b.diags.Add(CodeSummon, d.FieldPos("summons"), "boss %q summons but does not say what happens when the rolled tile is occupied", bd.ID).Hint = "add occupied: {rule: reroll | nearest | damage | skip, text: ...}"
		}
		for _, a := range bd.Actions {
			tb.Actions = append(tb.Actions, table.BossAction{Name: a.Name, Text: a.Text,
				Effects: b.effects(d, effCtx{what: fmt.Sprintf("%s action %q", what, a.Name), def: table.Activate, summons: ids}, a.Effects)})
		}
		tb.Win = b.ends(d, &tb, ids, bd.Win)
		tb.Lose = b.ends(d, &tb, ids, bd.Lose)
		hasLives := false
		for _, w := range tb.Win {
			hasLives = hasLives || w.Kind == table.EndLivesZero
		}
		if !hasLives {
			// The rulebook: a boss is always beaten by taking its last life.
			tb.Win = append([]table.EndCond{{Kind: table.EndLivesZero, Summon: -1, Text: "Take the boss's last life."}}, tb.Win...)
		}
		b.rs.Bosses = append(b.rs.Bosses, tb)
		b.bossSummons = append(b.bossSummons, ids)
	}
}

func (b *builder) ends(d *compiler.Doc, tb *table.Boss, ids []string, in []endDoc) []table.EndCond {
	boss := tb.ID
	var out []table.EndCond
	for _, e := range in {
		te := table.EndCond{Kind: endKinds[e.Kind.V], N: e.N, Summon: -1, Text: e.Text}
		switch te.Kind {
		case table.EndSummons:
			if e.Summon == nil || e.N == 0 {
				b.diags.Add(CodeEndCond, pos(d, e.Kind.N), "boss %q: a summons condition needs summon: and n:", boss).Hint = "kind: summons, summon: risen, n: 4"
			}
		case table.EndBossTurns:
			if e.N == 0 {
				b.diags.Add(CodeEndCond, pos(d, e.Kind.N), "boss %q: a boss-turns condition needs n: (how many turns)", boss)
			}
		case table.EndBossReaches:
			if e.N < 1 || e.N > 6 {
				b.diags.Add(CodeEndCond, pos(d, e.Kind.N), "boss %q: a boss-reaches condition needs n: a rank 1..6", boss)
			} else {
				b.reaches = append(b.reaches, reachCond{boss: boss, n: e.N, pos: pos(d, e.Kind.N)})
			}
		}
		if e.Summon != nil {
			if te.Kind != table.EndSummons {
				b.diags.Add(CodeEndCond, pos(d, e.Summon.N), "boss %q: summon: only belongs to a summons condition", boss)
			}
			te.Summon = b.summonRef(d, effCtx{what: fmt.Sprintf("boss %q", boss), summons: ids}, *e.Summon)
			// Rulebook VIII, Step 1: out of tokens, the boss can no longer
			// summon them, so more than its count never stand at once.
			if te.Kind == table.EndSummons && te.Summon >= 0 && int(te.Summon) < len(tb.Summons) {
				if sm := tb.Summons[te.Summon]; te.N > sm.Count {
					b.diags.Add(CodeEndCond, pos(d, e.Kind.N), "boss %q: the summons condition needs %d %s but the boss has only %d; it can never hold", boss, te.N, sm.ID, sm.Count).Hint = fmt.Sprintf("use n: %d at most, or raise the summon's count", sm.Count)
				}
			}
		}
		out = append(out, te)
	}
	return out
}

// dieRange parses "1-3" or "5".
func dieRange(s string) (lo, hi int, ok bool) {
	a, bs, isRange := strings.Cut(s, "-")
	lo, err1 := strconv.Atoi(a)
	hi = lo
	var err2 error
	if isRange {
		hi, err2 = strconv.Atoi(bs)
	}
	return lo, hi, err1 == nil && err2 == nil && lo >= 1 && hi <= 6 && lo <= hi
}

func (b *builder) bossCards() {
	for d, c := range compiler.Decoded[bossCardDoc](b.p, "boss-card", &b.diags, func(d *compiler.Doc) {
		b.rs.BossCards = append(b.rs.BossCards, table.BossCard{ID: d.ID, Boss: -1})
	}) {
		what := fmt.Sprintf("boss card %q", c.ID)
		tc := table.BossCard{ID: c.ID, Name: c.Name, Text: c.Text,
			Stats: table.Stats{ATK: c.Stats.ATK, SPD: c.Stats.SPD, DEF: c.Stats.DEF},
			Range: b.rangeSet(d, what, c.Range), Tags: b.tagSet(d, c.Tags)}
		tc.Boss = int16(b.ref("boss", d, c.Boss, "boss"))
		// An unknown boss is reported once; its summons are then unknown too.
		ec := effCtx{what: what, def: table.Activate, summons: []string{}, quiet: tc.Boss < 0}
		if tc.Boss >= 0 && int(tc.Boss) < len(b.bossSummons) && b.bossSummons[tc.Boss] != nil {
			ec.summons = b.bossSummons[tc.Boss]
		}
		tc.Effects = b.effects(d, ec, c.Effects)
		// The mini-map, keys in document order.
		for i := range tc.Move {
			tc.Move[i] = table.NoTile
		}
		covered := [7]string{}
		mn := c.Move.N
		for k := 0; mn != nil && k+1 < len(mn.Content); k += 2 {
			kn, vn := mn.Content[k], mn.Content[k+1]
			lo, hi, okR := dieRange(kn.Value)
			if !okR {
				b.diags.Add(CodeBossDice, pos(d, kn), "%s: %q is not a die range; write 1-6 or a range like 1-3", what, kn.Value)
				continue
			}
			tile, okT := table.ParseTile(vn.Value)
			if okT && (tile.File() > table.BoardSize-2 || tile.Rank() > table.BoardSize-2) {
				b.diags.Add(CodeBossMove, pos(d, vn), "%s: the boss block at %s (its south-west square) would cover %s, off the board", what, tile, table.TileAt(min(tile.File()+1, 5), min(tile.Rank()+1, 5))).Hint = "the block's south-west square must be in files a-e and ranks 1-5"
				okT = false
			}
			for r := lo; r <= hi; r++ {
				if covered[r] != "" {
					b.diags.Add(CodeBossDice, pos(d, kn), "%s: roll %d is covered by both %q and %q", what, r, covered[r], kn.Value).Hint = "each die face 1-6 belongs to exactly one range"
					continue
				}
				covered[r] = kn.Value
				if okT {
					tc.Move[r-1] = tile
				}
			}
		}
		var gaps []string
		for r := 1; r <= 6; r++ {
			if covered[r] == "" {
				gaps = append(gaps, strconv.Itoa(r))
			}
		}
		if len(gaps) > 0 && mn != nil {
			b.diags.Add(CodeBossDice, pos(d, mn), "%s: no destination for roll %s; the ranges must cover 1-6", what, strings.Join(gaps, ", ")).Hint = `e.g. move: {"1-3": c4, "4-6": b2}`
		}
		if tc.Boss >= 0 {
			b.rs.Bosses[tc.Boss].Cards = append(b.rs.Bosses[tc.Boss].Cards, int16(len(b.rs.BossCards)))
		}
		b.rs.BossCards = append(b.rs.BossCards, tc)
	}
	for i, bs := range b.rs.Bosses {
		if len(bs.Cards) == 0 && bs.Name != "" {
			b.diags.Add(CodeBossDeck, b.p.Valid("boss")[i].IDPos(), "boss %q has no boss cards; its deck drives every boss turn", bs.ID).Hint = "add kind: boss-card documents with boss: " + bs.ID
		}
	}
}
