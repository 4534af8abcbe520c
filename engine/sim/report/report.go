// Package report prints simulation results and diffs (engine/sim) for
// people: text for a terminal, Markdown for a pull-request comment or a
// wiki page, and SVG charts (gonum.org/v1/plot) for the Markdown to show.
// Every output is a function of the result alone, so a merged run prints
// what the unsharded run prints, byte for byte.
package report

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/roundtable-dev/roundtable/engine/sim"
)

func pct(x float64) string { return fmt.Sprintf("%.1f%%", 100*x) }

func interval(r sim.Rate) string { return fmt.Sprintf("%.1f–%.1f", 100*r.Low, 100*r.High) }

func level(r *sim.Result) string { return fmt.Sprintf("%g%%", 100*r.Level) }

func runLine(r *sim.Result) string {
	s := fmt.Sprintf("%d games, seed %d", r.Played, r.Seed)
	switch {
	case r.Interrupted:
		s += fmt.Sprintf(" (interrupted: games %d–%d of a run of %d)", r.Range.First, r.Range.End, r.Games)
	case r.Range.First != 0 || r.Range.End != r.Games:
		s += fmt.Sprintf(" (games %d–%d of a run of %d)", r.Range.First, r.Range.End, r.Games)
	}
	pol := strings.Join(r.Policies, " vs ")
	if r.Budget > 0 {
		pol += fmt.Sprintf(" (search: %d playouts per decision)", r.Budget)
	}
	s += "; " + pol
	if len(r.Flags) > 0 {
		s += "; " + flagText(r.Flags)
	}
	return s
}

func flagText(flags map[string][]string) string {
	var parts []string
	for _, k := range sortedKeys(flags) {
		for _, v := range flags[k] {
			parts = append(parts, fmt.Sprintf("--%s %s", k, v))
		}
	}
	return strings.Join(parts, " ")
}

// noParticipants says why there are no per-entity figures.
func noParticipants(r *sim.Result) string {
	return fmt.Sprintf("per-entity figures: not available: %s %s does not say which entities took part in a match (play.Participants)", r.Game, r.Mode)
}

// Text prints a result for a terminal.
func Text(w io.Writer, r *sim.Result) error {
	fmt.Fprintf(w, "%s %s: %s\n\n", r.Game, r.Mode, runLine(r))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	row(tw, "seat", "policy", "wins", "win rate", level(r)+" interval")
	for _, s := range r.Seats {
		row(tw, s.Name, s.Policy, fmt.Sprint(s.Wins), pct(s.WinRate), interval(s.Rate))
	}
	tw.Flush()
	fmt.Fprintf(w, "draws %d (capped at %d actions: %d)\n", r.Draws, r.MaxActions, r.Capped)
	fmt.Fprintf(w, "turns: mean %.1f, %d–%d; actions: mean %.1f, %d–%d\n", r.Turns.Mean, r.Turns.Min, r.Turns.Max, r.Actions.Mean, r.Actions.Min, r.Actions.Max)
	for i, c := range r.Reasons {
		if i == 5 {
			fmt.Fprintf(w, "  … %d other reasons\n", len(r.Reasons)-5)
			break
		}
		fmt.Fprintf(w, "  %6d  %s\n", c.Games, c.Reason)
	}
	fmt.Fprintln(w)
	if !r.Participants {
		fmt.Fprintln(w, noParticipants(r))
		return nil
	}
	fmt.Fprintf(w, "entities: %d, %d flagged (interval outside %s)\n", len(r.Entities), len(r.Flagged()), r.Band)
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	row(tw, "id", "games", "usage", "win rate", level(r)+" interval", "expected", "flag")
	for _, e := range r.Entities {
		row(tw, e.ID, fmt.Sprint(e.Games), pct(e.Usage), pct(e.WinRate), interval(e.Rate), pct(e.Expected), e.Flag)
	}
	return tw.Flush()
}

// Markdown prints a result as Markdown. charts, when not empty, is the
// folder (as the Markdown should link it) holding the SVGs of Charts.
func Markdown(w io.Writer, r *sim.Result, charts string) error {
	fmt.Fprintf(w, "### Simulation: %s %s\n\n", r.Game, r.Mode)
	fmt.Fprintf(w, "%s. Intervals: Wilson, %s.\n\n", runLine(r), level(r))
	fmt.Fprintf(w, "| seat | policy | wins | win rate | %s interval |\n|---|---|---:|---:|---:|\n", level(r))
	for _, s := range r.Seats {
		fmt.Fprintf(w, "| %s | %s | %d | %s | %s |\n", md(s.Name), md(s.Policy), s.Wins, pct(s.WinRate), interval(s.Rate))
	}
	fmt.Fprintf(w, "\nDraws: %d (capped at %d actions: %d). Turns: mean %.1f (%d–%d). Actions: mean %.1f (%d–%d).\n\n",
		r.Draws, r.MaxActions, r.Capped, r.Turns.Mean, r.Turns.Min, r.Turns.Max, r.Actions.Mean, r.Actions.Min, r.Actions.Max)
	if len(r.Reasons) > 0 {
		fmt.Fprintf(w, "| games | how they ended |\n|---:|---|\n")
		for i, c := range r.Reasons {
			if i == 10 {
				fmt.Fprintf(w, "| | … %d other reasons |\n", len(r.Reasons)-10)
				break
			}
			fmt.Fprintf(w, "| %d | %s |\n", c.Games, md(c.Reason))
		}
		fmt.Fprintln(w)
	}
	if charts != "" {
		fmt.Fprintf(w, "![games per length in turns](%s/%s)\n\n", charts, TurnsChart)
	}
	if !r.Participants {
		fmt.Fprintf(w, "_%s._\n", noParticipants(r))
		return nil
	}
	fmt.Fprintf(w, "#### Entities: %d, %d flagged\n\n", len(r.Entities), len(r.Flagged()))
	fmt.Fprintf(w, "Flagged: the %s interval lies wholly outside %s. _Expected_ is the win rate of the seats the entity played for.\n\n", level(r), r.Band)
	if charts != "" {
		fmt.Fprintf(w, "![win rate per entity](%s/%s)\n\n", charts, EntitiesChart)
	}
	fmt.Fprintf(w, "| id | games | usage | win rate | %s interval | expected | flag |\n|---|---:|---:|---:|---:|---:|---|\n", level(r))
	for _, e := range r.Entities {
		flag := e.Flag
		if flag != "" {
			flag = "**" + flag + "**"
		}
		fmt.Fprintf(w, "| `%s` | %d | %s | %s | %s | %s | %s |\n", e.ID, e.Games, pct(e.Usage), pct(e.WinRate), interval(e.Rate), pct(e.Expected), flag)
	}
	return nil
}

// row writes one tabwriter row; trailing empty cells are left out, so no
// line ends in padding.
func row(w io.Writer, cells ...string) {
	for len(cells) > 0 && cells[len(cells)-1] == "" {
		cells = cells[:len(cells)-1]
	}
	fmt.Fprintln(w, strings.Join(cells, "\t"))
}

// md escapes the characters that break a Markdown table cell.
func md(s string) string {
	return strings.NewReplacer("|", `\|`, "\n", " ").Replace(s)
}
