package annas

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/roundtable-dev/roundtable/games"
	"github.com/roundtable-dev/roundtable/internal/phrase"

	"github.com/spf13/cobra"

	annasengine "github.com/roundtable-dev/roundtable/engine/annas"
	"github.com/roundtable-dev/roundtable/engine/annas/table"
)

// annasRuleset is the generated base ruleset, or the packs in dirs compiled
// now; content errors are printed to stderr and reported as games.ErrContent.
func annasRuleset(dirs []string, stderr io.Writer) (*table.Ruleset, error) {
	rs, err := game.Rules(dirs, stderr)
	if err != nil {
		return nil, err
	}
	return rs.(*table.Ruleset), nil
}

func unitIndex(rs *table.Ruleset, id string) (int, error) {
	for i := range rs.Units {
		if rs.Units[i].ID == id {
			return i, nil
		}
	}
	ids := make([]string, len(rs.Units))
	for i := range rs.Units {
		ids[i] = rs.Units[i].ID
	}
	if s := phrase.Suggest(id, ids); s != "" {
		return -1, games.Usage("no unit %q (did you mean %q?)", id, s)
	}
	return -1, games.Usage("no unit %q", id)
}

type forecastSide struct {
	ID       string `json:"id"`
	HPBefore int    `json:"hp_before"`
	HPAfter  int    `json:"hp_after"`
	Defeated bool   `json:"defeated"`
}

type forecastStrike struct {
	By     string `json:"by"`
	Kind   string `json:"kind"`
	Damage int    `json:"damage"`
}

type forecastJSON struct {
	Attacker forecastSide     `json:"attacker"`
	Defender forecastSide     `json:"defender"`
	Strikes  []forecastStrike `json:"strikes"`
}

func newForecast() *cobra.Command {
	var (
		dist     int
		aHP, dHP int
		aSS, dSS bool
		packs    []string
		format   string
	)
	cmd := &cobra.Command{
		Use:   "forecast ATTACKER DEFENDER",
		Short: "Forecast one Anna's Roundtable combat between two unit cards",
		Long: `Forecast resolves one combat between two unit cards by id with the rules engine:
the attack, the counter (when the defender survives and has the attacker in range)
and the follow-up of the strictly faster unit, with the weapon triangle,
effectiveness and the units' unconditional combat skills. HP defaults to full.`,
		Example: `  roundtable annas forecast chrom lucina
  roundtable annas forecast robin frederick --distance 2 --defender-hp 4
  roundtable annas forecast nowi chrom --attacker-shapestone --format json`,
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			if format != "text" && format != "json" {
				return games.Usage("unknown --format %q (want text or json)", format)
			}
			if dist < 1 {
				return games.Usage("--distance must be at least 1")
			}
			rs, err := annasRuleset(packs, cmd.ErrOrStderr())
			if err != nil {
				return err
			}
			ai, err := unitIndex(rs, args[0])
			if err != nil {
				return err
			}
			di, err := unitIndex(rs, args[1])
			if err != nil {
				return err
			}
			hp := func(flag string, v, unit int) (int, error) {
				if !cmd.Flags().Changed(flag) {
					return int(rs.Units[unit].Stats.HP), nil
				}
				if v < 1 || v > int(rs.Units[unit].Stats.HP) {
					return 0, games.Usage("--%s %d: want 1 to %d", flag, v, rs.Units[unit].Stats.HP)
				}
				return v, nil
			}
			if aHP, err = hp("attacker-hp", aHP, ai); err != nil {
				return err
			}
			if dHP, err = hp("defender-hp", dHP, di); err != nil {
				return err
			}
			if aSS && !rs.Units[ai].HasShapestone || dSS && !rs.Units[di].HasShapestone {
				return games.Usage("--attacker-shapestone/--defender-shapestone: only a shapeshifter has a Shapestone token")
			}
			if !rs.Units[ai].Range.Has(dist) {
				return games.Usage("%s cannot attack at distance %d", args[0], dist)
			}
			o := annasengine.Forecast(rs, ai, di, aHP, dHP, aSS, dSS, dist)
			return printForecast(cmd.OutOrStdout(), format, rs, ai, di, aHP, dHP, o)
		},
	}
	fl := cmd.Flags()
	fl.IntVar(&dist, "distance", 1, "distance between the units")
	fl.IntVar(&aHP, "attacker-hp", 0, "attacker's HP before combat (default full)")
	fl.IntVar(&dHP, "defender-hp", 0, "defender's HP before combat (default full)")
	fl.BoolVar(&aSS, "attacker-shapestone", false, "the attacker holds its Shapestone token")
	fl.BoolVar(&dSS, "defender-shapestone", false, "the defender holds its Shapestone token")
	fl.StringArrayVar(&packs, "pack", nil, "compile these pack folders instead of the embedded base content")
	fl.StringVarP(&format, "format", "f", "text", "output format: text or json")
	return cmd
}

// combatJSON is the forecast JSON shape of one combat.
func combatJSON(att, def string, o annasengine.Outcome) forecastJSON {
	out := forecastJSON{Strikes: []forecastStrike{}}
	for _, s := range o.Strikes {
		out.Strikes = append(out.Strikes, forecastStrike{sides[s.By], s.Kind, s.Damage})
	}
	out.Attacker = forecastSide{att, o.Before[0], o.HP[0], o.Defeated[0]}
	out.Defender = forecastSide{def, o.Before[1], o.HP[1], o.Defeated[1]}
	return out
}

var sides = [2]string{"attacker", "defender"}

func printForecast(w io.Writer, format string, rs *table.Ruleset, ai, di, aHP, dHP int, o annasengine.Outcome) error {
	who := sides
	ids := [2]string{rs.Units[ai].ID, rs.Units[di].ID}
	if format == "json" {
		out := combatJSON(ids[0], ids[1], o)
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(out)
	}
	for _, s := range o.Strikes {
		fmt.Fprintf(w, "%-9s %s (%s) deals %d\n", s.Kind, ids[s.By], who[s.By], s.Damage)
	}
	before := [2]int{aHP, dHP}
	for i := range 2 {
		end := ""
		if o.Defeated[i] {
			end = ", defeated"
		}
		fmt.Fprintf(w, "%s %s: HP %d -> %d%s\n", who[i], ids[i], before[i], o.HP[i], end)
	}
	return nil
}
