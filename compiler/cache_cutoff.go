package compiler

import (
	"crypto/sha256"
	"encoding/binary"
	"hash"
	"maps"
	"slices"

	"github.com/roundtable-dev/roundtable/compiler/cueval"
	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/compiler/source"
	"github.com/roundtable-dev/roundtable/compiler/vcache"
)

// Early cutoff of link and Build (check --cache). Link and a game's Build
// are functions of what they can observe: the game, its schema, the build
// of roundtable, the packs (metadata, order, requires), every file's name
// and documents (index, kind and nodes; not comments, which no Build
// decodes: source.SemHash), each document's validation results and
// overrides, and the raw bytes of the files the Build reads through
// Set.Source (recorded while it runs). Compile hashes all of it into a key;
// when the key and the content keys of the files Build read equal the ones
// stored by an earlier run, that run's outcome (link and Build diagnostics,
// Counts, Overrides) is replayed instead of running them. A replayed Result
// has no ruleset (Replayed).

type cutoff struct {
	path  string
	packs []*Pack
	h     hash.Hash
	key   string
	off   bool // some pack or file has no cache entry: no cutoff
	buf   []byte
}

// newCutoff starts the key of a compile, or returns nil when no pack was
// loaded with a cache.
func newCutoff(g *Game, schema *cueval.Schema, packs []*Pack) *cutoff {
	store := storeOf(packs)
	if store == nil {
		return nil
	}
	c := &cutoff{packs: packs, h: sha256.New()}
	scope := g.ID
	for _, p := range packs {
		scope += "\x00" + p.Dir
		if p.Embedded {
			scope += "\x00embedded"
		}
	}
	c.path = store.Path("build", scope)
	c.str(vcache.Build)
	c.str(g.ID)
	c.str(schema.Hash())
	c.str(store.Salt)
	for _, p := range packs {
		if p.Set == nil {
			c.off = true
			return c
		}
		c.str(p.Dir)
		c.str(p.ID)
		c.str(p.Name)
		c.str(p.Version)
		c.str(p.GameID)
		c.bool(p.Embedded)
		c.bool(p.Game == g)
		for _, r := range slices.Sorted(maps.Keys(p.Requires)) {
			c.str(r)
			c.str(p.Requires[r])
		}
		c.num(int64(len(p.Deps)))
		for _, d := range p.Deps {
			c.num(int64(slices.Index(packs, d)))
			c.str(d.ID)
		}
		files := p.Set.Names
		if len(files) != len(p.Set.Files) { // a set not made by the loader
			files = slices.Sorted(maps.Keys(p.Set.Files))
		}
		c.num(int64(len(files)))
		var byFile map[string][]*source.Document
		if p.cache == nil { // an embedded base pack: hash its documents
			byFile = map[string][]*source.Document{}
			for _, d := range p.Set.Docs {
				byFile[d.File] = append(byFile[d.File], d)
			}
		}
		aligned := len(p.Set.Entries) == len(files) && len(files) == len(p.Set.Names)
		for i, f := range files {
			c.str(f)
			if byFile != nil {
				c.str(source.SemHash(byFile[f]))
				continue
			}
			var e *vcache.Entry
			if aligned {
				e = p.Set.Entries[i]
			} else {
				e = p.cache.Current(f)
			}
			if e == nil {
				c.off = true
				return c
			}
			c.str(e.Sem)
		}
	}
	return c
}

// storeOf is the store the first pack loaded with one was loaded with.
func storeOf(packs []*Pack) *vcache.Store {
	for _, p := range packs {
		if p.store != nil {
			return p.store
		}
	}
	return nil
}

func (c *cutoff) str(s string) {
	c.buf = vcache.AppendString(c.buf[:0], s)
	c.h.Write(c.buf)
}

func (c *cutoff) num(n int64) {
	c.buf = binary.AppendVarint(c.buf[:0], n)
	c.h.Write(c.buf)
}

func (c *cutoff) bool(b bool) {
	if b {
		c.h.Write([]byte{1})
	} else {
		c.h.Write([]byte{0})
	}
}

// pack adds a compiled pack's validation results and overrides, in
// document order.
func (c *cutoff) pack(p *Pack, results []diag.List, overrides []overrideRef) {
	if c == nil || c.off {
		return
	}
	c.num(int64(len(results)))
	for i, r := range results {
		c.buf = vcache.AppendDiags(c.buf[:0], r)
		c.h.Write(c.buf)
		c.str(overrides[i].ref)
		c.str(overrides[i].pos.String())
	}
}

// stub adds a broken document read from a file that does not parse.
func (c *cutoff) stub(d *source.Document) {
	if c == nil || c.off {
		return
	}
	c.str(d.File)
	c.num(int64(d.Index))
	c.str(d.Kind)
	c.str(d.StrField("id"))
	c.str(d.FieldPos("id").String())
	c.str(d.Text)
}

func (c *cutoff) sum() string {
	if c.key == "" {
		c.key = string(c.h.Sum(nil))
	}
	return c.key
}

// outcome is what a replay restores.
type outcome struct {
	diags      diag.List
	counts     map[string]int
	packCounts []map[string]int
	overrides  []storedOverride
}

type storedOverride struct {
	kind, target      string
	byFile, wasFile   string
	byIndex, wasIndex int
}

// replay restores the stored outcome when the key and every file Build
// read match; false runs link and Build.
func (c *cutoff) replay(prog *Program, res *Result, diags *diag.List) bool {
	if c == nil || c.off {
		return false
	}
	data, err := vcache.ReadFile(c.path)
	if err != nil {
		return false
	}
	body, ok := vcache.Verify(data)
	if !ok {
		return false
	}
	out, ok := c.decode(string(body))
	if !ok {
		return false
	}
	docs := map[docAt]*Doc{}
	if len(out.overrides) > 0 {
		for _, ds := range prog.byKind {
			for _, d := range ds {
				docs[docAt{d.Pack, d.File, d.Index}] = d
			}
		}
	}
	var ovs []Override
	for _, o := range out.overrides {
		by, was := c.find(docs, o.byFile, o.byIndex), c.find(docs, o.wasFile, o.wasIndex)
		if by == nil || was == nil {
			return false
		}
		if k, ok := prog.Game.Kind(o.kind); ok && !k.NoID { // ids are read after a replay fails
			by.ID, was.ID = by.StrField("id"), was.StrField("id")
		}
		ovs = append(ovs, Override{Kind: o.kind, Target: o.target, By: by, Was: was})
	}
	*diags = append(*diags, out.diags...)
	res.Counts = out.counts
	res.PackCounts = out.packCounts
	res.Overrides = ovs
	res.Origin = Replayed
	return true
}

type docAt struct {
	pack  *Pack
	file  string
	index int
}

func (c *cutoff) find(docs map[docAt]*Doc, file string, index int) *Doc {
	for _, p := range c.packs {
		if d, ok := docs[docAt{p, file, index}]; ok {
			return d
		}
	}
	return nil
}

// decode reads a stored outcome whose key and Build reads match this
// compile's.
func (c *cutoff) decode(s string) (outcome, bool) {
	r := &vcache.Reader{S: s}
	if r.String() != c.sum() {
		return outcome{}, false
	}
	n := r.Uint()
	for i := uint64(0); i < n && r.Err == nil; i++ {
		pi, name, key := r.Uint(), r.String(), r.String()
		if r.Err != nil || pi >= uint64(len(c.packs)) || c.packs[pi].Set.Key(name) != key || key == "" {
			return outcome{}, false
		}
	}
	out := outcome{diags: r.Diags(), counts: map[string]int{}}
	nc := r.Uint()
	for i := uint64(0); i < nc && r.Err == nil; i++ {
		k := r.String()
		out.counts[k] = int(r.Varint())
	}
	np := r.Uint()
	for i := uint64(0); i < np && r.Err == nil; i++ {
		m := map[string]int{}
		nk := r.Uint()
		for j := uint64(0); j < nk && r.Err == nil; j++ {
			k := r.String()
			m[k] = int(r.Varint())
		}
		out.packCounts = append(out.packCounts, m)
	}
	no := r.Uint()
	for i := uint64(0); i < no && r.Err == nil; i++ {
		out.overrides = append(out.overrides, storedOverride{
			kind: r.String(), target: r.String(),
			byFile: r.String(), byIndex: int(r.Varint()),
			wasFile: r.String(), wasIndex: int(r.Varint()),
		})
	}
	if r.Err != nil || r.Off != len(s) {
		return outcome{}, false
	}
	return out, true
}

// start records the files Build reads.
func (c *cutoff) start() {
	if c == nil || c.off {
		return
	}
	for _, p := range c.packs {
		p.Set.Track()
	}
}

// store writes the outcome of link and Build (diags are theirs only).
func (c *cutoff) store(res *Result, diags diag.List) {
	if c == nil || c.off {
		return
	}
	b := []byte(vcache.Magic)
	b = vcache.AppendString(b, c.sum())
	type read struct {
		pack      int
		name, key string
	}
	var reads []read
	for i, p := range c.packs {
		for _, f := range p.Set.Reads() {
			reads = append(reads, read{i, f, p.Set.Key(f)})
		}
	}
	b = binary.AppendUvarint(b, uint64(len(reads)))
	for _, r := range reads {
		b = binary.AppendUvarint(b, uint64(r.pack))
		b = vcache.AppendString(b, r.name)
		b = vcache.AppendString(b, r.key)
	}
	b = vcache.AppendDiags(b, diags)
	kinds := slices.Sorted(maps.Keys(res.Counts))
	b = binary.AppendUvarint(b, uint64(len(kinds)))
	for _, k := range kinds {
		b = vcache.AppendString(b, k)
		b = binary.AppendVarint(b, int64(res.Counts[k]))
	}
	b = binary.AppendUvarint(b, uint64(len(res.PackCounts)))
	for _, m := range res.PackCounts {
		kinds := slices.Sorted(maps.Keys(m))
		b = binary.AppendUvarint(b, uint64(len(kinds)))
		for _, k := range kinds {
			b = vcache.AppendString(b, k)
			b = binary.AppendVarint(b, int64(m[k]))
		}
	}
	b = binary.AppendUvarint(b, uint64(len(res.Overrides)))
	for _, o := range res.Overrides {
		if o.By == nil || o.Was == nil {
			return // not replayable
		}
		b = vcache.AppendString(b, o.Kind)
		b = vcache.AppendString(b, o.Target)
		b = vcache.AppendString(b, o.By.File)
		b = binary.AppendVarint(b, int64(o.By.Index))
		b = vcache.AppendString(b, o.Was.File)
		b = binary.AppendVarint(b, int64(o.Was.Index))
	}
	vcache.WriteFile(c.path, vcache.Seal(b))
}

// startRecord, at the start: the build record's key begins with the game,
// the schema and the packs.
func (c *compilation) startRecord() { c.cache.cut = newCutoff(c.game, c.schema, c.packs) }

// recordValidations, after validate: every document's validation results
// and override, in the key.
func (c *compilation) recordValidations() {
	for i, p := range c.packs {
		if c.ofGame(i) {
			c.cache.cut.pack(p, c.results[i], c.overrides[i])
		}
	}
}

// replayOrRecord, after stubs: the broken documents in the key; then the
// stored outcome of the Recorded stages when it holds, else the files
// Build reads are recorded from here on.
func (c *compilation) replayOrRecord() {
	cut := c.cache.cut
	for _, d := range c.stubbed {
		cut.stub(d)
	}
	if cut.replay(c.prog, c.res, &c.diags) {
		c.replayed = true
		return
	}
	cut.start()
}

// storeRecord, after build: the outcome of read-ids, link and build.
func (c *compilation) storeRecord() { c.cache.cut.store(c.res, c.diags[c.linked:]) }
