// Package fecipher is the rules engine of Fire Emblem Cipher: setup, the five
// phases, bonds, deployment, level up and class change, moving, forward march
// and battle, as ../shared/rulebooks/fe-cipher.txt describes them. Skills of
// the base set run from the compiled effect vocabulary; other skills are text.
package fecipher

import (
	"fmt"
	"math/rand/v2"

	"github.com/roundtable-dev/roundtable/engine/fecipher/table"
)

// Rulebook numbers.
const (
	HandSize  = 6 // "both players draw a hand of six cards"
	OrbCount  = 5 // "place the top five cards of their deck into their orb area"
	TurnLimit = 400
)

// Area is where a unit stands.
type Area uint8

// Areas of the field.
const (
	Vanguard Area = iota
	Rearguard
)

func (a Area) String() string {
	if a == Rearguard {
		return "rearguard"
	}
	return "vanguard"
}

// Phase is a phase of a turn.
type Phase uint8

// The five phases.
const (
	Beginning Phase = iota
	BondPhase
	Deployment
	ActionPhase
	End
)

var phaseNames = [...]string{"beginning", "bond", "deployment", "action", "end"}

func (p Phase) String() string { return phaseNames[p] }

// Unit is a stack of cards on the field; the top card is the unit.
type Unit struct {
	Stack        []int // card indexes, bottom first
	Area         Area
	Tapped       bool
	Main         bool
	ClassChanged bool
	Bonus        int16 // attack until the end of the turn
}

// Card returns the unit's top card index.
func (u *Unit) Card() int { return u.Stack[len(u.Stack)-1] }

// Bond is a card in the bond area.
type Bond struct {
	Card     int
	Reversed bool // face down: counts, but has no symbol
}

// Player is one side.
type Player struct {
	Name    string
	Deck    []int // Deck[0] is the top
	Hand    []int
	Retreat []int
	Orbs    []int
	Support []int
	Bonds   []Bond
	Field   []*Unit
	Spent   int  // bonds' worth of costs paid this turn
	Bonded  bool // placed a bond this turn
	Size    int  // cards the player owns: the deck list's size
}

// Cards counts every card the player holds anywhere.
func (p *Player) Cards() int {
	n := len(p.Deck) + len(p.Hand) + len(p.Retreat) + len(p.Orbs) + len(p.Support) + len(p.Bonds)
	for _, u := range p.Field {
		n += len(u.Stack)
	}
	return n
}

// Main returns the player's main character.
func (p *Player) Main() *Unit {
	for _, u := range p.Field {
		if u.Main {
			return u
		}
	}
	return nil
}

// Event is one line of the game log.
type Event struct {
	Turn   int    `json:"turn"`
	Player string `json:"player"`
	Phase  string `json:"phase"`
	Action string `json:"action"`
	Card   string `json:"card,omitempty"`
	Target string `json:"target,omitempty"`
	Detail string `json:"detail,omitempty"`
}

// Game is the whole state.
type Game struct {
	RS      *table.Ruleset
	P       [2]*Player
	Pol     [2]Policy
	Rng     *rand.Rand
	Turn    int // turns begun, 1 is the first turn of the game
	Active  int
	First   int
	Phase   Phase
	Winner  int // -1 while playing or on a draw
	Over    bool
	Reason  string
	Log     func(Event)
	OrbLoss [2]int // orbs broken, for the invariants
}

// Opp returns the other player's index.
func Opp(p int) int { return 1 - p }

// C returns a card.
func (g *Game) C(i int) *table.Card { return &g.RS.Cards[i] }

func (g *Game) emit(p int, action, card, target, detail string) {
	if g.Log == nil {
		return
	}
	name := ""
	if p >= 0 {
		name = g.P[p].Name
	}
	g.Log(Event{Turn: g.Turn, Player: name, Phase: g.Phase.String(), Action: action, Card: card, Target: target, Detail: detail})
}

// New deals a game between two decks: each main character face down in the
// vanguard, six cards, one chance to redraw the whole hand, a random first
// player, five orbs.
func New(rs *table.Ruleset, decks [2]*table.Deck, names [2]string, pols [2]Policy, seed int64, log func(Event)) (*Game, error) {
	g := &Game{RS: rs, Pol: pols, Rng: rand.New(rand.NewPCG(uint64(seed), 0x9e3779b97f4a7c15)), Winner: -1, Log: log}
	for i, d := range decks {
		p := &Player{Name: names[i]}
		g.P[i] = p
		mainLeft := true
		for _, e := range d.Cards {
			for range e.Count {
				if mainLeft && e.Card == d.Main {
					mainLeft = false
					p.Field = append(p.Field, &Unit{Stack: []int{int(e.Card)}, Main: true})
					continue
				}
				p.Deck = append(p.Deck, int(e.Card))
			}
		}
		if mainLeft {
			return nil, fmt.Errorf("deck %s: its main character is not in it", d.ID)
		}
		p.Size = p.Cards()
		g.shuffle(p.Deck)
	}
	for i, p := range g.P {
		g.drawN(i, HandSize)
		if pols[i] != nil && pols[i].Redraw(g, i) {
			p.Deck = append(p.Deck, p.Hand...)
			p.Hand = nil
			g.shuffle(p.Deck)
			g.drawN(i, HandSize)
			g.emit(i, "redraw", "", "", fmt.Sprintf("%d cards", HandSize))
		}
	}
	g.First = g.Rng.IntN(2)
	g.Active = g.First
	for i, p := range g.P {
		n := min(OrbCount, len(p.Deck))
		p.Orbs = append(p.Orbs, p.Deck[:n]...)
		p.Deck = p.Deck[n:]
		g.emit(i, "setup", g.C(p.Main().Card()).Name(), "", fmt.Sprintf("main character revealed; %d orbs, %d cards in hand", len(p.Orbs), len(p.Hand)))
	}
	g.emit(g.First, "first", "", "", "goes first")
	return g, nil
}

func (g *Game) shuffle(s []int) {
	g.Rng.Shuffle(len(s), func(i, j int) { s[i], s[j] = s[j], s[i] })
}

// draw moves the top card of the deck to the hand. An empty deck is not a
// loss: the retreat area is shuffled into it first.
func (g *Game) draw(p int) bool {
	c, ok := g.top(p)
	if ok {
		g.P[p].Hand = append(g.P[p].Hand, c)
	}
	return ok
}

func (g *Game) drawN(p, n int) {
	for range n {
		g.draw(p)
	}
}

// top takes the top card of the deck, reshuffling the retreat area into an
// empty deck ("there is no deck out").
func (g *Game) top(p int) (int, bool) {
	pl := g.P[p]
	if len(pl.Deck) == 0 {
		if len(pl.Retreat) == 0 {
			return 0, false
		}
		pl.Deck, pl.Retreat = pl.Retreat, nil
		g.shuffle(pl.Deck)
		g.emit(p, "reshuffle", "", "", fmt.Sprintf("retreat area shuffled into the deck: %d cards", len(pl.Deck)))
	}
	c := pl.Deck[0]
	pl.Deck = pl.Deck[1:]
	return c, true
}
