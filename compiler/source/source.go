// Package source reads a pack folder into YAML documents with positions,
// rejecting hostile input (oversized files, alias bombs, deep nesting,
// duplicate keys, invalid UTF-8, escaping symlinks) with diagnostics.
package source

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/internal/limits"
)

// Limits on what one file may cost. They are far above real content.
// The first three are shared with the position reader (internal/limits).
const (
	MaxFileSize  = limits.FileSize    // bytes
	MaxDepth     = limits.Depth       // nested mappings and sequences
	AliasBudget  = limits.AliasBudget // nodes produced by expanding aliases, per document
	maxDocuments = 100000             // per file
)

// Document is one YAML document of a content file.
//
// A loaded document does not keep its yaml.Node tree: a yaml.Node is 152
// bytes, a unit card has 40-50 of them, and holding the trees of every
// document from load to the end of the game's Build was most of the memory
// of a check (about 650 MB at 100,000 units). It keeps the tree's compact
// encoding instead (the parse cache's, cache.go: about 1 KB a card) and
// Node decodes it on each call, which costs about a tenth of the parse.
// Pos and Field read the encoding without building the whole tree.
type Document struct {
	File  string // display path, slash-separated
	Index int    // 0-based position of the document in its file
	Kind  string // value of the kind: field
	tree  *yaml.Node
	enc   string // the encoded document (encodeDoc) when tree is nil
	keys  string // its top-level keys (topKeys) when known: from the cache

	checked  diag.List // see LoadChecked
	hasCheck bool

	// Stub marks a document that does not parse, of which only its kind
	// and id are known (Recovered), and Cause is where its syntax error is
	// reported. Stubs are never in a Set.
	Stub  bool
	Cause diag.Pos
	// Text is a stub's source lines.
	Text string
}

// NewDocument makes a document of a tree (aliases expanded), kept as given.
func NewDocument(file string, index int, kind string, n *yaml.Node) *Document {
	return &Document{File: file, Index: index, Kind: kind, tree: n}
}

// Node returns the document's top mapping, aliases expanded. A loaded
// document decodes a new tree on every call (see Document): callers that
// walk it more than once keep the result in a variable.
func (d *Document) Node() *yaml.Node {
	n, _ := d.node()
	return n
}

// node is Node, false when the document's encoding is damaged: a cached
// one is trusted on its cache file's checksum (checking every node would
// cost a warm check a walk of every document), so one damaged before the
// file was sealed reads as a mapping with no fields, never as nil or as a
// count of nodes to allocate.
func (d *Document) node() (*yaml.Node, bool) {
	if d.tree != nil {
		return d.tree, true
	}
	r := docReader(d.enc)
	if r.err == nil && r.count > 0 && r.count <= uint64(len(r.s)) {
		r.alloc()
		if n := r.node(0); n != nil && r.err == nil {
			return n, true
		}
	}
	return &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}, false
}

// compact replaces the document's tree by its encoding.
func (d *Document) compact() {
	if d.tree != nil {
		d.enc = string(encodeDoc(d))
		d.tree = nil
	}
}

// Pos returns the position of the document's first key.
func (d *Document) Pos() diag.Pos {
	if d.tree != nil || d.enc == "" {
		return NodePos(d.File, d.tree)
	}
	r := docReader(d.enc)
	h := r.header()
	return diag.Pos{File: d.File, Line: h.line, Col: h.col}
}

// Field returns the value node of a top-level key, or nil.
func (d *Document) Field(key string) *yaml.Node {
	if d.tree != nil || d.enc == "" {
		return Lookup(d.tree, key)
	}
	// Without walking the document (an absent overrides:): by its listed
	// keys (cached documents), else by a search of the encoding, which
	// stores every string as it is.
	if !hasKey(d.keys, key) || d.keys == "" && !strings.Contains(d.enc, key) {
		return nil
	}
	return docReader(d.enc).field(key)
}

// FieldPos returns the position of a top-level key's value, or the document's.
func (d *Document) FieldPos(key string) diag.Pos {
	if n := d.Field(key); n != nil {
		return NodePos(d.File, n)
	}
	return d.Pos()
}

// NodePos converts a yaml node position.
func NodePos(file string, n *yaml.Node) diag.Pos {
	if n == nil {
		return diag.Pos{File: file}
	}
	return diag.Pos{File: file, Line: n.Line, Col: n.Column}
}

// Lookup returns the value of key in mapping node m, or nil.
func Lookup(m *yaml.Node, key string) *yaml.Node {
	if m == nil || m.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	return nil
}

// Path walks a dotted path of mapping keys and sequence indexes.
func Path(n *yaml.Node, elems ...string) *yaml.Node {
	for _, e := range elems {
		if n == nil {
			return nil
		}
		switch n.Kind {
		case yaml.MappingNode:
			n = Lookup(n, e)
		case yaml.SequenceNode:
			i, err := strconv.Atoi(e)
			if err != nil || i < 0 || i >= len(n.Content) {
				return nil
			}
			n = n.Content[i]
		default:
			return nil
		}
	}
	return n
}

// Set is the content of one folder.
type Set struct {
	// Files has every file read: display path -> bytes, for printing
	// source lines. A file the cache vouched for is not read while loading:
	// its value is nil until Source reads it.
	Files map[string][]byte
	// Names is the display paths of Files in load order (sorted).
	Names []string
	// Entries is the cache entry of each of Names (nil without a cache).
	Entries []*Entry
	Docs    []*Document
	// Ignores holds the "# roundtable:ignore" comments of each file that
	// has any (display path -> encoded; Directives decodes them).
	Ignores map[string]string

	mu    sync.Mutex
	keys  map[string]string // content keys (Key), made on demand
	fsys  fs.FS
	lazy  map[string]string // display path -> path in fsys, not read yet
	reads map[string]bool   // files Source returned while tracking
}

// Source returns a file's bytes (for diag.Print, and for games that read
// source lines). A file the cache vouched for is read on first use from the
// pack's folder, which stays open for the lifetime of the set.
func (s *Set) Source(file string) []byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	b, ok := s.Files[file]
	if !ok {
		return nil
	}
	if s.reads != nil {
		s.reads[file] = true
	}
	if p, lazy := s.lazy[file]; lazy {
		delete(s.lazy, file)
		if data, err := readLimited(s.fsys, p); err == nil {
			b = data
			s.Files[file] = data
			if s.keys == nil {
				s.keys = map[string]string{}
			}
			s.keys[file] = Key(file, data)
		}
	}
	return b
}

// Track starts recording the files Source returns; Reads returns them.
func (s *Set) Track() {
	s.mu.Lock()
	s.reads = map[string]bool{}
	s.mu.Unlock()
}

// Reads returns the files Source returned since Track, sorted, and stops
// recording.
func (s *Set) Reads() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]string, 0, len(s.reads))
	for f := range s.reads {
		out = append(out, f)
	}
	s.reads = nil
	slices.Sort(out)
	return out
}

// Key returns a file's content key (Key), "" for a file not loaded:
// of the bytes read, or, for a file the cache vouched for and Source has
// not read, the cache's.
func (s *Set) Key(file string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.key(file)
}

func (s *Set) key(file string) string {
	if s.keys == nil {
		s.keys = map[string]string{}
	}
	if k, ok := s.keys[file]; ok {
		return k
	}
	// Names is sorted: the cache's key of a file Source has not read,
	// without a map of every file.
	if len(s.Entries) == len(s.Names) {
		if i, ok := slices.BinarySearch(s.Names, file); ok && s.Entries[i] != nil {
			return s.Entries[i].Key
		}
	}
	if b, ok := s.Files[file]; ok && s.lazy[file] == "" {
		k := Key(file, b)
		s.keys[file] = k
		return k
	}
	return ""
}

// Load reads every *.yaml and *.yml file under fsys at any depth. display is
// prefixed to the paths it reports (the folder the user named).
func Load(fsys fs.FS, display string) (*Set, diag.List) { return LoadChecked(fsys, display, nil) }

// LoadChecked is Load that runs check on every document parsed (not on
// documents taken from the cache), in the parsing goroutine while the
// document's tree exists: the compiler validates there, so that validation
// does not decode every document's tree once more.
func LoadChecked(fsys fs.FS, display string, check Check) (*Set, diag.List) {
	return LoadCached(fsys, display, check, nil)
}

// LoadCached is LoadChecked with a cache (nil: none). A file whose stat
// matches its cache entry (and is not racily clean, Store.Racy) is
// not read: its documents and load diagnostics come from the cache. A file
// whose bytes match its entry's key is not parsed. The caller saves the
// cache (after adding validation results).
func LoadCached(fsys fs.FS, display string, check Check, cache Store) (*Set, diag.List) {
	set := &Set{Files: map[string][]byte{}, fsys: fsys}
	if cache != nil {
		set.lazy = map[string]string{}
	}
	var diags diag.List
	// The display path is every report's name of the file: a name that
	// is not printable UTF-8 is quoted (diag.QuotePath).
	show := func(p string) string {
		if display == "" || display == "." {
			return diag.QuotePath(p)
		}
		return diag.QuotePath(strings.TrimSuffix(display, "/") + "/" + p)
	}
	found, wd := walkFiles(fsys, show, cache != nil)
	diags = append(diags, wd...)
	slices.SortFunc(found, func(a, b walked) int { return strings.Compare(a.path, b.path) })
	loadFiles(fsys, found, show, set, &diags, check, cache)
	return set, diags
}

// walked is a YAML file found by the walk.
type walked struct {
	path    string
	target  string      // the file to read, when path is an absolute link to it (os.Root follows no absolute link)
	d       fs.DirEntry // nil for a symbolic link, and when hasStat
	st      Stat        // the file's stat, when hasStat (readDirStat)
	hasStat bool
}

// file is the path to open.
func (w walked) file() string {
	if w.target != "" {
		return w.target
	}
	return w.path
}

func isYAML(p string) bool { return IsYAML(p) }

// IsYAML reports whether a file name is a content file's: *.yaml or *.yml,
// in any case (a units.YAML written on a case-insensitive system is content
// too, not a file silently left out).
func IsYAML(name string) bool {
	ext := path.Ext(name)
	return strings.EqualFold(ext, ".yaml") || strings.EqualFold(ext, ".yml")
}

func trimErr(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// linkTarget resolves a symlink inside fsys and refuses one that leaves it.
// An absolute link is resolved against the real folder fsys reads (when
// it is an os folder): a link to a file inside the pack is followed, as a
// relative one is; abs says the target is to be opened instead of the link.
func linkTarget(fsys fs.FS, p string, diags *diag.List, name string) (target string, abs, ok bool) {
	target, err := fs.ReadLink(fsys, p)
	if err != nil {
		diags.Add(diag.CodeSymlink, diag.Pos{File: name}, "cannot resolve symbolic link: %v", trimErr(err))
		return "", false, false
	}
	if filepath.IsAbs(target) || strings.HasPrefix(target, "/") {
		if rel, ok := insideRoot(fsys, target); ok {
			return rel, true, true
		}
		diags.Add(diag.CodeSymlink, diag.Pos{File: name}, "symbolic link points outside the pack folder (to %s)", target).Hint = "copy the file into the pack instead of linking to it"
		return "", false, false
	}
	joined := path.Join(path.Dir(p), target)
	if joined == ".." || strings.HasPrefix(joined, "../") {
		diags.Add(diag.CodeSymlink, diag.Pos{File: name}, "symbolic link points outside the pack folder (to %s)", target).Hint = "copy the file into the pack instead of linking to it"
		return "", false, false
	}
	return joined, false, true
}

// insideRoot is an absolute link target as a path inside fsys, when fsys
// is an os folder (os.Root, os.DirFS) and the target, every link in it
// resolved, is inside that folder's real path.
func insideRoot(fsys fs.FS, target string) (string, bool) {
	if f, ok := fsys.(*Filter); ok {
		fsys = f.FS
	}
	d, err := fsys.Open(".")
	if err != nil {
		return "", false
	}
	of, isOS := d.(*os.File)
	name := ""
	if isOS {
		name = of.Name()
	}
	d.Close()
	if name == "" {
		return "", false
	}
	root, err := filepath.Abs(name)
	if err == nil {
		root, err = filepath.EvalSymlinks(root)
	}
	if err != nil {
		return "", false
	}
	real, err := filepath.EvalSymlinks(target)
	if err != nil {
		return "", false
	}
	rel, err := filepath.Rel(root, real)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	return filepath.ToSlash(rel), true
}

var errTooLarge = errors.New("too large")

func readLimited(fsys fs.FS, p string) ([]byte, error) {
	f, err := fsys.Open(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxFileSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxFileSize {
		return nil, errTooLarge
	}
	if cap(data)-len(data) > 64 {
		// Set.Files keeps the bytes to the end of a check: not ReadAll's
		// spare capacity (512 bytes at least, for a 300-byte unit file).
		data = bytes.Clone(data)
	}
	return data, nil
}

// tooLargeHint is what to do with a file over MaxFileSize.
const tooLargeHint = "split it into smaller files: a pack reads every *.yaml file under its folder"

var lineRe = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

// Parse splits one file into documents. It never panics on any input.
func Parse(name string, data []byte) ([]*Document, diag.List) {
	return parseWith(name, data, true, nil)
}

// parse is Parse; the documents keep their trees unless compact (tests
// compare the trees with their encodings).
func parse(name string, data []byte, compact bool) ([]*Document, diag.List) {
	return parseWith(name, data, compact, nil)
}

// Check is run by LoadChecked on every document while its tree is at hand
// (before it is encoded); ok false stores nothing.
type Check func(d *Document, n *yaml.Node) (result diag.List, ok bool)

// Checked returns what a Check stored for the document.
func (d *Document) Checked() (diag.List, bool) { return d.checked, d.hasCheck }

func parseWith(name string, data []byte, compact bool, check Check) ([]*Document, diag.List) {
	docs, diags, _ := parseRecover(name, data, compact, check)
	return docs, diags
}

// parseRecover parses a file; after a syntax error it blanks the lines of
// the document the error is in and parses the file again, so that one
// broken document does not take the rest of its file with it (and every
// reference to the entities they define). It also returns a stub of each
// broken document that names its kind (Recovered).
func parseRecover(name string, data []byte, compact bool, check Check) ([]*Document, diag.List, []*Document) {
	var diags diag.List
	if len(data) > MaxFileSize {
		diags.Add(diag.CodeTooLarge, diag.Pos{File: name}, "file is larger than %d bytes; not parsed", MaxFileSize).Hint = tooLargeHint
		return nil, diags, nil
	}
	if !utf8.Valid(data) {
		line, col := badUTF8(data)
		diags.Add(diag.CodeUTF8, diag.Pos{File: name, Line: line, Col: col}, "file is not valid UTF-8").Hint = "save the file as UTF-8"
		return nil, diags, nil
	}
	var syntax diag.List
	var stubs []*Document
	cur := data
	for {
		docs, ds, kindless, bad, index := parseOnce(name, cur, compact, check)
		if bad == nil {
			return docs, append(syntax, ds...), append(stubs, kindless...)
		}
		syntax = append(syntax, *bad)
		start, end, ok := brokenRegion(cur, bad.Pos.Line)
		if !ok {
			return docs, append(syntax, ds...), append(stubs, kindless...)
		}
		if stub := stubOf(name, index, cur, start, end); stub != nil {
			stub.Cause = bad.Pos
			stubs = append(stubs, stub)
		}
		cur = blankLines(cur, start, end)
	}
}

// Recovered returns a stub of each document of a file that does not parse
// (a document with only the kind: and id: written at the start of a line
// of it) and of each document without a kind: (its id only, Kind ""),
// marked Stub, so that the compiler knows the ids of broken documents and
// does not report every reference to them as unknown.
func Recovered(name string, data []byte) []*Document {
	_, _, stubs := parseRecover(name, data, false, nil)
	return stubs
}

// parseOnce parses the documents of a file up to its first syntax error,
// which it returns with the index of the document it is in.
func parseOnce(name string, data []byte, compact bool, check Check) (docs []*Document, diags diag.List, kindless []*Document, bad *diag.Diagnostic, index int) {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	for i := 0; i < maxDocuments; i++ {
		var n yaml.Node
		err := decode(dec, &n)
		if err == io.EOF {
			break
		}
		if err != nil {
			pos := diag.Pos{File: name}
			msg := strings.TrimPrefix(err.Error(), "yaml: ")
			if m := lineRe.FindStringSubmatch(err.Error()); m != nil {
				pos.Line, _ = strconv.Atoi(m[1])
				msg = m[2]
				if parserError(msg) {
					pos.Line++ // yaml.v3 reports parser errors with a 0-based line
				}
			} else if parserError(msg) {
				pos.Line = 1 // yaml.v3 leaves out a line of 0
			}
			d := diag.CodeYAMLSyntax.At(pos, "%s", msg)
			d.Pos.Line, d.Pos.Col, d.Hint = syntaxHint(data, pos.Line, msg)
			return docs, diags, kindless, &d, i
		}
		if n.Kind == 0 || len(n.Content) == 0 {
			continue
		}
		top := n.Content[0]
		if top.Kind == yaml.ScalarNode && top.Tag == "!!null" {
			continue // an empty document, e.g. after a trailing ---
		}
		r := resolver{file: name, budget: AliasBudget}
		top = r.resolve(top, 0)
		diags = append(diags, r.diags...)
		if top == nil {
			continue
		}
		if top.Kind != yaml.MappingNode {
			diags.Add(diag.CodeNotMapping, NodePos(name, top), "document %d is a %s, not a mapping of fields", i+1, kindName(top)).Hint = "each document starts with `kind: ...` followed by the entity's fields"
			continue
		}
		doc := &Document{File: name, Index: i, tree: top}
		k := Lookup(top, "kind")
		switch {
		case k == nil:
			d := diags.Add(diag.CodeMissingKind, NodePos(name, top), "document %d has no kind: field", i+1)
			d.Hint = "add `kind: unit` (or tag, terrain, map, ...) as the first line"
			if id := Lookup(top, "id"); id != nil && id.Kind == yaml.ScalarNode {
				stub := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Line: top.Line, Column: top.Column,
					Content: []*yaml.Node{{Kind: yaml.ScalarNode, Tag: "!!str", Value: "id", Line: id.Line, Column: 1}, id}}
				kindless = append(kindless, &Document{File: name, Index: i, tree: stub, Stub: true, Cause: d.Pos})
			}
			continue
		case k.Kind != yaml.ScalarNode || k.Tag != "!!str":
			diags.Add(diag.CodeWrongType, NodePos(name, k), "kind must be a word, found %s", kindName(k))
			continue
		}
		doc.Kind = k.Value
		if check != nil {
			doc.checked, doc.hasCheck = check(doc, top)
		}
		if compact {
			doc.compact()
		}
		docs = append(docs, doc)
	}
	return docs, diags, kindless, nil, 0
}

// lines splits data into lines, each without its newline.
func lines(data []byte) [][]byte { return bytes.Split(data, []byte("\n")) }

// isMarker reports whether a line starts a document (---).
func isMarker(line []byte) bool {
	return bytes.HasPrefix(line, []byte("---")) && (len(line) == 3 || line[3] == ' ' || line[3] == '\t' || line[3] == '\r')
}

// brokenRegion finds the lines (1-based, end exclusive) of the document a
// syntax error at line is in: from the --- before it (or the file's
// start) to the next ---. An error reported at a --- line belongs to the
// document before it (a bracket or quote left open runs into the marker).
// The marker that starts the region is not part of it. ok is false when
// the error has no line or the region holds nothing left to blank.
func brokenRegion(data []byte, line int) (start, end int, ok bool) {
	ls := lines(data)
	if line < 1 || line > len(ls) {
		if line > len(ls) && len(ls) > 0 {
			line = len(ls)
		} else {
			return 0, 0, false
		}
	}
	at := line
	if isMarker(ls[at-1]) && at > 1 {
		at--
	}
	start = 1
	for l := at; l >= 1; l-- {
		if isMarker(ls[l-1]) {
			start = l + 1
			break
		}
	}
	end = len(ls) + 1
	for l := at + 1; l <= len(ls); l++ {
		if isMarker(ls[l-1]) {
			end = l
			break
		}
	}
	for l := start; l < end; l++ {
		if len(bytes.TrimSpace(ls[l-1])) > 0 {
			return start, end, true
		}
	}
	return 0, 0, false
}

// blankLines empties lines start..end-1 (1-based), keeping their newlines
// so that every later position stays where it was.
func blankLines(data []byte, start, end int) []byte {
	ls := lines(data)
	out := make([]byte, 0, len(data))
	for i, l := range ls {
		if i > 0 {
			out = append(out, '\n')
		}
		if i+1 < start || i+1 >= end {
			out = append(out, l...)
		}
	}
	return out
}

// stubOf reads the kind: and id: written at the start of a line of a
// broken document (lines start..end-1); nil without a kind.
func stubOf(name string, index int, data []byte, start, end int) *Document {
	ls := lines(data)
	var kind, id *yaml.Node
	var first int
	for l := start; l < end && l <= len(ls); l++ {
		text := strings.TrimRight(string(ls[l-1]), "\r")
		for _, key := range []string{"kind", "id"} {
			v, ok := strings.CutPrefix(text, key+":")
			if !ok {
				continue
			}
			col := len(key) + 2 + len(v) - len(strings.TrimLeft(v, " "))
			v = plainValue(v)
			if v == "" {
				continue
			}
			n := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: v, Line: l, Column: col}
			if key == "kind" && kind == nil {
				kind = n
			} else if key == "id" && id == nil {
				id = n
			}
			if first == 0 {
				first = l
			}
		}
	}
	if kind == nil {
		return nil
	}
	top := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Line: first, Column: 1}
	top.Content = append(top.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: "kind", Line: kind.Line, Column: 1}, kind)
	if id != nil {
		top.Content = append(top.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: "id", Line: id.Line, Column: 1}, id)
	}
	var text strings.Builder
	for l := start; l < end && l <= len(ls); l++ {
		text.Write(ls[l-1])
		text.WriteByte('\n')
	}
	return &Document{File: name, Index: index, Kind: kind.Value, tree: top, Stub: true, Text: text.String()}
}

// plainValue reads a one-line scalar: a plain word (comment dropped) or a
// quoted one; "" for anything else.
func plainValue(v string) string {
	v = strings.TrimSpace(v)
	if len(v) >= 2 && (v[0] == '"' || v[0] == '\'') {
		if j := strings.IndexByte(v[1:], v[0]); j >= 0 {
			return v[1 : j+1]
		}
		return ""
	}
	if i := strings.Index(v, " #"); i >= 0 {
		v = strings.TrimSpace(v[:i])
	}
	if v == "" || strings.ContainsAny(v, "[]{},&*!|>'\"%@`: ") {
		return ""
	}
	return v
}

// syntaxHint returns the position of a tab that breaks the indentation of
// the reported line or the next (yaml.v3 may report the line before it) and
// how to fix the common YAML syntax errors.
func syntaxHint(data []byte, line int, msg string) (atLine, col int, hint string) {
	last := line // the line to search for a tab in its indentation
	if strings.Contains(msg, "tab character") || strings.HasPrefix(msg, "found character that cannot start any token") {
		last = line + 1
	}
	if line >= 1 {
		lines := bytes.Split(data, []byte("\n"))
		for l := line; l <= len(lines) && l <= last; l++ {
			text := lines[l-1]
			if i := bytes.IndexByte(text, '\t'); i >= 0 && len(bytes.TrimLeft(text[:i], " ")) == 0 {
				return l, utf8.RuneCount(text[:i]) + 1, "YAML does not allow tabs for indentation; indent with spaces"
			}
		}
	}
	if lines := bytes.Split(data, []byte("\n")); line == len(lines) && len(lines[line-1]) == 0 && strings.HasPrefix(msg, "did not find expected") {
		return line, 0, "the file ends before a `[`, `{` or quote opened above is closed"
	}
	if strings.HasPrefix(msg, "mapping values are not allowed") {
		if col := mappingValueCol(data, line); col > 0 {
			return line, col, "a plain value cannot contain `: `, and a field cannot be indented deeper than the one above it; quote the value or fix the indentation"
		}
	}
	if strings.HasPrefix(msg, "did not find expected key") && quoteEndsEarly(data, line) {
		return line, 0, "a quote inside a quoted value ends it early: write '' for ' inside '...' (it''s), or \\\" inside \"...\""
	}
	for _, h := range [...]struct{ prefix, hint string }{
		{"mapping values are not allowed", "a plain value cannot contain `: `, and a field cannot be indented deeper than the one above it; quote the value or fix the indentation"},
		{"did not find expected key", "fields of one mapping start in the same column; check this line's indentation"},
		{"found unexpected end of stream", "a quote or bracket opened here is never closed"},
		{"did not find expected ',' or ']'", "close the list with `]` and separate its items with commas"},
		{"did not find expected ',' or '}'", "close the mapping with `}` and separate its fields with commas"},
		{"did not find expected node content", "a value is missing here, e.g. two commas in a row or a `,` before `]`"},
		{"could not find expected ':'", "write each field as `key: value`, or quote text that spans lines"},
		{"found character that cannot start any token", "a plain value cannot start with @ or `; quote the value"},
		{"did not find expected '-' indicator", "items of one list start in the same column; check this line's indentation"},
	} {
		if strings.HasPrefix(msg, h.prefix) {
			col := 0
			if strings.Contains(h.hint, "indentation") && line >= 1 {
				// An indentation error is about where the line starts.
				if lines := bytes.Split(data, []byte("\n")); line <= len(lines) {
					text := strings.TrimRight(string(lines[line-1]), "\r")
					if t := strings.TrimLeft(text, " "); t != "" {
						col = len(text) - len(t) + 1
					}
				}
			}
			return line, col, h.hint
		}
	}
	return line, 0, ""
}

// mappingValueCol finds the column yaml.v3's "mapping values are not
// allowed" is about: a second `: ` in the line (name: a: b), else the line's
// first character (a field indented deeper than the one above it).
func mappingValueCol(data []byte, line int) int {
	lines := bytes.Split(data, []byte("\n"))
	if line < 1 || line > len(lines) {
		return 0
	}
	text := strings.TrimRight(string(lines[line-1]), "\r")
	if i := strings.Index(text, ": "); i >= 0 {
		if j := strings.Index(text[i+2:], ": "); j >= 0 && !strings.ContainsAny(text[i+2:i+2+j], "'\"#") {
			return utf8.RuneCountInString(text[:i+2+j]) + 1
		}
	}
	indent := len(text) - len(strings.TrimLeft(text, " "))
	if indent == 0 {
		return 0
	}
	return indent + 1
}

// quoteEndsEarly reports whether line's value is quoted and text follows
// its closing quote ('it's): the quote inside ended it.
func quoteEndsEarly(data []byte, line int) bool {
	lines := bytes.Split(data, []byte("\n"))
	if line < 1 || line > len(lines) {
		return false
	}
	text := strings.TrimSpace(string(lines[line-1]))
	text = strings.TrimPrefix(text, "- ")
	if i := strings.Index(text, ": "); i >= 0 {
		text = strings.TrimSpace(text[i+2:])
	}
	if len(text) < 2 || text[0] != '\'' && text[0] != '"' {
		return false
	}
	end := strings.IndexByte(text[1:], text[0])
	if end < 0 {
		return false
	}
	rest := strings.TrimSpace(text[end+2:])
	return rest != "" && !strings.HasPrefix(rest, "#")
}

// parserError reports whether a yaml.v3 message comes from its parser (as
// opposed to its scanner); only the scanner's lines are 1-based.
func parserError(msg string) bool {
	for _, p := range []string{
		"did not find expected key", "did not find expected node content", "did not find expected ',' or",
		"did not find expected '-' indicator", "did not find expected <", "found duplicate %",
		"found incompatible YAML document", "found undefined tag handle",
	} {
		if strings.HasPrefix(msg, p) {
			return true
		}
	}
	return false
}

// decode recovers from any panic inside the YAML library, so that no input
// can crash the loader.
func decode(dec *yaml.Decoder, n *yaml.Node) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = errors.New("yaml: malformed input")
		}
	}()
	return dec.Decode(n)
}

func badUTF8(data []byte) (line, col int) { return limits.BadUTF8(data) }

func kindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.SequenceNode:
		return "list"
	case yaml.MappingNode:
		return "mapping"
	case yaml.ScalarNode:
		switch n.Tag {
		case "!!int", "!!float":
			return "number"
		case "!!bool":
			return "boolean"
		case "!!null":
			return "null"
		}
		return "string"
	}
	return "value"
}

// KindName names a node's type the way diagnostics do.
func KindName(n *yaml.Node) string { return kindName(n) }

// resolver expands aliases and merge keys into plain trees, enforcing the
// depth limit, the alias budget and unique keys.
type resolver struct {
	file   string
	budget int
	diags  diag.List
	failed bool
}

func (r *resolver) resolve(n *yaml.Node, depth int) *yaml.Node {
	if r.failed {
		return nil
	}
	if depth > MaxDepth {
		r.diags.Add(diag.CodeTooDeep, NodePos(r.file, n), "nesting is deeper than %d levels", MaxDepth).Hint = "cards nest a few levels deep; look for runaway brackets or indentation"
		r.failed = true
		return nil
	}
	switch n.Kind {
	case yaml.AliasNode:
		if n.Alias == nil {
			return nil
		}
		r.budget -= count(n.Alias, r.budget+1)
		if r.budget < 0 {
			r.diags.Add(diag.CodeAliasBudget, NodePos(r.file, n), "aliases expand to more than %d nodes", AliasBudget).Hint = "aliases are for small shared fragments; write large content out"
			r.failed = true
			return nil
		}
		return r.resolve(n.Alias, depth)
	case yaml.ScalarNode:
		return n
	case yaml.SequenceNode:
		// Copy only when a child changed (an alias expanded, a merge applied):
		// most content has neither, and copies would double its memory.
		var content []*yaml.Node
		for i, c := range n.Content {
			rc := r.resolve(c, depth+1)
			if rc == nil {
				return nil
			}
			if rc != c && content == nil {
				content = append(make([]*yaml.Node, 0, len(n.Content)), n.Content[:i]...)
			}
			if content != nil {
				content = append(content, rc)
			}
		}
		if content == nil {
			return n
		}
		out := *n
		out.Content = content
		return &out
	case yaml.MappingNode:
		if plainKeys(n) {
			return r.resolvePlain(n, depth)
		}
		out := *n
		out.Content = nil
		changed := false
		seen := map[string]*yaml.Node{}
		var merged []*yaml.Node
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			if k.Kind == yaml.ScalarNode && k.Tag == "!!merge" {
				changed = true
				v = r.resolve(v, depth+1)
				if v == nil {
					return nil
				}
				srcs := []*yaml.Node{v}
				if v.Kind == yaml.SequenceNode {
					srcs = v.Content
				}
				for _, s := range srcs {
					if s.Kind == yaml.MappingNode {
						merged = append(merged, s.Content...)
					}
				}
				continue
			}
			if k.Kind != yaml.ScalarNode {
				r.diags.Add(diag.CodeWrongType, NodePos(r.file, k), "mapping keys must be plain words, found a %s", kindName(k))
				changed = true
				continue
			}
			if first, dup := seen[k.Value]; dup {
				changed = true
				d := r.diags.Add(diag.CodeDuplicateKey, NodePos(r.file, k), "key %q appears twice in one mapping", k.Value)
				d.Related = []diag.Related{{Pos: NodePos(r.file, first), Message: "first " + strconv.Quote(k.Value) + " is here"}}
				d.Hint = "YAML keeps only one of them; remove or rename one"
				continue
			}
			seen[k.Value] = k
			rv := r.resolve(v, depth+1)
			if rv == nil {
				return nil
			}
			changed = changed || rv != v
			out.Content = append(out.Content, k, rv)
		}
		if !changed {
			return n
		}
		// Explicit keys win over merged ones, as the YAML merge spec says.
		for i := 0; i+1 < len(merged); i += 2 {
			if _, ok := seen[merged[i].Value]; !ok {
				seen[merged[i].Value] = merged[i]
				out.Content = append(out.Content, merged[i], merged[i+1])
			}
		}
		return &out
	case yaml.DocumentNode:
		if len(n.Content) == 0 {
			return nil
		}
		return r.resolve(n.Content[0], depth)
	}
	return n
}

// count returns the number of nodes under n, stopping once past limit.
func count(n *yaml.Node, limit int) int {
	total := 1
	for _, c := range n.Content {
		if total > limit {
			break
		}
		total += count(c, limit-total)
	}
	if n.Kind == yaml.AliasNode && n.Alias != nil && total <= limit {
		total += count(n.Alias, limit-total)
	}
	return total
}

// plainKeys reports whether a small mapping's keys are distinct scalars with
// no merge key: then resolving it reports nothing about its keys, and it
// needs no key map (most mappings of real content; resolve's general path
// allocated a map and a copy of every mapping).
func plainKeys(n *yaml.Node) bool {
	c := n.Content
	if len(c) > 64 || len(c)%2 != 0 {
		return false
	}
	for i := 0; i < len(c); i += 2 {
		k := c[i]
		if k.Kind != yaml.ScalarNode || k.Tag == "!!merge" {
			return false
		}
		for j := i + 2; j < len(c); j += 2 {
			if c[j].Value == k.Value {
				return false
			}
		}
	}
	return true
}

// resolvePlain resolves a mapping with plainKeys as resolve's general path
// does: the values in order, the mapping itself when none changed, else a
// copy with the changed values.
func (r *resolver) resolvePlain(n *yaml.Node, depth int) *yaml.Node {
	var content []*yaml.Node
	for i := 1; i < len(n.Content); i += 2 {
		v := n.Content[i]
		rv := r.resolve(v, depth+1)
		if rv == nil {
			return nil
		}
		if rv != v && content == nil {
			content = slices.Clone(n.Content)
		}
		if content != nil {
			content[i] = rv
		}
	}
	if content == nil {
		return n
	}
	out := *n
	out.Content = content
	return &out
}
