package lsp

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/check"
	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/compiler/project"
	"github.com/roundtable-dev/roundtable/compiler/vcache"
)

// Options configure a workspace.
type Options struct {
	// BaseDir is where the embedded base packs are extracted, so that an
	// editor can open their files (read-only); "" is
	// $XDG_CACHE_HOME/roundtable/base.
	BaseDir string
	// Poll is how often the pack folders are scanned for changes made
	// outside the editor (0: every 2 s; negative: never).
	Poll time.Duration

	onServe func(*server) // tests: the server, once made
}

// workspace is the packs the server checks, the editor's buffers and the
// outcome of the last check.
type workspace struct {
	mu       sync.Mutex
	packs    map[string]*packDir // by absolute folder
	bufs     map[string]*openDoc // by absolute file path
	cacheDir string
	cache    *vcache.Store // in memory (vcache.InMemory), records in cacheDir
	tmpCache bool
	baseDir  string
	games    []gameInfo
	dc       docCache
	// learned maps a place (kind, path) to the kind its references name,
	// from every reference Build resolved: completion offers those ids.
	learned map[string]string
	snap    *snapshot
	edited  map[string]bool // files edited since the last check
	lastT   time.Time
	// configs are the roundtable.yaml files the last check read
	// (check.Report.Configs), configStats their stats as of before it:
	// rescan sees a save of one above the pack folders.
	configs     []string
	configStats []fileStat
}

type packDir struct {
	dir  string
	root *os.Root
	scan diskScan
	ents map[string][]fs.DirEntry // listing(scan)
}

type openDoc struct {
	text    []byte
	version int32
	mtime   time.Time
}

func newWorkspace(o Options) (*workspace, error) {
	w := &workspace{packs: map[string]*packDir{}, bufs: map[string]*openDoc{}, learned: map[string]string{}, edited: map[string]bool{}, games: games()}
	// The incremental check's cache lives in memory (vcache.InMemory); its
	// folder holds only the small record of link and Build's outcome.
	d, err := os.MkdirTemp("", "roundtable-lsp-")
	if err != nil {
		return nil, err
	}
	w.cacheDir, w.tmpCache = d, true
	w.cache = vcache.InMemory(w.cacheDir)
	w.baseDir = o.BaseDir
	if w.baseDir == "" {
		d, err := os.UserCacheDir()
		if err != nil {
			d = os.TempDir()
		}
		w.baseDir = filepath.Join(d, "roundtable", "base")
	}
	w.snap = &snapshot{}
	w.snap.index(w, checked{}, nil)
	return w, nil
}

func (w *workspace) close() {
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, p := range w.packs {
		p.root.Close()
	}
	if w.tmpCache {
		os.RemoveAll(w.cacheDir)
	}
}

// addRoot finds the packs under a folder (every folder with a pack.yaml;
// not below one).
func (w *workspace) addRoot(dir string) {
	dir = filepath.Clean(dir)
	if w.isBase(dir) {
		return
	}
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			// The folders check does not search for packs either.
			if p != dir && check.SearchSkips(d.Name()) {
				return filepath.SkipDir
			}
			if fi, err := os.Stat(filepath.Join(p, "pack.yaml")); err == nil && fi.Mode().IsRegular() {
				w.addPack(p)
				return filepath.SkipDir
			}
		}
		return nil
	})
}

// addPack starts checking the pack folder dir.
func (w *workspace) addPack(dir string) bool {
	skip := w.scanSkip(dir)
	w.mu.Lock()
	defer w.mu.Unlock()
	if _, ok := w.packs[dir]; ok {
		return false
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return false
	}
	scan, err := scanDir(root, skip)
	if err != nil {
		root.Close()
		return false
	}
	w.packs[dir] = &packDir{dir: dir, root: root, scan: scan, ents: listing(scan)}
	return true
}

// packFor adds the pack that holds a file (the nearest folder above it
// with a pack.yaml), if any.
func (w *workspace) packFor(file string) bool {
	if w.isBase(file) {
		return false
	}
	for d := filepath.Dir(file); ; d = filepath.Dir(d) {
		w.mu.Lock()
		_, known := w.packs[d]
		w.mu.Unlock()
		if known {
			return false
		}
		if fi, err := os.Stat(filepath.Join(d, "pack.yaml")); err == nil && fi.Mode().IsRegular() {
			return w.addPack(d)
		}
		if filepath.Dir(d) == d {
			return false
		}
	}
}

// scanSkip is what the scan of a pack folder leaves out: what the
// roundtable.yaml governing it ignores (its open buffer, else the disk's),
// which check.Run leaves out too.
func (w *workspace) scanSkip(dir string) func(string, bool) bool {
	c, _ := project.Lookup(dir, w.readConfig)
	return c.SkipsIn(dir)
}

// readConfig reads a roundtable.yaml: its open buffer, else the disk's.
func (w *workspace) readConfig(name string) ([]byte, error) {
	w.mu.Lock()
	b := w.bufs[name]
	w.mu.Unlock()
	if b != nil {
		return b.text, nil
	}
	return os.ReadFile(name)
}

// rescan scans every pack folder again, and stats the roundtable.yaml
// files above them, and reports whether anything changed on disk.
func (w *workspace) rescan() bool {
	w.mu.Lock()
	packs := make([]*packDir, 0, len(w.packs))
	for _, p := range w.packs {
		packs = append(packs, p)
	}
	configs := w.configs
	w.mu.Unlock()
	now := statFiles(configs)
	w.mu.Lock()
	changed := !slices.Equal(now, w.configStats) && slices.Equal(configs, w.configs)
	if changed {
		w.configStats = now
	}
	w.mu.Unlock()
	for _, p := range packs {
		scan, err := scanDir(p.root, w.scanSkip(p.dir))
		if err != nil {
			continue
		}
		w.mu.Lock()
		if !scan.same(p.scan) {
			p.scan, p.ents = scan, listing(scan)
			changed = true
		}
		w.mu.Unlock()
	}
	return changed
}

// open, edit and closeDoc keep the editor's buffers.
func (w *workspace) open(file string, text []byte, version int32) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.bufs[file] = &openDoc{text: text, version: version, mtime: w.now()}
	w.edited[file] = true
}

func (w *workspace) edit(file string, fn func([]byte) []byte, version int32) {
	w.mu.Lock()
	defer w.mu.Unlock()
	b := w.bufs[file]
	if b == nil {
		b = &openDoc{}
		w.bufs[file] = b
	}
	b.text, b.version, b.mtime = fn(b.text), version, w.now()
	w.edited[file] = true
}

func (w *workspace) closeDoc(file string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	delete(w.bufs, file)
	w.edited[file] = true
}

// now is the time of an edit: increasing, so that every edit changes the
// stat the check's cache compares.
func (w *workspace) now() time.Time {
	t := time.Now()
	if !t.After(w.lastT) {
		t = w.lastT.Add(time.Microsecond)
	}
	w.lastT = t
	return t
}

// text returns the text of a file: the editor's buffer, else the disk's.
func (w *workspace) text(file string) []byte {
	w.mu.Lock()
	b := w.bufs[file]
	var src func(string) []byte
	if w.snap != nil {
		src = w.snap.source
	}
	w.mu.Unlock()
	if b != nil {
		return b.text
	}
	if data, err := os.ReadFile(file); err == nil {
		return data
	}
	if src != nil {
		return src(w.fileOf(file))
	}
	return nil
}

// run checks every pack with the buffers laid over the disk and indexes
// the outcome. It returns the new snapshot, the files edited since the
// last run and the version of each buffer it checked.
func (w *workspace) run() (*snapshot, map[string]bool, map[string]int32) {
	w.mu.Lock()
	var srcs []check.Source
	dirs := make([]string, 0, len(w.packs))
	for d := range w.packs {
		dirs = append(dirs, d)
	}
	slices.Sort(dirs)
	versions := map[string]int32{}
	texts := map[string][]byte{}
	for _, d := range dirs {
		p := w.packs[d]
		bufs := map[string]buffer{}
		for f, b := range w.bufs {
			if rel, err := filepath.Rel(d, f); err == nil && !strings.HasPrefix(rel, "..") && isYAML(f) {
				bufs[filepath.ToSlash(rel)] = buffer{text: b.text, mtime: b.mtime}
				versions[f] = b.version
				texts[f] = b.text
			}
		}
		srcs = append(srcs, check.Source{Dir: filepath.ToSlash(d), FS: &packFS{root: p.root, scan: p.scan, ents: p.ents, bufs: bufs}})
	}
	// roundtable.yaml is found by path, at a pack's root or above it: an
	// open buffer of it is what governs.
	open := map[string][]byte{}
	for f, b := range w.bufs {
		if filepath.Base(f) == project.FileName {
			open[f] = b.text
			versions[f] = b.version
			texts[f] = b.text
		}
	}
	read := func(name string) ([]byte, error) {
		if b, ok := open[name]; ok {
			return b, nil
		}
		return os.ReadFile(name)
	}
	edited := w.edited
	w.edited = map[string]bool{}
	prev := w.snap
	configs := w.configs
	w.mu.Unlock()

	before := statFiles(configs) // before the check: a save during it is a change
	c := checkPacks(srcs, compiler.Loader{Store: w.cache}, read, &w.dc)
	if !slices.Equal(c.configs, configs) {
		before = statFiles(c.configs)
	}
	s := &snapshot{texts: texts}
	s.index(w, c, prev)
	w.mu.Lock()
	w.snap = s
	w.configs, w.configStats = c.configs, before
	w.mu.Unlock()
	return s, edited, versions
}

func (w *workspace) snapshot() *snapshot {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.snap
}

// Paths: a file of a pack on disk is shown by its absolute path; a file of
// an embedded base pack as content/<game>/..., which is served from its
// extracted copy under baseDir.

// pathOf returns the path on disk of a diagnostic's file. A place in an
// embedded base pack that check names pack-id:path (annas-base:units/x.yaml)
// is its file's extracted copy.
func (w *workspace) pathOf(file string) string {
	if id, rest, ok := strings.Cut(file, ":"); ok && !strings.Contains(id, "/") {
		if s := w.snapshot(); s != nil {
			if p, ok := s.packs[id]; ok && p.embedded {
				file = p.dir + "/" + rest
			}
		}
	}
	for _, g := range w.games {
		if rest, ok := strings.CutPrefix(file, g.contentDir+"/"); ok {
			return filepath.Join(w.baseDir, g.id, filepath.FromSlash(rest))
		}
	}
	return filepath.FromSlash(file)
}

// fileOf is the inverse of pathOf.
func (w *workspace) fileOf(p string) string {
	for _, g := range w.games {
		if rel, err := filepath.Rel(filepath.Join(w.baseDir, g.id), p); err == nil && !strings.HasPrefix(rel, "..") {
			return g.contentDir + "/" + filepath.ToSlash(rel)
		}
	}
	return filepath.ToSlash(p)
}

func (w *workspace) isBase(p string) bool {
	rel, err := filepath.Rel(w.baseDir, p)
	return err == nil && !strings.HasPrefix(rel, "..")
}

// extract writes the embedded base pack of a game under baseDir, once per
// content (a folder named by the content's hash holds it, read-only), and
// points baseDir/<game> at it.
func (w *workspace) extract(g gameInfo) error {
	h := sha256.New()
	var files []string
	err := fs.WalkDir(g.content, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(g.content, p)
		if err != nil {
			return err
		}
		h.Write([]byte(p))
		h.Write([]byte{0})
		h.Write(b)
		files = append(files, p)
		return nil
	})
	if err != nil {
		return err
	}
	dst := filepath.Join(w.baseDir, g.id)
	stamp := hex.EncodeToString(h.Sum(nil))[:16]
	if b, err := os.ReadFile(filepath.Join(dst, ".roundtable-base")); err == nil && bytes.Equal(bytes.TrimSpace(b), []byte(stamp)) {
		return nil
	}
	tmp, err := os.MkdirTemp(w.baseDir+"", "."+g.id+"-")
	if err != nil {
		if err := os.MkdirAll(w.baseDir, 0o755); err != nil {
			return err
		}
		if tmp, err = os.MkdirTemp(w.baseDir, "."+g.id+"-"); err != nil {
			return err
		}
	}
	for _, p := range files {
		b, _ := fs.ReadFile(g.content, p)
		out := filepath.Join(tmp, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(out, b, 0o444); err != nil {
			return err
		}
	}
	if err := os.WriteFile(filepath.Join(tmp, ".roundtable-base"), []byte(stamp+"\n"), 0o444); err != nil {
		return err
	}
	old := dst + ".old-" + stamp
	_ = os.Rename(dst, old)
	if err := os.Rename(tmp, dst); err != nil {
		return err
	}
	makeWritable(old)
	os.RemoveAll(old)
	return nil
}

// makeWritable lets RemoveAll delete a read-only tree.
func makeWritable(dir string) {
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil {
			os.Chmod(p, 0o755)
		}
		return nil
	})
}

// snapshot is the indexed outcome of one check. The maps that cost a pass
// over every document are made on first use (by a request, not by the
// check of every keystroke).
type snapshot struct {
	diags  map[string]diag.List // by file
	docs   fileDocs             // by file, in order
	refs   map[string][]refInfo // by file
	packs  map[string]packInfo  // by id
	dirs   []packInfo           // longest folder first
	source func(file string) []byte
	texts  map[string][]byte // the buffers checked, by path

	once   sync.Once
	defs   map[entity]docInfo
	ids    map[string][]docInfo // kind -> documents with an id
	refsTo map[entity][]refInfo
}

// derive makes the maps of every entity.
func (s *snapshot) derive() {
	s.once.Do(func() {
		s.defs = map[entity]docInfo{}
		s.ids = map[string][]docInfo{}
		s.refsTo = map[entity][]refInfo{}
		var files []string
		for _, m := range s.docs {
			files = append(files, slices.Collect(maps.Keys(m))...)
		}
		slices.Sort(files)
		for _, file := range files {
			ds, _ := s.docs.get(file)
			for _, d := range ds {
				if d.id == "" || d.kind == "pack" {
					continue
				}
				e := entity{kind: d.kind, pack: d.pack, id: d.id}
				if _, dup := s.defs[e]; !dup {
					s.defs[e] = d
				}
				s.ids[d.kind] = append(s.ids[d.kind], d)
			}
		}
		for _, rs := range s.refs {
			for _, r := range rs {
				if r.ok {
					s.refsTo[r.target] = append(s.refsTo[r.target], r)
				}
			}
		}
	})
}

// def returns the document that defines an entity.
func (s *snapshot) def(e entity) (docInfo, bool) {
	s.derive()
	d, ok := s.defs[e]
	return d, ok
}

// refsOf returns the references to an entity.
func (s *snapshot) refsOf(e entity) []refInfo {
	s.derive()
	return s.refsTo[e]
}

// index builds a snapshot of a check. References of documents whose Build
// steps were replayed (c.reused, c.replayed) are carried over from prev.
func (s *snapshot) index(w *workspace, c checked, prev *snapshot) {
	s.diags = map[string]diag.List{}
	s.docs = c.docs
	s.refs = map[string][]refInfo{}
	s.packs = map[string]packInfo{}
	s.source = c.source
	for _, p := range c.packs {
		s.packs[p.id] = p
		s.dirs = append(s.dirs, p)
	}
	slices.SortFunc(s.dirs, func(a, b packInfo) int { return len(b.dir) - len(a.dir) })
	for _, d := range c.diags {
		f := d.Pos.File
		if f == "" {
			continue
		}
		if !isYAML(f) {
			f = path.Join(f, "pack.yaml")
		}
		s.diags[f] = append(s.diags[f], d)
	}
	fresh := map[string][]refInfo{}
	for _, r := range c.refs {
		fresh[r.pos.File] = append(fresh[r.pos.File], r)
	}
	switch {
	case prev == nil || len(c.reused) == 0 && len(c.replayed) == 0:
		// Build resolved every reference of every document.
		s.refs = fresh
	default:
		// Documents Build did not step keep their references: start from
		// the last ones and replace those of the files Build stepped, and
		// of the files whose documents changed.
		s.refs = maps.Clone(prev.refs)
		for file := range c.changed {
			// Stepped again (fresh below), or gone; a file of a replayed
			// set changed only in its comments, its nodes where they were.
			if !c.replayed[file] {
				delete(s.refs, file)
			}
		}
		// The reused documents of the files Build stepped (their other
		// documents, or other steps): their references are merged.
		reused := map[docKey]bool{}
		for _, k := range c.reused {
			if _, ok := fresh[k.file]; ok {
				reused[k] = true
			}
		}
		for file, rs := range fresh {
			if c.replayed[file] {
				continue
			}
			merged := rs
			for _, r := range prev.refs[file] {
				if reused[docKey{file, s.docIndexAt(file, r.pos.Line)}] && !slices.ContainsFunc(rs, func(x refInfo) bool { return x.pos == r.pos && x.kind == r.kind }) {
					merged = append(merged, r)
				}
			}
			s.refs[file] = merged
		}
	}
	for file, rs := range fresh {
		if prev == nil || !slices.EqualFunc(rs, prev.refs[file], func(a, b refInfo) bool { return a == b }) {
			w.learn(s, file, rs)
		}
	}
}

// learn records the place of each reference of a file.
func (w *workspace) learn(s *snapshot, file string, rs []refInfo) {
	if len(rs) == 0 {
		return
	}
	var ls []string
	if s.source == nil {
		return
	}
	if b := s.source(file); b != nil {
		ls = lines(b)
	} else {
		return
	}
	for _, r := range rs {
		d, ok := s.docAt(file, r.pos.Line)
		if !ok {
			continue
		}
		line := lineAt(ls, r.pos.Line-1)
		b := byteOfChar(line, r.pos.Col)
		end := tokenEnd(line, b)
		if unquote(line[b:end]) != r.ref {
			continue // not a plain reference token (a mini-language, say)
		}
		c := cursorAt(ls, r.pos.Line-1, b)
		key := placeKey(d.game, d.kind, c.path)
		w.mu.Lock()
		w.learned[key] = r.kind
		w.mu.Unlock()
	}
}

func placeKey(game, kind string, path []string) string {
	return game + "\x00" + kind + "\x00" + strings.Join(path, ".")
}

// refKind returns the kind referenced at a place, if any reference was
// seen there.
func (w *workspace) refKind(game, kind string, path []string) (string, bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	k, ok := w.learned[placeKey(game, kind, path)]
	return k, ok
}

// docAt returns the document of a file that holds a line (1-based).
func (s *snapshot) docAt(file string, line int) (docInfo, bool) {
	ds, _ := s.docs.get(file)
	var out docInfo
	ok := false
	for _, d := range ds {
		if d.start <= line || !ok {
			out, ok = d, true
		}
	}
	return out, ok
}

func (s *snapshot) docIndexAt(file string, line int) int {
	d, ok := s.docAt(file, line)
	if !ok {
		return -1
	}
	return d.key.index
}

// packOf returns the pack a file belongs to.
func (s *snapshot) packOf(file string) (packInfo, bool) {
	for _, p := range s.dirs {
		if strings.HasPrefix(file, strings.TrimSuffix(p.dir, "/")+"/") {
			return p, true
		}
	}
	return packInfo{}, false
}

// visible lists the entities of a kind that a file's pack can name, with
// the name to write: a bare id for the nearest pack that defines it, else
// pack-id/entity-id.
func (s *snapshot) visible(file, kind string) []named {
	p, ok := s.packOf(file)
	if !ok {
		return nil
	}
	order := append([]string{p.id}, p.deps...)
	taken := map[string]bool{}
	var out []named
	for _, pk := range order {
		s.derive()
		for _, d := range s.ids[kind] {
			if d.pack != pk {
				continue
			}
			name := d.id
			if taken[name] {
				name = d.pack + "/" + d.id
			}
			taken[d.id] = true
			out = append(out, named{name: name, doc: d})
		}
	}
	return out
}

type named struct {
	name string
	doc  docInfo
}
