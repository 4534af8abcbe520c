// Package native compiles a CUE definition once into a tree of Go checks and
// runs it on YAML documents. It covers the constraints that dominate content
// (kinds, bounds, literals and enums, regexps, required and optional fields,
// closed structs, list element types and lengths); for anything else it says
// "not covered" and the caller asks CUE, which stays the reference.
package native

import (
	"math"
	"strconv"
	"sync"

	"cuelang.org/go/cue"
	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/compiler/source"
)

// Verdict is what the native validator concluded about a document.
type Verdict int

const (
	// Valid: CUE would accept the document.
	Valid Verdict = iota
	// Invalid: CUE would reject it; Errors says where.
	Invalid
	// Unknown: the document reaches a constraint the native validator does
	// not cover; ask CUE.
	Unknown
)

func (v Verdict) String() string {
	return [...]string{"valid", "invalid", "unknown"}[v]
}

// Error is one problem found natively: the data path and a short reason
// (for tests and debugging; users see CUE's messages).
type Error struct {
	Path   []string
	Reason string
	// Max is, for ReasonListLength, the most items the list may have (-1:
	// no maximum).
	Max int
}

// Reasons of the structural errors (the rest are for reading only).
const (
	ReasonNotAllowed = "field not allowed"
	ReasonRequired   = "field is required but not present"
	ReasonListLength = "list length out of bounds"
)

// Validator checks documents against one compiled definition. It is safe
// for concurrent use.
type Validator struct {
	root *lazy
}

// Compile prepares a validator for def. Sub-schemas compile on first use,
// so recursive definitions are fine.
func Compile(def cue.Value) *Validator {
	return &Validator{root: &lazy{v: def}}
}

// Check validates one document (its top node, aliases resolved).
func (v *Validator) Check(n *yaml.Node) Verdict {
	st := statePool.Get().(*state)
	st.reset(false)
	v.root.get().check(n, st)
	verdict := st.verdict()
	statePool.Put(st)
	return verdict
}

// Errors validates one document and returns every native error with its
// path. With Unknown the errors are those found before giving up.
func (v *Validator) Errors(n *yaml.Node) (Verdict, []Error) {
	st := &state{}
	st.reset(true)
	v.root.get().check(n, st)
	return st.verdict(), st.errs
}

var statePool = sync.Pool{New: func() any { return &state{} }}

// state collects the outcome of one run. The path is a stack so that valid
// documents cost no allocations.
type state struct {
	path    []pathElem
	nerrs   int
	errs    []Error
	keep    bool // record errors with paths
	unknown bool
}

type pathElem struct {
	key string
	idx int // -1 for keys
}

func (s *state) reset(keep bool) {
	s.path, s.nerrs, s.errs, s.keep, s.unknown = s.path[:0], 0, nil, keep, false
}

func (s *state) verdict() Verdict {
	switch {
	case s.nerrs > 0 && !s.unknown:
		return Invalid
	case s.unknown:
		return Unknown
	}
	return Valid
}

func (s *state) fail(reason string) { s.failMax(reason, -1) }

// failMax is fail with Error.Max.
func (s *state) failMax(reason string, max int) {
	s.nerrs++
	if !s.keep {
		return
	}
	p := make([]string, len(s.path))
	for i, e := range s.path {
		if e.idx >= 0 {
			p[i] = strconv.Itoa(e.idx)
		} else {
			p[i] = e.key
		}
	}
	s.errs = append(s.errs, Error{Path: p, Reason: reason, Max: max})
}

// node is one compiled check.
type node interface {
	check(n *yaml.Node, st *state)
}

// lazy compiles a schema value on first use.
type lazy struct {
	v    cue.Value
	once sync.Once
	n    node
}

// compiled is a lazy that needs no compiling.
func compiled(n node) *lazy {
	l := &lazy{n: n}
	l.once.Do(func() {})
	return l
}

func (l *lazy) get() node {
	l.once.Do(func() { l.n = compile(l.v) })
	return l.n
}

// Data kinds, as the YAML-to-CUE conversion of cueval produces them.
type dkind uint8

const (
	dInt dkind = 1 << iota
	dFloat
	dString
	dBool
	dNull
	dStruct
	dList
	dBytes
)

// scalar is a YAML scalar as CUE sees it.
type scalar struct {
	kind dkind
	i    int64
	s    string
	b    bool
}

// plainDecimal reports whether s is a decimal integer yaml.v3 and strconv
// read alike: an optional minus, no leading zeros, at most 18 digits.
func plainDecimal(s string) bool {
	if s != "" && s[0] == '-' {
		s = s[1:]
	}
	if s == "" || len(s) > 18 || s[0] == '0' && len(s) > 1 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// toScalar converts a scalar node exactly as cueval's YAML-to-CUE conversion
// does: ints that do not decode and floats that are infinite or NaN become
// strings, unknown tags are strings.
func toScalar(n *yaml.Node) scalar {
	if source.ExplicitOther(n) {
		return scalar{kind: dBytes}
	}
	switch n.Tag {
	case "!!str":
		return scalar{kind: dString, s: n.Value}
	case "!!int":
		if plainDecimal(n.Value) {
			if i, err := strconv.ParseInt(n.Value, 10, 64); err == nil {
				return scalar{kind: dInt, i: i}
			}
		}
		var i int64
		if err := n.Decode(&i); err == nil {
			if !source.DecimalForm(n.Value) {
				return scalar{kind: dFloat} // as cueval: 012 is no whole number
			}
			return scalar{kind: dInt, i: i}
		}
	case "!!float":
		// Finite floats are left to CUE where numbers are allowed (literal
		// formatting decides int vs float); the rest become strings.
		var f float64
		if err := n.Decode(&f); err == nil && !math.IsInf(f, 0) && !math.IsNaN(f) {
			return scalar{kind: dFloat}
		}
	case "!!bool":
		switch n.Value {
		case "true":
			return scalar{kind: dBool, b: true}
		case "false":
			return scalar{kind: dBool}
		}
		var b bool
		if err := n.Decode(&b); err == nil {
			return scalar{kind: dBool, b: b}
		}
	case "!!null":
		return scalar{kind: dNull}
	}
	return scalar{kind: dString, s: n.Value}
}

func dataKind(n *yaml.Node) (dkind, scalar) {
	switch n.Kind {
	case yaml.MappingNode:
		return dStruct, scalar{}
	case yaml.SequenceNode:
		return dList, scalar{}
	case yaml.ScalarNode:
		s := toScalar(n)
		return s.kind, s
	}
	return dNull, scalar{kind: dNull}
}

// kindsOf maps CUE kinds to data kinds.
func kindsOf(k cue.Kind) dkind {
	var d dkind
	if k&cue.IntKind != 0 {
		d |= dInt
	}
	if k&cue.FloatKind != 0 {
		d |= dFloat
	}
	if k&cue.StringKind != 0 {
		d |= dString
	}
	if k&cue.BoolKind != 0 {
		d |= dBool
	}
	if k&cue.NullKind != 0 {
		d |= dNull
	}
	if k&cue.StructKind != 0 {
		d |= dStruct
	}
	if k&cue.ListKind != 0 {
		d |= dList
	}
	if k&cue.BytesKind != 0 {
		d |= dBytes
	}
	return d
}
