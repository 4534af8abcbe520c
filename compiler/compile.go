package compiler

import (
	"fmt"
	"io/fs"
	"path"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/compiler/assets"
	"github.com/roundtable-dev/roundtable/compiler/cueval"
	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/compiler/link"
	"github.com/roundtable-dev/roundtable/compiler/source"
	"github.com/roundtable-dev/roundtable/compiler/vcache"
	"github.com/roundtable-dev/roundtable/internal/phrase"
	"github.com/roundtable-dev/roundtable/schema/core"
)

// Pack is one loaded pack folder.
type Pack struct {
	ID, Name, Version, GameID string
	Requires                  map[string]string
	Dir                       string // as displayed
	Embedded                  bool
	Game                      *Game
	Set                       *source.Set
	Doc                       *source.Document // pack.yaml's document
	Deps                      []*Pack          // resolved requires, set by Order
	// Fetched marks a pack loaded from a lock (vendor/ or the pack cache):
	// a dependency, whose warnings are its author's (QuietFetched).
	Fetched bool
	// Incomplete says a pack it requires is not loaded (set by Order):
	// its references to that pack cannot resolve, so checks that need
	// them keep quiet (StandsAlone).
	Incomplete bool
	// checkedBy is the schema that validated the documents while they were
	// loaded (source.LoadChecked), or nil; see precheck.
	checkedBy *cueval.Schema
	// cache is the pack's cache in store (check --cache), or nil;
	// cacheSchema is the hash of the schema its validation results are
	// made with.
	cache       *vcache.Pack
	store       *vcache.Store
	cacheSchema string
	// syntaxFiles are the files with a YAML syntax error or a document
	// without a kind: Compile reads the kinds and ids of their broken
	// documents (source.Recovered).
	syntaxFiles []string
}

// Doc is a content document that belongs to a pack.
type Doc struct {
	*source.Document
	Pack  *Pack
	ID    string // "" for kinds without ids or when the id is malformed
	Valid bool   // passed schema validation
	// Overrides is the pack-id/entity-id this document replaces, if any.
	Overrides    string
	OverridesPos diag.Pos

	entry *vcache.Entry // its file's cache entry, when loaded with a cache
	// cause is where the error that makes an invalid document invalid is
	// reported (its first schema error, its syntax error).
	cause diag.Pos

	posTree atomic.Pointer[yaml.Node] // see PosTree
}

// PosTree is the document's tree for finding where its values are written
// (diagnostic positions, paths into the document). A loaded document
// decodes a new tree on every Node call; this one is decoded once per
// compile and kept, so that a document with many problems costs its size
// once, not once per problem: a Battlecrest landmark with 80 starts of 80
// shortcuts each (a 107 KB file) took 27 s to check.
func (d *Doc) PosTree() *yaml.Node {
	if n := d.posTree.Load(); n != nil {
		return n
	}
	n := d.Node()
	d.posTree.Store(n)
	return n
}

// Broken reports whether the document is invalid: it does not parse, its
// kind is a typo of a kind, or it fails its schema. Its id still names it
// for link, so references to it are not reported again.
func (d *Doc) Broken() bool { return !d.Valid }

// IDPos is where the document's id is written.
func (d *Doc) IDPos() diag.Pos { return d.FieldPos("id") }

// Decode decodes the document into v (a struct with yaml tags) as
// yaml.v3 does, from the document's encoding (source.Document.Decode).
func (d *Doc) Decode(v any) error { return d.Document.Decode(v) }

var (
	coreOnce   sync.Once
	coreSchema *cueval.Schema
	coreErr    error
)

func packSchema() (*cueval.Schema, error) {
	coreOnce.Do(func() {
		coreSchema, coreErr = cueval.Compile(core.FS, "schema/core", map[string]string{"pack": "#Pack"})
	})
	return coreSchema, coreErr
}

// Loader loads packs, with an optional cache: the zero Loader has none.
// With a Store (check --cache), files whose stat or bytes did not change
// are taken from it, and a Compile of the packs may replay link and Build
// (Replayed) or the local steps of unchanged documents (Memoized). The
// store is the loader's alone: no other compile in the process sees it.
type Loader struct {
	Store *vcache.Store
	// Missing, when set, is asked about a missing-pack diagnostic: p
	// requires id, which is not loaded. It returns the hint ("" keeps the
	// usual one), and false when another diagnostic already says why id is
	// missing (one mistake, one error).
	Missing func(p *Pack, id string) (hint string, report bool)
}

// LoadPack is the zero Loader's LoadPack: no cache.
func LoadPack(fsys fs.FS, display string) (*Pack, diag.List) { return Loader{}.LoadPack(fsys, display) }

// LoadPack reads a pack folder: its pack.yaml and every YAML file under it.
// With a store, fsys must stay readable until the result is printed:
// source lines of files the cache vouched for are read on demand
// (source.Set.Source).
func (l Loader) LoadPack(fsys fs.FS, display string) (*Pack, diag.List) {
	return l.loadPack(fsys, display, false)
}

func (l Loader) loadPack(fsys fs.FS, display string, embedded bool) (*Pack, diag.List) {
	preGame, preSchema, check := precheck(fsys)
	cache, hash := l.openCache(display, embedded, preSchema)
	var store source.Store // nil, not a nil *vcache.Pack, without a cache
	if cache != nil {
		store = cache
	}
	set, diags := source.LoadCached(fsys, display, check, store)
	if !embedded {
		// The files render reads beside the YAML: stat'ed, never read.
		diags = append(diags, assets.Check(fsys, display)...)
	}
	p := &Pack{Dir: display, Set: set, cache: cache, store: l.Store, cacheSchema: hash}
	for _, d := range diags {
		if (d.Code == diag.CodeYAMLSyntax.ID || d.Code == diag.CodeMissingKind.ID) && !slices.Contains(p.syntaxFiles, d.Pos.File) {
			p.syntaxFiles = append(p.syntaxFiles, d.Pos.File)
		}
	}
	if cache != nil {
		// Compile saves the cache once it has added what it learns (one
		// write, not two); a pack that cannot be compiled is saved now.
		defer func() {
			if p.Game == nil {
				cache.Save()
			}
		}()
	}
	var packDocs []*source.Document
	for _, d := range set.Docs {
		if d.Kind == "pack" {
			packDocs = append(packDocs, d)
		}
	}
	if len(set.Docs) == 0 && diags.Errors() == 0 {
		diags.Add(diag.CodeNoContent, diag.Pos{File: display}, "no YAML content found in %s", display).Hint = "a pack is a folder with pack.yaml and *.yaml content files; `roundtable new pack DIR` makes one"
	}
	if len(packDocs) == 0 {
		file := joinDisplay(display, "pack.yaml")
		i := slices.IndexFunc(set.Docs, func(d *source.Document) bool { return d.File == file })
		switch {
		case i >= 0:
			// pack.yaml is there, with another kind (a typo of pack?).
			d := diags.Add(diag.CodeNoPack, set.Docs[i].FieldPos("kind"), "%s is kind %q; a pack's pack.yaml is kind: pack", file, set.Docs[i].Kind)
			d.Hint = "write `kind: pack`, then id, name, version and game"
		case slices.ContainsFunc(diags, func(d diag.Diagnostic) bool { return d.Pos.File == file }):
			// pack.yaml is there but does not parse: that error says it.
		case len(set.Docs) > 0:
			diags.Add(diag.CodeNoPack, diag.Pos{File: file}, "folder %s has no pack.yaml", display).Hint = "add pack.yaml with kind: pack, id, name, version and game"
		}
		return p, diags
	}
	for _, extra := range packDocs[1:] {
		d := diags.Add(diag.CodePack, extra.Pos(), "a pack folder has exactly one kind: pack document")
		d.Related = []diag.Related{{Pos: packDocs[0].Pos(), Message: "the first is here"}}
	}
	pd := packDocs[0]
	p.Doc = pd
	if path.Base(pd.File) != "pack.yaml" {
		diags.Add(diag.CodePack, pd.Pos(), "the pack document belongs in pack.yaml at the pack's root")
	}
	s, err := packSchema()
	if err != nil {
		diags.Add(diag.CodeIO, pd.Pos(), "internal: %v", err)
		return p, diags
	}
	ds := s.Validate(pd)
	diags = append(diags, ds...)
	if ds.Errors() > 0 {
		return p, diags
	}
	var meta struct {
		ID       string            `yaml:"id"`
		Name     string            `yaml:"name"`
		Version  string            `yaml:"version"`
		Game     string            `yaml:"game"`
		Requires map[string]string `yaml:"requires"`
	}
	if err := pd.Decode(&meta); err != nil {
		diags.Add(diag.CodeWrongType, pd.Pos(), "%v", err)
		return p, diags
	}
	p.ID, p.Name, p.Version, p.GameID, p.Requires = meta.ID, meta.Name, meta.Version, meta.Game, meta.Requires
	g, ok := Lookup(meta.Game)
	if !ok {
		d := diags.Add(diag.CodeWrongGame, pd.FieldPos("game"), "game %q has no compiler in this build of roundtable", meta.Game)
		if s := phrase.Suggest(meta.Game, GameIDs()); s != "" {
			d.Hint = fmt.Sprintf("did you mean %q?", s)
		} else {
			d.Hint = "games with a compiler: " + strings.Join(GameIDs(), ", ")
		}
		return p, diags
	}
	p.Game = g
	if g == preGame {
		p.checkedBy = preSchema
	}
	return p, diags
}

// precheck reads the game of the pack.yaml at the folder's root, if it can,
// and returns a check that validates each document against that game's
// schema while the loader still has its tree: validating afterwards would
// decode every document's tree once more (loaded documents keep only an
// encoding, see source.Document). It is an optimisation only: LoadPack
// still decides the pack's game from every kind: pack document found, and
// Compile uses the stored results only when they were made with the schema
// it validates with (cache_file.go); otherwise it validates as before.
func precheck(fsys fs.FS) (*Game, *cueval.Schema, source.Check) {
	fi, err := fs.Lstat(fsys, "pack.yaml")
	if err != nil || !fi.Mode().IsRegular() || fi.Size() > source.MaxFileSize {
		return nil, nil, nil
	}
	data, err := fs.ReadFile(fsys, "pack.yaml")
	if err != nil {
		return nil, nil, nil
	}
	docs, _ := source.Parse("pack.yaml", data)
	if len(docs) == 0 || docs[0].Kind != "pack" {
		return nil, nil, nil
	}
	gn := docs[0].Field("game")
	if gn == nil || gn.Kind != yaml.ScalarNode {
		return nil, nil, nil
	}
	g, ok := Lookup(gn.Value)
	if !ok {
		return nil, nil, nil
	}
	s, err := g.CompiledSchema()
	if err != nil {
		return nil, nil, nil
	}
	return g, s, func(d *source.Document, n *yaml.Node) (diag.List, bool) {
		// Pack documents take the core schema; a document with overrides:
		// is validated without that field (stripOverrides), so later.
		if d.Kind == "pack" || source.Lookup(n, OverridesKey) != nil {
			return nil, false
		}
		return s.ValidateTree(d, n), true
	}
}

func joinDisplay(dir, name string) string {
	if dir == "" || dir == "." {
		return name
	}
	return strings.TrimSuffix(dir, "/") + "/" + name
}

// BasePack is the zero Loader's BasePack: no cache.
func BasePack(g *Game) (*Pack, diag.List) { return Loader{}.BasePack(g) }

// BasePack loads the embedded base pack of a game.
func (l Loader) BasePack(g *Game) (*Pack, diag.List) {
	baseLoads.Add(1)
	p, diags := l.loadPack(g.Content, g.ContentDir, true)
	p.Embedded = true
	return p, diags
}

// Cache is the pack's cache (check --cache), or nil.
func (p *Pack) Cache() *vcache.Pack { return p.cache }

// baseLoads counts embedded base packs loaded (TestOrderLoadsOnlyRequiredBases).
var baseLoads atomic.Int64

// Origin is how a Result was produced.
type Origin int

const (
	// Built: link and every step of the game's Build ran on every
	// document. The Result has a Ruleset unless there were errors.
	Built Origin = iota
	// Replayed: link and Build did not run. With a cache (check --cache),
	// nothing they can observe changed since a run that stored their
	// outcome, so their diagnostics, Counts and Overrides are that run's
	// (cache_cutoff.go). There is no Ruleset.
	Replayed
	// Memoized: link and Build ran, but the local steps of some documents
	// (Local, MemoHits of them) did not: their stored outcome held. The
	// Build's ruleset is incomplete, so there is no Ruleset.
	Memoized
)

func (o Origin) String() string {
	switch o {
	case Built:
		return "built"
	case Replayed:
		return "replayed"
	case Memoized:
		return "memoized"
	}
	return fmt.Sprintf("Origin(%d)", int(o))
}

// Result is a compiled ruleset with what the summary reports.
type Result struct {
	Game  *Game
	Packs []*Pack
	// Origin says how the result was produced; only a Built one without
	// errors has a Ruleset.
	Origin  Origin
	Ruleset any            // nil unless Built without errors
	Counts  map[string]int // valid entities per kind
	// PackCounts are the valid entities per kind that each pack (as
	// Packs) defines itself: an override counts for the pack that wrote
	// it.
	PackCounts []map[string]int
	// Overrides lists the entities replaced by expansions.
	Overrides []Override
	Sources   func(file string) []byte
	// MemoHits counts the documents whose local Build steps were not run
	// (Memoized).
	MemoHits int
}

// Compile validates and builds packs of one game, in the order given (base
// packs first), through the stages of stages.go. Every problem of every
// stage is reported.
func Compile(packs []*Pack) (*Result, diag.List) { return compile(packs, nil) }

// firstError is the position of the first error of a document's results.
func firstError(l diag.List) diag.Pos {
	var first *diag.Diagnostic
	for i, d := range l {
		if d.Severity != diag.Error || d.Implied { // Fold drops an implied error
			continue
		}
		if first == nil || d.Pos.Line < first.Pos.Line || d.Pos.Line == first.Pos.Line && d.Pos.Col < first.Pos.Col {
			first = &l[i]
		}
	}
	if first == nil {
		return diag.Pos{}
	}
	return first.Pos
}

// addStubs adds the broken documents of the pack's files that do not
// parse (source.Recovered) to their kinds, in file order, invalid: their
// ids name them for link. It returns every document it read, with a kind
// or not (the build record hashes them).
func (p *Program) addStubs(pk *Pack) []*source.Document {
	if len(pk.syntaxFiles) == 0 {
		return nil
	}
	var read []*source.Document
	for _, f := range pk.syntaxFiles {
		data := pk.Set.Source(f)
		if data == nil {
			continue
		}
		for _, sd := range source.Recovered(f, data) {
			if sd.Kind == "" {
				// No kind: that of the file's other documents, when
				// they agree on one.
				for _, o := range pk.Set.Docs {
					if o.File == f && sd.Kind == "" {
						sd.Kind = o.Kind
					} else if o.File == f && o.Kind != sd.Kind {
						sd.Kind = "?"
					}
				}
			}
			kd, ok := p.Game.Kind(sd.Kind)
			read = append(read, sd)
			if !ok {
				continue
			}
			doc := &Doc{Document: sd, Pack: pk, cause: sd.Cause}
			// Before the first document after it in pack, file and
			// document order (the kinds of every pack are filed).
			docs := p.byKind[kd.Name]
			at, pi := len(docs), slices.Index(p.Packs, pk)
			for j, o := range docs {
				if oi := slices.Index(p.Packs, o.Pack); oi > pi || oi == pi && (o.File > sd.File || o.File == sd.File && o.Index > sd.Index) {
					at = j
					break
				}
			}
			p.byKind[kd.Name] = slices.Insert(docs, at, doc)
		}
	}
	return read
}

// BrokenID reports whether the entity of a kind with this id (in any
// pack) is broken: a check that needs it (Anna's shapestone check needs
// the shapeshifter tag) says nothing rather than a wrong thing.
func (p *Program) BrokenID(kind, id string) bool {
	for _, d := range p.byKind[kind] {
		if !d.Valid && d.ID == id {
			return true
		}
	}
	return false
}

// Broken returns the documents of a kind that fail their schema (or whose
// kind is a typo of it) but parse, in pack and file order. A game checks
// the references of these too, and keeps only what RefsOnly keeps: a
// schema error in one field must not hide a typo in another, while its
// other checks of a broken document would only repeat the schema error.
func (p *Program) Broken(kind string) []*Doc {
	var out []*Doc
	for _, d := range p.byKind[kind] {
		if !d.Valid && !d.Stub && d.Overrides == "" && d.ID != "" {
			out = append(out, d)
		}
	}
	return out
}

// RefsOnly keeps the reference errors of a list (unknown and ambiguous
// references): what a game reports of a Broken document.
func RefsOnly(l diag.List) diag.List {
	return slices.DeleteFunc(l, func(d diag.Diagnostic) bool {
		return d.Code != diag.CodeUnknownRef.ID && d.Code != CodeAmbiguousRef.ID
	})
}

// Mentioned reports whether a broken document may name id: one of its
// values is id, or, for one that does not parse, its text has id as a
// word. A check that an entity is unused asks it before it warns: the
// broken document may be what uses it.
func (p *Program) Mentioned(id string) bool {
	if p.mentioned == nil {
		p.mentioned = map[string]bool{}
		for _, k := range p.Game.Kinds {
			for _, d := range p.byKind[k.Name] {
				if d.Valid {
					continue
				}
				if d.Stub {
					for _, w := range strings.FieldsFunc(d.Text, func(r rune) bool {
						return !(r == '-' || r == '_' || r == '/' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
					}) {
						p.mentioned[w] = true
					}
					continue
				}
				scalars(d.Node(), p.mentioned)
			}
		}
	}
	return p.mentioned[id]
}

func scalars(n *yaml.Node, into map[string]bool) {
	if n == nil {
		return
	}
	if n.Kind == yaml.ScalarNode {
		into[n.Value] = true
	}
	for _, c := range n.Content {
		scalars(c, into)
	}
}

// markFollowOns gives each diagnostic of link and Build whose code reads a
// kind (diag.Code.Reads) of which a document is broken the cause of the
// first such document, so that List.Fold folds it under that error.
func (p *Program) markFollowOns(l diag.List) {
	broken := map[string]diag.Pos{}
	var any *diag.Pos
	for _, k := range p.Game.Kinds {
		for _, d := range p.byKind[k.Name] {
			if !d.Valid && d.cause.File != "" {
				broken[k.Name] = d.cause
				if any == nil {
					c := d.cause
					any = &c
				}
				break
			}
		}
	}
	if len(broken) == 0 {
		return
	}
	for i := range l {
		if l[i].Cause != nil {
			continue
		}
		c, ok := diag.Lookup(l[i].Code)
		if !ok {
			continue
		}
		for _, k := range c.Reads {
			if k == "*" && any != nil {
				l[i].Cause = any
				break
			}
			if pos, ok := broken[k]; ok {
				l[i].Cause = &pos
				break
			}
		}
	}
}

// readIDs sets the ids of the documents of kinds with ids, on every core
// (after a replay, which needs none of them). An id that is a string to
// the schema but not a plain one (a local tag: id: !mine x) would decode
// for the game yet name nothing for link: it is reported, and the
// document counts as invalid.
func (p *Program) readIDs(diags *diag.List) {
	var docs []*Doc
	for _, k := range p.Game.Kinds {
		if !k.NoID {
			docs = append(docs, p.byKind[k.Name]...)
		}
	}
	const batch = 256
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), (len(docs)+batch-1)/batch) {
		wg.Go(func() {
			for {
				start := int(next.Add(batch)) - batch
				if start >= len(docs) {
					return
				}
				for _, d := range docs[start:min(start+batch, len(docs))] {
					d.ID = d.StrField("id")
				}
			}
		})
	}
	wg.Wait()
	for _, d := range docs {
		if d.ID != "" || !d.Valid {
			continue
		}
		if n := d.Field("id"); n != nil && n.Kind == yaml.ScalarNode && n.Tag != "!!str" {
			dd := diags.Add(diag.CodeWrongType, d.FieldPos("id"), "%s id %q is tagged %s; an id must be a plain string", d.Kind, n.Value, n.Tag)
			dd.Hint = fmt.Sprintf("write id: %s without the tag", n.Value)
			d.Valid = false
		}
	}
}

// Program is what a game's Build step sees: the documents of every kind,
// in pack and file order, and one symbol table per kind.
type Program struct {
	Game   *Game
	Packs  []*Pack
	byKind map[string][]*Doc
	tables map[string]*link.Table

	// Set by link (packs.go): scoped ids, overrides and the valid lists.
	valid     map[string][]*Doc
	scopes    map[string]*scope
	files     map[string]*Pack
	reach     map[*Pack][][]*Pack
	depsOf    map[*Pack][]*Pack
	overrides []Override

	memo *memo // check --cache: stored outcomes of local steps (cache_memo.go)
	// step is the build step running (Steps), locals how many Local calls
	// it made: the memo's key (memoKey).
	step   string
	locals int
	obs    Observer

	mentioned map[string]bool // values of broken documents (Mentioned)
}

// All returns every document of a kind, valid or not.
func (p *Program) All(kind string) []*Doc { return p.byKind[kind] }

// Valid returns the documents of a kind that passed schema validation, in
// pack and file order, without duplicates and with overridden entities
// replaced in place by their replacements.
func (p *Program) Valid(kind string) []*Doc { return p.valid[kind] }

// Table returns the symbol table of a kind: the ids of Valid(kind), in that
// order (an id that two unrelated packs define is entered as pack-id/id the
// second time).
func (p *Program) Table(kind string) *link.Table { return p.tables[kind] }

// Resolve returns the index among Valid(kind) of the entity a reference
// names, or -1. The reference is read from the pack of the file at pos: a
// bare id resolves to the nearest pack that defines it (the pack itself,
// then along requires); pack-id/entity-id is always accepted. An unknown id
// is reported with a did-you-mean hint; one defined by an invalid document
// is not reported again.
func (p *Program) Resolve(kind, id string, pos diag.Pos, what string, diags *diag.List) int {
	i := p.resolve(kind, id, pos, what, diags)
	if p.obs != nil {
		var target *Doc
		if i >= 0 {
			target = p.valid[kind][i]
		}
		p.obs.Ref(kind, id, pos, target)
	}
	return i
}

// Decode decodes a valid document into T (a struct with yaml tags),
// reporting a failure as a wrong-type diagnostic at the document.
func Decode[T any](d *Doc, diags *diag.List) (T, bool) {
	var v T
	if err := d.Decode(&v); err != nil {
		diags.Add(diag.CodeWrongType, d.Pos(), "%s %s: %v", d.Kind, d.ID, err)
		return v, false
	}
	return v, true
}
