package check

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/compiler/project"
)

// applyProject applies what each pack folder's roundtable.yaml and inline
// suppressions say to a sorted, folded list (project.Apply), and adds the
// configs' own problems, once per config file.
func (r *Report) applyProject(diags diag.List) diag.List {
	var scopes []project.Scope
	var configDiags diag.List
	seen := map[string]bool{}
	for _, res := range r.Results {
		for _, p := range res.Packs {
			if p.Embedded || p.Dir == "" {
				continue
			}
			sc := project.Scope{Dir: p.Dir}
			if p.Set != nil {
				sc.Ignores = p.Set.Ignores
			}
			f := r.loaded.config(p.Dir)
			c := f.cfg
			if c != nil && !seen[c.File] {
				seen[c.File] = true
				configDiags = append(configDiags, f.diags...)
				r.Configs = append(r.Configs, filepath.Join(c.Dir, project.FileName))
			} else if c == nil {
				configDiags = append(configDiags, f.diags...)
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

// qualifyRelated names the places in embedded base packs that diagnostics
// of the user's packs point to as pack-id:path (annas-base:units/blue.yaml):
// content/annas/... is a path in roundtable's repository, which a modder
// does not have. The hint says how to see the file.
func qualifyRelated(results []*compiler.Result, diags diag.List) diag.List {
	type base struct{ dir, id, game string }
	var bases []base
	for _, r := range results {
		for _, p := range r.Packs {
			if p.Embedded && p.Dir != "" {
				bases = append(bases, base{strings.TrimSuffix(p.Dir, "/") + "/", p.ID, p.GameID})
			}
		}
	}
	if len(bases) == 0 {
		return diags
	}
	inBase := func(file string) *base {
		for i := range bases {
			if strings.HasPrefix(file, bases[i].dir) {
				return &bases[i]
			}
		}
		return nil
	}
	for i := range diags {
		d := &diags[i]
		if len(d.Related) == 0 || inBase(d.Pos.File) != nil {
			continue
		}
		var hinted []string
		for j, r := range d.Related {
			b := inBase(r.Pos.File)
			if b == nil {
				continue
			}
			rel := slices.Clone(d.Related)
			rel[j].Pos.File = b.id + ":" + strings.TrimPrefix(r.Pos.File, b.dir)
			d.Related = rel
			if !slices.Contains(hinted, b.id) {
				hinted = append(hinted, b.id)
				more := fmt.Sprintf("%s is built into roundtable: `roundtable base export --game %s DIR` writes its files", b.id, b.game)
				if d.Hint == "" {
					d.Hint = more
				} else {
					d.Hint += "; " + more
				}
			}
		}
	}
	return diags
}
