package native

import (
	"regexp"
	"sync"
	"sync/atomic"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/ast"
	"gopkg.in/yaml.v3"
)

// compile turns one schema value into a check. Whatever is not recognised
// becomes an opaque node: documents that reach it go to CUE.
func compile(v cue.Value) node {
	if v.Err() != nil {
		return opaque{}
	}
	ik := v.IncompleteKind()
	op, args := v.Eval().Expr()
	if op != cue.OrOp {
		// Evaluation may fold a disjunction of lists or structs into one
		// value; the expression still shows it.
		if rop, rargs := v.Expr(); rop == cue.OrOp {
			op, args = rop, rargs
		}
	}
	if op == cue.OrOp {
		o := &orNode{kinds: kindsOf(ik), structural: ik&(cue.StructKind|cue.ListKind) != 0}
		for _, a := range args {
			o.arms = append(o.arms, &lazy{v: a})
		}
		return o
	}
	if ik == cue.TopKind && op == cue.NoOp {
		return anyNode{} // _
	}
	switch ik {
	case cue.StructKind, cue.ListKind:
		// Fields and List do not show validators such as list.MaxItems or
		// struct.MinFields; a value with one goes to CUE.
		if ik == cue.ListKind {
			if lo, hi, ok := listLengths(v, 0); ok {
				return compileList(v, lo, hi)
			}
			return opaque{}
		}
		if hasCall(v, 0) {
			return opaque{}
		}
		return compileStruct(v)
	}
	if ik&(cue.StructKind|cue.ListKind) != 0 {
		return opaque{}
	}
	return compileScalar(v, op, args)
}

// hasCall reports whether a value's own expression (not its fields or
// elements) calls a builtin, following references; when unsure it says yes.
func hasCall(v cue.Value, depth int) bool {
	if depth > 16 {
		return true
	}
	if root, path := v.ReferencePath(); root.Exists() {
		ref := root.LookupPath(path)
		return !ref.Exists() || hasCall(ref, depth+1)
	}
	op, args := v.Expr()
	switch op {
	case cue.CallOp:
		return true
	case cue.NoOp:
		return false
	}
	for _, a := range args {
		if hasCall(a, depth+1) {
			return true
		}
	}
	return false
}

// listLengths finds list.MinItems and list.MaxItems among a list value's
// own conjuncts (following references); ok is false when it calls any other
// builtin. No bound is -1.
func listLengths(v cue.Value, depth int) (lo, hi int, ok bool) {
	lo, hi = -1, -1
	if depth > 16 {
		return lo, hi, false
	}
	if root, path := v.ReferencePath(); root.Exists() {
		ref := root.LookupPath(path)
		if !ref.Exists() {
			return lo, hi, false
		}
		return listLengths(ref, depth+1)
	}
	op, args := v.Expr()
	switch op {
	case cue.NoOp:
		return lo, hi, true
	case cue.CallOp:
		if len(args) != 2 {
			return lo, hi, false
		}
		// The function as written: list.MinItems (an import under another
		// name goes to CUE).
		sel, _ := args[0].Source().(*ast.SelectorExpr)
		n, err := args[1].Int64()
		if sel == nil || err != nil || n < 0 {
			return lo, hi, false
		}
		if pkg, _ := sel.X.(*ast.Ident); pkg == nil || pkg.Name != "list" {
			return lo, hi, false
		}
		name, _ := sel.Sel.(*ast.Ident)
		if name == nil {
			return lo, hi, false
		}
		switch name.Name {
		case "MinItems":
			return int(n), -1, true
		case "MaxItems":
			return -1, int(n), true
		}
		return lo, hi, false
	case cue.AndOp:
		for _, a := range args {
			l, h, ok := listLengths(a, depth+1)
			if !ok {
				return lo, hi, false
			}
			lo = max(lo, l)
			if h >= 0 && (hi < 0 || h < hi) {
				hi = h
			}
		}
		return lo, hi, true
	}
	return lo, hi, false
}

func compileScalar(v cue.Value, op cue.Op, args []cue.Value) node {
	ik := v.IncompleteKind()
	kinds := kindsOf(ik)
	switch op {
	case cue.NoOp:
		if !v.IsConcrete() {
			if ik == cue.TopKind {
				return anyNode{}
			}
			return kindNode(kinds)
		}
		return literal(v)
	case cue.AndOp:
		a := &andNode{kinds: kinds}
		for _, arg := range args {
			if arg.IncompleteKind()&(cue.StructKind|cue.ListKind) != 0 {
				return opaque{}
			}
			a.parts = append(a.parts, compile(arg))
		}
		for _, p := range a.parts {
			sc, ok := p.(scalarCheck)
			if !ok {
				a.scalar = nil
				break
			}
			a.scalar = append(a.scalar, sc)
		}
		return a
	case cue.GreaterThanOp, cue.GreaterThanEqualOp, cue.LessThanOp, cue.LessThanEqualOp:
		if len(args) != 1 || args[0].Kind() != cue.IntKind {
			return opaque{}
		}
		n, err := args[0].Int64()
		if err != nil {
			return opaque{}
		}
		return &boundNode{op: op, n: n}
	case cue.NotEqualOp:
		if len(args) != 1 || !args[0].IsConcrete() {
			return opaque{}
		}
		l, ok := literal(args[0]).(*litNode)
		if !ok {
			return opaque{}
		}
		return &notNode{lit: l, kinds: kinds}
	case cue.RegexMatchOp, cue.NotRegexMatchOp:
		if len(args) != 1 {
			return opaque{}
		}
		s, err := args[0].String()
		if err != nil {
			return opaque{}
		}
		re, err := regexp.Compile(s)
		if err != nil {
			return opaque{}
		}
		return &regexNode{re: re, negate: op == cue.NotRegexMatchOp}
	}
	return opaque{}
}

func literal(v cue.Value) node {
	switch v.Kind() {
	case cue.IntKind:
		if i, err := v.Int64(); err == nil {
			return &litNode{val: scalar{kind: dInt, i: i}}
		}
	case cue.StringKind:
		if s, err := v.String(); err == nil {
			return &litNode{val: scalar{kind: dString, s: s}}
		}
	case cue.BoolKind:
		if b, err := v.Bool(); err == nil {
			return &litNode{val: scalar{kind: dBool, b: b}}
		}
	case cue.NullKind:
		return &litNode{val: scalar{kind: dNull}}
	}
	return opaque{}
}

// maxFields is the most fields a struct checked natively may declare: the
// fields seen are marked in a fixed bitset (no allocation per document).
const maxFields = 256

type field struct {
	name     string
	required bool
	regular  bool // neither ! nor ?: absent means CUE decides
	schema   *lazy
}

func compileStruct(v cue.Value) node {
	it, err := v.Fields(cue.Optional(true))
	if err != nil {
		return opaque{}
	}
	s := &structNode{v: v}
	for it.Next() {
		sel := it.Selector()
		f := field{name: sel.Unquoted(), schema: &lazy{v: it.Value()}}
		switch sel.ConstraintType() {
		case cue.RequiredConstraint:
			f.required = true
		case cue.OptionalConstraint:
		default:
			f.regular = true
		}
		s.fields = append(s.fields, f)
	}
	if len(s.fields) > maxFields {
		return opaque{}
	}
	return s
}

func compileList(v cue.Value, minItems, maxItems int) node {
	it, err := v.List()
	if err != nil {
		return opaque{}
	}
	l := &listNode{minItems: minItems, maxItems: maxItems, validated: minItems >= 0 || maxItems >= 0}
	for it.Next() {
		l.prefix = append(l.prefix, &lazy{v: it.Value()})
	}
	l.open = v.Allows(cue.AnyIndex)
	if l.open {
		if rest := v.LookupPath(cue.MakePath(cue.AnyIndex)); rest.Exists() {
			l.rest = &lazy{v: rest}
		} else {
			l.rest = compiled(anyNode{})
		}
	}
	return l
}

// The checks.

type opaque struct{}

func (opaque) check(_ *yaml.Node, st *state) {
	st.unknown = true
}

type anyNode struct{}

func (anyNode) check(*yaml.Node, *state) {}

// checkKind fails unless the data kind is allowed; floats go to CUE.
func checkKind(kinds dkind, n *yaml.Node, st *state) (scalar, bool) {
	k, s := dataKind(n)
	return s, kindOK(kinds, k, st)
}

func kindOK(kinds, k dkind, st *state) bool {
	if k == dFloat && kinds&(dInt|dFloat) != 0 {
		st.unknown = true
		return false
	}
	if kinds&k == 0 {
		st.fail("mismatched types")
		return false
	}
	return true
}

// scalarCheck is a check of one scalar value, so that a conjunction
// converts its node once.
type scalarCheck interface {
	checkScalar(s scalar, st *state)
}

type kindNode dkind

func (k kindNode) check(n *yaml.Node, st *state)   { checkKind(dkind(k), n, st) }
func (k kindNode) checkScalar(s scalar, st *state) { kindOK(dkind(k), s.kind, st) }
func (l *litNode) check(n *yaml.Node, st *state)   { l.checkScalar(dataScalar(n), st) }
func (x *notNode) check(n *yaml.Node, st *state)   { x.checkScalar(dataScalar(n), st) }
func (b *boundNode) check(n *yaml.Node, st *state) { b.checkScalar(dataScalar(n), st) }
func (r *regexNode) check(n *yaml.Node, st *state) { r.checkScalar(dataScalar(n), st) }
func dataScalar(n *yaml.Node) scalar               { k, s := dataKind(n); s.kind = k; return s }

type litNode struct{ val scalar }

func (l *litNode) checkScalar(s scalar, st *state) {
	if kindOK(l.val.kind, s.kind, st) && s != l.val {
		st.fail("conflicting values")
	}
}

type notNode struct {
	lit   *litNode
	kinds dkind
}

func (x *notNode) checkScalar(s scalar, st *state) {
	if kindOK(x.kinds, s.kind, st) && s == x.lit.val {
		st.fail("out of bound !=")
	}
}

type boundNode struct {
	op cue.Op
	n  int64
}

func (b *boundNode) checkScalar(s scalar, st *state) {
	if !kindOK(dInt, s.kind, st) {
		return
	}
	var in bool
	switch b.op {
	case cue.GreaterThanOp:
		in = s.i > b.n
	case cue.GreaterThanEqualOp:
		in = s.i >= b.n
	case cue.LessThanOp:
		in = s.i < b.n
	default:
		in = s.i <= b.n
	}
	if !in {
		st.fail("out of bound")
	}
}

type regexNode struct {
	re     *regexp.Regexp
	negate bool
}

func (r *regexNode) checkScalar(s scalar, st *state) {
	if kindOK(dString, s.kind, st) && r.re.MatchString(s.s) == r.negate {
		st.fail("out of bound =~")
	}
}

type andNode struct {
	kinds  dkind
	parts  []node
	scalar []scalarCheck // the parts, when every one checks a scalar
}

func (a *andNode) check(n *yaml.Node, st *state) {
	k, s := dataKind(n)
	if !kindOK(a.kinds, k, st) {
		return
	}
	s.kind = k
	before := st.nerrs
	for i, p := range a.parts {
		if a.scalar != nil {
			a.scalar[i].checkScalar(s, st)
		} else {
			p.check(n, st)
		}
		if st.nerrs > before {
			return // one error per value, as CUE reports a conjunction
		}
	}
}

type orNode struct {
	kinds      dkind
	structural bool // some arm is a struct or list: two matching arms may be ambiguous
	arms       []*lazy
}

func (o *orNode) check(n *yaml.Node, st *state) {
	k, _ := dataKind(n)
	if k == dFloat && o.kinds&(dInt|dFloat) != 0 {
		st.unknown = true
		return
	}
	if o.kinds&k == 0 {
		st.fail("mismatched types")
		return
	}
	valid, unknown := 0, false
	sub := statePool.Get().(*state)
	for _, a := range o.arms {
		sub.reset(false)
		a.get().check(n, sub)
		switch sub.verdict() {
		case Valid:
			valid++
		case Unknown:
			unknown = true
		}
		if valid > 0 && !o.structural {
			break
		}
	}
	statePool.Put(sub)
	switch {
	case valid == 1 || valid > 1 && !o.structural:
	case valid > 1 || unknown || o.structural:
		// Ambiguous, or CUE explains a failed struct disjunction arm by arm.
		st.unknown = true
	default:
		st.fail("no arm of the disjunction matches")
	}
}

type structNode struct {
	v      cue.Value
	fields []field

	extras  sync.Map // undeclared key -> *lazy: its pattern constraints, or not allowed
	nextras atomic.Int32
}

// maxExtras bounds the memo of undeclared keys per struct.
const maxExtras = 4096

// extra compiles what CUE applies to an undeclared key: nothing allowed in
// a closed struct, else the unification of the pattern constraints (or _
// for an open struct).
func (s *structNode) extra(key string) node {
	if l, ok := s.extras.Load(key); ok {
		return l.(*lazy).get()
	}
	var l *lazy
	if !s.v.Allows(cue.Str(key)) {
		l = compiled(notAllowed{})
	} else if v := s.v.LookupPath(cue.MakePath(cue.Str(key).Optional())); v.Exists() {
		l = &lazy{v: v}
	} else {
		l = compiled(opaque{})
	}
	if s.nextras.Add(1) <= maxExtras {
		s.extras.Store(key, l)
	}
	return l.get()
}

type notAllowed struct{}

func (notAllowed) check(_ *yaml.Node, st *state) { st.fail(ReasonNotAllowed) }

func (s *structNode) check(n *yaml.Node, st *state) {
	if n.Kind != yaml.MappingNode {
		checkKind(dStruct, n, st) // fails: a mapping is the only struct
		return
	}
	var seen [maxFields / 64]uint64
	for i := 0; i+1 < len(n.Content); i += 2 {
		key := n.Content[i].Value
		j := 0
		for j < len(s.fields) && s.fields[j].name != key {
			j++
		}
		st.path = append(st.path, pathElem{key: key, idx: -1})
		if j == len(s.fields) {
			s.extra(key).check(n.Content[i+1], st)
		} else {
			seen[j/64] |= 1 << uint(j%64)
			s.fields[j].schema.get().check(n.Content[i+1], st)
		}
		st.path = st.path[:len(st.path)-1]
	}
	for j, f := range s.fields {
		if seen[j/64]&(1<<uint(j%64)) != 0 || !f.required && !f.regular {
			continue
		}
		if f.regular {
			st.unknown = true
			continue
		}
		st.path = append(st.path, pathElem{key: f.name, idx: -1})
		st.fail(ReasonRequired)
		st.path = st.path[:len(st.path)-1]
	}
}

type listNode struct {
	prefix []*lazy
	open   bool
	rest   *lazy
	// list.MinItems and list.MaxItems (-1: none). CUE reports the errors of
	// such a list its own way, so they are left to it.
	minItems, maxItems int
	validated          bool
}

func (l *listNode) check(n *yaml.Node, st *state) {
	if n.Kind != yaml.SequenceNode {
		checkKind(dList, n, st) // fails: a sequence is the only list
		return
	}
	if l.validated {
		before := st.nerrs
		defer func() {
			if st.nerrs > before {
				st.unknown = true
			}
		}()
		if len(n.Content) < l.minItems || l.maxItems >= 0 && len(n.Content) > l.maxItems {
			st.failMax(ReasonListLength, l.maxItems)
			return
		}
	}
	elems := n.Content
	if len(elems) < len(l.prefix) || !l.open && len(elems) > len(l.prefix) {
		// CUE reports the lengths and still checks the elements both have.
		st.fail("incompatible list lengths")
		if !l.open {
			elems = elems[:min(len(elems), len(l.prefix))]
		}
	}
	for i, c := range elems {
		st.path = append(st.path, pathElem{idx: i})
		if i < len(l.prefix) {
			l.prefix[i].get().check(c, st)
		} else {
			l.rest.get().check(c, st)
		}
		st.path = st.path[:len(st.path)-1]
	}
}
