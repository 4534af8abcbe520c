package main

import (
	"fmt"
	"io"
	"strings"

	tro "github.com/roundtable-dev/roundtable/compiler/tropera"
	engine "github.com/roundtable-dev/roundtable/engine/tropera"
	"github.com/roundtable-dev/roundtable/engine/tropera/table"
	gentropera "github.com/roundtable-dev/roundtable/generated/tropera"
)

// troRuleset is the generated base ruleset, or the packs compiled now;
// content errors are printed to w and reported as errContent.
func troRuleset(packs []string, w io.Writer) (*table.Ruleset, error) {
	return packRuleset(packs, tro.GameID, gentropera.Ruleset, w)
}

type troSideJSON struct {
	Hit     int `json:"hit"`
	Crit    int `json:"crit"`
	Damage  int `json:"damage"`
	Attacks int `json:"attacks"`
}

type troForecastJSON struct {
	Attacker      troSideJSON `json:"attacker"`
	Defender      troSideJSON `json:"defender"`
	DefenderFirst bool        `json:"defender_first"`
}

type troStrikeJSON struct {
	By       string `json:"by"`
	Rolls    []int  `json:"rolls"`
	Hit      bool   `json:"hit"`
	Critical bool   `json:"critical"`
	Damage   int    `json:"damage"`
	HPAfter  int    `json:"hp_after"`
	Miracle  bool   `json:"miracle,omitempty"`
	Silenced bool   `json:"silenced,omitempty"`
	Shielded bool   `json:"shielded,omitempty"`
}

type troCombatJSON struct {
	Round    int             `json:"round,omitempty"`
	Side     string          `json:"side,omitempty"`
	Attacker string          `json:"attacker"`
	Defender string          `json:"defender"`
	Distance int             `json:"distance"`
	Forecast troForecastJSON `json:"forecast"`
	Strikes  []troStrikeJSON `json:"strikes"`
}

func troForecast(f engine.Forecast) troForecastJSON {
	s := func(x engine.Side) troSideJSON { return troSideJSON(x) }
	return troForecastJSON{Attacker: s(f.Attacker), Defender: s(f.Defender), DefenderFirst: f.DefenderFirst}
}

func troCombat(c engine.Combat, side string) troCombatJSON {
	out := troCombatJSON{Round: c.Round, Side: side, Attacker: c.Attacker.Char.ID, Defender: c.Defender.Char.ID, Distance: c.Distance, Forecast: troForecast(c.Forecast), Strikes: []troStrikeJSON{}}
	for _, s := range c.Strikes {
		out.Strikes = append(out.Strikes, troStrikeJSON{By: s.By.Char.ID, Rolls: s.Rolls, Hit: s.Hit, Critical: s.Critical, Damage: s.Damage, HPAfter: s.HPAfter, Miracle: s.Miracle, Silenced: s.Silenced, Shielded: s.Shielded})
	}
	return out
}

// troForecastText is one line: each side's hit, crit, damage and attacks.
func troForecastText(c engine.Combat) string {
	f := c.Forecast
	line := fmt.Sprintf("%s (%s) attacks %s (%s) at %d: hit %d crit %d dmg %d x%d",
		c.Attacker.Name(), c.Attacker.Weapon.ID, c.Defender.Name(), c.Defender.Weapon.ID, c.Distance,
		f.Attacker.Hit, f.Attacker.Crit, f.Attacker.Damage, f.Attacker.Attacks)
	if f.Defender.Attacks > 0 {
		line += fmt.Sprintf("; counter hit %d crit %d dmg %d x%d", f.Defender.Hit, f.Defender.Crit, f.Defender.Damage, f.Defender.Attacks)
	} else {
		line += "; no counter"
	}
	if f.DefenderFirst {
		line += "; the defender strikes first"
	}
	return line
}

func troStrikeText(s engine.Strike) string {
	var rolls []string
	for _, r := range s.Rolls {
		rolls = append(rolls, fmt.Sprint(r))
	}
	what := "misses"
	switch {
	case s.Critical:
		what = fmt.Sprintf("critical hit, %d damage", s.Damage)
	case s.Hit:
		what = fmt.Sprintf("hits, %d damage", s.Damage)
	}
	line := fmt.Sprintf("  %s %s (d100 %s); %s %d HP", s.By.Name(), what, strings.Join(rolls, "+"), s.Target.Name(), s.HPAfter)
	if s.Miracle {
		line += " (Miracle)"
	}
	if s.Silenced {
		line += " (Silencer)"
	}
	if s.Shielded {
		line += " (Shield)"
	}
	return line
}
