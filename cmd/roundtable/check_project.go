package main

import (
	"fmt"
	"os"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/compiler/project"
)

// applyProject applies what each pack folder's roundtable.yaml and inline
// suppressions say to a sorted, folded list (project.Apply), and adds the
// configs' own problems, once per config file.
func applyProject(results []*compiler.Result, diags diag.List) diag.List {
	var scopes []project.Scope
	var configDiags diag.List
	seen := map[string]bool{}
	for _, r := range results {
		for _, p := range r.Packs {
			if p.Embedded || p.Dir == "" {
				continue
			}
			sc := project.Scope{Dir: p.Dir}
			if p.Set != nil {
				sc.Ignores = p.Set.Ignores
			}
			c, ds := project.Find(p.Dir)
			if c != nil && !seen[c.File] {
				seen[c.File] = true
				configDiags = append(configDiags, ds...)
			} else if c == nil {
				configDiags = append(configDiags, ds...)
			}
			sc.Config = c
			scopes = append(scopes, sc)
		}
	}
	if len(scopes) == 0 {
		return diags
	}
	return project.Apply(append(diags, configDiags...), scopes)
}

// baselineStep writes the baseline of diags to write (when set), or drops
// the problems the baseline file base accepts (when set). note is the
// summary's line about it ("" none).
func baselineStep(diags diag.List, src diag.Sources, base, write string) (kept diag.List, note string, err error) {
	if write != "" {
		f, err := os.Create(write)
		if err != nil {
			return nil, "", usageErr("--write-baseline: %v", err)
		}
		b := project.NewBaseline(diags, src)
		if err := b.Write(f); err != nil {
			f.Close()
			return nil, "", err
		}
		if err := f.Close(); err != nil {
			return nil, "", err
		}
		return nil, fmt.Sprintf("wrote %s: %s accepted", write, diag.Plural(len(diags), "problem")), nil
	}
	if base == "" {
		return diags, "", nil
	}
	b, err := project.ReadBaseline(base)
	if err != nil {
		return nil, "", usageErr("--baseline: %v", err)
	}
	kept, known, fixed := b.Filter(diags, src)
	note = fmt.Sprintf("baseline %s: %s not shown", base, diag.Plural(known, "known problem"))
	if fixed > 0 {
		note += fmt.Sprintf(", %d fixed since (write it again with --write-baseline)", fixed)
	}
	return kept, note, nil
}
