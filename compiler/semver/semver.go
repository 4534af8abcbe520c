// Package semver reads the versions of packs and the ranges they use in
// requires (">=1.0 <2", "^1.2", "~1.4.0", "1.x", "*", "1.0 || 2.1"). It is
// a thin layer over github.com/Masterminds/semver/v3, which implements
// exactly this range syntax (the one npm and Helm use); the layer keeps
// the project's error wording and the strict form of a pack's own version.
package semver

import (
	"fmt"
	"strings"

	mm "github.com/Masterminds/semver/v3"
)

// Version is MAJOR.MINOR.PATCH with an optional pre-release.
type Version struct {
	Major, Minor, Patch int
	Pre                 string

	v *mm.Version
}

func (v Version) String() string {
	s := fmt.Sprintf("%d.%d.%d", v.Major, v.Minor, v.Patch)
	if v.Pre != "" {
		s += "-" + v.Pre
	}
	return s
}

// Parse reads a full version: 1.2.3 or 1.2.3-beta.1 (no "v", nothing left
// out: a pack's version is exact).
func Parse(s string) (Version, error) {
	v, err := mm.StrictNewVersion(s)
	if err != nil {
		return Version{}, fmt.Errorf("version %q: want MAJOR.MINOR.PATCH, such as 1.0.0 or 1.2.0-beta.1", s)
	}
	return Version{Major: int(v.Major()), Minor: int(v.Minor()), Patch: int(v.Patch()), Pre: v.Prerelease(), v: v}, nil
}

// Compare returns -1, 0 or 1 by semver precedence (semver.org §11): a
// pre-release sorts before its release.
func Compare(a, b Version) int { return a.mm().Compare(b.mm()) }

func (v Version) mm() *mm.Version {
	if v.v != nil {
		return v.v
	}
	return mm.New(uint64(v.Major), uint64(v.Minor), uint64(v.Patch), v.Pre, "")
}

// Range is a parsed version range.
type Range struct {
	src string
	c   *mm.Constraints
}

func (r Range) String() string { return r.src }

// ParseRange reads a range. Comparators separated by spaces (or commas)
// must all hold; alternatives are separated by ||. Partial versions widen:
// ">=1.0 <2" is [1.0.0, 2.0.0); "1.2" is [1.2.0, 1.3.0); ^ allows changes
// that keep the leftmost non-zero number; ~ allows patch changes (minor
// ones for ~1); x and * are wildcards. A pre-release matches only a range
// that names a pre-release.
func ParseRange(s string) (Range, error) {
	if strings.TrimSpace(s) == "" {
		return Range{}, fmt.Errorf("empty version range")
	}
	c, err := mm.NewConstraint(s)
	if err != nil {
		return Range{}, fmt.Errorf("range %q: %v", s, err)
	}
	return Range{src: s, c: c}, nil
}

// Match reports whether v is in the range.
func (r Range) Match(v Version) bool { return r.c != nil && r.c.Check(v.mm()) }
