// Package search is a policy that looks ahead, for any game on the contract:
// Monte-Carlo tree search (UCT) with a fixed number of playouts per
// decision, or with a rollout policy that plays well, UCB1 over the root's
// moves only (Flat: a rollout algorithm). Where the match hides something
// from the seat to move (it is a play.Determinizer) the search is
// information-set MCTS (single observer):
// every playout starts from a fresh determinization, and the tree is keyed
// by action texts, which stay the same whatever was redealt. A match that
// is not a Determinizer is searched on clones: the search then sees what a
// clone holds (the state of the random source included), which is fair
// only for games with nothing hidden.
//
// With a rollout policy that plays well (a game's greedy), its move is
// also the search's prior: at the root it counts Prior×√Budget playouts
// more than it had, so the search departs from it only for a move it
// spent clearly more of its playouts on (between moves of equal worth,
// the difference of their playouts grows like √Budget). With few playouts
// on a game of hidden cards or dice, the most visited move is otherwise
// mostly luck (docs/performance.md, "Search against greedy").
//
// The search is deterministic: the same seed, seat and match give the same
// choice. It knows no game.
package search

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/roundtable-dev/roundtable/engine/play"
)

// Config is how hard a search policy thinks.
type Config struct {
	// Budget is the number of playouts per decision (default 200).
	Budget int
	// Explore is the UCT exploration constant for rewards in [0, 1]
	// (default 0.7, about 1/√2).
	Explore float64
	// Rollout plays the playouts (default play.NewRandom).
	Rollout play.PolicyMaker
	// MaxPlayout caps one playout's actions; a playout cut there counts as
	// a draw (default 1000).
	MaxPlayout int
	// Prior is the playouts credited to the rollout policy's move at the
	// root when the search chooses, per √Budget: 2.5 gives it 11 more of
	// 20, 25 of 100, 35 of 200. 0: none, right for random playouts.
	Prior float64
	// Flat searches the root's moves only: below them every playout plays
	// the rollout policy, so a move's value is what it is worth when
	// greedy plays on (a rollout algorithm, which improves on a policy
	// that plays well). A deeper tree also tries random moves at the nodes
	// below; with a few hundred playouts and dozens of moves a node, those
	// pull down the value of whichever move leads to more decisions.
	Flat bool
}

// DefaultPrior is the Prior of a search whose playouts play greedy.
const DefaultPrior = 2.5

// Over is the search of a mode at budget (0: DefaultBudget): its playouts
// play greedy, the mode's one-step policy, greedy's move is its prior
// (DefaultPrior), and it is Flat; without greedy (nil), random playouts,
// no prior and a whole tree.
func Over(greedy play.PolicyMaker, budget int) Config {
	c := Config{Budget: budget, Rollout: greedy}
	if greedy != nil {
		c.Prior, c.Flat = DefaultPrior, true
	}
	return c
}

// DefaultBudget is the playouts per decision of the registered "search".
const DefaultBudget = 200

func (c Config) withDefaults() Config {
	if c.Budget <= 0 {
		c.Budget = DefaultBudget
	}
	if c.Explore <= 0 {
		c.Explore = 0.7
	}
	if c.Rollout == nil {
		c.Rollout = play.NewRandom
	}
	if c.MaxPlayout <= 0 {
		c.MaxPlayout = 1000
	}
	return c
}

// Maker is a play.PolicyMaker for a search with this configuration.
func (c Config) Maker() play.PolicyMaker {
	c = c.withDefaults()
	return func(seed uint64, seat int) play.Policy {
		return &Policy{c: c, seed: seed, seat: seat,
			rng: rand.New(rand.NewPCG(seed, 0x5ea4c4<<8|uint64(seat)))}
	}
}

// Policy is one seat's search. It keeps its tree's memory between
// decisions (not the tree).
type Policy struct {
	c        Config
	seed     uint64
	seat     int
	rng      *rand.Rand
	rollouts []play.Policy
	nodes    []node
	path     []int32
	reward   []float64
	cand     []int
}

// node is a tree node: the state after an action of its parent's mover.
type node struct {
	seat   int     // the seat whose action led here
	action int     // that action's index (perfect information)
	text   string  // its text (information sets)
	visits float64 // playouts through here
	total  float64 // their reward for seat
	avail  float64 // playouts in which the action was legal (information sets)
	kids   []int32 // perfect information: by action index, -1 untried; else in order of expansion
	prior  bool    // the rollout policy's move where it was expanded
}

func (p *Policy) newNode(seat, action int, text string) int32 {
	if len(p.nodes) < cap(p.nodes) {
		p.nodes = p.nodes[:len(p.nodes)+1]
		kids := p.nodes[len(p.nodes)-1].kids[:0]
		p.nodes[len(p.nodes)-1] = node{seat: seat, action: action, text: text, kids: kids}
	} else {
		p.nodes = append(p.nodes, node{seat: seat, action: action, text: text})
	}
	return int32(len(p.nodes) - 1)
}

// Choose implements play.Policy.
func (p *Policy) Choose(m play.Match) int { return p.ChooseContext(context.Background(), m) }

// ChooseContext implements play.ContextPolicy: the search stops its
// playouts when ctx ends and chooses among what it has seen (the first
// legal action when it has seen nothing).
func (p *Policy) ChooseContext(ctx context.Context, m play.Match) int {
	n := m.Legal()
	if n <= 1 {
		return 0
	}
	seats := len(m.Seats())
	if len(p.rollouts) != seats {
		p.rollouts = make([]play.Policy, seats)
		for s := range seats {
			p.rollouts[s] = p.c.Rollout(p.seed^0x726f6c6c, s)
		}
		p.reward = make([]float64, seats)
	}
	det, hidden := m.(play.Determinizer)
	mover := m.ToMove()
	p.nodes = p.nodes[:0]
	root := p.newNode(-1, -1, "")
	for k := range p.c.Budget {
		if k&15 == 0 && ctx.Err() != nil {
			break
		}
		var g play.Match
		if hidden {
			g = det.Determinize(mover, p.rng)
		} else {
			g = m.Clone()
		}
		p.path = append(p.path[:0], root)
		if hidden {
			p.descendInfoSet(g, root)
		} else {
			p.descend(g, root)
		}
		p.playout(g, seats)
		for _, k := range p.path {
			nd := &p.nodes[k]
			nd.visits++
			if nd.seat >= 0 {
				nd.total += p.reward[nd.seat]
			}
		}
	}
	// The most visited action, the rollout policy's counted with its
	// prior; ties go to the better mean, then the first.
	r := &p.nodes[root]
	prior := p.c.Prior * math.Sqrt(float64(p.c.Budget))
	best, bestV, bestMean := -1, -1.0, -1.0
	for _, k := range r.kids {
		if k < 0 {
			continue
		}
		nd := &p.nodes[k]
		mean, v := nd.total/nd.visits, nd.visits
		if nd.prior {
			v += prior
		}
		if v > bestV || v == bestV && mean > bestMean {
			best, bestV, bestMean = int(k), v, mean
		}
	}
	if best < 0 {
		return 0
	}
	if !hidden {
		return p.nodes[best].action
	}
	for i := range n {
		if m.Action(i) == p.nodes[best].text {
			return i
		}
	}
	return 0
}

// descend selects and expands on a perfect-information tree: the actions
// at a node are the same in every playout.
func (p *Policy) descend(g play.Match, cur int32) {
	for !g.Over() {
		n := g.Legal()
		if p.nodes[cur].kids == nil || len(p.nodes[cur].kids) != n {
			kids := p.nodes[cur].kids[:0]
			for range n {
				kids = append(kids, -1)
			}
			p.nodes[cur].kids = kids
		}
		mover := g.ToMove()
		p.cand = p.cand[:0]
		for i, k := range p.nodes[cur].kids {
			if k < 0 {
				p.cand = append(p.cand, i)
			}
		}
		if len(p.cand) > 0 && p.widen(cur, n) {
			i, r := p.pick(g, mover, p.cand)
			k := p.newNode(mover, i, "")
			p.nodes[k].prior = r
			p.nodes[cur].kids[i] = k
			p.path = append(p.path, k)
			p.apply(g, i)
			return
		}
		logN := math.Log(p.nodes[cur].visits)
		best, bestU := 0, math.Inf(-1)
		for i, k := range p.nodes[cur].kids {
			if k < 0 {
				continue // not admitted yet (progressive widening)
			}
			nd := &p.nodes[k]
			u := nd.total/nd.visits + p.c.Explore*math.Sqrt(logN/nd.visits)
			if u > bestU {
				best, bestU = i, u
			}
		}
		cur = p.nodes[cur].kids[best]
		p.path = append(p.path, cur)
		if !p.apply(g, best) || p.c.Flat {
			return
		}
	}
}

// descendInfoSet selects and expands on an information-set tree: children
// are actions by text, and a child is weighed against the playouts in which
// it was legal.
func (p *Policy) descendInfoSet(g play.Match, cur int32) {
	for !g.Over() {
		n := g.Legal()
		mover := g.ToMove()
		p.cand = p.cand[:0]
		best, bestU := -1, math.Inf(-1)
		bestK := int32(-1)
		for i := range n {
			text := g.Action(i)
			k := int32(-1)
			for _, c := range p.nodes[cur].kids {
				if p.nodes[c].text == text {
					k = c
					break
				}
			}
			if k < 0 {
				p.cand = append(p.cand, i)
				continue
			}
			nd := &p.nodes[k]
			nd.avail++
			u := nd.total/nd.visits + p.c.Explore*math.Sqrt(math.Log(nd.avail)/nd.visits)
			if u > bestU {
				best, bestU, bestK = i, u, k
			}
		}
		if len(p.cand) > 0 && (bestK < 0 || p.widen(cur, n)) {
			i, r := p.pick(g, mover, p.cand)
			k := p.newNode(mover, i, g.Action(i))
			p.nodes[k].prior = r
			p.nodes[k].avail = 1
			p.nodes[cur].kids = append(p.nodes[cur].kids, k)
			p.path = append(p.path, k)
			p.apply(g, i)
			return
		}
		cur = bestK
		p.path = append(p.path, cur)
		if !p.apply(g, best) || p.c.Flat {
			return
		}
	}
}

// widen says whether a node may gain a child: progressive widening admits
// 1 + ⌊√visits⌋ children, so that a budget smaller than the number of
// legal actions still compares a few actions over several playouts each
// instead of trying each of many once.
func (p *Policy) widen(cur int32, n int) bool {
	kids := 0
	for _, k := range p.nodes[cur].kids {
		if k >= 0 {
			kids++
		}
	}
	return kids < min(n, 1+int(math.Sqrt(p.nodes[cur].visits)))
}

// pick chooses the action to expand among the untried ones: the rollout
// policy's choice first (greedy's move is the first worth comparing; ok
// says it is that), else one at random.
func (p *Policy) pick(g play.Match, mover int, cand []int) (i int, ok bool) {
	if mover >= 0 && mover < len(p.rollouts) {
		if i := p.rollouts[mover].Choose(g); slices.Contains(cand, i) {
			return i, true
		}
	}
	return cand[p.rng.IntN(len(cand))], false
}

// apply plays action i on a playout's copy; a failure ends the playout.
func (p *Policy) apply(g play.Match, i int) bool {
	if err := g.Apply(i); err != nil {
		return false
	}
	g.Events() // a copy of a match that keeps events drops them
	return true
}

// playout plays g on with the rollout policies and sets p.reward: 1 to
// each winner, 0 to the others; 1/seats to all for a draw, a cut playout
// or a failed action.
func (p *Policy) playout(g play.Match, seats int) {
	ok := true
	for steps := 0; ok && !g.Over() && steps < p.c.MaxPlayout; steps++ {
		s := g.ToMove()
		if s < 0 || s >= seats {
			break
		}
		ok = p.apply(g, p.rollouts[s].Choose(g)) // Apply refuses a bad index
	}
	var winners []int
	if ok && g.Over() {
		winners = g.Result().Winners
	}
	if len(winners) == 0 {
		for s := range p.reward {
			p.reward[s] = 1 / float64(seats)
		}
		return
	}
	for s := range p.reward {
		p.reward[s] = 0
	}
	for _, w := range winners {
		if w >= 0 && w < seats {
			p.reward[w] = 1
		}
	}
}
