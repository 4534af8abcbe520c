// Package check is the one answer to "what does a check of these folders
// report": roundtable check, check --watch, gen, render, play's --pack,
// the language server (compiler/lsp) and the studio (games/studio) all
// call Run, and print or show its Report. A Report is the compile of
// every game's packs (compiler.Compile) with, in this order: what stands
// alone of a game whose required pack is missing (compiler.StandsAlone),
// no warnings of locked packs (compiler.QuietFetched), the list sorted
// and folded, what each pack's roundtable.yaml and inline suppressions
// say (project.Apply, with the configs' own problems), related places in
// embedded base packs named pack-id:path, the problems outside the
// files asked about left out (Input.Limit), and those a baseline accepts
// (Input.Baseline).
//
// Sources are folders on disk or any fs.FS (the language server's, which
// lays the editor's unsaved buffers over the disk); files found by path
// rather than in a source (roundtable.yaml above a pack) are read through
// Input.ReadFile.
package check

import (
	"io/fs"
	"slices"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/compiler/project"
)

// Source is a folder to check.
type Source struct {
	// Dir is the folder as named: the positions of its files start with
	// it (slash-separated and cleaned).
	Dir string
	// FS holds its files. nil: the folder on disk (os.OpenRoot), and a
	// folder without pack.yaml is the packs below it (PackFolders); with
	// an FS the source is one pack folder.
	FS fs.FS
}

// Dirs are folders on disk as sources.
func Dirs(dirs ...string) []Source {
	out := make([]Source, len(dirs))
	for i, d := range dirs {
		out[i] = Source{Dir: d}
	}
	return out
}

// Input is what to check and how.
type Input struct {
	// Sources are the folders; none: every game's embedded base pack.
	Sources []Source
	// Loader loads the packs; its Store is check --cache's (the zero
	// Loader has none).
	Loader compiler.Loader
	// Observer sees the references Build resolves (the language server's
	// index, the studio's "referenced by"); nil: none.
	Observer compiler.Observer
	// ReadFile reads a file found by path (the roundtable.yaml governing
	// a pack, at its root or above it); nil: os.ReadFile.
	ReadFile func(name string) ([]byte, error)
	// Limit, when set, keeps only the problems of these files or folders
	// (display paths); Report.Outside counts the others.
	Limit []string
	// Baseline, when set, drops the problems it accepts.
	Baseline *project.Baseline
}

// Report is the outcome of a check.
type Report struct {
	// Results are the compiled games, one per set of packs.
	Results []*compiler.Result
	// Diags are the problems reported, sorted.
	Diags diag.List
	// Configs are the roundtable.yaml files that govern the packs, as
	// absolute paths: what a watcher watches besides the pack folders.
	Configs []string
	// Outside counts the problems Limit left out.
	Outside int
	// Known counts the problems the baseline accepted, Fixed its entries
	// that matched none.
	Known, Fixed int
	loaded       *Loaded
}

// Sources reads the files of the report, for printing source lines.
func (r *Report) Sources() diag.Sources { return Sources(r.Results) }

// Close closes the pack folders; see Loaded.Close.
func (r *Report) Close() {
	if r.loaded != nil {
		r.loaded.Close()
	}
}

// Sources finds the bytes of a file among compiled results.
func Sources(results []*compiler.Result) diag.Sources {
	return func(file string) []byte {
		for _, r := range results {
			if b := r.Sources(file); b != nil {
				return b
			}
		}
		return nil
	}
}

// Run checks the sources. The error is a folder that cannot be read;
// content problems are the Report's. Close the report once printed.
func Run(in Input) (*Report, error) {
	l, err := Load(in)
	if err != nil {
		return nil, err
	}
	r := &Report{loaded: l}
	diags := l.Diags
	for _, set := range l.Sets {
		res, ds := compiler.CompileObserved(set, in.Observer)
		if slices.ContainsFunc(set, func(p *compiler.Pack) bool { return p.Incomplete }) {
			// Without the required pack every reference to it fails and the
			// game's checks miss its entities: a typo in requires buried its
			// own error under dozens. Keep what stands alone.
			ds = slices.DeleteFunc(ds, func(d diag.Diagnostic) bool { return !compiler.StandsAlone(d.Code) })
		}
		diags = append(diags, compiler.QuietFetched(set, ds)...)
		r.Results = append(r.Results, res)
	}
	diags = qualifyRelated(r.Results, r.applyProject(diags.Sort().Fold()))
	if in.Limit != nil {
		diags, r.Outside = limit(diags, in.Limit)
	}
	if in.Baseline != nil {
		diags, r.Known, r.Fixed = in.Baseline.Filter(diags, r.Sources())
	}
	r.Diags = diags
	return r, nil
}

// limit keeps the problems of the files or folders in scope.
func limit(l diag.List, scope []string) (kept diag.List, out int) {
	kept = make(diag.List, 0, len(l))
	for _, d := range l {
		if slices.ContainsFunc(scope, func(s string) bool { return InFolder(d.Pos.File, s) }) {
			kept = append(kept, d)
		} else {
			out++
		}
	}
	return kept, out
}
