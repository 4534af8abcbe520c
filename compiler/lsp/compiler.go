package lsp

import (
	"io/fs"
	"maps"
	"sync"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/check"
	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/compiler/vcache"
)

// This file is the only one that loads, orders and compiles packs: the
// server sees the compiler through check and its result, so that a change
// of the compiler's loading API is a change here.

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
	docs  fileDocs
	// changed lists the files whose documents changed since the last
	// check (added, edited or removed).
	changed map[string]bool
	refs    []refInfo
	// reused lists the documents whose references were not resolved again
	// (compiler.Observer.Reused), and replayed the files of packs whose
	// link and Build were replayed: their references are as before.
	reused   []docKey
	replayed map[string]bool
	packs    []packInfo
	source   func(file string) []byte
	// configs are the roundtable.yaml files that govern the packs
	// (check.Report.Configs): the poller watches them too.
	configs []string
}

// observer collects what Build resolves.
type observer struct {
	mu     sync.Mutex
	refs   []refInfo
	reused []docKey
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
	o.reused = append(o.reused, docKey{d.File, d.Index})
	o.mu.Unlock()
}

// docCache keeps the documents of each pack between checks: a file whose
// cache entry is the same as in the last check (the cache in memory keeps
// the entry of an unchanged file) keeps its docInfos, and a pack none of
// whose files changed keeps its whole map, without a pass over 10,000
// file names.
type docCache struct {
	mu    sync.Mutex
	packs map[string]*packDocs // by pack folder
}

type packDocs struct {
	names   []string
	entries []*vcache.Entry
	docs    map[string][]docInfo // by file
}

// fileDocs is the documents of every pack, by file.
type fileDocs []map[string][]docInfo

func (f fileDocs) get(file string) ([]docInfo, bool) {
	for _, m := range f {
		if d, ok := m[file]; ok {
			return d, true
		}
	}
	return nil, false
}

// checkPacks checks the pack folders as roundtable check does
// (check.Run), with the loader (its cache is check --cache's) and read for
// the files found by path (roundtable.yaml): the editor's buffers over the
// disk.
func checkPacks(srcs []check.Source, l compiler.Loader, read func(string) ([]byte, error), dc *docCache) checked {
	out := checked{replayed: map[string]bool{}, changed: map[string]bool{}}
	if len(srcs) == 0 {
		// No pack folder in the workspace: nothing to check (check.Run
		// would check every game's base content).
		dc.forget(map[string]bool{}, out.changed)
		return out
	}
	obs := &observer{}
	rep, err := check.Run(check.Input{Sources: srcs, Loader: l, Observer: obs, ReadFile: read})
	if err != nil { // a source with a file system is never read from disk
		return out
	}
	defer rep.Close()
	seen := map[string]bool{}
	for _, res := range rep.Results {
		for _, p := range res.Packs {
			info := packInfo{id: p.ID, dir: p.Dir, game: p.GameID, embedded: p.Embedded}
			for _, d := range depsOf(p) {
				info.deps = append(info.deps, d.ID)
			}
			out.packs = append(out.packs, info)
			if p.Set == nil {
				continue
			}
			if res.Origin == compiler.Replayed {
				for _, f := range p.Set.Names {
					out.replayed[f] = true
				}
			}
			out.docs = append(out.docs, dc.docsOf(p, out.changed))
			seen[p.Dir] = true
		}
	}
	dc.forget(seen, out.changed)
	out.diags = rep.Diags
	out.configs = rep.Configs
	out.refs = obs.refs
	out.reused = obs.reused
	out.source = rep.Sources()
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

// docsOf returns a pack's documents by file, adding the files whose
// documents changed to changed. The map is not changed afterwards.
func (dc *docCache) docsOf(p *compiler.Pack, changed map[string]bool) map[string][]docInfo {
	dc.mu.Lock()
	defer dc.mu.Unlock()
	if dc.packs == nil {
		dc.packs = map[string]*packDocs{}
	}
	old := dc.packs[p.Dir]
	if old == nil {
		old = &packDocs{docs: map[string][]docInfo{}}
	}
	names, entries := p.Set.Names, p.Set.Entries
	if len(entries) != len(names) {
		entries = nil
	}
	same := func(i int) bool {
		if entries == nil || i >= len(old.names) || old.names[i] != names[i] || entries[i] == nil || old.entries[i] == nil {
			return false
		}
		// The same entry, or a copy with a new stat (an edit that put the
		// same bytes back): the same content.
		return old.entries[i] == entries[i] || old.entries[i].Key == entries[i].Key
	}
	unchanged := len(names) == len(old.names) && entries != nil
	for i := 0; unchanged && i < len(names); i++ {
		unchanged = same(i)
	}
	if unchanged {
		return old.docs
	}
	next := &packDocs{names: names, entries: entries}
	if len(names) == len(old.names) {
		next.docs = maps.Clone(old.docs) // the same files: replace the changed
	} else {
		next.docs = make(map[string][]docInfo, len(names))
	}
	docs := p.Set.Docs // in file order, as names
	k := 0
	moved := len(names) != len(old.names)
	for i, file := range names {
		moved = moved || old.names[i] != file
		for k < len(docs) && docs[k].File < file {
			k++
		}
		j := k
		for j < len(docs) && docs[j].File == file {
			j++
		}
		if same(i) {
			next.docs[file] = old.docs[file]
			k = j
			continue
		}
		infos := make([]docInfo, 0, j-k)
		for _, d := range docs[k:j] {
			info := docInfo{key: docKey{d.File, d.Index}, kind: d.Kind, pack: p.ID, game: p.GameID, start: d.Pos().Line, embedded: p.Embedded}
			if d.Kind != "pack" {
				info.id = d.StrField("id")
			}
			info.idPos = d.FieldPos("id")
			infos = append(infos, info)
		}
		next.docs[file] = infos
		changed[file] = true
		k = j
	}
	if moved {
		// Files added, removed or renamed: drop the names that went.
		now := make(map[string]bool, len(names))
		for _, f := range names {
			now[f] = true
		}
		for f := range next.docs {
			if !now[f] {
				delete(next.docs, f)
			}
		}
		for f := range old.docs {
			if !now[f] {
				changed[f] = true
			}
		}
	}
	dc.packs[p.Dir] = next
	return next.docs
}

// forget drops the packs no longer checked, their files changed.
func (dc *docCache) forget(seen, changed map[string]bool) {
	dc.mu.Lock()
	defer dc.mu.Unlock()
	for dir, pd := range dc.packs {
		if !seen[dir] {
			for file := range pd.docs {
				changed[file] = true
			}
			delete(dc.packs, dir)
		}
	}
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
