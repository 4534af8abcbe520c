package main

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/roundtable-dev/roundtable/compiler/link"

	"github.com/spf13/cobra"

	engine "github.com/roundtable-dev/roundtable/engine/tropera"
	"github.com/roundtable-dev/roundtable/engine/tropera/table"
)

func init() { register(newTropera) }

func newTropera() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "tropera",
		Short: "Fire Emblem Tropera tools: combat forecasts and level-ups",
		Long: `The tropera commands run the Fire Emblem Tropera engine on the base content (or
--pack folders): forecast works out an Attack Sequence between two characters and,
with --seed, rolls it; levelup levels a character up with the rulebook's d20
procedure.`,
		Example: `  roundtable tropera forecast --attacker lyn --defender vissan-soldier
  roundtable tropera levelup --character lyn --levels 3 --seed 1`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
	cmd.AddCommand(newTroForecast(), newTroLevelUp())
	return cmd
}

// troUnit deploys a character with a weapon (default: its first carried
// weapon, else its first natural weapon) on a terrain ("" for none).
func troUnit(rs *table.Ruleset, char, weapon, terrain string) (*engine.Unit, error) {
	ci := rs.CharacterIndex(char)
	if ci < 0 {
		return nil, troNo("character", char, troIDs(rs.Characters, func(c table.Character) string { return c.ID }))
	}
	c := &rs.Characters[ci]
	wi := -1
	if weapon == "" {
		switch {
		case len(c.Weapons) > 0:
			wi = int(c.Weapons[0])
		case len(c.Natural) > 0:
			wi = int(c.Natural[0])
		}
		for _, f := range c.Feats {
			if wi < 0 && rs.Feats[f].Choose == 0 && len(rs.Feats[f].Natural) > 0 {
				wi = int(rs.Feats[f].Natural[0])
			}
		}
		if wi < 0 {
			return nil, usageErr("character %q has no weapon; give --weapon", char)
		}
	} else if wi = rs.WeaponIndex(weapon); wi < 0 {
		return nil, troNo("weapon", weapon, troIDs(rs.Weapons, func(w table.Weapon) string { return w.ID }))
	}
	ti := -1
	if terrain != "" {
		if ti = rs.TerrainIndex(terrain); ti < 0 {
			return nil, troNo("terrain", terrain, troIDs(rs.Terrain, func(t table.Terrain) string { return t.ID }))
		}
	}
	return engine.NewUnit(rs, ci, wi, ti)
}

// troNo reports an id the ruleset does not have, with the one meant or
// the ids there are.
func troNo(what, id string, ids []string) error {
	if s := link.Suggest(id, ids); s != "" {
		return usageErr("no %s %q (did you mean %q?)", what, id, s)
	}
	plural := what + "s"
	if what == "terrain" {
		plural = what
	}
	return usageErr("no %s %q (%s: %s)", what, id, plural, strings.Join(ids, ", "))
}

func troIDs[T any](list []T, id func(T) string) []string {
	ids := make([]string, len(list))
	for i, e := range list {
		ids[i] = id(e)
	}
	return ids
}

func newTroForecast() *cobra.Command {
	var (
		att, def, attW, defW, attT, defT, format string
		dist                                     int
		seed                                     int64
		packs                                    []string
	)
	cmd := &cobra.Command{
		Use:   "forecast",
		Short: "Forecast (and with --seed, roll) one Attack Sequence",
		Long: `Forecast prints each side's hit chance, critical chance, damage and number of
attacks when --attacker takes the Attack action against --defender at --distance.
With --seed it also rolls the Attack Sequence and prints every strike.`,
		Example: `  roundtable tropera forecast --attacker lyn --defender vissan-soldier
  roundtable tropera forecast --attacker erk --defender vissan-archer --defender-terrain hill --distance 2 --seed 3
  roundtable tropera forecast --attacker lyn --weapon armorslayer --defender oswin --format json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if format != "text" && format != "json" {
				return usageErr("unknown --format %q (want text or json)", format)
			}
			rs, err := troRuleset(packs, cmd.ErrOrStderr())
			if err != nil {
				return err
			}
			a, err := troUnit(rs, att, attW, attT)
			if err != nil {
				return err
			}
			d, err := troUnit(rs, def, defW, defT)
			if err != nil {
				return err
			}
			if dist < 1 {
				return usageErr("--distance must be 1 or more")
			}
			if !engine.InRange(a, dist) {
				// As Anna's forecast: an Attack out of range is no forecast.
				return usageErr("%s cannot attack at distance %d with %s (range %d-%d)", att, dist, a.Weapon.ID, a.Weapon.MinRange, a.Weapon.MaxRange)
			}
			c := engine.Combat{Attacker: a, Defender: d, Distance: dist, Forecast: engine.NewForecast(a, d, dist)}
			if cmd.Flags().Changed("seed") {
				c.Forecast, c.Strikes = engine.Sequence(engine.NewSeeded(seed), a, d, dist)
			}
			w := cmd.OutOrStdout()
			if format == "json" {
				return json.NewEncoder(w).Encode(troCombat(c, ""))
			}
			fmt.Fprintln(w, troForecastText(c))
			for _, s := range c.Strikes {
				fmt.Fprintln(w, troStrikeText(s))
			}
			return nil
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&att, "attacker", "", "attacking character id")
	fl.StringVar(&def, "defender", "", "defending character id")
	fl.StringVar(&attW, "weapon", "", "the attacker's weapon (default: its first)")
	fl.StringVar(&defW, "defender-weapon", "", "the defender's weapon (default: its first)")
	fl.StringVar(&attT, "terrain", "", "the attacker's terrain")
	fl.StringVar(&defT, "defender-terrain", "", "the defender's terrain")
	fl.IntVar(&dist, "distance", 1, "distance in spaces")
	fl.Int64Var(&seed, "seed", 1, "roll the Attack Sequence with this seed")
	fl.StringVarP(&format, "format", "f", "text", "output format: text or json")
	fl.StringArrayVar(&packs, "pack", nil, "compile these pack folders instead of the embedded base content")
	_ = cmd.MarkFlagRequired("attacker")
	_ = cmd.MarkFlagRequired("defender")
	return cmd
}

func newTroLevelUp() *cobra.Command {
	var (
		char, format string
		levels       int
		seed         int64
		packs        []string
	)
	cmd := &cobra.Command{
		Use:   "levelup",
		Short: "Level a character up with the rulebook's d20 procedure",
		Long: `Levelup raises --character by --levels levels. Each rolled level rolls a d20 per
stat plus its growth rate; of the five highest results four are raised (here: the
four best), a natural 20 gives a free point, a natural 1 makes a stat ineligible.
Levels 8 and 16 give 9 free points (at most 2 a stat, here by growth rate) and 2 HP.`,
		Example: `  roundtable tropera levelup --character lyn --levels 3 --seed 1
  roundtable tropera levelup --character erk --levels 7 --seed 2 --format json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if format != "text" && format != "json" {
				return usageErr("unknown --format %q (want text or json)", format)
			}
			rs, err := troRuleset(packs, cmd.ErrOrStderr())
			if err != nil {
				return err
			}
			ci := rs.CharacterIndex(char)
			if ci < 0 {
				return troNo("character", char, troIDs(rs.Characters, func(c table.Character) string { return c.ID }))
			}
			c := &rs.Characters[ci]
			if int(c.Level) >= table.MaxLevel {
				return usageErr("%s is already level %d, the highest", char, c.Level)
			}
			if levels < 1 || int(c.Level)+levels > table.MaxLevel {
				return usageErr("%s is level %d; --levels must be 1 to %d", char, c.Level, table.MaxLevel-int(c.Level))
			}
			w := cmd.OutOrStdout()
			enc := json.NewEncoder(w)
			dice := engine.NewSeeded(seed)
			stats := c.Points
			for i := range stats {
				stats[i] += c.Gains[i]
			}
			stats[table.HP] += table.BaseHP
			for l := int(c.Level); l < int(c.Level)+levels; l++ {
				lu := engine.Level(dice, c.Growths, l, nil, nil)
				for i, g := range lu.Gains {
					stats[i] += g
				}
				if format == "json" {
					_ = enc.Encode(troLevelJSON(lu, stats))
					continue
				}
				fmt.Fprintln(w, troLevelText(lu, stats))
			}
			return nil
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&char, "character", "", "character id")
	fl.IntVar(&levels, "levels", 1, "levels to gain")
	fl.Int64Var(&seed, "seed", 1, "random seed; the same seed gives the same level-ups")
	fl.StringVarP(&format, "format", "f", "text", "output format: text or json (JSON lines)")
	fl.StringArrayVar(&packs, "pack", nil, "compile these pack folders instead of the embedded base content")
	_ = cmd.MarkFlagRequired("character")
	return cmd
}

func statMap(s table.Stats) map[string]int {
	m := map[string]int{}
	for i, v := range s {
		m[table.StatNames[i]] = int(v)
	}
	return m
}

func statNames(ss []table.Stat) []string {
	out := []string{}
	for _, s := range ss {
		out = append(out, s.String())
	}
	return out
}

func troLevelJSON(lu engine.LevelUp, stats table.Stats) any {
	type roll struct {
		Stat    string `json:"stat"`
		Natural int    `json:"natural"`
		Result  int    `json:"result"`
		Rerolls []int  `json:"rerolls,omitempty"`
	}
	rolls := []roll{}
	for _, r := range lu.Rolls {
		rolls = append(rolls, roll{Stat: r.Stat.String(), Natural: r.Natural, Result: r.Result, Rerolls: r.Rerolls})
	}
	return struct {
		Level    int            `json:"level"`
		Rolls    []roll         `json:"rolls"`
		Eligible []string       `json:"eligible"`
		Chosen   []string       `json:"chosen"`
		Natural  []string       `json:"natural_20"`
		Gains    map[string]int `json:"gains"`
		Stats    map[string]int `json:"stats"`
	}{lu.Level, rolls, statNames(lu.Eligible), statNames(lu.Chosen), statNames(lu.Natural), statMap(lu.Gains), statMap(stats)}
}

func troLevelText(lu engine.LevelUp, stats table.Stats) string {
	var b strings.Builder
	fmt.Fprintf(&b, "level %d:", lu.Level)
	if len(lu.Rolls) == 0 {
		b.WriteString(" 9 free points and 2 HP;")
	} else {
		for _, r := range lu.Rolls {
			fmt.Fprintf(&b, " %s %d", r.Stat, r.Result)
			switch r.Natural {
			case 20:
				b.WriteString("(nat 20)")
			case 1:
				b.WriteString("(nat 1)")
			}
		}
		fmt.Fprintf(&b, "; five best %s; raised %s", strings.Join(statNames(lu.Eligible), " "), strings.Join(statNames(lu.Chosen), " "))
		if len(lu.Natural) > 0 {
			fmt.Fprintf(&b, " + free %s", strings.Join(statNames(lu.Natural), " "))
		}
		b.WriteString(";")
	}
	var gains, now []string
	for i, g := range lu.Gains {
		if g > 0 {
			gains = append(gains, fmt.Sprintf("%s+%d", table.StatNames[i], g))
		}
		now = append(now, fmt.Sprintf("%s %d", table.StatNames[i], stats[i]))
	}
	fmt.Fprintf(&b, " gains %s\n  stats: %s", strings.Join(gains, " "), strings.Join(now, ", "))
	return b.String()
}
