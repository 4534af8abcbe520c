package annas

import (
	"testing"

	"github.com/roundtable-dev/roundtable/engine/annas/table"

	annasgen "github.com/roundtable-dev/roundtable/generated/annas"
)

// The base content's Dark Advance (Medeus): each enemy unit next to the
// boss has -2 MOV until the boss's next turn, through its owner's turn
// (rulebook VIII clarifications: "until your next turn" spans the other
// players' turns). It used to exhaust them, which did nothing in co-op:
// every player readies their units at the start of their own turn.
func TestDarkAdvanceSlowsUntilNextBossTurn(t *testing.T) {
	rs := annasgen.Ruleset
	g, err := New(rs, Options{Seed: 1, Mode: table.BossMode, Boss: rs.BossIndex("medeus"), Players: 2})
	if err != nil {
		t.Fatal(err)
	}
	clearBoard(g)
	setCard(t, g, "medeus-advance")
	near := bput(g, rs.UnitIndex("chrom"), 0, "b3")    // next to the block at c3-d4
	far := bput(g, rs.UnitIndex("frederick"), 1, "a1") // not
	mov, farMov := g.Mov(near), g.Mov(far)
	stepSettled(t, g, g.flip)
	if g.Mov(near) != mov-2 || g.Mov(far) != farMov {
		t.Fatalf("after Dark Advance: MOV %d and %d, want %d and %d", g.Mov(near), g.Mov(far), mov-2, farMov)
	}
	stepSettled(t, g, func() { g.startTurn(0) })
	if g.Mov(near) != mov-2 {
		t.Errorf("on its owner's turn: MOV %d, want %d", g.Mov(near), mov-2)
	}
	g.dropNextTurn(g.BossSeat()) // the boss's next turn starts
	if g.Mov(near) != mov {
		t.Errorf("at the boss's next turn: MOV %d, want %d back", g.Mov(near), mov)
	}
}
