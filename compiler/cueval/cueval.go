// Package cueval validates YAML documents against CUE definitions and turns
// every CUE error into a diagnostic at the YAML position of the offending
// value.
package cueval

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"math"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/build"
	"cuelang.org/go/cue/cuecontext"
	cueerrors "cuelang.org/go/cue/errors"
	"cuelang.org/go/cue/literal"
	"cuelang.org/go/cue/parser"
	"cuelang.org/go/cue/token"
	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/compiler/cueval/native"
	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/compiler/source"
	"github.com/roundtable-dev/roundtable/internal/phrase"
)

// contextBatch bounds how many documents share one cue.Context: a context
// keeps every value built in it, so it is replaced to bound memory.
const contextBatch = 1000

// nativeOff turns the native fast path off for the process
// (ROUNDTABLE_NATIVE=0, read once at start): every document is evaluated
// by CUE, the reference (bench/report.sh compares the two).
var nativeOff = os.Getenv("ROUNDTABLE_NATIVE") == "0"

// Schema holds one compiled definition per kind.
type Schema struct {
	defs   map[string]cue.Value         // kind -> definition
	native map[string]*native.Validator // kind -> the same definition in Go
	sites  map[string]*site             // kind -> what structural needs of it
	hash   string                       // of the CUE sources and kinds
	// cueOnly sends every document through CUE (nativeOff; the
	// benchmarks' reference).
	cueOnly bool

	mu    sync.Mutex
	ctx   *cue.Context
	built int
}

// Compile builds the CUE package made of every .cue file at the root of
// fsys (display names them in schema positions) and looks up one definition
// per kind.
func Compile(fsys fs.FS, display string, kinds map[string]string) (*Schema, error) {
	names, err := fs.Glob(fsys, "*.cue")
	if err != nil || len(names) == 0 {
		return nil, fmt.Errorf("schema %s: no .cue files", display)
	}
	inst := build.NewContext().NewInstance(display, nil)
	hash := sha256.New()
	for _, n := range names {
		src, err := fs.ReadFile(fsys, n)
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(hash, "%s\x00%d\x00%s", n, len(src), src)
		f, err := parser.ParseFile(display+"/"+n, src, parser.ParseComments)
		if err != nil {
			return nil, fmt.Errorf("schema %s: %v", n, err)
		}
		if err := inst.AddSyntax(f); err != nil {
			return nil, fmt.Errorf("schema %s: %v", n, err)
		}
	}
	ctx := cuecontext.New()
	v := ctx.BuildInstance(inst)
	if err := v.Err(); err != nil {
		return nil, fmt.Errorf("building schema %s: %v", display, cueerrors.Details(err, nil))
	}
	kindNames := slices.Sorted(maps.Keys(kinds))
	for _, k := range kindNames {
		fmt.Fprintf(hash, "%s\x00%s\x00", k, kinds[k])
	}
	s := &Schema{defs: map[string]cue.Value{}, native: map[string]*native.Validator{}, sites: map[string]*site{}, ctx: cuecontext.New(), cueOnly: nativeOff, hash: hex.EncodeToString(hash.Sum(nil))}
	for kind, def := range kinds {
		d := v.LookupPath(cue.ParsePath(def))
		if !d.Exists() {
			return nil, fmt.Errorf("schema %s has no definition %s for kind %q", display, def, kind)
		}
		s.defs[kind] = d
		s.native[kind] = native.Compile(d)
		s.sites[kind] = newSite(d)
	}
	return s, nil
}

// Hash identifies the schema: its CUE sources and kind definitions.
func (s *Schema) Hash() string { return s.hash }

// Def returns the definition of a kind.
func (s *Schema) Def(kind string) (cue.Value, bool) {
	d, ok := s.defs[kind]
	return d, ok
}

func (s *Schema) context() *cue.Context {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.built >= contextBatch {
		s.ctx, s.built = cuecontext.New(), 0
	}
	s.built++
	return s.ctx
}

// Validate checks one document against its kind's definition. It reports
// every problem: CUE's errors, grouped by path, and missing required fields.
//
// A document the native validator accepts is valid (the differential fuzz
// test holds it to CUE's verdict); any other goes through CUE, so that every
// message is CUE's.
func (s *Schema) Validate(doc *source.Document) diag.List {
	if _, ok := s.defs[doc.Kind]; !ok {
		return nil
	}
	return s.ValidateTree(doc, doc.Node())
}

// ValidateTree is Validate of a document whose tree n is at hand (a loaded
// document decodes its tree on each Node call).
func (s *Schema) ValidateTree(doc *source.Document, n *yaml.Node) diag.List {
	def, ok := s.defs[doc.Kind]
	if !ok {
		return nil
	}
	if !s.cueOnly {
		switch s.native[doc.Kind].Check(n) {
		case native.Valid:
			return nil
		case native.Invalid:
			if onlyStructural(s.native[doc.Kind], n) {
				// CUE would add nothing to the structural pass: decided
				// natively (100,000 one-line documents missing their
				// fields took 17 s and 800 MB through CUE).
				var diags diag.List
				structural(s.sites[doc.Kind], n, doc.File, nil, &diags, nil)
				return capDocument(doc, diags)
			}
		}
	}
	return s.validateCUE(def, doc, n)
}

// onlyStructural reports whether every native error of a document is a
// missing required field or a field a closed struct does not allow: what
// the structural pass reports, and the only errors CUE would report (the
// differential fuzz tests hold native error paths to CUE's).
func onlyStructural(v *native.Validator, n *yaml.Node) bool {
	_, errs := v.Errors(n)
	for _, e := range errs {
		if e.Reason != native.ReasonNotAllowed && e.Reason != native.ReasonRequired {
			return false
		}
	}
	return len(errs) > 0
}

// MaxPerDocument bounds the diagnostics validation reports for one
// document; one more says how many were left out.
const MaxPerDocument = 50

// capDocument sorts a document's diagnostics and keeps the first
// MaxPerDocument.
func capDocument(doc *source.Document, diags diag.List) diag.List {
	if len(diags) <= MaxPerDocument {
		return diags
	}
	diags = diags.Sort()
	if len(diags) <= MaxPerDocument {
		return diags
	}
	rest := len(diags) - MaxPerDocument
	diags = diags[:MaxPerDocument:MaxPerDocument]
	diags.Add(diag.CodeTooMany, doc.Pos(), "%s in this document not shown", diag.Plural(rest, "more problem")).Hint = "fix the first ones and check again"
	return diags
}

// validateCUE is the reference: structural checks and full CUE evaluation.
func (s *Schema) validateCUE(def cue.Value, doc *source.Document, n *yaml.Node) diag.List {
	var diags diag.List
	// Fields the closed definitions do not allow are reported by the
	// structural pass and left out of what CUE evaluates: CUE's cost grows
	// faster than linearly with a disallowed field's value (a flow list of
	// 128k elements took 88 s), and it would only report them again.
	// Likewise a list longer than its list.MaxItems is cut to one item
	// more than the maximum: the verdict is the same, and CUE's cost grows
	// with the square of the length (64k items: 12 s).
	p := prune{skip: map[*yaml.Node]bool{}}
	structural(s.sites[doc.Kind], n, doc.File, nil, &diags, p.skip)
	if nv := s.native[doc.Kind]; nv != nil {
		_, errs := nv.Errors(n)
		for _, e := range errs {
			if e.Reason == native.ReasonListLength && e.Max >= 0 {
				if l := source.Path(n, e.Path...); l != nil && l.Kind == yaml.SequenceNode && len(l.Content) > e.Max+1 {
					if p.cut == nil {
						p.cut = map[*yaml.Node]int{}
					}
					p.cut[l] = e.Max + 1
				}
			}
		}
	}
	v := s.context().BuildExpr(p.toAST(n))
	err := def.Unify(v).Validate(cue.Concrete(true))
	if err == nil {
		return capDocument(doc, diags)
	}
	// Group CUE's errors by data path: one problem may come as many errors
	// (a disjunction reports each arm).
	type group struct {
		path []string
		msgs []string
	}
	var groups []*group
	byPath := map[string]*group{}
	for _, e := range cueerrors.Errors(err) {
		format, args := e.Msg()
		msg := fmt.Sprintf(format, args...)
		if strings.Contains(msg, "required but not present") || strings.Contains(msg, "field not allowed") {
			continue // reported by structural, with a position
		}
		p := e.Path()
		if len(p) > 0 && strings.HasPrefix(p[0], "#") {
			p = p[1:] // the definition's own name
		}
		p = unquoteLabels(p)
		key := strings.Join(p, "\x00")
		g := byPath[key]
		if g == nil {
			g = &group{path: p}
			byPath[key] = g
			groups = append(groups, g)
		}
		g.msgs = append(g.msgs, msg)
	}
	for _, g := range groups {
		classify(def, doc, n, g.path, g.msgs, &diags)
	}
	return capDocument(doc, diags)
}

// structural reports, at YAML positions, the problems CUE may drop when a
// worse error exists in the same value: required fields (marked ! in CUE)
// that are absent, and fields the closed definitions do not allow.
//
// The key nodes of fields not allowed are added to unknown (when not nil).
func structural(schema *site, data *yaml.Node, file string, path []string, diags *diag.List, unknown map[*yaml.Node]bool) {
	switch data.Kind {
	case yaml.SequenceNode:
		if schema.kind&cue.ListKind == 0 {
			return
		}
		schema.list()
		for i, c := range data.Content {
			// A fixed prefix ([#Side, #Side]) has no element schema for
			// every index: CUE itself does not report required fields
			// missing there.
			var e *site
			if i < len(schema.prefix) {
				e = schema.child("["+strconv.Itoa(i)+"]", func() cue.Value { return schema.prefix[i] })
			} else if schema.hasElem {
				e = schema.child("[]", func() cue.Value { return schema.elem })
			}
			if e != nil {
				structural(e, c, file, append(slices.Clone(path), strconv.Itoa(i)), diags, unknown)
			}
		}
		return
	case yaml.MappingNode:
	default:
		return
	}
	if schema.kind&cue.StructKind == 0 || !schema.structFields() {
		return
	}
	var missing []string
	for _, name := range schema.required {
		if source.Lookup(data, name) == nil {
			missing = append(missing, name)
		}
	}
	meant := map[string]diag.Pos{} // a missing field -> the misspelt key that means it
	for i := 0; i+1 < len(data.Content); i += 2 {
		k, v := data.Content[i], data.Content[i+1]
		childPath := append(slices.Clone(path), k.Value)
		if fv, ok := schema.fields[k.Value]; ok {
			structural(schema.child(k.Value, func() cue.Value { return fv }), v, file, childPath, diags, unknown)
			continue
		}
		if !schema.allows(k.Value) {
			if unknown != nil {
				unknown[k] = true
			}
			d := diags.Add(diag.CodeUnknownField, source.NodePos(file, k), "unknown field %s", diag.Quote(strings.Join(childPath, ".")))
			if s := phrase.Suggest(k.Value, schema.names); s != "" {
				d.Hint = fmt.Sprintf("did you mean %q?", s)
				if _, dup := meant[s]; slices.Contains(missing, s) && !dup {
					meant[s] = d.Pos
				}
			} else if len(schema.names) > 0 {
				d.Hint = "allowed fields: " + strings.Join(schema.sorted, ", ")
			}
			continue
		}
		if schema.hasPattern {
			structural(schema.child("{}", func() cue.Value { return schema.pattern }), v, file, childPath, diags, unknown)
		}
	}
	for _, name := range missing {
		where := "document"
		if len(path) > 0 {
			where = strings.Join(path, ".")
		}
		d := diags.Add(diag.CodeMissingField, source.NodePos(file, data), "missing required field %q in %s", name, where)
		d.Hint = fmt.Sprintf("add `%s:`", name)
		if at, ok := meant[name]; ok {
			// The misspelt key's error says it: one mistake, one error.
			d.Cause, d.Implied = &at, true
		}
	}
}

// site is what structural needs of one value of a definition, found once
// and kept: CUE's Fields sorts a struct's fields on each call (1.1 GB of
// allocation for 100,000 small documents), and Allows evaluates.
type site struct {
	v    cue.Value
	kind cue.Kind // IncompleteKind

	listOnce sync.Once
	elem     cue.Value
	hasElem  bool
	prefix   []cue.Value

	structOnce sync.Once
	ok         bool                 // Fields worked
	fields     map[string]cue.Value // every field, optional and required
	names      []string             // in the definition's order
	sorted     []string
	required   []string // in the definition's order
	pattern    cue.Value
	hasPattern bool

	mu       sync.Mutex
	children map[string]*site
	allowed  map[string]bool // up to maxExtras keys
}

func newSite(v cue.Value) *site { return &site{v: v, kind: v.IncompleteKind()} }

// child is the site one step down (a field name, "[]" the element, "[i]"
// a prefix item, "{}" the pattern), made by v on first use.
func (s *site) child(step string, v func() cue.Value) *site {
	s.mu.Lock()
	defer s.mu.Unlock()
	if c, ok := s.children[step]; ok {
		return c
	}
	c := newSite(v())
	if s.children == nil {
		s.children = map[string]*site{}
	}
	if len(s.children) < maxSiteChildren {
		s.children[step] = c
	}
	return c
}

// maxSiteChildren bounds the memo of one site (the steps of a list's fixed
// prefix are indexes).
const maxSiteChildren = 4096

func (s *site) list() {
	s.listOnce.Do(func() {
		s.elem = s.v.LookupPath(cue.MakePath(cue.AnyIndex))
		s.hasElem = s.elem.Exists()
		if it, err := s.v.List(); err == nil {
			for it.Next() {
				s.prefix = append(s.prefix, it.Value())
			}
		}
	})
}

func (s *site) structFields() bool {
	s.structOnce.Do(func() {
		it, err := s.v.Fields(cue.Optional(true))
		if err != nil {
			return
		}
		s.ok = true
		s.fields = map[string]cue.Value{}
		for it.Next() {
			sel := it.Selector()
			name := sel.Unquoted()
			s.fields[name] = it.Value()
			s.names = append(s.names, name)
			if sel.ConstraintType() == cue.RequiredConstraint {
				s.required = append(s.required, name)
			}
		}
		s.sorted = slices.Sorted(slices.Values(s.names))
		s.pattern = s.v.LookupPath(cue.MakePath(cue.AnyString))
		s.hasPattern = s.pattern.Exists()
	})
	return s.ok
}

// allows is Allows of a key, kept for the first maxSiteChildren keys.
func (s *site) allows(key string) bool {
	s.mu.Lock()
	ok, seen := s.allowed[key]
	s.mu.Unlock()
	if seen {
		return ok
	}
	ok = s.v.Allows(cue.Str(key))
	s.mu.Lock()
	if s.allowed == nil {
		s.allowed = map[string]bool{}
	}
	if len(s.allowed) < maxSiteChildren {
		s.allowed[key] = ok
	}
	s.mu.Unlock()
	return ok
}

func classify(def cue.Value, doc *source.Document, root *yaml.Node, path []string, msgs []string, diags *diag.List) {
	node := source.Path(root, path...)
	pos := source.NodePos(doc.File, node)
	if node == nil {
		pos = doc.Pos()
	}
	dotted := strings.Join(path, ".")
	schemaAt := schemaAt(def, path)
	has := func(s string) bool {
		for _, m := range msgs {
			if strings.Contains(m, s) {
				return true
			}
		}
		return false
	}
	words := enumWords(schemaAt)
	if len(words) == 0 && node != nil {
		words = conflictWords(msgs, node.Value)
	}
	if len(words) > 0 && node != nil && node.Kind == yaml.ScalarNode && node.Tag == "!!str" {
		want := "one of " + strings.Join(words, ", ")
		if other := schemaAt.IncompleteKind() &^ cue.StringKind; schemaAt.Exists() && other != cue.BottomKind && other&cue.TopKind != cue.TopKind {
			// A disjunction of words and other kinds: int | "I" | "II".
			want = kindWords(other) + " or " + want
		}
		d := diags.Add(diag.CodeBadEnum, pos, "%s: %q is not allowed (want %s)", dotted, node.Value, want)
		if s := phrase.Suggest(node.Value, words); s != "" {
			d.Hint = fmt.Sprintf("did you mean %q?", s)
		}
		return
	}
	// A number of the right kind out of bounds, even when other arms of a
	// disjunction (int | "I" | "II") also complain of mismatched types.
	if has("out of bound") && node != nil && node.Kind == yaml.ScalarNode && node.Tag == "!!int" && source.DecimalForm(node.Value) && schemaAt.IncompleteKind()&cue.IntKind != 0 {
		diags.Add(diag.CodeOutOfRange, pos, "%s: %s is out of range (%s)", dotted, node.Value, bounds(msgs))
		return
	}
	if node != nil && tooLarge(node) && kindAllows(schemaAt.IncompleteKind(), node) && has("mismatched types") {
		// toAST passes a number that does not fit 64 bits as a string.
		d := diags.Add(diag.CodeOutOfRange, pos, "%s: %s is out of range (too large a number)", dotted, node.Value)
		d.Hint = "card values are small whole numbers; check for a typo"
		return
	}
	if node != nil && !kindAllows(schemaAt.IncompleteKind(), node) || has("mismatched types") {
		found := "nothing"
		if node != nil {
			found = source.KindName(node)
			if node.Kind == yaml.ScalarNode && (node.Tag != "!!null" || node.Value != "") {
				found += " " + quoteScalar(node)
			}
		}
		d := diags.Add(diag.CodeWrongType, pos, "%s must be %s, found %s", dotted, kindWords(schemaAt.IncompleteKind()), found)
		if node != nil && node.Kind == yaml.ScalarNode && node.Tag != "!!str" && node.Tag != "!!null" && schemaAt.IncompleteKind()&cue.StringKind != 0 {
			d.Hint = fmt.Sprintf("to write it as text, quote it: %q", node.Value)
		}
		if node != nil && node.Kind == yaml.ScalarNode && node.Tag == "!!str" && node.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) != 0 && schemaAt.IncompleteKind()&(cue.IntKind|cue.FloatKind|cue.NumberKind) != 0 {
			if _, err := strconv.ParseFloat(node.Value, 64); err == nil {
				d.Hint = "write the number without quotes: " + node.Value
			}
		}
		if node != nil && node.Tag == "!!null" && node.Value == "" {
			d.Hint = "the field has no value: write one after the colon"
		}
		if node != nil && node.Kind == yaml.ScalarNode && node.Tag == "!!int" && !source.DecimalForm(node.Value) && schemaAt.IncompleteKind()&cue.IntKind != 0 {
			d.Hint = "write it in plain decimal: " + plainDecimal(node)
		}
		if node != nil && source.ExplicitOther(node) {
			d.Message = fmt.Sprintf("%s must be %s, found a value tagged %s", dotted, kindWords(schemaAt.IncompleteKind()), node.Tag)
			d.Hint = "remove the tag " + node.Tag
		}
		if node != nil && node.Tag == "!!float" && schemaAt.IncompleteKind()&cue.FloatKind == 0 && schemaAt.IncompleteKind()&cue.IntKind != 0 {
			if f, err := strconv.ParseFloat(node.Value, 64); err == nil && f == math.Trunc(f) && math.Abs(f) < 1e15 {
				d.Hint = fmt.Sprintf("write it without a decimal point: %d", int64(f))
			}
		}
		return
	}
	if has("out of bound") && node != nil && node.Kind == yaml.ScalarNode && (node.Tag == "!!int" || node.Tag == "!!float") {
		diags.Add(diag.CodeOutOfRange, pos, "%s: %s is out of range (%s)", dotted, node.Value, bounds(msgs))
		return
	}
	if node != nil && node.Kind == yaml.ScalarNode && node.Tag == "!!str" && node.Value == "" && has(`out of bound !=""`) {
		d := diags.Add(diag.CodeInvalid, pos, "%s must not be empty", dotted)
		d.Hint = "write the text, or leave the field out if it is optional"
		return
	}
	if node != nil && node.Kind == yaml.SequenceNode {
		// list.MaxItems and list.MinItems: CUE's message quotes the list.
		if m := itemsRe.FindStringSubmatch(strings.Join(msgs, "\n")); m != nil {
			limit, _ := strconv.Atoi(m[2])
			if m[1] == "Max" {
				diags.Add(diag.CodeInvalid, pos, "%s has %s; at most %d allowed", dotted, itemWord(len(node.Content)), limit)
			} else {
				diags.Add(diag.CodeInvalid, pos, "%s has %s; at least %d needed", dotted, itemWord(len(node.Content)), limit)
			}
			return
		}
		if ms := listLenRe.FindAllStringSubmatch(strings.Join(msgs, "\n"), -1); ms != nil {
			have := len(node.Content)
			if lengthAllowed(schemaAt, have) {
				// One arm of a disjunction ([A] | [A, A]) takes this many
				// items; the error is inside one of them, reported there.
				return
			}
			var want []int // the lengths the arms of the schema allow
			for _, m := range ms {
				a, _ := strconv.Atoi(m[1])
				b, _ := strconv.Atoi(m[2])
				if a == have {
					a = b
				}
				if !slices.Contains(want, a) {
					want = append(want, a)
				}
			}
			slices.Sort(want)
			open := schemaAt.LookupPath(cue.MakePath(cue.AnyIndex)).Exists()
			switch {
			case have == 0 && open:
				diags.Add(diag.CodeInvalid, pos, "%s must not be empty: it needs at least %s", dotted, itemWord(want[0]))
			case open:
				diags.Add(diag.CodeInvalid, pos, "%s has %s; it needs at least %s", dotted, itemWord(have), itemWord(want[0]))
			case len(want) == 1:
				diags.Add(diag.CodeInvalid, pos, "%s has %s; it needs exactly %s", dotted, itemWord(have), itemWord(want[0]))
			default:
				words := make([]string, len(want))
				for i, w := range want {
					words[i] = strconv.Itoa(w)
				}
				diags.Add(diag.CodeInvalid, pos, "%s has %s; it needs %s or %s items", dotted, itemWord(have), strings.Join(words[:len(words)-1], ", "), words[len(words)-1])
			}
			return
		}
	}
	if node != nil && node.Kind == yaml.ScalarNode && node.Tag == "!!str" {
		for _, p := range patterns {
			if has("out of bound =~" + strconv.Quote(p.re)) {
				d := diags.Add(diag.CodeInvalid, pos, "%s: %q is not %s", dotted, node.Value, p.what)
				if p.suggest != nil {
					if s := p.suggest(node.Value); s != "" {
						d.Hint = fmt.Sprintf("did you mean %q?", s)
					}
				}
				return
			}
		}
	}
	msg := msgs[0]
	if len(msgs) > 1 {
		msg = strings.Join(dedupe(msgs), "; ")
	}
	if dotted == "" {
		diags.Add(diag.CodeInvalid, pos, "%s", msg)
		return
	}
	diags.Add(diag.CodeInvalid, pos, "%s: %s", dotted, msg)
}

// lengthAllowed reports whether a list schema takes a list of n items of
// any value.
func lengthAllowed(schema cue.Value, n int) bool {
	if !schema.Exists() {
		return false
	}
	// A one-off context: values of different contexts unify (v0.17), and
	// this runs only for a list length error.
	v := cuecontext.New().CompileString("[" + strings.Repeat("_, ", n) + "]")
	return schema.Unify(v).Validate() == nil
}

var listLenRe = regexp.MustCompile(`incompatible list lengths \((\d+) and (\d+)\)`)

// itemWord is "1 item", "2 items".
func itemWord(n int) string { return diag.Plural(n, "item") }

var itemsRe = regexp.MustCompile(`does not satisfy list\.(Max|Min)Items\((\d+)\)`)

// tooLarge reports a whole number that does not fit 64 bits (yaml.v3 tags
// it a float; CUE then sees a float or a string where an int belongs).
func tooLarge(n *yaml.Node) bool {
	if n.Kind != yaml.ScalarNode || n.Tag != "!!int" && n.Tag != "!!float" {
		return false
	}
	_, err := strconv.ParseInt(strings.ReplaceAll(n.Value, "_", ""), 0, 64)
	return errors.Is(err, strconv.ErrRange)
}

// patterns are the schemas' common regular expressions, explained in words.
var patterns = []struct {
	re, what string
	suggest  func(string) string
}{
	{`^[a-z0-9]+(-[a-z0-9]+)*$`, "a valid id (lowercase letters and digits, words joined by single hyphens)", kebab},
	{`^[a-f][1-6]$`, "a tile (a column a-f and a row 1-6, e.g. c3)", nil},
	{`^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(-[0-9A-Za-z.-]+)?$`, "a version (MAJOR.MINOR.PATCH, e.g. 1.0.0)", nil},
	{`^[LHM.-]{1,40}$`, "a map row (1-40 of L landmark, H hero start, M minion start, . space, - no space)", nil},
	{`^[0-9]{1,3}[AB]$`, "a card number and side (e.g. 41A)", nil},
	{`^[A-Z][0-9]{2}$`, "a set code (a capital letter and two digits, e.g. B04)", nil},
	{`^[A-Z][0-9]{2}-[0-9]{3}[a-z]?$`, "a card number (set code, hyphen, three digits, e.g. B04-001)", nil},
	{`^[^\s]$`, "one character (not a space)", nil},
}

var nonID = regexp.MustCompile(`[^a-z0-9]+`)

// kebab suggests the id a name was meant to be: "Sell Sword" is sell-sword.
func kebab(s string) string {
	return strings.Trim(nonID.ReplaceAllString(strings.ToLower(s), "-"), "-")
}

// schemaAt finds the schema of a data path. LookupPath does not see
// required or optional fields, so fields are found by iteration.
func schemaAt(v cue.Value, path []string) cue.Value {
	for _, e := range path {
		if i, err := strconv.Atoi(e); err == nil {
			w := v.LookupPath(cue.MakePath(cue.AnyIndex))
			if !w.Exists() {
				// A fixed list, or a disjunction of lists ([A] | [A, A]):
				// the first arm with an element i.
				if op, args := v.Expr(); op == cue.OrOp {
					for _, a := range args {
						if x := a.LookupPath(cue.MakePath(cue.Index(i))); x.Exists() {
							w = x
							break
						}
					}
				}
				if !w.Exists() {
					w = v.LookupPath(cue.MakePath(cue.Index(i)))
				}
			}
			v = w
			continue
		}
		found := false
		if it, err := v.Fields(cue.Optional(true)); err == nil {
			for it.Next() {
				if it.Selector().Unquoted() == e {
					v, found = it.Value(), true
					break
				}
			}
		}
		if !found {
			w := v.LookupPath(cue.MakePath(cue.AnyString))
			if !w.Exists() {
				// A pattern constraint ([=~"^[a-z]+$"]: string) applies
				// once the field exists.
				sel := cue.MakePath(cue.Str(e))
				w = v.FillPath(sel, ast.NewIdent("_")).LookupPath(sel)
			}
			v = w
		}
		if !v.Exists() {
			return v
		}
	}
	return v
}

// enumWords returns the allowed strings when v is a disjunction of string
// literals.
func enumWords(v cue.Value) []string {
	if !v.Exists() {
		return nil
	}
	op, args := v.Expr()
	if op != cue.OrOp {
		return nil
	}
	var words []string
	for _, a := range args {
		s, err := a.String()
		if err != nil {
			return nil
		}
		words = append(words, s)
	}
	slices.Sort(words)
	return slices.Compact(words)
}

var conflictRe = regexp.MustCompile(`conflicting values ("(?:[^"\\]|\\.)*") and ("(?:[^"\\]|\\.)*")`)

// conflictWords recovers the allowed strings of a disjunction from CUE's
// "conflicting values" messages, one per arm.
func conflictWords(msgs []string, value string) []string {
	var words []string
	for _, m := range msgs {
		for _, sm := range conflictRe.FindAllStringSubmatch(m, -1) {
			for _, q := range sm[1:] {
				if w, err := strconv.Unquote(q); err == nil && w != value {
					words = append(words, w)
				}
			}
		}
	}
	if len(words) < 2 {
		return nil
	}
	slices.Sort(words)
	return slices.Compact(words)
}

func kindAllows(k cue.Kind, n *yaml.Node) bool {
	if k == cue.BottomKind || k == cue.TopKind {
		return true
	}
	switch n.Kind {
	case yaml.MappingNode:
		return k&cue.StructKind != 0
	case yaml.SequenceNode:
		return k&cue.ListKind != 0
	}
	switch n.Tag {
	case "!!int":
		return k&(cue.IntKind|cue.FloatKind|cue.NumberKind) != 0
	case "!!float":
		return k&(cue.FloatKind|cue.NumberKind) != 0
	case "!!bool":
		return k&cue.BoolKind != 0
	case "!!null":
		return k&cue.NullKind != 0
	}
	return k&cue.StringKind != 0
}

func kindWords(k cue.Kind) string {
	var w []string
	add := func(m cue.Kind, s string) {
		if k&m != 0 {
			w = append(w, s)
		}
	}
	add(cue.StructKind, "a mapping")
	add(cue.ListKind, "a list")
	add(cue.IntKind, "a whole number")
	if k&cue.IntKind == 0 {
		add(cue.FloatKind, "a number")
	}
	add(cue.StringKind, "a string")
	add(cue.BoolKind, "true or false")
	add(cue.NullKind, "null")
	if len(w) == 0 {
		return "something else"
	}
	return strings.Join(w, " or ")
}

func quoteScalar(n *yaml.Node) string {
	if n.Tag == "!!str" {
		return fmt.Sprintf("%q", n.Value)
	}
	return n.Value
}

func bounds(msgs []string) string {
	var out []string
	for _, m := range msgs {
		if i := strings.Index(m, "out of bound "); i >= 0 {
			out = append(out, "want "+strings.TrimSuffix(m[i+len("out of bound "):], ")"))
		}
	}
	return strings.Join(dedupe(out), ", ")
}

func dedupe(s []string) []string {
	s = slices.Clone(s)
	slices.Sort(s)
	return slices.Compact(s)
}

// toAST converts a resolved YAML tree to a CUE expression. Positions are not
// needed: errors are mapped back through their data path.
// plainDecimal is an int spelled otherwise (012, 0x0C, +12) in decimal: a
// leading zero is taken for a slip (012 -> 12), other spellings by value.
func plainDecimal(n *yaml.Node) string {
	v := strings.TrimLeft(strings.TrimPrefix(n.Value, "+"), "0")
	neg := strings.HasPrefix(n.Value, "-")
	if neg {
		v = strings.TrimLeft(n.Value[1:], "0")
	}
	if source.DecimalForm(v) || v == "" {
		if v == "" {
			v = "0"
		}
		if neg && v != "0" {
			v = "-" + v
		}
		return v
	}
	var i int64
	if err := n.Decode(&i); err == nil {
		return strconv.FormatInt(i, 10)
	}
	return n.Value
}

func toAST(n *yaml.Node) ast.Expr { return prune{}.toAST(n) }

// prune is what toAST leaves out of a tree for CUE: the mapping fields
// whose key node is in skip, and the items of a list in cut after the
// given count.
type prune struct {
	skip map[*yaml.Node]bool
	cut  map[*yaml.Node]int
}

func (p prune) toAST(n *yaml.Node) ast.Expr {
	switch n.Kind {
	case yaml.MappingNode:
		s := &ast.StructLit{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			if p.skip[n.Content[i]] {
				continue
			}
			s.Elts = append(s.Elts, &ast.Field{
				Label: ast.NewStringLabel(n.Content[i].Value),
				Value: p.toAST(n.Content[i+1]),
			})
		}
		return s
	case yaml.SequenceNode:
		l := &ast.ListLit{}
		items := n.Content
		if k, ok := p.cut[n]; ok && k < len(items) {
			items = items[:k]
		}
		for _, c := range items {
			l.Elts = append(l.Elts, p.toAST(c))
		}
		return l
	case yaml.ScalarNode:
		if source.ExplicitOther(n) {
			return &ast.BasicLit{Kind: token.STRING, Value: literal.Bytes.Quote(n.Value)}
		}
		switch n.Tag {
		case "!!int":
			var i int64
			if err := n.Decode(&i); err == nil {
				if !source.DecimalForm(n.Value) {
					// 012, 0x0C, +12: a number, but not a whole number
					// as content writes one (source.DecimalForm).
					return &ast.BasicLit{Kind: token.FLOAT, Value: fmt.Sprint(i) + ".0"}
				}
				return &ast.BasicLit{Kind: token.INT, Value: fmt.Sprint(i)}
			}
		case "!!float":
			var f float64
			if err := n.Decode(&f); err == nil && !math.IsInf(f, 0) && !math.IsNaN(f) {
				// A float stays a float to CUE: 9.0 printed as "9" would
				// be read as the int 9, and hp: 9.0 would pass as an int.
				lit := strconv.FormatFloat(f, 'g', -1, 64)
				if !strings.ContainsAny(lit, ".e") {
					lit += ".0"
				}
				return &ast.BasicLit{Kind: token.FLOAT, Value: lit}
			}
		case "!!bool":
			var b bool
			if err := n.Decode(&b); err == nil {
				return ast.NewBool(b)
			}
		case "!!null":
			return ast.NewNull()
		}
		return ast.NewString(n.Value)
	}
	return ast.NewNull()
}

// Native returns the native validator of a kind (nil for an unknown kind),
// for tests and benchmarks that compare it with CUE.
func (s *Schema) Native(kind string) *native.Validator { return s.native[kind] }

// unquoteLabels turns CUE's quoted labels ("ignored-by") back into the YAML
// keys they came from.
func unquoteLabels(p []string) []string {
	out := make([]string, len(p))
	for i, e := range p {
		if len(e) >= 2 && e[0] == '"' {
			if u, err := strconv.Unquote(e); err == nil {
				e = u
			}
		}
		out[i] = e
	}
	return out
}
