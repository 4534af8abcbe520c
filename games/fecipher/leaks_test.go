package fecipher

import (
	"testing"

	fecengine "github.com/roundtable-dev/roundtable/engine/fecipher"
	"github.com/roundtable-dev/roundtable/engine/play/playtest"
)

// TestImportedDecksHideWhatTheyShould: seeded games between pairs of
// decks of imported cards (their skills reveal deck tops, put cards from
// the hand on the deck, support from the deck) keep to each seat what it
// may see (playtest.Views with the engine's Hidden): a card revealed by a
// skill is public, one put back without "reveal" is its owner's, a
// support card is public once it is turned for the battle.
func TestImportedDecksHideWhatTheyShould(t *testing.T) {
	rs, _ := importedRules(t)
	pairs, seeds := 8, 3
	if testing.Short() {
		pairs, seeds = 4, 2
	}
	var all playtest.ViewStats
	for i := 0; i+1 < len(rs.Decks) && i < 2*pairs; i += 2 {
		flags := map[string][]string{"deck": {rs.Decks[i].ID, rs.Decks[len(rs.Decks)-1-i].ID}}
		t.Run(rs.Decks[i].ID, func(t *testing.T) {
			st := playtest.Views(t, playtest.Setup{Game: "fe-cipher", Mode: fecengine.Versus, Rules: rs, Flags: flags, Seeds: seeds}, fecengine.Hidden())
			all.Decisions += st.Decisions
			all.Hidden += st.Hidden
			all.Private += st.Private
		})
	}
	t.Logf("%d pairs of decks, %d games each: %+v", pairs, seeds, all)
}
