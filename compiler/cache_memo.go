package compiler

import (
	"crypto/sha256"
	"encoding/binary"
	"maps"
	"slices"

	"github.com/roundtable-dev/roundtable/compiler/cueval"
	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/compiler/vcache"
)

// A per-document memo of Build steps (check --cache), under the early
// cutoff of cutoff.go: when a file changed, link and Build run again, but
// a step declared local (Local) skips every document whose file is
// unchanged since a run that stored its outcome with the same link.
//
// A local step's outcome for one document (the diagnostics it adds and a
// summary for the steps after it) may depend only on the document (its
// file's bytes: a stored outcome lives in the file's cache entry, which a
// change of the file replaces) and on what link decided from every
// document (the kinds, ids, validity and overrides of every document and
// the packs' graph: the env key). Diagnostics that point into another
// file are not stored (a reference made ambiguous by another pack's id
// says where that id is, which the env key does not cover).

// memo is the memo of one Compile.
type memo struct {
	env    string
	schema string
	hits   int
	// out collects this run's fresh records per entry, which save writes
	// back.
	out   map[*vcache.Entry]*memoFile
	order []*vcache.Entry
}

type memoFile struct {
	pack *Pack
	recs []memoRec
}

type memoRec struct {
	step    string
	index   int
	diags   string // encoded (vcache.AppendDiags)
	summary string
}

// newMemo starts the memo of a compile whose link has run, or returns nil
// when no pack has a cache made with this schema.
func newMemo(p *Program, schema *cueval.Schema) *memo {
	ok := false
	for _, pk := range p.Packs {
		if pk.Set != nil && pk.cache != nil && pk.cacheSchema == schema.Hash() && pk.Game == p.Game {
			ok = true
		}
	}
	if !ok {
		return nil
	}
	return &memo{env: envKey(p, schema), schema: schema.Hash(), out: map[*vcache.Entry]*memoFile{}}
}

// envKey hashes what link decides from: the game, the schema, the packs
// and their graph, and each document's kind, place, id, validity and
// override.
func envKey(p *Program, schema *cueval.Schema) string {
	h := sha256.New()
	var b []byte
	str := func(s string) {
		b = vcache.AppendString(b[:0], s)
		h.Write(b)
	}
	num := func(n int) {
		b = binary.AppendVarint(b[:0], int64(n))
		h.Write(b)
	}
	str("memo-1")
	str(p.Game.ID)
	str(schema.Hash())
	if st := storeOf(p.Packs); st != nil {
		str(st.Salt)
	}
	index := map[*Pack]int{}
	for i, pk := range p.Packs {
		index[pk] = i
		str(pk.Dir)
		str(pk.ID)
		str(pk.Version)
		str(pk.GameID)
		num(boolInt(pk.Embedded) + 2*boolInt(pk.Game == p.Game))
		for _, r := range slices.Sorted(maps.Keys(pk.Requires)) {
			str(r)
			str(pk.Requires[r])
		}
		num(len(pk.Deps))
		for _, d := range pk.Deps {
			num(slices.Index(p.Packs, d))
		}
	}
	for _, k := range p.Game.Kinds {
		str(k.Name)
		docs := p.byKind[k.Name]
		num(len(docs))
		for _, d := range docs {
			num(index[d.Pack])
			str(d.File)
			num(d.Index)
			str(d.ID)
			num(boolInt(d.Valid))
			str(d.Overrides)
		}
	}
	return string(h.Sum(nil))
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// entry returns the cache entry of a document's file, or nil.
func (m *memo) entry(d *Doc) *vcache.Entry {
	p := d.Pack
	if p == nil || p.Set == nil || p.cache == nil || p.cacheSchema != m.schema {
		return nil
	}
	if d.entry != nil {
		return d.entry
	}
	return p.cache.Current(d.File)
}

// lookup returns the stored record of a step for a document.
func (m *memo) lookup(e *vcache.Entry, step string, index int) (memoRec, bool) {
	var found memoRec
	ok := false
	m.scan(e, func(r memoRec) bool {
		found, ok = r, r.step == step && r.index == index
		return !ok
	})
	return found, ok
}

// memoEnvs is how many env keys an entry keeps records for, most recent
// first: while an author types, a document goes from valid to invalid or
// unparsed and back, each a new env key; records of the recent ones make
// the way back a memo hit rather than a Build of every document.
const memoEnvs = 4

// scan calls fn with each record an entry holds under this env key until
// fn returns false; it reports false when the memo does not decode. An
// entry's memo is a list of blocks (env key, count, records), most recent
// first.
func (m *memo) scan(e *vcache.Entry, fn func(memoRec) bool) bool {
	if e == nil || e.Memo == "" {
		return true
	}
	r := &vcache.Reader{S: e.Memo}
	for r.Off < len(r.S) && r.Err == nil {
		env := r.String()
		n := r.Uint()
		mine := env == m.env
		for i := uint64(0); i < n && r.Err == nil; i++ {
			rec := memoRec{step: r.String(), index: int(r.Uint())}
			start := r.Off
			r.Diags()
			rec.diags = e.Memo[start:r.Off]
			rec.summary = r.String()
			if mine && r.Err == nil && !fn(rec) {
				return true
			}
		}
		if mine {
			break
		}
	}
	return r.Err == nil
}

// others returns the blocks of an entry's memo for other env keys, at most
// memoEnvs-1 of them, as stored.
func (m *memo) others(e *vcache.Entry) string {
	if e == nil || e.Memo == "" {
		return ""
	}
	r := &vcache.Reader{S: e.Memo}
	var b []byte
	for k := 0; r.Off < len(r.S) && r.Err == nil && k < memoEnvs-1; {
		start := r.Off
		env := r.String()
		n := r.Uint()
		for i := uint64(0); i < n && r.Err == nil; i++ {
			_ = r.String() // step
			_ = r.Uint()   // index
			_ = r.Diags()
			_ = r.String() // summary
		}
		if r.Err != nil {
			break
		}
		if env != m.env {
			b = append(b, e.Memo[start:r.Off]...)
			k++
		}
	}
	return string(b)
}

// keep records a fresh outcome of a document for its entry's next memo.
func (m *memo) keep(d *Doc, e *vcache.Entry, rec memoRec) {
	f := m.out[e]
	if f == nil {
		f = &memoFile{pack: d.Pack}
		m.out[e] = f
		m.order = append(m.order, e)
	}
	f.recs = append(f.recs, rec)
}

// save writes back the memos of the entries that got a fresh record. The
// records an entry holds with this env key stay: an entry stands for one
// content of its file, so a record of it holds as long as the env does;
// so do those of the memoEnvs-1 most recent other env keys.
func (m *memo) save() {
	for _, e := range m.order {
		f := m.out[e]
		recs := f.recs
		for _, r := range m.records(e) {
			if !slices.ContainsFunc(f.recs, func(x memoRec) bool { return x.step == r.step && x.index == r.index }) {
				recs = append(recs, r)
			}
		}
		b := vcache.AppendString(nil, m.env)
		b = binary.AppendUvarint(b, uint64(len(recs)))
		for _, r := range recs {
			b = vcache.AppendString(b, r.step)
			b = binary.AppendUvarint(b, uint64(r.index))
			b = append(b, r.diags...)
			b = vcache.AppendString(b, r.summary)
		}
		e.Memo = string(b) + m.others(e)
		f.pack.cache.Touch(e)
	}
}

// records returns the records an entry holds with this env key.
func (m *memo) records(e *vcache.Entry) []memoRec {
	var out []memoRec
	if !m.scan(e, func(r memoRec) bool { out = append(out, r); return true }) {
		return nil
	}
	return out
}

// ownFile reports whether every position of diags is in file.
func ownFile(diags diag.List, file string) bool {
	for _, d := range diags {
		if d.Pos.File != file {
			return false
		}
		for _, r := range d.Related {
			if r.Pos.File != file {
				return false
			}
		}
	}
	return true
}

// Local is DecodeEach for a step of a Build whose outcome for each
// document depends only on that document and on what link decided (see
// the comment at the top of memo.go): no state carried from one document
// to the next may change what it reports. fn runs the step on a decoded
// document, adding its diagnostics to diags, and returns a summary of what
// later steps need of it. With check --cache, a document whose file and
// link are unchanged since a run that stored its outcome is neither decoded
// nor stepped: its diagnostics are added again and use gets its summary
// instead (the Result is then Memoized, without a Ruleset). Documents
// are visited in order, each by fn or by use. The cache knows the outcomes
// by the name of the build step that calls Local (Steps), so a step's
// name is its key: a call outside a step is not memoized.
func Local[T any](p *Program, docs []*Doc, diags *diag.List, fn func(d *Doc, v T, ok bool) (summary []byte), use func(d *Doc, summary string)) {
	m := p.memo
	step := p.memoKey()
	if m == nil || step == "" {
		DecodeEach(docs, diags, func(d *Doc, v T, ok bool) { fn(d, v, ok) })
		return
	}
	type hit struct {
		rec memoRec
		ok  bool
	}
	hits := make([]hit, len(docs))
	entries := make([]*vcache.Entry, len(docs))
	var todo []*Doc
	for i, d := range docs {
		entries[i] = m.entry(d)
		hits[i].rec, hits[i].ok = m.lookup(entries[i], step, d.Index)
		if !hits[i].ok {
			todo = append(todo, d)
		}
	}
	next := 0
	replay := func(until *Doc) {
		for ; next < len(docs) && docs[next] != until; next++ {
			h := hits[next]
			if !h.ok {
				continue // stepped by the caller
			}
			r := &vcache.Reader{S: h.rec.diags}
			*diags = append(*diags, r.Diags()...)
			use(docs[next], h.rec.summary)
			m.hits++
			if p.obs != nil {
				p.obs.Reused(docs[next])
			}
		}
	}
	k := 0
	DecodeEach(todo, diags, func(d *Doc, v T, ok bool) {
		replay(d)
		i := next
		next++
		k++
		before := len(*diags)
		if !ok { // DecodeEach reported it before this call: not stored
			fn(d, v, ok)
			return
		}
		summary := fn(d, v, ok)
		mine := (*diags)[before:]
		if e := entries[i]; e != nil && ownFile(mine, d.File) {
			m.keep(d, e, memoRec{step: step, index: d.Index, diags: string(vcache.AppendDiags(nil, mine)), summary: string(summary)})
		}
	})
	replay(nil)
}

// openMemo, after link: the memo of this environment (what link decided),
// when the build record has a key.
func (c *compilation) openMemo() {
	if cut := c.cache.cut; cut != nil && !cut.off {
		c.prog.memo = newMemo(c.prog, c.schema)
	}
}

// saveMemo, after build: the fresh outcomes of Local steps, in their
// files' entries; a compile some of whose documents were not stepped is
// Memoized.
func (c *compilation) saveMemo() {
	p, res := c.prog, c.res
	if p.memo != nil {
		p.memo.save()
		res.MemoHits = p.memo.hits
		if res.MemoHits > 0 {
			res.Origin = Memoized
		}
	}
}
