package compiler

import (
	"fmt"
	"io/fs"
	"maps"
	"slices"
	"strings"
	"sync"

	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/compiler/link"
	"github.com/roundtable-dev/roundtable/compiler/semver"
	"github.com/roundtable-dev/roundtable/compiler/source"
	"github.com/roundtable-dev/roundtable/internal/phrase"
)

// Codes of pack resolution and scoped ids.
var (
	CodeMissingPack  = diag.Core.Declare(diag.Code{ID: "missing-pack", Severity: diag.Error, Summary: "A pack requires a pack that is neither given nor embedded."})
	CodeVersion      = diag.Core.Declare(diag.Code{ID: "version-mismatch", Severity: diag.Error, Summary: "A required pack's version is outside the range in requires."})
	CodeCycle        = diag.Core.Declare(diag.Code{ID: "requires-cycle", Severity: diag.Error, Summary: "Packs require each other in a cycle."})
	CodeCollision    = diag.Core.Declare(diag.Code{ID: "id-collision", Severity: diag.Error, Summary: "An expansion reuses an id of a pack it builds on without `overrides:`."})
	CodeBadOverride  = diag.Core.Declare(diag.Code{ID: "bad-override", Severity: diag.Error, Summary: "An `overrides:` names no entity of a required pack, or two packs override one entity."})
	CodeAmbiguousRef = diag.Core.Declare(diag.Code{ID: "ambiguous-ref", Severity: diag.Error, Summary: "A bare reference matches entities of two packs at the same distance; qualify it as pack-id/entity-id."})
)

// OverridesKey is the field by which a document replaces another pack's
// entity. The core strips it before schema validation, so every kind of
// every game accepts it.
const OverridesKey = "overrides"

// Override is one entity replaced by an expansion.
type Override struct {
	Kind   string
	Target string // pack-id/entity-id of the replaced entity
	By     *Doc
	Was    *Doc
}

// Order resolves requires across packs of every game. A pack that requires an
// embedded base pack gets it unless a folder with that id was given. Missing
// packs, versions out of range and cycles are reported at pack.yaml; each
// game's packs come back in dependency order (a pack after what it
// requires). The zero Loader loads the base packs without a cache.
func Order(packs []*Pack) ([][]*Pack, diag.List) { return Loader{}.Order(packs) }

var (
	baseIDsOnce sync.Once
	baseIDs     map[string]*Game // embedded base pack id -> its game
)

// requiredBase loads the embedded base pack with id id, or returns nil when
// no game's base pack has that id or it does not load cleanly. Only its
// pack.yaml is read to learn a base pack's id, so a check of one game's
// expansion does not load every game's base content.
func (l Loader) requiredBase(id string) *Pack {
	g := baseGame(id)
	if g == nil {
		return nil
	}
	b, ds := l.BasePack(g)
	if len(ds) > 0 || b.ID != id {
		return nil
	}
	return b
}

// IsBasePack reports whether id is the id of a game's embedded base pack.
func IsBasePack(id string) bool { return baseGame(id) != nil }

// baseGame is the game whose embedded base pack has id id, or nil.
func baseGame(id string) *Game {
	baseIDsOnce.Do(func() {
		baseIDs = map[string]*Game{}
		for _, g := range Games() {
			data, err := fs.ReadFile(g.Content, "pack.yaml")
			if err != nil {
				continue
			}
			docs, _ := source.Parse("pack.yaml", data)
			if len(docs) == 0 {
				continue
			}
			if n := docs[0].Field("id"); n != nil && n.Value != "" {
				baseIDs[n.Value] = g
			}
		}
	})
	return baseIDs[id]
}

// Order resolves requires as the package's Order does, loading the
// embedded base packs it adds with the loader's cache.
func (l Loader) Order(packs []*Pack) ([][]*Pack, diag.List) {
	var diags diag.List
	byID := map[string]*Pack{}
	var all []*Pack
	add := func(p *Pack) {
		if p.ID == "" {
			all = append(all, p)
			return
		}
		if first, dup := byID[p.ID]; dup {
			d := diags.Add(diag.CodePack, p.Doc.FieldPos("id"), "pack id %q is given twice", p.ID)
			d.Related = []diag.Related{{Pos: first.Doc.FieldPos("id"), Message: "first given here"}}
			d.Hint = "give each pack folder once"
			return
		}
		byID[p.ID] = p
		all = append(all, p)
	}
	for _, p := range packs {
		add(p)
	}
	// Add required embedded packs (they may require more), loading only
	// those: a base pack is known by its id before it is loaded.
	var embedded []*Pack
	for i := 0; i < len(all); i++ {
		for _, r := range requireIDs(all[i]) {
			if _, ok := byID[r]; ok {
				continue
			}
			if b := l.requiredBase(r); b != nil {
				byID[r] = b
				all = append(all, b)
				embedded = append(embedded, b)
			}
		}
	}
	for _, p := range all {
		p.Deps, p.Incomplete = nil, false
		for _, r := range requireIDs(p) {
			q, ok := byID[r]
			if !ok {
				p.Incomplete = true
				hint, report := "", true
				if l.Missing != nil {
					hint, report = l.Missing(p, r)
				}
				if !report {
					continue
				}
				d := diags.Add(CodeMissingPack, requireKeyPos(p, r), "pack %s requires pack %q, which is not loaded", p.ID, r)
				known := slices.Sorted(maps.Keys(byID))
				if s := phrase.Suggest(r, append(known, slices.Sorted(maps.Keys(baseIDs))...)); s != "" {
					d.Hint = fmt.Sprintf("did you mean %q?", s)
				} else {
					d.Hint = "give its folder too: roundtable check PATH/TO/" + r + " " + p.Dir
				}
				if hint != "" {
					d.Hint = hint
				}
				continue
			}
			if q.Game != nil && p.Game != nil && q.Game != p.Game {
				diags.Add(diag.CodePack, requireKeyPos(p, r), "pack %s (game %s) requires %s, a pack of game %s", p.ID, p.GameID, q.ID, q.GameID)
				continue
			}
			rng, err := semver.ParseRange(p.Requires[r])
			if err != nil {
				diags.Add(diag.CodePack, requireValPos(p, r), "%v", err).Hint = `write a range such as ">=1.0 <2", "^1.2" or "1.x"`
			} else if v, err := semver.Parse(q.Version); err == nil && !rng.Match(v) {
				d := diags.Add(CodeVersion, requireValPos(p, r), "pack %s requires %s %s, but the loaded %s (%s) is version %s", p.ID, r, rng, r, q.Dir, q.Version)
				d.Related = []diag.Related{{Pos: q.Doc.FieldPos("version"), Message: fmt.Sprintf("%s's version", q.ID)}}
			}
			p.Deps = append(p.Deps, q)
		}
	}
	// Embedded packs go first, as the foundation they are.
	all = append(embedded, slices.DeleteFunc(all, func(p *Pack) bool { return slices.Contains(embedded, p) })...)
	sorted := topoSort(all, &diags)
	var sets [][]*Pack
	index := map[*Game]int{}
	for _, p := range sorted {
		if p.Game == nil {
			sets = append(sets, []*Pack{p})
			continue
		}
		i, ok := index[p.Game]
		if !ok {
			i = len(sets)
			index[p.Game] = i
			sets = append(sets, nil)
		}
		sets[i] = append(sets[i], p)
	}
	return sets, diags
}

// topoSort orders packs after their dependencies, keeping the given order
// where it is free; packs in a cycle are reported and kept in given order.
func topoSort(packs []*Pack, diags *diag.List) []*Pack {
	placed := map[*Pack]bool{}
	var out []*Pack
	for len(out) < len(packs) {
		progress := false
		for _, p := range packs {
			if placed[p] || !allPlaced(p.Deps, placed) {
				continue
			}
			placed[p] = true
			out = append(out, p)
			progress = true
		}
		if progress {
			continue
		}
		// Every remaining pack waits on another: find and report one cycle.
		var start *Pack
		for _, p := range packs {
			if !placed[p] {
				start = p
				break
			}
		}
		cycle := findCycle(start, placed)
		names := make([]string, 0, len(cycle)+1)
		for _, p := range cycle {
			names = append(names, p.ID)
		}
		names = append(names, cycle[0].ID)
		first := cycle[0]
		d := diags.Add(CodeCycle, requireKeyPos(first, cycle[1%len(cycle)].ID), "packs require each other in a cycle: %s", strings.Join(names, " → "))
		for i, p := range cycle[1:] {
			next := cycle[(i+2)%len(cycle)]
			d.Related = append(d.Related, diag.Related{Pos: requireKeyPos(p, next.ID), Message: fmt.Sprintf("%s requires %s", p.ID, next.ID)})
		}
		d.Hint = "a pack may only build on packs that do not build on it; remove one of these requires"
		for _, p := range cycle {
			placed[p] = true
			out = append(out, p)
		}
	}
	return out
}

func allPlaced(deps []*Pack, placed map[*Pack]bool) bool {
	for _, d := range deps {
		if !placed[d] {
			return false
		}
	}
	return true
}

// findCycle walks unplaced dependencies from start until a pack repeats.
func findCycle(start *Pack, placed map[*Pack]bool) []*Pack {
	var path []*Pack
	seen := map[*Pack]int{}
	p := start
	for {
		if i, ok := seen[p]; ok {
			return path[i:]
		}
		seen[p] = len(path)
		path = append(path, p)
		var next *Pack
		for _, d := range p.Deps {
			if !placed[d] {
				next = d
				break
			}
		}
		if next == nil { // cannot happen: p waits on some unplaced pack
			return path
		}
		p = next
	}
}

// requireIDs lists a pack's requires in the order written.
func requireIDs(p *Pack) []string {
	if p.Doc == nil {
		return nil
	}
	var ids []string
	if m := p.Doc.Field("requires"); m != nil && m.Kind == yaml.MappingNode {
		for i := 0; i+1 < len(m.Content); i += 2 {
			if _, ok := p.Requires[m.Content[i].Value]; ok {
				ids = append(ids, m.Content[i].Value)
			}
		}
	}
	return ids
}

func requireKeyPos(p *Pack, id string) diag.Pos {
	if m := p.Doc.Field("requires"); m != nil && m.Kind == yaml.MappingNode {
		for i := 0; i+1 < len(m.Content); i += 2 {
			if m.Content[i].Value == id {
				return source.NodePos(p.Doc.File, m.Content[i])
			}
		}
	}
	return p.Doc.FieldPos("requires")
}

func requireValPos(p *Pack, id string) diag.Pos {
	return source.NodePos(p.Doc.File, source.Path(p.Doc.Node(), "requires", id))
}

// overrideRef is the overrides: field taken off a document.
type overrideRef struct {
	ref string
	pos diag.Pos
}

// stripOverrides returns the documents with their overrides: field removed
// (a shallow copy where there was one) and the field's values.
func stripOverrides(docs []*source.Document, diags *diag.List) ([]*source.Document, []overrideRef) {
	out := make([]*source.Document, len(docs))
	refs := make([]overrideRef, len(docs))
	for i, d := range docs {
		out[i] = d
		if d.Field(OverridesKey) == nil {
			continue // the common case, without building the document's tree
		}
		m := d.Node()
		for j := 0; j+1 < len(m.Content); j += 2 {
			if m.Content[j].Value != OverridesKey {
				continue
			}
			v := m.Content[j+1]
			if v.Kind != yaml.ScalarNode || v.Tag != "!!str" || v.Value == "" {
				diags.Add(diag.CodeWrongType, source.NodePos(d.File, v), "overrides must be a reference such as annas-base/chrom").Hint = "overrides: PACK-ID/ENTITY-ID names the entity this document replaces"
			} else {
				refs[i] = overrideRef{ref: v.Value, pos: source.NodePos(d.File, v)}
			}
			nm := *m
			nm.Content = slices.Concat(m.Content[:j], m.Content[j+2:])
			out[i] = source.NewDocument(d.File, d.Index, d.Kind, &nm)
			break
		}
	}
	return out, refs
}

// scope is what the linker knows about one kind: for each pack, the
// documents its ids name (after overrides, the replacement).
type scope struct {
	defs  map[*Pack]map[string]*Doc
	index map[*Doc]int // position among Valid
}

// link defines every id in its pack's scope, applies overrides, reports
// collisions and builds the Valid lists and tables.
func (p *Program) link(diags *diag.List) {
	p.valid = map[string][]*Doc{}
	p.scopes = map[string]*scope{}
	nf := 0
	for _, pk := range p.Packs {
		nf += len(pk.Set.Files)
	}
	// Maps are made at their size: growing them was a third of link.
	p.files = make(map[string]*Pack, nf)
	p.reach = map[*Pack][][]*Pack{}
	p.depsOf = map[*Pack][]*Pack{}
	for _, pk := range p.Packs {
		for f := range pk.Set.Files {
			p.files[f] = pk
		}
	}
	for _, k := range p.Game.Kinds {
		sc := &scope{defs: map[*Pack]map[string]*Doc{}, index: make(map[*Doc]int, len(p.byKind[k.Name]))}
		p.scopes[k.Name] = sc
		perPack := map[*Pack]int{}
		for _, d := range p.byKind[k.Name] {
			perPack[d.Pack]++
		}
		skip := map[*Doc]bool{}
		replaced := map[*Doc]*Doc{} // replaced document -> replacement
		for _, d := range p.byKind[k.Name] {
			if d.Overrides != "" && k.NoID {
				// A singleton (rules) replaces the required pack's own:
				// overrides: annas-base/rules.
				target := p.singletonTarget(k.Name, d, diags)
				if other, dup := replaced[target]; target != nil && dup {
					dd := diags.Add(CodeBadOverride, d.OverridesPos, "%s overrides %s/%s, which pack %s overrides too", k.Name, target.Pack.ID, k.Name, other.Pack.ID)
					dd.Related = []diag.Related{{Pos: other.OverridesPos, Message: "the other override"}}
					target = nil
				}
				if target != nil {
					replaced[target] = d
					p.overrides = append(p.overrides, Override{Kind: k.Name, Target: target.Pack.ID + "/" + k.Name, By: d, Was: target})
				} else {
					skip[d] = true
				}
				continue
			}
			if d.Overrides != "" && d.ID == "" {
				skip[d] = true // no valid id: the schema error says so
				continue
			}
			if d.ID == "" {
				continue
			}
			own := sc.defs[d.Pack]
			if own == nil {
				own = make(map[string]*Doc, perPack[d.Pack])
				sc.defs[d.Pack] = own
			}
			if first, dup := own[d.ID]; dup {
				dd := diags.Add(diag.CodeDuplicateID, d.IDPos(), "duplicate %s id %q", k.Name, d.ID)
				dd.Related = []diag.Related{{Pos: first.IDPos(), Message: fmt.Sprintf("%s %q is first defined here", k.Name, d.ID)}}
				dd.Hint = "ids must be unique per kind; rename one (or use overrides: in an expansion)"
				skip[d] = true
				continue
			}
			own[d.ID] = d
			var target *Doc
			if d.Overrides != "" {
				// A bad override is reported; the document still counts
				// as a new entity so its other problems show too.
				if target = p.overrideTarget(k.Name, d, diags); target != nil {
					replaced[target] = d
					for _, ids := range sc.defs { // every name of the target now names d
						for id, x := range ids {
							if x == target {
								ids[id] = d
							}
						}
					}
					p.overrides = append(p.overrides, Override{Kind: k.Name, Target: target.Pack.ID + "/" + target.ID, By: d, Was: target})
				}
			}
			if d.Overrides != "" && target == nil {
				continue // the bad override is the error to fix first
			}
			for _, q := range p.deps(d.Pack) {
				o, ok := sc.defs[q][d.ID]
				if !ok || o == d || target != nil && o == target {
					continue
				}
				dd := diags.Add(CodeCollision, d.IDPos(), "%s %q of pack %s collides with %s %q of pack %s", k.Name, d.ID, d.Pack.ID, k.Name, d.ID, q.ID)
				dd.Related = []diag.Related{{Pos: o.IDPos(), Message: fmt.Sprintf("%s/%s is defined here", q.ID, d.ID)}}
				dd.Hint = fmt.Sprintf("to replace it, add `overrides: %s/%s`; otherwise choose another id", q.ID, d.ID)
				break
			}
		}
		final := func(d *Doc) *Doc {
			for n := 0; n < 64; n++ { // a chain of overrides, bounded
				r, ok := replaced[d]
				if !ok {
					return d
				}
				d = r
			}
			return d
		}
		isReplacement := map[*Doc]bool{}
		for _, r := range replaced {
			isReplacement[r] = true
		}
		p.valid[k.Name] = make([]*Doc, 0, len(p.byKind[k.Name]))
		for _, d := range p.byKind[k.Name] {
			if skip[d] || isReplacement[d] {
				continue
			}
			d = final(d)
			if skip[d] || !d.Valid {
				continue
			}
			sc.index[d] = len(p.valid[k.Name])
			p.valid[k.Name] = append(p.valid[k.Name], d)
		}
		valid := p.valid[k.Name]
		defined := make([]*Doc, 0, len(valid)) // the document of each id of t
		t := link.NewTableOf(k.Name, len(valid), func(i int) diag.Pos { return defined[i].IDPos() })
		for _, d := range valid {
			if d.ID == "" {
				continue
			}
			id := d.ID
			if _, taken := t.Lookup(id); taken {
				id = d.Pack.ID + "/" + d.ID
			}
			if _, ok := t.Add(id); ok {
				defined = append(defined, d)
			}
		}
		p.tables[k.Name] = t
	}
}

// overrideTarget finds the entity an overrides: names, in a pack that d's
// pack requires.
func (p *Program) overrideTarget(kind string, d *Doc, diags *diag.List) *Doc {
	sc := p.scopes[kind]
	deps := p.deps(d.Pack)
	pk, id, qualified := strings.Cut(d.Overrides, "/")
	if !qualified {
		pk, id = "", d.Overrides // a bare id: the nearest required pack's
	}
	var target *Doc
	if qualified {
		q := p.packByID(pk)
		if q == nil || !slices.Contains(deps, q) {
			dd := diags.Add(CodeBadOverride, d.OverridesPos, "%s %q overrides %s, but pack %s does not require a pack %q", kind, d.ID, d.Overrides, d.Pack.ID, pk)
			dd.Hint = "an expansion overrides entities of packs listed (directly or not) in its requires"
			return nil
		}
		target = sc.defs[q][id]
		if target == nil {
			dd := diags.Add(CodeBadOverride, d.OverridesPos, "%s %q overrides %s, but pack %s has no %s %q", kind, d.ID, d.Overrides, pk, kind, id)
			if s := phrase.Suggest(id, slices.Sorted(maps.Keys(sc.defs[q]))); s != "" {
				dd.Hint = fmt.Sprintf("did you mean %s/%s?", pk, s)
			}
			return nil
		}
	} else {
		for _, lvl := range p.levels(d.Pack)[1:] {
			for _, q := range lvl {
				if t := sc.defs[q][id]; t != nil && target == nil {
					target = t
				}
			}
			if target != nil {
				break
			}
		}
		if target == nil {
			dd := diags.Add(CodeBadOverride, d.OverridesPos, "%s %q overrides %q, but no pack that %s requires has a %s %q", kind, d.ID, id, d.Pack.ID, kind, id)
			dd.Hint = "write overrides: PACK-ID/ENTITY-ID"
			var ids []string
			for _, lvl := range p.levels(d.Pack)[1:] {
				for _, q := range lvl {
					ids = append(ids, slices.Sorted(maps.Keys(sc.defs[q]))...)
				}
			}
			if s := phrase.Suggest(id, ids); s != "" {
				dd.Hint = fmt.Sprintf("did you mean %q?", s)
			}
			return nil
		}
	}
	if target.Pack != d.Pack && target.Overrides != "" && !slices.Contains(deps, target.Pack) {
		dd := diags.Add(CodeBadOverride, d.OverridesPos, "%s %q overrides %s, which pack %s overrides too", kind, d.ID, d.Overrides, target.Pack.ID)
		dd.Related = []diag.Related{{Pos: target.OverridesPos, Message: "the other override"}}
		dd.Hint = fmt.Sprintf("load one of the two, or make %s require %s and override %s/%s", d.Pack.ID, target.Pack.ID, target.Pack.ID, target.ID)
		return nil
	}
	return target
}

// singletonTarget finds the document of a kind without ids (rules) that
// overrides: PACK/KIND names, in a pack that d's pack requires.
func (p *Program) singletonTarget(kind string, d *Doc, diags *diag.List) *Doc {
	pk, what, _ := strings.Cut(d.Overrides, "/")
	q := p.packByID(pk)
	if what != kind || q == nil || !slices.Contains(p.deps(d.Pack), q) {
		dd := diags.Add(CodeBadOverride, d.OverridesPos, "%s overrides %q, but a %s document can only replace the %s of a pack that %s requires", kind, d.Overrides, kind, kind, d.Pack.ID)
		if deps := p.deps(d.Pack); len(deps) > 0 {
			dd.Hint = fmt.Sprintf("write overrides: %s/%s", deps[len(deps)-1].ID, kind)
		}
		return nil
	}
	for _, x := range p.byKind[kind] {
		if x.Pack == q && x != d {
			return x
		}
	}
	diags.Add(CodeBadOverride, d.OverridesPos, "%s overrides %s/%s, but pack %s has no %s document", kind, pk, kind, pk, kind)
	return nil
}

func (p *Program) packByID(id string) *Pack {
	for _, q := range p.Packs {
		if q.ID == id {
			return q
		}
	}
	return nil
}

// levels lists the packs visible from pk, nearest first: pk itself, then
// what it requires, then what those require, each pack once.
func (p *Program) levels(pk *Pack) [][]*Pack {
	if l, ok := p.reach[pk]; ok {
		return l
	}
	seen := map[*Pack]bool{pk: true}
	out := [][]*Pack{{pk}}
	for cur := []*Pack{pk}; ; {
		var next []*Pack
		for _, q := range cur {
			for _, d := range q.Deps {
				if !seen[d] && slices.Contains(p.Packs, d) {
					seen[d] = true
					next = append(next, d)
				}
			}
		}
		if len(next) == 0 {
			break
		}
		out = append(out, next)
		cur = next
	}
	p.reach[pk] = out
	return out
}

// deps lists every pack pk builds on, directly or not, nearest first.
func (p *Program) deps(pk *Pack) []*Pack {
	if d, ok := p.depsOf[pk]; ok {
		return d
	}
	var out []*Pack
	for _, l := range p.levels(pk)[1:] {
		out = append(out, l...)
	}
	p.depsOf[pk] = out
	return out
}

// resolve finds the entity a reference names, seen from the pack of the
// file at pos: pack-id/entity-id directly, a bare id in the nearest pack
// that defines it.
func (p *Program) resolve(kind, ref string, pos diag.Pos, what string, diags *diag.List) int {
	sc := p.scopes[kind]
	if sc == nil {
		return -1
	}
	if what == "" {
		what = kind
	}
	var levels [][]*Pack
	if from := p.files[pos.File]; from != nil {
		levels = p.levels(from)
	} else {
		for _, q := range slices.Backward(p.Packs) {
			levels = append(levels, []*Pack{q})
		}
	}
	var d *Doc
	if pk, id, ok := strings.Cut(ref, "/"); ok {
		q := p.packByID(pk)
		if q == nil {
			dd := diags.Add(diag.CodeUnknownRef, pos, "unknown %s %q: no pack %q is loaded", what, ref, pk)
			var ids []string
			for _, x := range p.Packs {
				ids = append(ids, x.ID)
			}
			if s := phrase.Suggest(pk, ids); s != "" {
				dd.Hint = fmt.Sprintf("did you mean %s/%s?", s, id)
			}
			return -1
		}
		if d = sc.defs[q][id]; d == nil {
			if d = p.unknown(sc, [][]*Pack{{q}}, what, ref, id, pos, diags); d == nil {
				return -1
			}
		}
	} else {
		for _, lvl := range levels {
			var found []*Doc
			for _, q := range lvl {
				if x := sc.defs[q][ref]; x != nil && !slices.Contains(found, x) {
					found = append(found, x)
				}
			}
			if len(found) > 1 {
				dd := diags.Add(CodeAmbiguousRef, pos, "%s %q is ambiguous: packs %s and %s both define it", what, ref, found[0].Pack.ID, found[1].Pack.ID)
				dd.Related = []diag.Related{
					{Pos: found[0].IDPos(), Message: found[0].Pack.ID + "/" + ref},
					{Pos: found[1].IDPos(), Message: found[1].Pack.ID + "/" + ref},
				}
				dd.Hint = fmt.Sprintf("write %s/%s or %s/%s", found[0].Pack.ID, ref, found[1].Pack.ID, ref)
				return -1
			}
			if len(found) == 1 {
				d = found[0]
				break
			}
		}
		if d == nil {
			if d = p.unknown(sc, levels, what, ref, ref, pos, diags); d == nil {
				return -1
			}
		}
	}
	i, ok := sc.index[d]
	if !ok {
		return -1 // an invalid document: reported already
	}
	return i
}

// unknown reports an unknown reference and returns the entity its
// did-you-mean names, if any: the build goes on as if the reference named
// it (as a compiler recovers from a typo by its best guess), so that what
// the rest of the build checks does not report the typo again in other
// words (a formation missing from its scenario, an unused tag).
func (p *Program) unknown(sc *scope, levels [][]*Pack, what, ref, id string, pos diag.Pos, diags *diag.List) *Doc {
	dd := diags.Add(diag.CodeUnknownRef, pos, "unknown %s %q", what, ref)
	var guess *Doc
	var ids []string
	for _, lvl := range levels {
		for _, q := range lvl {
			for x := range sc.defs[q] {
				if !slices.Contains(ids, x) {
					ids = append(ids, x)
				}
			}
		}
	}
	slices.Sort(ids)
	if s := phrase.Suggest(id, ids); s != "" {
		dd.Hint = fmt.Sprintf("did you mean %q?", strings.TrimSuffix(ref, id)+s)
		for _, lvl := range levels {
			for _, q := range lvl {
				x := sc.defs[q][s]
				if x != nil && guess == nil {
					guess = x
				}
				if x != nil && !x.Valid && x.cause.File != "" && dd.Cause == nil {
					// The entity it nearly names is broken (an id
					// that breaks the id pattern): that error first.
					c := x.cause
					dd.Cause = &c
				}
			}
		}
	} else if len(ids) > 0 && len(ids) <= 12 {
		dd.Hint = "known: " + strings.Join(ids, ", ")
	}
	return guess
}
