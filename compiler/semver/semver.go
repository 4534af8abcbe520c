// Package semver parses semantic versions and the ranges packs use in
// requires: (">=1.0 <2", "^1.2", "~1.4.0", "1.x", "*", "1.0 || 2.1").
package semver

import (
	"fmt"
	"strconv"
	"strings"
)

// Version is MAJOR.MINOR.PATCH with an optional pre-release.
type Version struct {
	Major, Minor, Patch int
	Pre                 string
}

func (v Version) String() string {
	s := fmt.Sprintf("%d.%d.%d", v.Major, v.Minor, v.Patch)
	if v.Pre != "" {
		s += "-" + v.Pre
	}
	return s
}

// Parse reads a full version: 1.2.3 or 1.2.3-beta.1.
func Parse(s string) (Version, error) {
	p, err := parsePartial(s)
	if err != nil {
		return Version{}, err
	}
	if p.n < 3 {
		return Version{}, fmt.Errorf("version %q: want MAJOR.MINOR.PATCH", s)
	}
	return p.v, nil
}

// Compare returns -1, 0 or 1. A pre-release sorts before its release.
func Compare(a, b Version) int {
	for _, d := range [][2]int{{a.Major, b.Major}, {a.Minor, b.Minor}, {a.Patch, b.Patch}} {
		if d[0] != d[1] {
			if d[0] < d[1] {
				return -1
			}
			return 1
		}
	}
	switch {
	case a.Pre == b.Pre:
		return 0
	case a.Pre == "":
		return 1
	case b.Pre == "":
		return -1
	}
	return comparePre(a.Pre, b.Pre)
}

func comparePre(a, b string) int {
	as, bs := strings.Split(a, "."), strings.Split(b, ".")
	for i := 0; i < len(as) && i < len(bs); i++ {
		x, xerr := strconv.Atoi(as[i])
		y, yerr := strconv.Atoi(bs[i])
		switch {
		case xerr == nil && yerr == nil:
			if x != y {
				if x < y {
					return -1
				}
				return 1
			}
		case xerr == nil:
			return -1
		case yerr == nil:
			return 1
		default:
			if c := strings.Compare(as[i], bs[i]); c != 0 {
				return c
			}
		}
	}
	switch {
	case len(as) < len(bs):
		return -1
	case len(as) > len(bs):
		return 1
	}
	return 0
}

// partial is a version with n of its three numbers written (1.0 has n=2).
type partial struct {
	v Version
	n int
}

func parsePartial(s string) (partial, error) {
	var p partial
	core, pre, hasPre := strings.Cut(s, "-")
	if hasPre {
		if pre == "" {
			return p, fmt.Errorf("version %q: empty pre-release", s)
		}
		p.v.Pre = pre
	}
	parts := strings.Split(core, ".")
	if len(parts) > 3 || core == "" {
		return p, fmt.Errorf("version %q: want MAJOR.MINOR.PATCH", s)
	}
	for i, part := range parts {
		if part == "x" || part == "X" || part == "*" {
			if hasPre {
				return p, fmt.Errorf("version %q: a wildcard cannot have a pre-release", s)
			}
			break
		}
		n, err := strconv.Atoi(part)
		if err != nil || n < 0 || (len(part) > 1 && part[0] == '0') {
			return p, fmt.Errorf("version %q: %q is not a number", s, part)
		}
		switch i {
		case 0:
			p.v.Major = n
		case 1:
			p.v.Minor = n
		case 2:
			p.v.Patch = n
		}
		p.n = i + 1
	}
	if hasPre && p.n < 3 {
		return p, fmt.Errorf("version %q: a pre-release needs MAJOR.MINOR.PATCH", s)
	}
	return p, nil
}

// next returns the smallest version above every version matching p
// (1.2 -> 1.3.0; 1 -> 2.0.0).
func (p partial) next() Version {
	switch p.n {
	case 1:
		return Version{Major: p.v.Major + 1}
	case 2:
		return Version{Major: p.v.Major, Minor: p.v.Minor + 1}
	}
	return Version{Major: p.v.Major, Minor: p.v.Minor, Patch: p.v.Patch + 1}
}

type comparator struct {
	op string // >=, >, <=, <, =
	v  Version
}

func (c comparator) match(v Version) bool {
	d := Compare(v, c.v)
	switch c.op {
	case ">=":
		return d >= 0
	case ">":
		return d > 0
	case "<=":
		return d <= 0
	case "<":
		return d < 0
	}
	return d == 0
}

// Range is a set of alternatives (||), each a conjunction of comparators.
type Range struct {
	src  string
	alts [][]comparator
}

func (r Range) String() string { return r.src }

// ParseRange reads a range. Comparators are separated by spaces and all must
// hold; alternatives are separated by ||. Partial versions widen: ">=1.0 <2"
// is [1.0.0, 2.0.0); "1.2" is [1.2.0, 1.3.0); ^ allows changes that keep the
// leftmost non-zero number; ~ allows patch changes (minor ones for ~1).
func ParseRange(s string) (Range, error) {
	r := Range{src: s}
	if strings.TrimSpace(s) == "" {
		return r, fmt.Errorf("empty version range")
	}
	for _, alt := range strings.Split(s, "||") {
		fields := strings.Fields(alt)
		if len(fields) == 0 {
			return r, fmt.Errorf("range %q: empty alternative around ||", s)
		}
		var cs []comparator
		for i := 0; i < len(fields); i++ {
			f := fields[i]
			// Allow ">= 1.0" written with a space.
			if strings.Trim(f, "<>=^~") == "" && i+1 < len(fields) {
				f += fields[i+1]
				i++
			}
			c, err := parseComparator(f)
			if err != nil {
				return r, fmt.Errorf("range %q: %v", s, err)
			}
			cs = append(cs, c...)
		}
		r.alts = append(r.alts, cs)
	}
	return r, nil
}

func parseComparator(f string) ([]comparator, error) {
	op := ""
	for _, o := range []string{">=", "<=", ">", "<", "=", "^", "~"} {
		if strings.HasPrefix(f, o) {
			op = o
			break
		}
	}
	rest := strings.TrimPrefix(strings.TrimPrefix(f, op), "v")
	if rest == "*" || rest == "x" || rest == "X" {
		if op != "" && op != "=" && op != ">=" {
			return nil, fmt.Errorf("%q: a wildcard takes no operator", f)
		}
		return nil, nil // any version
	}
	p, err := parsePartial(rest)
	if err != nil {
		return nil, err
	}
	if p.n == 0 {
		return nil, nil
	}
	lo := p.v
	switch op {
	case ">=":
		return []comparator{{">=", lo}}, nil
	case ">":
		if p.n < 3 {
			return []comparator{{">=", p.next()}}, nil
		}
		return []comparator{{">", lo}}, nil
	case "<":
		return []comparator{{"<", lo}}, nil
	case "<=":
		if p.n < 3 {
			return []comparator{{"<", p.next()}}, nil
		}
		return []comparator{{"<=", lo}}, nil
	case "", "=":
		if p.n == 3 {
			return []comparator{{"=", lo}}, nil
		}
		return []comparator{{">=", lo}, {"<", p.next()}}, nil
	case "~":
		hi := partial{v: lo, n: min(p.n, 2)}
		return []comparator{{">=", lo}, {"<", hi.next()}}, nil
	}
	// ^: keep the leftmost non-zero number written.
	var hi Version
	switch {
	case lo.Major > 0 || p.n == 1:
		hi = Version{Major: lo.Major + 1}
	case lo.Minor > 0 || p.n == 2:
		hi = Version{Minor: lo.Minor + 1}
	default:
		hi = Version{Patch: lo.Patch + 1}
	}
	return []comparator{{">=", lo}, {"<", hi}}, nil
}

// Match reports whether v is in the range. Pre-releases match only a
// comparator that names a pre-release of the same MAJOR.MINOR.PATCH.
func (r Range) Match(v Version) bool {
	for _, alt := range r.alts {
		ok := true
		preAllowed := v.Pre == ""
		for _, c := range alt {
			if !c.match(v) {
				ok = false
				break
			}
			if c.v.Pre != "" && c.v.Major == v.Major && c.v.Minor == v.Minor && c.v.Patch == v.Patch {
				preAllowed = true
			}
		}
		if ok && preAllowed {
			return true
		}
	}
	return false
}
