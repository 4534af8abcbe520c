package all_test

import (
	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/engine/play/search"
)

// searchAt is the registry's search policy of m at another budget.
func searchAt(m play.Mode, budget int) play.PolicyMaker {
	return search.Over(m.Policies["greedy"], budget).Maker()
}
