package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/roundtable-dev/roundtable/compiler/link"

	"github.com/spf13/cobra"

	tro "github.com/roundtable-dev/roundtable/compiler/tropera"
	engine "github.com/roundtable-dev/roundtable/engine/tropera"
	"github.com/roundtable-dev/roundtable/engine/tropera/table"
	gentropera "github.com/roundtable-dev/roundtable/generated/tropera"
)

func init() { playGames[tro.GameID] = playTropera }

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

type troHealJSON struct {
	Round   int    `json:"round"`
	Side    string `json:"side"`
	Healer  string `json:"healer"`
	Target  string `json:"target"`
	Staff   string `json:"staff"`
	Healed  int    `json:"healed"`
	HPAfter int    `json:"hp_after"`
	Revived bool   `json:"revived,omitempty"`
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

func playTropera(cmd *cobra.Command, f *playFlags) error {
	if f.mode != "versus" || f.boss != "" || len(f.decks) > 0 {
		return usageErr("tropera takes --scenario ID (a skirmish); --mode, --boss and --deck belong to other games")
	}
	rs, err := troRuleset(f.packs, cmd.OutOrStdout())
	if err != nil {
		return err
	}
	si := rs.SkirmishIndex(f.scenario)
	if si < 0 {
		var ids []string
		for _, s := range rs.Skirmishes {
			ids = append(ids, s.ID)
		}
		if f.scenario == "" {
			return usageErr("tropera needs --scenario (one of %s)", strings.Join(ids, ", "))
		}
		if s := link.Suggest(f.scenario, ids); s != "" {
			return usageErr("no skirmish %q (did you mean %q?)", f.scenario, s)
		}
		return usageErr("no skirmish %q (skirmishes: %s)", f.scenario, strings.Join(ids, ", "))
	}
	w := cmd.OutOrStdout()
	enc := json.NewEncoder(w)
	def := &rs.Skirmishes[si]
	log := func(c engine.Combat) {
		side := def.Sides[c.Attacker.Side].Name
		if c.Healed > 0 {
			if f.format == "json" {
				_ = enc.Encode(troHealJSON{Round: c.Round, Side: side, Healer: c.Attacker.Char.ID, Target: c.Defender.Char.ID, Staff: c.Attacker.Weapon.ID, Healed: c.Healed, HPAfter: c.Defender.HP, Revived: c.Revived})
				return
			}
			fmt.Fprintf(w, "round %d %s: %s (%s) heals %s for %d; %s %d HP", c.Round, side, c.Attacker.Name(), c.Attacker.Weapon.ID, c.Defender.Name(), c.Healed, c.Defender.Name(), c.Defender.HP)
			if c.Revived {
				fmt.Fprint(w, " (healed from a critical wound)")
			}
			fmt.Fprintln(w)
			return
		}
		if f.format == "json" {
			_ = enc.Encode(troCombat(c, side))
			return
		}
		fmt.Fprintf(w, "round %d %s: %s\n", c.Round, side, troForecastText(c))
		for _, s := range c.Strikes {
			fmt.Fprintln(w, troStrikeText(s))
		}
	}
	s, err := engine.NewSkirmish(rs, si, engine.NewSeeded(f.seed), log)
	if err != nil {
		return usageErr("%v", err)
	}
	s.Play()
	type unitJSON struct {
		ID    string `json:"id"`
		HP    int    `json:"hp"`
		MaxHP int    `json:"max_hp"`
	}
	type result struct {
		Winner string     `json:"winner"`
		Rounds int        `json:"rounds"`
		Units  []unitJSON `json:"units"`
	}
	r := result{Winner: "draw", Rounds: s.Round}
	if s.Winner >= 0 {
		r.Winner = def.Sides[s.Winner].Name
	}
	var hp []string
	for side := range 2 {
		for _, u := range s.Units[side] {
			r.Units = append(r.Units, unitJSON{ID: u.Char.ID, HP: u.HP, MaxHP: int(u.Stats[table.HP])})
			hp = append(hp, fmt.Sprintf("%s %d/%d", u.Char.ID, u.HP, u.Stats[table.HP]))
		}
	}
	if f.format == "json" {
		return enc.Encode(map[string]result{"result": r})
	}
	fmt.Fprintf(w, "hp: %s\n", strings.Join(hp, ", "))
	if s.Winner >= 0 {
		fmt.Fprintf(w, "result: %s wins in round %d\n", r.Winner, r.Rounds)
	} else {
		fmt.Fprintf(w, "result: draw after %d rounds\n", r.Rounds)
	}
	return nil
}
