package tropera

import (
	"math/rand/v2"
	"slices"

	"github.com/roundtable-dev/roundtable/engine/play"
)

// Participants implements play.Participants for roundtable sim: each
// side's characters in the battle, the party's and the enemies' (an enemy
// character fielded twice, as numbers 1 and 2, is listed once). Every unit
// of a battle is on its roster from the start, so a character's win rate
// is its side's in the battles it is in; a sim over battles compares them.
func (b *Battle) Participants() [][]string {
	out := [][]string{{}, {}}
	for _, u := range b.Units {
		if !slices.Contains(out[u.Side], u.Char.ID) {
			out[u.Side] = append(out[u.Side], u.Char.ID)
		}
	}
	return out
}

// Determinize implements play.Determinizer: a battle hides nothing on the
// map (units, stats, weapons and their uses, statuses and terrain are in
// plain view), only the GM's dice to come (attack rolls, the rulebook's
// "The DM then rolls a d100"). The copy has a random source drawn from
// rng, so a search cannot know whether its next attack hits. The contents
// of houses not yet searched are the battle's (the GM's notes) and are
// kept: the party's view does not hold them (BattleView), but there is
// nothing to redraw them from, so the party seat's search may count on
// them.
func (b *Battle) Determinize(seat int, rng *rand.Rand) play.Match {
	c := b.clone()
	*c.dice.pcg = *rand.NewPCG(rng.Uint64(), rng.Uint64())
	return c
}

// Participants implements play.Participants: the character levelling up.
func (l *Leveling) Participants() [][]string { return [][]string{{l.c.ID}} }

// Determinize implements play.Determinizer: what is hidden is the GM's
// d20s to come (the rolls of the level-up in progress are in view); the
// copy has a random source drawn from rng.
func (l *Leveling) Determinize(seat int, rng *rand.Rand) play.Match {
	c := l.Clone().(*Leveling)
	*c.dice.pcg = *rand.NewPCG(rng.Uint64(), rng.Uint64())
	return c
}
