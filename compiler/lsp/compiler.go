package lsp

import (
	"io/fs"
	"slices"
	"sync"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/compiler/vcache"
)

// This file is the only one that loads, orders and compiles packs: the
// server sees the compiler through check and its result, so that a change
// of the compiler's loading API is a change here.

// packSource is a pack folder to check: its display path (diagnostics'
// files start with it) and its file system.
type packSource struct {
	dir  string
	fsys fs.FS
}

// docKey names a document: its file (display path) and index in the file.
type docKey struct {
	file  string
	index int
}

// docInfo is what the server knows of one document.
type docInfo struct {
	key      docKey
	kind, id string
	pack     string // pack id
	game     string
	idPos    diag.Pos // where its id is written (the document's start when none)
	start    int      // line of its first key
	embedded bool
}

// entity names an entity as link does: kind, and pack-id/entity-id.
type entity struct {
	kind, pack, id string
}

// refInfo is one reference Build resolved.
type refInfo struct {
	kind, ref string
	pos       diag.Pos
	target    entity // zero when it names nothing
	ok        bool
}

// packInfo is a loaded pack.
type packInfo struct {
	id, dir, game string
	embedded      bool
	deps          []string // pack ids it builds on, nearest first
}

// checked is the outcome of one check of every pack.
type checked struct {
	diags diag.List
	docs  map[string][]docInfo // by file, in order
	refs  []refInfo
	// reused lists the documents whose references were not resolved again
	// (compiler.Observer.Reused), and replayed the files of packs whose
	// link and Build were replayed: their references are as before.
	reused   map[docKey]bool
	replayed map[string]bool
	packs    []packInfo
	source   func(file string) []byte
}

// observer collects what Build resolves.
type observer struct {
	mu     sync.Mutex
	refs   []refInfo
	reused map[docKey]bool
}

func (o *observer) Ref(kind, ref string, pos diag.Pos, target *compiler.Doc) {
	r := refInfo{kind: kind, ref: ref, pos: pos}
	if target != nil && target.Pack != nil {
		r.target, r.ok = entity{kind: kind, pack: target.Pack.ID, id: target.ID}, true
	}
	o.mu.Lock()
	o.refs = append(o.refs, r)
	o.mu.Unlock()
}

func (o *observer) Reused(d *compiler.Doc) {
	o.mu.Lock()
	o.reused[docKey{d.File, d.Index}] = true
	o.mu.Unlock()
}

// docCache keeps the docInfos of a file while its content key holds.
type docCache struct {
	mu    sync.Mutex
	files map[string]docCacheEntry
}

type docCacheEntry struct {
	key  string
	docs []docInfo
}

// openCache readies the check's cache folder: kept in memory between
// checks as well as on disk (vcache.KeepInMemory).
func openCache(dir string) { vcache.KeepInMemory(dir) }

// check loads packs with a cache in cacheDir (check --cache's), orders
// them with the embedded base packs they require, and compiles each game's
// set. Diagnostics are those of roundtable check on the same folders.
func check(srcs []packSource, cacheDir string, dc *docCache) checked {
	var diags diag.List
	var packs []*compiler.Pack
	for _, s := range srcs {
		p, ds := compiler.LoadPackCached(s.fsys, s.dir, cacheDir)
		diags = append(diags, ds...)
		packs = append(packs, p)
	}
	sets, ds := compiler.OrderCached(packs, cacheDir)
	diags = append(diags, ds...)
	missing := map[string]bool{}
	for _, d := range diags {
		if d.Code == compiler.CodeMissingPack {
			missing[d.Pos.File] = true
		}
	}
	obs := &observer{reused: map[docKey]bool{}}
	out := checked{reused: obs.reused, replayed: map[string]bool{}, docs: map[string][]docInfo{}}
	var results []*compiler.Result
	for _, set := range sets {
		res, ds := compiler.CompileObserved(set, obs)
		if slices.ContainsFunc(set, func(p *compiler.Pack) bool { return p.Doc != nil && missing[p.Doc.File] }) {
			// As check does: without a required pack, keep only what
			// stands alone (cmd/roundtable/check.go).
			ds = slices.DeleteFunc(ds, func(d diag.Diagnostic) bool { return !standsAlone[d.Code] })
		}
		diags = append(diags, ds...)
		results = append(results, res)
		for _, p := range set {
			info := packInfo{id: p.ID, dir: p.Dir, game: p.GameID, embedded: p.Embedded}
			for _, d := range depsOf(p) {
				info.deps = append(info.deps, d.ID)
			}
			out.packs = append(out.packs, info)
			if p.Set == nil {
				continue
			}
			if res.Replayed {
				for _, f := range p.Set.Names {
					out.replayed[f] = true
				}
			}
			dc.docsOf(p, out.docs)
		}
	}
	out.diags = diags.Sort()
	out.refs = obs.refs
	out.source = func(file string) []byte {
		for _, r := range results {
			if b := r.Sources(file); b != nil {
				return b
			}
		}
		return nil
	}
	return out
}

// depsOf lists what a pack builds on, nearest first, each once.
func depsOf(p *compiler.Pack) []*compiler.Pack {
	var out []*compiler.Pack
	seen := map[*compiler.Pack]bool{p: true}
	for cur := []*compiler.Pack{p}; len(cur) > 0; {
		var next []*compiler.Pack
		for _, q := range cur {
			for _, d := range q.Deps {
				if !seen[d] {
					seen[d] = true
					out = append(out, d)
					next = append(next, d)
				}
			}
		}
		cur = next
	}
	return out
}

// docsOf adds a pack's documents to docs (by file), reusing those of files
// whose content key did not change.
func (dc *docCache) docsOf(p *compiler.Pack, out map[string][]docInfo) {
	dc.mu.Lock()
	defer dc.mu.Unlock()
	if dc.files == nil {
		dc.files = map[string]docCacheEntry{}
	}
	aligned := len(p.Set.Entries) == len(p.Set.Names)
	docs := p.Set.Docs
	for i, n := 0, 0; i < len(docs); {
		file := docs[i].File
		j := i
		for j < len(docs) && docs[j].File == file {
			j++
		}
		key := ""
		for aligned && n < len(p.Set.Names) && p.Set.Names[n] < file {
			n++
		}
		if aligned && n < len(p.Set.Names) && p.Set.Names[n] == file && p.Set.Entries[n] != nil {
			key = p.Set.Entries[n].Key
		} else {
			key = p.Set.Key(file)
		}
		if e, ok := dc.files[file]; ok && key != "" && e.key == key && len(e.docs) == j-i && (len(e.docs) == 0 || e.docs[0].pack == p.ID) {
			out[file] = e.docs
			i = j
			continue
		}
		infos := make([]docInfo, 0, j-i)
		for _, d := range docs[i:j] {
			info := docInfo{key: docKey{d.File, d.Index}, kind: d.Kind, pack: p.ID, game: p.GameID, start: d.Pos().Line, embedded: p.Embedded}
			if d.Kind != "pack" {
				info.id = d.StrField("id")
			}
			info.idPos = d.FieldPos("id")
			infos = append(infos, info)
		}
		if key != "" {
			dc.files[file] = docCacheEntry{key: key, docs: infos}
		}
		out[file] = infos
		i = j
	}
}

// standsAlone are the codes check keeps when a required pack is missing
// (cmd/roundtable/check.go).
var standsAlone = map[string]bool{
	diag.CodeIO: true, diag.CodeTooLarge: true, diag.CodeUTF8: true, diag.CodeYAMLSyntax: true,
	diag.CodeDuplicateKey: true, diag.CodeAliasBudget: true, diag.CodeTooDeep: true, diag.CodeSymlink: true,
	diag.CodeNotMapping: true, diag.CodeMissingKind: true, diag.CodeUnknownKind: true, diag.CodeWrongType: true,
	diag.CodeOutOfRange: true, diag.CodeUnknownField: true, diag.CodeMissingField: true, diag.CodeBadEnum: true,
	diag.CodeInvalid: true, diag.CodeDuplicateID: true, diag.CodeNoPack: true, diag.CodePack: true,
	diag.CodeWrongGame: true, diag.CodeNoContent: true,
	compiler.CodeMissingPack: true, compiler.CodeVersion: true, compiler.CodeCycle: true,
}

// gameInfo is what the server needs of a registered game.
type gameInfo struct {
	id         string
	contentDir string // how its embedded files are shown: content/<game>
	content    fs.FS
	kinds      []kindInfo
}

type kindInfo struct {
	name, summary string
	noID          bool
}

func games() []gameInfo {
	var out []gameInfo
	for _, g := range compiler.Games() {
		gi := gameInfo{id: g.ID, contentDir: g.ContentDir, content: g.Content}
		for _, k := range g.Kinds {
			gi.kinds = append(gi.kinds, kindInfo{name: k.Name, summary: k.Summary, noID: k.NoID})
		}
		out = append(out, gi)
	}
	return out
}
