package studio

import (
	"bytes"
	"slices"
	"strings"
	"sync"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/check"
	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/games"
	"github.com/roundtable-dev/roundtable/games/render"
)

// snapshot is everything the studio shows of the packs at one moment: it
// is rebuilt whole after a save and swapped in, so a page never sees half
// of a change.
type snapshot struct {
	version  int
	results  []*compiler.Result
	diags    diag.List
	sources  diag.Sources
	games    []*gameView
	entities []*entity
	byKey    map[string]*entity // entityKey
	problems []string           // what could not be drawn (a broken layout)
	configs  []string           // the roundtable.yaml files that govern the packs
}

// gameView is one game's part of a snapshot.
type gameView struct {
	game    *games.Game
	rules   any  // the ruleset drawn: this check's, or the last good one
	stale   bool // the content has errors now: rules and pictures are the last good ones
	layouts *render.Layouts
	drawn   []render.Drawn
	byFile  map[string]*render.Drawn
	packs   []string
}

// entity is one content document with an id.
type entity struct {
	Game, Kind, ID, Name, Pack string
	File                       string
	Line, End                  int // the lines of its document, 1-based, inclusive
	Pictures                   []string
	Errors, Warnings           int
	refs                       []ref
}

// ref is a place where another document names an entity.
type ref struct {
	from *entity
	line int
	path string // the kind looked up
}

func entityKey(game, kind, id string) string { return game + "/" + kind + "/" + id }

func (e *entity) key() string { return entityKey(e.Game, e.Kind, e.ID) }

// URL is the entity's page.
func (e *entity) URL() string { return "/entity/" + e.Game + "/" + e.Kind + "/" + e.ID }

// build compiles the packs and draws them; prev supplies the last good
// pictures of a game whose content has errors now.
func build(dirs []string, o CheckOptions, prev *snapshot) *snapshot {
	s := &snapshot{byKey: map[string]*entity{}}
	if prev != nil {
		s.version = prev.version + 1
	} else {
		s.version = 1
	}
	// What roundtable check reports of the folders, config and
	// suppressions applied: the studio shows the same problems.
	observed := &refs{}
	rep, err := check.Run(check.Input{Sources: check.Dirs(dirs...), Observer: observed, Baseline: o.Baseline})
	if err != nil {
		s.problems = append(s.problems, err.Error())
		rep = &check.Report{}
	}
	rep.Close() // no cache: the sources are in memory
	s.results, s.diags, s.configs = rep.Results, rep.Diags, rep.Configs
	var layouts []*render.Layouts // for the lines of layout diagnostics
	content := rep.Sources()
	s.sources = func(file string) []byte {
		if b := content(file); b != nil {
			return b
		}
		for _, l := range layouts {
			if b := l.Source(file); b != nil {
				return b
			}
		}
		return nil
	}
	for _, res := range s.results {
		s.index(res)
	}
	s.countDiags()
	s.indexRefs(observed)
	for _, res := range s.results {
		if res.Game == nil {
			continue
		}
		g, ok := games.Lookup(res.Game.ID)
		if !ok {
			continue
		}
		gv := &gameView{game: g, rules: res.Ruleset, byFile: map[string]*render.Drawn{}}
		for _, p := range res.Packs {
			gv.packs = append(gv.packs, p.ID)
		}
		if gv.rules == nil && prev != nil {
			if old := prev.game(g.ID); old != nil && old.rules != nil {
				gv.rules, gv.stale = old.rules, true
			}
		}
		if gv.rules != nil && g.Render != nil {
			l, err := render.Load(g, render.LayoutPacks(res)...)
			if err == nil {
				gv.layouts = l
				s.problems = append(s.problems, l.Skipped...)
				var budget diag.List
				gv.drawn, budget, err = l.DrawAll(g.Render.Pictures(gv.rules))
				// A picture stopped at a limit is left out; every other
				// one is drawn, and the diagnostic is the check's.
				s.diags = append(s.diags, budget...).Sort()
				layouts = append(layouts, l)
			}
			if err != nil {
				s.problems = append(s.problems, err.Error())
				if old := prev.game(g.ID); old != nil {
					gv.layouts, gv.drawn, gv.stale = old.layouts, old.drawn, true
				}
			}
			for i := range gv.drawn {
				d := &gv.drawn[i]
				gv.byFile[d.File()] = d
				if e := s.byKey[entityKey(g.ID, d.Kind, d.ID)]; e != nil {
					e.Pictures = append(e.Pictures, d.File())
				}
			}
		}
		s.games = append(s.games, gv)
	}
	return s
}

func (s *snapshot) game(id string) *gameView {
	if s == nil {
		return nil
	}
	for _, g := range s.games {
		if g.game.ID == id {
			return g
		}
	}
	return nil
}

// index records the entities of a compiled game's packs and where each
// one's document lies in its file.
func (s *snapshot) index(res *compiler.Result) {
	if res.Game == nil {
		return
	}
	for _, p := range res.Packs {
		if p.Set == nil {
			continue
		}
		byFile := map[string][]*entity{}
		var files []string
		for _, d := range p.Set.Docs {
			id := d.StrField("id")
			if d.Kind == "pack" || id == "" {
				continue
			}
			e := &entity{Game: res.Game.ID, Kind: d.Kind, ID: id, Name: d.StrField("name"), Pack: p.ID, File: d.File, Line: d.Pos().Line}
			if e.Name == "" {
				e.Name = id
			}
			if _, dup := s.byKey[e.key()]; dup {
				// An override replaces the entity: the later pack's is shown.
				s.entities = slices.DeleteFunc(s.entities, func(x *entity) bool { return x.key() == e.key() })
			}
			s.byKey[e.key()] = e
			s.entities = append(s.entities, e)
			if _, seen := byFile[d.File]; !seen {
				files = append(files, d.File)
			}
			byFile[d.File] = append(byFile[d.File], e)
		}
		for _, f := range files {
			lines := strings.Split(string(s.sources(f)), "\n")
			es := byFile[f]
			for i, e := range es {
				e.Line = docStart(lines, e.Line)
				if i > 0 {
					es[i-1].End = e.Line - 1
					for es[i-1].End > es[i-1].Line && strings.HasPrefix(lines[es[i-1].End-1], "---") {
						es[i-1].End--
					}
				}
			}
			if len(es) > 0 {
				es[len(es)-1].End = len(lines)
			}
		}
	}
}

// docStart moves a document's first line up over the comments just above
// it, to the line after the "---" before it.
func docStart(lines []string, line int) int {
	for line > 1 {
		prev := strings.TrimSpace(lines[line-2])
		if strings.HasPrefix(prev, "---") || (prev != "" && !strings.HasPrefix(prev, "#")) {
			break
		}
		line--
	}
	return line
}

// YAML is the text of the entity's document.
func (s *snapshot) yamlOf(e *entity) string {
	lines := strings.Split(string(s.sources(e.File)), "\n")
	if e.Line < 1 || e.Line > len(lines) {
		return ""
	}
	end := min(e.End, len(lines))
	return strings.TrimRight(strings.Join(lines[e.Line-1:end], "\n"), "\n") + "\n"
}

// entityAt is the entity whose document holds a line of a file.
func (s *snapshot) entityAt(file string, line int) *entity {
	for _, e := range s.entities {
		if e.File == file && line >= e.Line && line <= e.End {
			return e
		}
	}
	return nil
}

func (s *snapshot) countDiags() {
	for _, d := range s.diags {
		if e := s.entityAt(d.Pos.File, d.Pos.Line); e != nil {
			if d.Severity == diag.Error {
				e.Errors++
			} else {
				e.Warnings++
			}
		}
	}
}

// diagsOf are the diagnostics inside an entity's document.
func (s *snapshot) diagsOf(e *entity) diag.List {
	var out diag.List
	for _, d := range s.diags {
		if d.Pos.File == e.File && d.Pos.Line >= e.Line && d.Pos.Line <= e.End {
			out = append(out, d)
		}
	}
	return out
}

// text prints diagnostics as `check` does, with their source lines.
func (s *snapshot) text(l diag.List) string {
	var b bytes.Buffer
	_ = diag.Print(&b, "text", l, s.sources)
	return b.String()
}

// refs records the references Build resolves (compiler.Observer): where
// each entity's id is written and by which document.
type refs struct {
	mu   sync.Mutex
	seen []seenRef
}

type seenRef struct {
	game, kind, id, pack string // the entity named
	pos                  diag.Pos
}

func (r *refs) Ref(kind, _ string, pos diag.Pos, target *compiler.Doc) {
	if target == nil {
		return
	}
	r.mu.Lock()
	r.seen = append(r.seen, seenRef{game: target.Pack.GameID, kind: target.Kind, id: target.ID, pack: target.Pack.ID, pos: pos})
	r.mu.Unlock()
}

func (r *refs) Reused(*compiler.Doc) {} // no cache in the studio: every reference is resolved

// indexRefs gives each entity the places that refer to it, in file and
// line order.
func (s *snapshot) indexRefs(r *refs) {
	slices.SortFunc(r.seen, func(a, b seenRef) int {
		if c := strings.Compare(a.pos.File, b.pos.File); c != 0 {
			return c
		}
		return a.pos.Line - b.pos.Line
	})
	for _, sr := range r.seen {
		e := s.byKey[entityKey(sr.game, sr.kind, sr.id)]
		from := s.entityAt(sr.pos.File, sr.pos.Line)
		if e == nil || from == nil || from == e {
			continue
		}
		e.refs = append(e.refs, ref{from: from, line: sr.pos.Line, path: sr.kind})
	}
}
