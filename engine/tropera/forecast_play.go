package tropera

import (
	"fmt"

	"github.com/roundtable-dev/roundtable/engine/play"
)

// Forecast implements play.Forecaster: the combat forecast of legal
// action i (hit, crit, damage and attacks each way; combat.go's
// Forecast), worked out on a determinization for the seat to move: the
// dice to come are not read, and no roll is told. "" for an action that
// starts no combat.
func (b *Battle) Forecast(i int) string {
	return play.ForecastBy(b, i, 1, "combat", func(e play.Event) string {
		d, ok := e.Data.(combatData)
		if !ok {
			return ""
		}
		a, f := d.Forecast.Attacker, d.Forecast.Defender
		s := fmt.Sprintf("forecast: %s attacks %s at %d: hit %d%% crit %d%% dmg %d x%d", d.Attacker, d.Defender, d.Distance, a.Hit, a.Crit, a.Damage, a.Attacks)
		if f.Attacks > 0 {
			s += fmt.Sprintf("; counter hit %d%% crit %d%% dmg %d x%d", f.Hit, f.Crit, f.Damage, f.Attacks)
		} else {
			s += "; no counter"
		}
		if d.Forecast.DefenderFirst {
			s += "; the counter strikes first"
		}
		return s
	})
}
