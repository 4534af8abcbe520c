package tropera

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/roundtable-dev/roundtable/compiler/link"
	trocompiler "github.com/roundtable-dev/roundtable/compiler/tropera"
	troengine "github.com/roundtable-dev/roundtable/engine/tropera"
	"github.com/roundtable-dev/roundtable/engine/tropera/table"
	"github.com/roundtable-dev/roundtable/games"
	trogen "github.com/roundtable-dev/roundtable/generated/tropera"
)

// Tropera's own commands, under `roundtable tropera`: forecast works out
// (and with --seed rolls) an Attack Sequence between two characters;
// levelup levels a character up with the rulebook's d20 procedure.
var commands = []func() *cobra.Command{newTroForecast, newTroLevelUp}

// troUnit deploys a character with a weapon (default: its first carried
// weapon, else its first natural weapon) on a terrain ("" for none).
func troUnit(rs *table.Ruleset, char, weapon, terrain string) (*troengine.Unit, error) {
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
			return nil, games.Usage("character %q has no weapon; give --weapon", char)
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
	return troengine.NewUnit(rs, ci, wi, ti)
}

// troNo reports an id the ruleset does not have, with the one meant or
// the ids there are.
func troNo(what, id string, ids []string) error {
	if s := link.Suggest(id, ids); s != "" {
		return games.Usage("no %s %q (did you mean %q?)", what, id, s)
	}
	plural := what + "s"
	if what == "terrain" {
		plural = what
	}
	return games.Usage("no %s %q (%s: %s)", what, id, plural, strings.Join(ids, ", "))
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
				return games.Usage("unknown --format %q (want text or json)", format)
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
				return games.Usage("--distance must be 1 or more")
			}
			if !troengine.InRange(a, dist) {
				// As Anna's forecast: an Attack out of range is no forecast.
				return games.Usage("%s cannot attack at distance %d with %s (range %d-%d)", att, dist, a.Weapon.ID, a.Weapon.MinRange, a.Weapon.MaxRange)
			}
			c := troengine.Combat{Attacker: a, Defender: d, Distance: dist, Forecast: troengine.NewForecast(a, d, dist)}
			if cmd.Flags().Changed("seed") {
				c.Forecast, c.Strikes = troengine.Sequence(troengine.NewSeeded(seed), a, d, dist)
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
				return games.Usage("unknown --format %q (want text or json)", format)
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
				return games.Usage("%s is already level %d, the highest", char, c.Level)
			}
			// Compared without adding: --levels 9223372036854775807 would
			// overflow a sum into a negative number and level up nothing.
			if levels < 1 || levels > table.MaxLevel-int(c.Level) {
				return games.Usage("%s is level %d; --levels must be 1 to %d", char, c.Level, table.MaxLevel-int(c.Level))
			}
			w := cmd.OutOrStdout()
			enc := json.NewEncoder(w)
			dice := troengine.NewSeeded(seed)
			stats := c.Points
			for i := range stats {
				stats[i] += c.Gains[i]
			}
			stats[table.HP] += table.BaseHP
			for l := int(c.Level); l < int(c.Level)+levels; l++ {
				lu, err := troengine.Level(dice, c.Growths, l, nil, nil)
				if err != nil {
					return err
				}
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

func troLevelJSON(lu troengine.LevelUp, stats table.Stats) any {
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

func troLevelText(lu troengine.LevelUp, stats table.Stats) string {
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

// troRuleset is the generated base ruleset, or the packs compiled now;
// content errors are printed to w and reported as games.ErrContent.
func troRuleset(packs []string, w io.Writer) (*table.Ruleset, error) {
	if len(packs) == 0 {
		return trogen.Ruleset, nil
	}
	g, ok := games.Lookup(trocompiler.Game.ID)
	if !ok {
		return nil, games.Usage("no game %q", trocompiler.Game.ID)
	}
	rs, err := g.Rules(packs, w)
	if err != nil {
		return nil, err
	}
	return rs.(*table.Ruleset), nil
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

func troForecast(f troengine.Forecast) troForecastJSON {
	s := func(x troengine.Side) troSideJSON { return troSideJSON(x) }
	return troForecastJSON{Attacker: s(f.Attacker), Defender: s(f.Defender), DefenderFirst: f.DefenderFirst}
}

func troCombat(c troengine.Combat, side string) troCombatJSON {
	out := troCombatJSON{Round: c.Round, Side: side, Attacker: c.Attacker.Char.ID, Defender: c.Defender.Char.ID, Distance: c.Distance, Forecast: troForecast(c.Forecast), Strikes: []troStrikeJSON{}}
	for _, s := range c.Strikes {
		out.Strikes = append(out.Strikes, troStrikeJSON{By: s.By.Char.ID, Rolls: s.Rolls, Hit: s.Hit, Critical: s.Critical, Damage: s.Damage, HPAfter: s.HPAfter, Miracle: s.Miracle, Silenced: s.Silenced, Shielded: s.Shielded})
	}
	return out
}

// troForecastText is one line: each side's hit, crit, damage and attacks.
func troForecastText(c troengine.Combat) string {
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

func troStrikeText(s troengine.Strike) string {
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
