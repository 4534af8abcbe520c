package fecipher

import (
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/engine/fecipher/table"
	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/internal/phrase"
)

// Versus is the one mode: two decks, two players.
var Versus = play.Mode{
	Name:    "versus",
	Summary: "two players, two decks: break the five orbs, then defeat the main character",
	Flags: []play.Flag{
		{Name: "deck", Usage: "a deck id, given twice: the first player's, then the second's (default: the first two decks of the content)", Kind: play.Strings,
			Choices: func(rules any) []string {
				var out []string
				for _, d := range rules.(*table.Ruleset).Decks {
					out = append(out, d.ID)
				}
				return out
			}},
	},
	New: func(rules any, o play.Options) (play.Match, error) {
		rs, err := ruleset(rules)
		if err != nil {
			return nil, err
		}
		decks, err := PickDecks(rs, o.List("deck"))
		if err != nil {
			return nil, err
		}
		g, err := NewGame(rs, decks, [2]string{"P1", "P2"}, o.Seed)
		if err != nil {
			return nil, err
		}
		g.quiet = o.Quiet
		return NewMatch(g), nil
	},
	Load: func(rules any, state *yaml.Node) (play.Match, error) {
		rs, err := ruleset(rules)
		if err != nil {
			return nil, err
		}
		return play.Playable(Load(rs, state))
	},
	Policies:      map[string]play.PolicyMaker{"random": play.NewRandom, "greedy": NewGreedy},
	DefaultPolicy: "greedy",
	Example:       "--deck altea-vanguard --deck shepherds --seed 1",

	// About a second a decision on two cores (docs/performance.md,
	// "Search opposite a person").
	OpponentBudget: 5000,
}

// Modes are the ways to play Fire Emblem Cipher.
var Modes = []play.Mode{Versus}

func ruleset(rules any) (*table.Ruleset, error) {
	rs, ok := rules.(*table.Ruleset)
	if !ok {
		return nil, fmt.Errorf("fe-cipher: rules are %T, not a fe-cipher ruleset", rules)
	}
	return rs, nil
}

// PickDecks finds the two decks named (none: the content's first two); an
// unknown id is an error with a did-you-mean among the decks.
func PickDecks(rs *table.Ruleset, ids []string) ([2]*table.Deck, error) {
	var out [2]*table.Deck
	if len(ids) == 0 {
		if len(rs.Decks) < 2 {
			return out, fmt.Errorf("fe-cipher needs two decks and the content has %d; give --deck A --deck B", len(rs.Decks))
		}
		return [2]*table.Deck{&rs.Decks[0], &rs.Decks[1]}, nil
	}
	if len(ids) != 2 {
		return out, fmt.Errorf("fe-cipher needs two decks: --deck A --deck B (got %d)", len(ids))
	}
	for i, id := range ids {
		d := rs.DeckIndex(id)
		if d < 0 {
			var names []string
			for _, dk := range rs.Decks {
				names = append(names, dk.ID)
			}
			msg := fmt.Sprintf("no deck %s", phrase.Quote(id))
			if best := phrase.Suggest(id, names); best != "" {
				msg += fmt.Sprintf(" (did you mean %s?)", phrase.Quote(best))
			}
			return out, fmt.Errorf("%s; decks: %s", msg, strings.Join(names, ", "))
		}
		out[i] = &rs.Decks[d]
	}
	return out, nil
}
