package annas

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/roundtable-dev/roundtable/engine/annas/table"
	annasgen "github.com/roundtable-dev/roundtable/generated/annas"
)

// modesGame is a game of mode on the base content, at P1's turn, with an
// empty board but the boss, whose chrom (P1, on c2) has the assist skill
// es, next to P1's robin (d2); the enemy on b1 is P2's lucina in versus
// and a Risen in Boss Mode (the boss block stands on c3-d4, away from
// all three).
func modesGame(t *testing.T, mode table.Mode, es []table.Effect) (g *Game, src, ally, enemy *Piece) {
	t.Helper()
	base := annasgen.Ruleset
	rs := *base
	rs.Skills = append(slices.Clone(base.Skills), table.Skill{Name: "Test", Kind: table.SkillAssist, Effects: es})
	rs.Units = slices.Clone(base.Units)
	chrom := rs.UnitIndex("chrom")
	rs.Units[chrom].Skill = int16(len(rs.Skills) - 1)
	var err error
	if mode == table.BossMode {
		g, err = New(&rs, Options{Seed: 1, Mode: table.BossMode, Boss: rs.BossIndex("grima"), Players: 2})
	} else {
		g, err = New(&rs, Options{Seed: 1})
	}
	if err != nil {
		t.Fatal(err)
	}
	for g.Phase == PhaseMulligan {
		apply(t, g, act(Mulligan, g.Mulligan))
	}
	g.Pieces = slices.DeleteFunc(g.Pieces, func(q *Piece) bool { return q.Kind != BossPiece })
	src = g.place(int16(chrom), 0, bt("c2"))
	ally = g.place(int16(rs.UnitIndex("robin")), 0, bt("d2"))
	src.Slot, ally.Slot = 0, 1
	if mode == table.BossMode {
		enemy = putSummon(g, slices.IndexFunc(g.Boss.def.Summons, func(s table.Summon) bool { return s.ID == "risen" }), "b1")
	} else {
		enemy = g.place(int16(rs.UnitIndex("lucina")), 1, bt("b1"))
		enemy.Slot = 0
	}
	return g, src, ally, enemy
}

// TestEffectsInBothModes runs the same effect cases through the one
// interpreter in versus and in Boss Mode: an assist of chrom's with one
// effect, used as an action (with the target and destination the action
// names), then the state. Where the rulebook makes the modes differ, the
// case says so (coins: VIII, Clarifications, "a single DV").
func TestEffectsInBothModes(t *testing.T) {
	one := func(side table.Side, within int8) table.Target {
		return table.Target{Kind: table.TargetOne, Side: side, Within: within, Tag: -1}
	}
	self := table.Target{Kind: table.TargetSelf, Tag: -1}
	player := table.Target{Kind: table.TargetPlayer, Tag: -1}
	eff := func(t table.Target, op table.Op, n int8) table.Effect {
		return table.Effect{When: table.Activate, Target: t, Op: op, N: n, Tag: -1, Summon: -1}
	}
	withMods := func(e table.Effect, m table.Mods, d table.Duration) table.Effect {
		e.Mods, e.Duration = m, d
		return e
	}
	withTag := func(e table.Effect, tag string) table.Effect {
		e.Tag, e.Duration = int16(annasgen.Ruleset.TagIndex(tag)), table.ForTurn
		return e
	}
	straight := func(e table.Effect) table.Effect { e.Straight = true; return e }
	type state struct {
		g                *Game
		src, ally, enemy *Piece
		dv, coins, hand  int
	}
	cases := []struct {
		name   string
		e      table.Effect
		action string // the assist's words after "activate chrom c2 c2 assist test" (ENEMY: the enemy's id)
		setup  func(s *state)
		check  func(s *state, mode table.Mode) string
	}{
		{"heal an ally", eff(one(table.SideAlly, 1), table.OpHeal, 3), "robin d2", func(s *state) { s.ally.Damage = 4 },
			func(s *state, _ table.Mode) string {
				return want(s.ally.Damage == 1, "robin damage %d, want 1", s.ally.Damage)
			}},
		{"modify an ally for the turn", withMods(eff(one(table.SideAlly, 1), table.OpModify, 0), table.Mods{DEF: 2}, table.ForTurn), "robin d2", nil,
			func(s *state, _ table.Mode) string {
				return want(len(s.ally.Mods) == 1 && s.ally.Mods[0].DEF == 2 && s.ally.Mods[0].Expiry == UntilTurnEnd, "robin mods %v", s.ally.Mods)
			}},
		{"damage an enemy", eff(one(table.SideEnemy, 2), table.OpDamage, 2), "ENEMY b1", nil,
			func(s *state, _ table.Mode) string {
				return want(s.enemy.Damage == 2, "enemy damage %d, want 2", s.enemy.Damage)
			}},
		{"push an ally", eff(one(table.SideAlly, 1), table.OpPush, 1), "robin d2", nil,
			func(s *state, _ table.Mode) string {
				return want(s.ally.Tile == bt("e2"), "robin on %s, want e2", s.ally.Tile)
			}},
		{"move itself", straight(eff(self, table.OpMove, 2)), "to c1", nil,
			func(s *state, _ table.Mode) string {
				return want(s.src.Tile == bt("c1"), "chrom on %s, want c1", s.src.Tile)
			}},
		{"swap with an ally", eff(one(table.SideAlly, 1), table.OpSwap, 0), "robin d2", nil,
			func(s *state, _ table.Mode) string {
				return want(s.src.Tile == bt("d2") && s.ally.Tile == bt("c2"), "chrom on %s, robin on %s", s.src.Tile, s.ally.Tile)
			}},
		{"reposition an ally", eff(one(table.SideAlly, 1), table.OpReposition, 0), "robin d2 to c1", nil,
			func(s *state, _ table.Mode) string {
				return want(s.ally.Tile == bt("c1"), "robin on %s, want c1", s.ally.Tile)
			}},
		{"ready an ally", eff(one(table.SideAlly, 1), table.OpReady, 0), "robin d2", func(s *state) { s.ally.Exhausted = true },
			func(s *state, _ table.Mode) string {
				return want(!s.ally.Exhausted && s.g.Guest == 0, "robin exhausted %v guest %d", s.ally.Exhausted, s.g.Guest)
			}},
		{"grant itself a tag", withTag(eff(self, table.OpGrant, 0), "flying"), "", nil,
			func(s *state, _ table.Mode) string {
				return want(s.g.Tags(s.src).Has(annasgen.Ruleset.TagIndex("flying")), "chrom's tags %b lack flying", s.g.Tags(s.src))
			}},
		{"gain DV", eff(player, table.OpDV, 1), "", nil,
			func(s *state, _ table.Mode) string {
				return want(s.g.Players[0].DV == s.dv+1, "DV %d, want %d", s.g.Players[0].DV, s.dv+1)
			}},
		{"draw a card", eff(player, table.OpDraw, 1), "", nil,
			func(s *state, _ table.Mode) string {
				return want(len(s.g.Players[0].Hand) == s.hand+1, "hand %d, want %d", len(s.g.Players[0].Hand), s.hand+1)
			}},
		{"gain coins", eff(player, table.OpCoins, 2), "", nil,
			func(s *state, mode table.Mode) string {
				if mode == table.BossMode { // rulebook VIII, Clarifications: a single DV
					return want(s.g.Players[0].DV == s.dv+1 && s.g.Players[0].Coins == s.coins, "DV %d coins %d, want DV %d", s.g.Players[0].DV, s.g.Players[0].Coins, s.dv+1)
				}
				return want(s.g.Players[0].Coins == s.coins+2, "coins %d, want %d", s.g.Players[0].Coins, s.coins+2)
			}},
	}
	for _, c := range cases {
		for _, mode := range []table.Mode{table.Versus, table.BossMode} {
			name := c.name + "/" + modeName(mode)
			g, src, ally, enemy := modesGame(t, mode, []table.Effect{c.e})
			s := &state{g: g, src: src, ally: ally, enemy: enemy, dv: g.Players[0].DV, coins: g.Players[0].Coins, hand: len(g.Players[0].Hand)}
			if c.setup != nil {
				c.setup(s)
			}
			text := "activate chrom c2 c2 assist test"
			if c.action != "" {
				text += " " + strings.ReplaceAll(c.action, "ENEMY", g.pieceName(enemy))
			}
			var found bool
			for _, a := range g.LegalActions() {
				if g.Text(a) == text {
					apply(t, g, a)
					found = true
					break
				}
			}
			if !found {
				var as []string
				for _, a := range g.LegalActions() {
					if a.Kind == Activate && a.From == src.Tile && a.To == src.Tile && a.Do == AssistDo {
						as = append(as, g.Text(a))
					}
				}
				t.Errorf("%s: %q is not legal; the assists offered: %v", name, text, as)
				continue
			}
			settle(t, g)
			if msg := c.check(s, mode); msg != "" {
				t.Errorf("%s: %s", name, msg)
			}
		}
	}
}

// want is "" when ok, else the message.
func want(ok bool, format string, args ...any) string {
	if ok {
		return ""
	}
	return fmt.Sprintf(format, args...)
}
