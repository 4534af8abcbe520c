package annas

import (
	"fmt"
	"slices"

	"github.com/roundtable-dev/roundtable/engine/play"
)

// Hidden is what seat may not see in the true state of m (the live state:
// a pending decision's board as it stands), for the tests that hold every
// answer to a seat to it (engine/play/playtest.Views, the studio's play
// leak test): the unit cards in the deck and in the other players' hands,
// the shop cards in the shop deck, the boss cards under the current one,
// each unless the seat sees a card of that id (shop cards have copies; a
// unit's id stays in view in its player's deployed list), and the random
// source's state as the position writes it. m is a *Match or wraps one
// (play.Wrapper).
//
// A card seat saw at the previous decision may be named by the events
// since, wherever it went (a boss card flipped when the boss deck is
// remade from the discards); so may a card a discard showed face up (a
// discard whose draw back up remakes the unit deck from the pile). Such
// cards are left out for that decision: it is the next one that holds them
// to being hidden. Each call of Hidden is a new record of what was seen:
// use one per match, asked at every decision of the seats it is asked for.
func Hidden() func(m play.Match, seat int) []string {
	var (
		game *Game
		prev map[int]map[string]bool
		logs map[int]int
	)
	return func(m play.Match, seat int) []string {
		g := gameOf(m)
		if g != game {
			game, prev, logs = g, map[int]map[string]bool{}, map[int]int{}
		}
		p := g.position()
		seen := map[string]bool{}
		see := func(ids ...string) {
			for _, id := range ids {
				seen[id] = true
			}
		}
		see(p.Discard...)
		see(p.ShopDisc...)
		see(p.ShopRow...)
		see(p.Spent...)
		for i, pl := range p.Players {
			if i == seat {
				see(pl.Hand...)
			}
			see(pl.Shop...)
			see(pl.Deployed...)
		}
		for _, u := range p.Units {
			see(u.Unit, u.Attached)
		}
		var out []string
		if b := p.Boss; b != nil {
			d := *b.Deck
			see(d[0])
			see(b.Discard...)
			out = append(out, d[1:]...)
		}
		out = append(out, *p.Deck...)
		for i, pl := range p.Players {
			if i != seat {
				out = append(out, pl.Hand...)
			}
		}
		if p.ShopDeck != nil {
			out = append(out, *p.ShopDeck...)
		}
		shown := map[string]bool{}
		for _, a := range g.Log[min(logs[seat], len(g.Log)):] {
			if a.Kind == DiscardAct || a.Kind == Choose && a.Card >= 0 {
				shown[g.Rules.Units[a.Card].ID] = true
			}
		}
		out = slices.DeleteFunc(out, func(id string) bool { return seen[id] || prev[seat][id] || shown[id] })
		prev[seat], logs[seat] = seen, len(g.Log)
		slices.Sort(out)
		return append(slices.Compact(out), p.RNG)
	}
}

// gameOf is the game of a match of this package, or of one that wraps it.
func gameOf(m play.Match) *Game {
	if x, ok := play.Unwrap(m).(*Match); ok {
		return x.G
	}
	panic(fmt.Sprintf("annas: %T is not an annas match", m))
}
