package report

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/roundtable-dev/roundtable/engine/sim"
)

func side(t *sim.Tally) string {
	if t == nil {
		return "–"
	}
	return fmt.Sprintf("%s (%s)", pct(t.WinRate), interval(t.Rate))
}

func delta(c sim.Change) string {
	if c.Old == nil {
		return "new"
	}
	if c.New == nil {
		return "gone"
	}
	return fmt.Sprintf("%+.1f (%+.1f to %+.1f)", 100*c.Delta, 100*c.Low, 100*c.High)
}

func verdict(c sim.Change) string {
	switch {
	case !c.Significant:
		return ""
	case c.Delta > 0:
		return "stronger"
	default:
		return "weaker"
	}
}

func significant(cs []sim.Change) int {
	n := 0
	for _, c := range cs {
		if c.Significant {
			n++
		}
	}
	return n
}

// DiffText prints a diff for a terminal: every seat, then the entities
// whose change is significant (all of them with all).
func DiffText(w io.Writer, d *sim.Diff, all bool) error {
	fmt.Fprintf(w, "%s %s: %s (%d games) → %s (%d games); changes in win-rate points, %g%% intervals\n",
		d.Game, d.Mode, d.Old.Label, d.Old.Played, d.New.Label, d.New.Played, 100*d.Level)
	for _, n := range d.Notes {
		fmt.Fprintf(w, "note: %s\n", n)
	}
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	row(tw, "", "before", "after", "change")
	for _, c := range d.Seats {
		row(tw, "seat "+c.ID, side(c.Old), side(c.New), delta(c), verdict(c))
	}
	tw.Flush()
	if len(d.Entities) == 0 {
		return nil
	}
	fmt.Fprintf(w, "\nentities: %d compared, %d changed significantly%s\n", len(d.Entities), significant(d.Entities), rankLine(d))
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	shown := 0
	for _, c := range d.Entities {
		if !all && !c.Significant {
			continue
		}
		if shown == 0 {
			row(tw, "id", "before", "after", "change")
		}
		shown++
		row(tw, c.ID, side(c.Old), side(c.New), delta(c), verdict(c))
	}
	return tw.Flush()
}

// DiffMarkdown prints a diff as a pull-request comment: the significant
// changes in a table, every entity in a folded table below.
func DiffMarkdown(w io.Writer, d *sim.Diff) error {
	n := significant(d.Entities) + significant(d.Seats)
	title := "no significant change"
	if n > 0 {
		title = fmt.Sprintf("%d significant change%s", n, map[bool]string{true: "", false: "s"}[n == 1])
	}
	fmt.Fprintf(w, "### Balance: %s\n\n", title)
	fmt.Fprintf(w, "`%s %s`: `%s` (%d games) → `%s` (%d games). Win rates with %g%% Wilson intervals; a change is significant when its %g%% interval (Newcombe) excludes 0.\n\n",
		d.Game, d.Mode, d.Old.Label, d.Old.Played, d.New.Label, d.New.Played, 100*d.Level, 100*d.Level)
	for _, note := range d.Notes {
		fmt.Fprintf(w, "> **Note:** %s\n\n", md(note))
	}
	table := func(cs []sim.Change, first string, code bool) {
		fmt.Fprintf(w, "| %s | before | after | change (points) | |\n|---|---:|---:|---:|---|\n", first)
		for _, c := range cs {
			id := md(c.ID)
			if code {
				id = "`" + c.ID + "`"
			}
			v := verdict(c)
			if v != "" {
				v = "**" + v + "**"
			}
			fmt.Fprintf(w, "| %s | %s | %s | %s | %s |\n", id, side(c.Old), side(c.New), delta(c), v)
		}
		fmt.Fprintln(w)
	}
	table(d.Seats, "seat", false)
	var sig []sim.Change
	for _, c := range d.Entities {
		if c.Significant {
			sig = append(sig, c)
		}
	}
	if len(sig) > 0 {
		fmt.Fprintf(w, "#### Significant changes\n\n")
		table(sig, "entity", true)
	}
	if d.Spearman != nil {
		fmt.Fprintf(w, "Rank correlation of the entities' win rates (Spearman): %.3f.\n\n", *d.Spearman)
	}
	if len(d.Entities) > 0 {
		fmt.Fprintf(w, "<details><summary>All %d entities</summary>\n\n", len(d.Entities))
		table(d.Entities, "entity", true)
		fmt.Fprintf(w, "</details>\n")
	}
	return nil
}

// Failing prints the changes --fail-on matched, one a line.
func Failing(cs []sim.Change) string {
	var b strings.Builder
	for _, c := range cs {
		fmt.Fprintf(&b, "%s %s %s", c.ID, verdict(c), delta(c))
		b.WriteString("; ")
	}
	return strings.TrimSuffix(b.String(), "; ")
}

func rankLine(d *sim.Diff) string {
	if d.Spearman == nil {
		return ""
	}
	return fmt.Sprintf("; rank correlation of their win rates (Spearman) %.3f", *d.Spearman)
}
