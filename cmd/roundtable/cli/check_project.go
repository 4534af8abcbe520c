package cli

import (
	"fmt"
	"os"

	"github.com/roundtable-dev/roundtable/compiler/check"
	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/compiler/project"
)

// writeBaselineFile writes the baseline of a report's problems to file
// (check --write-baseline) and returns the line that says so.
func writeBaselineFile(file string, rep *check.Report) (string, error) {
	f, err := os.Create(file)
	if err != nil {
		return "", usageErr("--write-baseline: %v", err)
	}
	b := project.NewBaseline(rep.Diags, rep.Sources())
	if err := b.Write(f); err != nil {
		f.Close()
		return "", err
	}
	if err := f.Close(); err != nil {
		return "", err
	}
	return fmt.Sprintf("wrote %s: %s accepted", file, diag.Plural(len(rep.Diags), "problem")), nil
}

// baselineNote is the line check --baseline prints on stderr: how many
// known problems the baseline hid, and how many of its entries are fixed.
func baselineNote(file string, rep *check.Report) string {
	note := fmt.Sprintf("baseline %s: %s not shown", file, diag.Plural(rep.Known, "known problem"))
	if rep.Fixed > 0 {
		note += fmt.Sprintf(", %d fixed since (write it again with --write-baseline)", rep.Fixed)
	}
	return note
}
