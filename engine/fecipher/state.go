// Package fecipher is the rules engine of Fire Emblem Cipher: setup, the five
// phases, bonds, deployment, level up and class change, moving, forward march
// and battle, as ../shared/rulebooks/fe-cipher.txt describes them, played
// through the game contract (engine/play): every decision of a player is an
// action of the match, and the whole state, a pending decision included, is
// a position.
package fecipher

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/roundtable-dev/roundtable/engine/fecipher/table"
	"github.com/roundtable-dev/roundtable/engine/play"
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

// Phase is a phase of a turn (Setup before the first).
type Phase uint8

// The five phases, and the setup before the first turn.
const (
	Beginning Phase = iota
	BondPhase
	Deployment
	ActionPhase
	End
	Setup
)

var phaseNames = [...]string{"beginning", "bond", "deployment", "action", "end", "setup"}

func (p Phase) String() string { return phaseNames[p] }

// Unit is a stack of cards on the field; the top card is the unit.
type Unit struct {
	UID          int   // stable within a match: frames refer to units by it
	Stack        []int // card indexes, bottom first
	Area         Area
	Tapped       bool
	Main         bool
	ClassChanged bool
	Grown        bool  // a card was stacked under it by a skill: treated as levelled up, its class change skills usable
	Mods         []Mod // what effects gave it, for a while
	Used         []int // skills used this turn: indexes on its top card, acquired skills by key (skills.go); once per use (up to maxUses times)
	Attacked     bool  // it attacked this turn
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
	DeckID  string
	Deck    []int // Deck[0] is the top
	Hand    []int
	Retreat []int
	Bound   []int // the Boundless Area (face up)
	Orbs    []int
	OrbsUp  int // Orbs[:OrbsUp] are face up (flipped by skills; everyone sees them), the rest face down
	// OrbsSeen: Orbs[OrbsUp:OrbsUp+OrbsSeen] are face down and their owner
	// has looked at them ("choose 1 of your Orbs, and look at it"): the
	// owner sees them, the opponent does not.
	OrbsSeen int
	Support  []int
	Bonds    []Bond
	Field    []*Unit
	Spent    int  // bonds' worth of costs paid this turn
	Bonded   bool // placed a bond this turn
	// Locked are the skill names the player may not use until the end of
	// the turn ("you may not use "N""). Copy on write, as Played.
	Locked []string
	Broken int // orbs broken so far
	Size   int // cards the player owns (derived)
	// Played are the cards that entered play for the player (Played):
	// card indexes in the order they first did, each once. Copy on write:
	// never changed in place, so clones share it.
	Played []int
}

// played records that card c entered play for player p: its main
// character at setup, a card deployed, a card a unit levelled up or class
// changed onto, a card placed as a bond. These are the cards that took part
// in a game for roundtable sim (Match.Participants).
func (g *Game) played(p, c int) {
	pl := g.P[p]
	if !slices.Contains(pl.Played, c) {
		pl.Played = append(slices.Clip(pl.Played), c)
	}
}

// Cards counts every card the player holds anywhere.
func (p *Player) Cards() int {
	n := len(p.Deck) + len(p.Hand) + len(p.Retreat) + len(p.Bound) + len(p.Orbs) + len(p.Support) + len(p.Bonds)
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

// EventData is the detail of an event (play.Event.Data).
type EventData struct {
	Phase  string `json:"phase"`
	Card   string `json:"card,omitempty"`
	Target string `json:"target,omitempty"`
	Detail string `json:"detail,omitempty"`
	// Cards are the cards of an event about several (a draw), as the seat
	// that drew them sees it (play.Event.Hide).
	Cards []string `json:"cards,omitempty"`
}

// Game is the whole state.
type Game struct {
	RS     *table.Ruleset
	P      [2]*Player
	Rng    *rand.Rand
	pcg    *rand.PCG
	Turn   int // turns begun, 1 is the first turn of the game
	Active int
	First  int
	Phase  Phase
	Winner int // -1 while playing or on a draw
	Over   bool
	Reason string
	// Pending holds what is being resolved, innermost last: a battle, a skill,
	// and on top the decision a player must take (see frames.go).
	Pending []*Frame
	NextUID int
	// Last is the last battle resolved (for tests and policies).
	Last *Battle
	// EndQueued says the end phase's auto skills were queued.
	EndQueued bool
	fired     int         // auto skills set off by the current action
	queue     []*Frame    // auto skills set off, not yet on the stack (flush)
	statDepth int         // Stats computing (power conditions read printed values inside)
	acqDepth  int         // a condition of a skill-acquiring effect being checked (skills.go)
	scanDepth int         // permanent skills giving or taking skills away being read (skills.go)
	gameFlags cardFlags   // the flags of every card of the game (inGame), fKnown once read
	gameCards int         // ... read when the players held this many cards
	cflags    []cardFlags // by card: what its skills do to units' skills (skills.go)
	quiet     bool
	events    []play.Event
	// shown are the cards the events of the current action named to every
	// seat from a zone some seat does not see (a deck top a skill
	// revealed, a support card, an orb flipped face up), wherever they
	// went after: public for that action (Hidden reads it). Not part of
	// the position.
	shown []int
}

// Opp returns the other player's index.
func Opp(p int) int { return 1 - p }

// C returns a card.
func (g *Game) C(i int) *table.Card { return &g.RS.Cards[i] }

func (g *Game) emit(p int, kind, card, target, detail string) {
	if g.quiet {
		return
	}
	text := kind
	if p >= 0 {
		text = g.P[p].Name + " " + kind
	}
	if card != "" {
		text += " " + card
	}
	if target != "" {
		text += " -> " + target
	}
	if detail != "" {
		text += " (" + detail + ")"
	}
	g.events = append(g.events, play.Event{Turn: g.Turn, Seat: p, Kind: kind, Text: text,
		Data: EventData{Phase: g.Phase.String(), Card: card, Target: target, Detail: detail}})
}

// NewGame deals a game between two decks: each main character face down in
// the vanguard and six cards; the players then decide, one after the other,
// whether to redraw (the first decisions of the match). After that a random
// first player is chosen and five orbs are placed.
func NewGame(rs *table.Ruleset, decks [2]*table.Deck, names [2]string, seed uint64) (*Game, error) {
	pcg := rand.NewPCG(seed, 0x9e3779b97f4a7c15)
	g := &Game{RS: rs, pcg: pcg, Rng: rand.New(pcg), Winner: -1, Phase: Setup}
	for i, d := range decks {
		p := &Player{Name: names[i], DeckID: d.ID}
		g.P[i] = p
		mainLeft := true
		for _, e := range d.Cards {
			for range e.Count {
				if mainLeft && e.Card == d.Main {
					mainLeft = false
					p.Field = append(p.Field, g.newUnit(int(e.Card), Vanguard))
					p.Field[0].Main = true
					p.Played = []int{int(e.Card)}
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
	for i := range g.P {
		g.drawN(i, HandSize)
		g.emit(i, "setup", g.C(g.P[i].Main().Card()).Name(), "", fmt.Sprintf("main character set; %d cards in hand", len(g.P[i].Hand)))
	}
	g.push(&Frame{Kind: FrameRedraw, Seat: 1})
	g.push(&Frame{Kind: FrameRedraw, Seat: 0})
	return g, nil
}

// Blank is a game with two empty sides (P1 and P2, no main character) in
// P1's deployment phase of turn 3: the start of hand-built rule tests.
func Blank(rs *table.Ruleset) *Game {
	pcg := rand.NewPCG(1, 2)
	g := &Game{RS: rs, pcg: pcg, Rng: rand.New(pcg), Winner: -1, Turn: 3, Phase: Deployment}
	for i := range g.P {
		g.P[i] = &Player{Name: fmt.Sprintf("P%d", i+1)}
	}
	return g
}

// Place puts a card on p's field as a unit (for tests and tools).
func (g *Game) Place(p, card int, area Area) *Unit {
	u := g.newUnit(card, area)
	g.P[p].Field = append(g.P[p].Field, u)
	return u
}

func (g *Game) newUnit(card int, area Area) *Unit {
	g.NextUID++
	return &Unit{UID: g.NextUID, Stack: []int{card}, Area: area}
}

// finishSetup decides the first player and places the orbs, once both hands
// are final ("Once both players have finalized their hands, turn order for
// the game is decided randomly, and they place the top five cards of their
// deck into their orb area").
func (g *Game) finishSetup() {
	g.First = g.Rng.IntN(2)
	g.Active = g.First
	for i, p := range g.P {
		n := min(OrbCount, len(p.Deck))
		p.Orbs = append(p.Orbs, p.Deck[:n]...)
		p.Deck = p.Deck[n:]
		g.emit(i, "orbs", "", "", fmt.Sprintf("%d orbs, %d cards in hand", len(p.Orbs), len(p.Hand)))
	}
	g.emit(g.First, "first", "", "", "goes first")
	g.Phase = Beginning
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
		if g.Phase != Setup {
			// "When you draw a card": queued, put on the stack by the
			// next flush.
			g.playerEvent(table.OnDraw, p, -1)
		}
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

// unit finds a unit on either field by its uid.
func (g *Game) unit(uid int) (*Unit, int) {
	for p, pl := range g.P {
		for _, u := range pl.Field {
			if u.UID == uid {
				return u, p
			}
		}
	}
	return nil, -1
}

// Owner is the seat whose field holds u, or -1.
func (g *Game) Owner(u *Unit) int {
	_, p := g.unit(u.UID)
	return p
}

// maxUses is how many uses of one skill in a turn a unit records: the
// conditions on uses count to two or three.
const maxUses = 9

// use records a use of skill si this turn.
func (u *Unit) use(si int) {
	n := 0
	for _, i := range u.Used {
		if i == si {
			n++
		}
	}
	if n < maxUses {
		u.Used = append(u.Used, si)
	}
}
