package annas

import "github.com/roundtable-dev/roundtable/engine/play"

// Forecast implements play.Forecaster: the combat legal action i starts,
// as the seat to move can work it out (the action taken on a
// determinization for it: combat reads no card it cannot see), as the
// combat event says it: "ike c4 attacks nino b4: attack 7 counter 0
// follow-up 0; HP 10-1". "" for an action that starts no combat.
func (m *Match) Forecast(i int) string {
	return play.ForecastBy(m, i, 1, "combat", func(e play.Event) string { return "forecast: " + e.Text })
}
