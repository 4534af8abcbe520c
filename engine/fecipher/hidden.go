package fecipher

import (
	"fmt"
	"slices"

	"github.com/roundtable-dev/roundtable/engine/play"
)

// Hidden is what seat may not see in the true position of m, for the
// tests that hold every answer to a seat to it (engine/play/playtest.Views,
// the studio's play leak test): the ids and the names (events print
// names) of the cards of both decks, both players' orbs and the other
// player's hand, each unless the seat sees a card of that id or name
// somewhere (decks hold copies), and the random source's state as the
// position writes it. m is a *Match or wraps one (play.Wrapper).
//
// A card the current action showed to both players (Game.shown: a deck
// top a skill revealed, a support card, an orb flipped face up) may be
// named by its events wherever it went. A card seat saw at the previous
// decision may be named by the events since, wherever it went (a card
// retrieved into the other hand: the retreat area is in view); it is left
// out for that decision, and the next one holds it to being hidden. Each call of Hidden is a new record of
// what was seen: use one per match.
func Hidden() func(m play.Match, seat int) []string {
	var (
		game  *Game
		prev  map[int]map[string]bool
		names map[string]string
	)
	return func(m play.Match, seat int) []string {
		x, ok := play.Unwrap(m).(*Match)
		if !ok {
			panic(fmt.Sprintf("fecipher: %T is not a fe-cipher match", m))
		}
		g := x.G
		if g != game {
			game, prev, names = g, map[int]map[string]bool{}, map[string]string{}
			for i := range g.RS.Cards {
				names[g.RS.Cards[i].ID] = g.RS.Cards[i].Name()
			}
		}
		name := func(id string) string { return names[id] }
		p := g.Position()
		seen := map[string]bool{}
		see := func(ids ...string) {
			for _, id := range ids {
				if id == "" {
					continue
				}
				seen[id] = true
				seen[name(id)] = true
			}
		}
		var out []string
		for i, ps := range p.Seats {
			see(ps.Retreat...)
			see(ps.Support...)
			see(ps.Played...)
			for _, b := range ps.Bonds {
				see(b.Card)
			}
			for _, u := range ps.Field {
				see(u.Stack...)
			}
			out = append(out, ps.Deck...)
			see(ps.Orbs[:ps.OrbsUp]...) // face up: in view
			out = append(out, ps.Orbs[ps.OrbsUp:]...)
			if i == seat {
				see(ps.Hand...)
			} else {
				out = append(out, ps.Hand...)
			}
		}
		for _, f := range p.Pending {
			see(f.Card, f.ASupCard, f.DSupCard)
			see(f.Revealed...)
		}
		for _, c := range g.shown {
			see(g.C(c).ID)
		}
		var secrets []string
		for _, id := range out {
			secrets = append(secrets, id, name(id))
		}
		secrets = slices.DeleteFunc(secrets, func(s string) bool { return seen[s] || prev[seat][s] })
		prev[seat] = seen
		slices.Sort(secrets)
		return append(slices.Compact(secrets), p.RNG)
	}
}
