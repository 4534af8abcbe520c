package play

import (
	"context"
	"math/rand/v2"
)

// Policy chooses an action for the seat to move: an index into the match's
// legal actions.
type Policy interface {
	Choose(m Match) int
}

// PolicyMaker makes a policy for one seat. Policies that draw random
// numbers seed their own source from seed and seat, so that a match is the
// same whatever else runs beside it.
type PolicyMaker func(seed uint64, seat int) Policy

// NewRand is the random source a policy of seat uses for seed.
func NewRand(seed uint64, seat int) *rand.Rand {
	return rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15*uint64(seat+1)))
}

// Random picks uniformly among the legal actions.
type Random struct{ rng *rand.Rand }

// NewRandom is a PolicyMaker for Random.
func NewRandom(seed uint64, seat int) Policy { return &Random{rng: NewRand(seed, seat)} }

// Choose implements Policy.
func (r *Random) Choose(m Match) int { return r.rng.IntN(m.Legal()) }

// FuncPolicy adapts a function to Policy.
type FuncPolicy func(m Match) int

// Choose implements Policy.
func (f FuncPolicy) Choose(m Match) int { return f(m) }

// ContextPolicy is a policy that can stop thinking early: a search stops
// its playouts once ctx ends and answers with what it found so far.
type ContextPolicy interface {
	ChooseContext(ctx context.Context, m Match) int
}

// ChooseContext is p's choice for m, stopped early when ctx ends where p
// is a ContextPolicy.
func ChooseContext(ctx context.Context, p Policy, m Match) int {
	if cp, ok := p.(ContextPolicy); ok {
		return cp.ChooseContext(ctx, m)
	}
	return p.Choose(m)
}
