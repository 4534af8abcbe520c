package fecipher_test

import (
	"strings"
	"testing"

	. "github.com/roundtable-dev/roundtable/engine/fecipher"
	"github.com/roundtable-dev/roundtable/engine/play/playtest"
)

var hostileGame = playtest.Game{ID: "fe-cipher", Modes: Modes, Rules: rs}

// TestHostilePositions: each file of testdata/hostile-positions is refused
// with its exact file:line:col message (issue 35).
func TestHostilePositions(t *testing.T) {
	playtest.HostilePositions(t, "testdata/hostile-positions", hostileGame)
}

// TestHugeDeckIsRefused: a player of 74,000 cards in a game of 50-card
// decks (issue 35: it was read, and played) is refused: with its deck list,
// as not that deck; without one, as more cards than any deck of the content.
func TestHugeDeckIsRefused(t *testing.T) {
	deck := "[" + strings.TrimSuffix(strings.Repeat("cain-cavalier, ", 74000), ", ") + "]"
	for _, c := range []struct{ list, want string }{
		{"", "p.yaml:6:7: players[0]: 74002 cards, but the largest deck list of the content has 50"},
		{"      deck-list: altea-vanguard\n", "p.yaml:6:7: players[0]: card cain-cavalier is in more places than deck altea-vanguard has copies of it"},
	} {
		pos := "game: fe-cipher\nmode: versus\nstate:\n  turn: 3\n  players:\n    - name: P1\n" + c.list +
			"      hand: [cain-cavalier]\n      deck: " + deck + "\n      field: [{stack: [marth-young-prince], area: vanguard, main: true}]\n" +
			"    - name: P2\n      field: [{stack: [chrom-prince], area: vanguard, main: true}]\n  phase: action\nversion: 1\n"
		err := hostileGame.Refuse("p.yaml", []byte(pos))
		if err == nil || err.Error() != c.want {
			t.Errorf("got %v\nwant %s", err, c.want)
		}
	}
}
