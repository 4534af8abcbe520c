package annas

import (
	"slices"
	"testing"

	"github.com/roundtable-dev/roundtable/engine/annas/table"
)

// newBossGame is a fresh boss-mode fixture game at P1's first turn with an
// empty board (the boss block only).
func newBossGame(t *testing.T, boss, players int) *Game {
	t.Helper()
	return newBossGameOf(t, bossFixture(), boss, players)
}

func newBossGameOf(t *testing.T, rs *table.Ruleset, boss, players int) *Game {
	t.Helper()
	g, err := New(rs, Options{Seed: 1, Mode: table.BossMode, Boss: boss, Players: players})
	if err != nil {
		t.Fatal(err)
	}
	clearBoard(g)
	return g
}

// clearBoard takes every unit and summon off the board.
func clearBoard(g *Game) {
	g.Pieces = []*Piece{g.Boss.piece}
}

// bput places a ready unit of card for owner on tile at (test setup only).
func bput(g *Game, card, owner int, at string) *Piece {
	n := int8(0)
	for _, u := range g.Pieces {
		if u.Kind == UnitPiece && int(u.Owner) == owner {
			n++
		}
	}
	q := g.place(int16(card), owner, bt(at))
	q.Slot = n
	return q
}

// putSummon places summon kind of the boss on tile at.
func putSummon(g *Game, kind int, at string) *Piece {
	g.nextID++
	s := &Piece{ID: g.nextID, Kind: SummonPiece, Card: int16(kind), Owner: int8(g.BossSeat()), Slot: -1, Tile: bt(at), Attached: -1}
	g.Pieces = append(g.Pieces, s)
	return s
}

// summonsOf are the summons on the board.
func summonsOf(g *Game) []*Piece {
	var out []*Piece
	for _, q := range g.Pieces {
		if q.Kind == SummonPiece {
			out = append(out, q)
		}
	}
	return out
}

// unitsOf are the units on the board.
func unitsOf(g *Game) []*Piece { return g.unitPieces() }

// setCard makes the boss card id the current card (top of the deck).
func setCard(t *testing.T, g *Game, id string) {
	t.Helper()
	b := g.Boss
	i := slices.IndexFunc(b.Deck, func(c int16) bool { return g.Rules.BossCards[c].ID == id })
	if i < 0 {
		t.Fatalf("card %s not in the deck", id)
	}
	c := b.Deck[i]
	b.Deck = append(slices.Delete(b.Deck, i, i+1), c)
}

// bossStats are the boss's ATK, SPD and DEF now: the current card's, plus
// its lasting mods.
func bossStats(g *Game) table.Mods {
	st := g.card().Stats
	m := table.Mods{ATK: st.ATK, SPD: st.SPD, DEF: st.DEF}
	for _, x := range g.Boss.piece.Mods {
		addMods(&m, x.Mods)
	}
	return m
}

// blegal returns the one legal action matching ok, failing otherwise.
func blegal(t *testing.T, g *Game, ok func(Action) bool) Action {
	t.Helper()
	var found []Action
	for _, a := range g.LegalActions() {
		if ok(a) {
			found = append(found, a)
		}
	}
	if len(found) != 1 {
		var texts []string
		for _, a := range found {
			texts = append(texts, g.Text(a))
		}
		t.Fatalf("want 1 matching legal action, got %d: %v", len(found), texts)
	}
	return found[0]
}

// bact matches an activation of the unit on from that stays put.
func bact(from string, do Do, target string) func(Action) bool {
	return func(a Action) bool {
		tt := NoTile
		if target != "" {
			tt = bt(target)
		}
		return a.Kind == Activate && a.From == bt(from) && a.To == bt(from) && a.Do == do && a.Target == tt
	}
}

// settle answers every pending decision with the engine's own pick (the
// co-op choices the built-in players make).
func settle(t *testing.T, g *Game) {
	t.Helper()
	for n := 0; g.pending != nil; n++ {
		if n > 100 {
			t.Fatal("decisions do not end")
		}
		d := g.pending
		apply(t, g, d.options[d.best])
	}
}

// act applies a and then settles the decisions it brings.
func actSettled(t *testing.T, g *Game, a Action) {
	t.Helper()
	apply(t, g, a)
	settle(t, g)
}

// stepSettled runs a rules step as an action and settles its decisions.
func stepSettled(t *testing.T, g *Game, fn func()) {
	t.Helper()
	g.step(fn)
	settle(t, g)
}

// options are the texts of the pending decision's options.
func options(g *Game) []string {
	var out []string
	if g.pending == nil {
		return nil
	}
	for _, a := range g.pending.options {
		out = append(out, g.Text(a))
	}
	return out
}

// choose answers the pending decision with the option written text.
func choose(t *testing.T, g *Game, text string) {
	t.Helper()
	if g.pending == nil {
		t.Fatalf("no decision pending to answer %q", text)
	}
	for _, a := range g.pending.options {
		if g.Text(a) == text {
			apply(t, g, a)
			return
		}
	}
	t.Fatalf("%q is not an option of the %s decision: %v", text, g.pending.kind, options(g))
}

// isBossTurn reports whether the current turn is the boss's.
func isBossTurn(g *Game) bool { return g.Current == g.BossSeat() }

func unitID(g *Game, id string) int { return g.Rules.UnitIndex(id) }

// reachOf is every tile u may end a move on, its own included.
func reachOf(g *Game, u *Piece) TileSet {
	terr := g.TerrainNow()
	f := g.field(int(u.Owner), &terr)
	return f.Reach(u.Tile, g.Mov(u), g.Tags(u))
}
