package compiler

import (
	"fmt"
	"slices"
	"strings"

	"github.com/roundtable-dev/roundtable/compiler/cueval"
	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/compiler/link"
	"github.com/roundtable-dev/roundtable/compiler/source"
	"github.com/roundtable-dev/roundtable/internal/phrase"
)

// Compile is a table of named stages, as OPA's compiler runs its stage
// table and as a game's build is a table of steps (Steps): each stage says
// which stages it needs before it, and the table's order is checked
// against those needs (TestCompileStagesFollowTheirNeeds). The cache
// layers are not called between the stages: each is a list of hooks at
// stage boundaries (cache.go).

// stage is one stage of Compile.
type stage struct {
	Step[*compilation]
	// Recorded says the build record (cache_cutoff.go) holds the stage's
	// outcome: when a hook replays it, the stage is not run.
	Recorded bool
}

// stages are Compile's stages, in the order they run.
var stages = []stage{
	{Step: Step[*compilation]{Name: "strip-overrides", Run: (*compilation).stripOverrides}},
	{Step: Step[*compilation]{Name: "validate", Needs: []string{"strip-overrides"}, Run: (*compilation).validate}},
	{Step: Step[*compilation]{Name: "kinds", Needs: []string{"validate"}, Run: (*compilation).kinds}},
	{Step: Step[*compilation]{Name: "stubs", Needs: []string{"kinds"}, Run: (*compilation).stubs}},
	{Step: Step[*compilation]{Name: "read-ids", Needs: []string{"kinds", "stubs"}, Run: (*compilation).readIDs}, Recorded: true},
	{Step: Step[*compilation]{Name: "link", Needs: []string{"read-ids"}, Run: (*compilation).link}, Recorded: true},
	{Step: Step[*compilation]{Name: "build", Needs: []string{"link"}, Run: (*compilation).build}, Recorded: true},
	{Step: Step[*compilation]{Name: "follow-ons", Needs: []string{"build"}, Run: (*compilation).followOns}},
}

// StageNames lists Compile's stages in the order they run.
func StageNames() []string {
	names := make([]string, len(stages))
	for i, st := range stages {
		names[i] = st.Name
	}
	return names
}

// compilation is one Compile passing through the stages.
type compilation struct {
	game   *Game
	schema *cueval.Schema
	packs  []*Pack
	prog   *Program
	res    *Result
	diags  diag.List

	// By pack (as packs), for the packs of the game: its content
	// documents without overrides: (strip-overrides), what each overrides,
	// and each one's validation results (validate).
	docs      [][]*source.Document
	overrides [][]overrideRef
	results   [][]diag.List
	// known marks the results the per-file cache held (cache_file.go):
	// validate does not run on those documents.
	known [][]bool
	// stubbed are the broken documents stubs read from files that do not
	// parse, in order.
	stubbed []*source.Document
	// linked is where link's and Build's diagnostics start in diags.
	linked  int
	ruleset any
	// replayed: a hook restored what the Recorded stages decide.
	replayed bool

	cache compileCaches // the cache layers' state (cache.go)
}

// compile validates and builds packs of one game: the stages in order,
// with the cache layers' hooks at their boundaries. Every problem of
// every stage is reported.
func compile(packs []*Pack, obs Observer) (*Result, diag.List) {
	c := &compilation{packs: packs, res: &Result{Counts: map[string]int{}, Packs: packs}}
	defer c.hooks(atEnd, "")
	c.res.Sources = func(file string) []byte {
		for _, p := range packs {
			if b := p.Set.Source(file); b != nil {
				return b
			}
		}
		return nil
	}
	for _, p := range packs {
		if p.Game == nil {
			continue
		}
		if c.game == nil {
			c.game = p.Game
		} else if c.game != p.Game {
			c.diags.Add(diag.CodePack, p.Doc.FieldPos("game"), "pack %s is for game %s, but %s is for %s; check one game at a time", p.ID, p.GameID, packs[0].ID, c.game.ID)
		}
	}
	g := c.game
	if g == nil {
		return c.res, c.diags
	}
	c.res.Game = g
	schema, err := g.CompiledSchema()
	if err != nil {
		c.diags.Add(diag.CodeIO, diag.Pos{File: "schema/" + g.ID}, "internal: %v", err)
		return c.res, c.diags
	}
	c.schema = schema
	c.prog = &Program{Game: g, Packs: packs, byKind: map[string][]*Doc{}, tables: map[string]*link.Table{}, obs: obs}
	for _, k := range g.Kinds {
		c.prog.tables[k.Name] = link.NewTable(k.Name)
	}
	n := len(packs)
	c.docs, c.overrides, c.results, c.known = make([][]*source.Document, n), make([][]overrideRef, n), make([][]diag.List, n), make([][]bool, n)
	c.hooks(atStart, "")
	for _, st := range stages {
		c.hooks(before, st.Name)
		if c.replayed && st.Recorded {
			continue
		}
		st.Run(c)
		c.hooks(after, st.Name)
	}
	return c.res, c.diags
}

// ofGame reports whether the i-th pack is of the game compiled.
func (c *compilation) ofGame(i int) bool { return c.packs[i].Game == c.game }

// stripOverrides takes the overrides: field off each content document.
func (c *compilation) stripOverrides() {
	for i, p := range c.packs {
		if !c.ofGame(i) {
			continue
		}
		docs := slices.DeleteFunc(slices.Clone(p.Set.Docs), func(d *source.Document) bool { return d.Kind == "pack" })
		c.docs[i], c.overrides[i] = stripOverrides(docs, &c.diags)
	}
}

// validate validates every document whose results the per-file cache did
// not hold, on every core.
func (c *compilation) validate() {
	for i, p := range c.packs {
		if !c.ofGame(i) {
			continue
		}
		docs := c.docs[i]
		if c.known[i] == nil {
			c.results[i] = validateParallel(c.schema, p, docs)
			continue
		}
		var todo []*source.Document
		var idx []int
		for k, d := range docs {
			if !c.known[i][k] {
				todo = append(todo, d)
				idx = append(idx, k)
			}
		}
		for k, r := range validateParallel(c.schema, p, todo) {
			c.results[i][idx[k]] = r
		}
	}
}

// kinds files each document under its kind, with its validity, override
// and cache entry; a kind the game does not have is reported (a typo of a
// kind files the document, broken, under that kind, so that references to
// its id are not reported too).
func (c *compilation) kinds() {
	g, prog := c.game, c.prog
	for i, p := range c.packs {
		if !c.ofGame(i) {
			continue
		}
		docs, results, overrides := c.docs[i], c.results[i], c.overrides[i]
		block := make([]Doc, len(docs)) // one allocation, not one per document
		n := 0
		for _, r := range results {
			n += len(r)
		}
		c.diags = slices.Grow(c.diags, n) // a hostile pack's 600,000: one allocation, not twenty
		names, entries, k := p.Set.Names, p.Set.Entries, 0
		if p.cache == nil || len(entries) != len(names) {
			names = nil
		}
		for j, sd := range docs {
			kd, ok := g.Kind(sd.Kind)
			if !ok {
				d := c.diags.Add(diag.CodeUnknownKind, sd.FieldPos("kind"), "unknown kind %q for game %s", sd.Kind, g.ID)
				if s := phrase.Suggest(sd.Kind, g.KindNames()); s != "" {
					d.Hint = fmt.Sprintf("did you mean %q?", s)
					kd, _ = g.Kind(s)
					block[j] = Doc{Document: sd, Pack: p, cause: d.Pos}
					prog.byKind[kd.Name] = append(prog.byKind[kd.Name], &block[j])
				} else {
					d.Hint = "kinds of " + g.ID + ": " + strings.Join(g.KindNames(), ", ")
				}
				continue
			}
			doc := &block[j]
			*doc = Doc{Document: sd, Pack: p, Valid: results[j].Errors() == 0, Overrides: overrides[j].ref, OverridesPos: overrides[j].pos}
			if !doc.Valid {
				doc.cause = firstError(results[j])
			}
			// Documents come in file order: the file's cache entry
			// without hashing its name (for the memo).
			for k < len(names) && names[k] != sd.File {
				k++
			}
			if k < len(names) {
				doc.entry = entries[k]
			} else {
				k = 0
			}
			c.diags = append(c.diags, results[j]...)
			prog.byKind[kd.Name] = append(prog.byKind[kd.Name], doc)
		}
	}
}

// stubs adds the broken documents of the files that do not parse.
func (c *compilation) stubs() {
	for i, p := range c.packs {
		if c.ofGame(i) {
			c.stubbed = append(c.stubbed, c.prog.addStubs(p)...)
		}
	}
	c.linked = len(c.diags)
}

// readIDs reads the ids of the documents of kinds with ids.
func (c *compilation) readIDs() { c.prog.readIDs(&c.diags) }

// link builds the symbol tables, the packs' scopes and the overrides, and
// counts the valid entities.
func (c *compilation) link() {
	prog, res := c.prog, c.res
	prog.link(&c.diags)
	res.Overrides = prog.overrides
	res.PackCounts = make([]map[string]int, len(c.packs))
	for i := range c.packs {
		res.PackCounts[i] = map[string]int{}
	}
	for _, k := range c.game.Kinds {
		res.Counts[k.Name] = len(prog.Valid(k.Name))
		for _, d := range prog.Valid(k.Name) {
			if i := slices.Index(c.packs, d.Pack); i >= 0 {
				res.PackCounts[i][k.Name]++
			}
		}
	}
}

// build runs the game's build steps; it runs when link reported errors
// too, so that the consistency errors of valid documents are reported in
// the same run.
func (c *compilation) build() {
	rs, more := c.game.Build.run(c.prog)
	c.diags = append(c.diags, more...)
	c.ruleset = rs
}

// followOns folds the problems of link and Build that a broken document
// causes under its error, and keeps the ruleset of a clean Built compile.
func (c *compilation) followOns() {
	c.prog.markFollowOns(c.diags[c.linked:])
	if c.diags.Errors() == 0 && c.res.Origin == Built {
		c.res.Ruleset = c.ruleset
	}
}
