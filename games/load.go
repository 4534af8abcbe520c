package games

import (
	"io"
	"strings"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/check"
	"github.com/roundtable-dev/roundtable/compiler/diag"
)

// LoadSets loads pack folders (or, with none, every game's embedded base
// pack) and groups them per game in dependency order, as a check reads
// them (check.Load).
func LoadSets(dirs []string) ([][]*compiler.Pack, diag.List, error) {
	sets, diags, closeRoots, err := LoadSetsOpen(dirs, compiler.Loader{})
	if err == nil {
		closeRoots()
	}
	return sets, diags, err
}

// LoadSetsOpen is LoadSets with a loader that leaves the pack folders open
// until closeRoots is called (check.Loaded.Close). A folder that cannot be
// read is a usage error.
func LoadSetsOpen(dirs []string, l compiler.Loader) (sets [][]*compiler.Pack, diags diag.List, closeRoots func(), err error) {
	ld, err := check.Load(check.Input{Sources: check.Dirs(dirs...), Loader: l})
	if err != nil {
		return nil, nil, func() {}, Usage("%v", err)
	}
	return ld.Sets, ld.Diags, ld.Close, nil
}

// PackFolders, SearchSkips, PackRoots and InFolder are check's: how a
// folder a user names is read as packs.
var (
	PackFolders = check.PackFolders
	SearchSkips = check.SearchSkips
	PackRoots   = check.PackRoots
	InFolder    = check.InFolder
)

// Sources finds the bytes of a file among compiled results, for printing
// source lines under diagnostics.
func Sources(results []*compiler.Result) diag.Sources { return check.Sources(results) }

// Rules is the game's ruleset: its base content when dirs is empty;
// otherwise the pack folders checked (check.Run, with the embedded base
// packs they require). Content errors are printed to w (as text) and
// reported as ErrContent.
func (g *Game) Rules(dirs []string, w io.Writer) (any, error) {
	if len(dirs) == 0 {
		return g.Base(), nil
	}
	rep, err := check.Run(check.Input{Sources: check.Dirs(dirs...)})
	if err != nil {
		return nil, Usage("%v", err)
	}
	defer rep.Close()
	if rep.Diags.Errors() > 0 {
		_ = diag.Print(w, "text", rep.Diags, rep.Sources())
		return nil, ErrContent
	}
	for _, res := range rep.Results {
		if res.Game != nil && res.Game.ID == g.ID && res.Ruleset != nil {
			return res.Ruleset, nil
		}
	}
	return nil, Usage("no %s pack among %s", g.ID, strings.Join(dirs, ", "))
}
