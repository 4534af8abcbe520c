package play

import (
	"errors"
	"strconv"
	"testing"
)

// TestAtAndNear: At finds a node by keys and indexes, nil when the path
// is not all there; Near stops at the deepest node on the way; a Key
// element is the entry's key node.
func TestAtAndNear(t *testing.T) {
	n := node(t, "players:\n  - hand: [a, b]\n  - hand: []\nsides: {lions: {morale: 3}}\n")
	for _, c := range []struct {
		path Path
		at   string // "line:col" of At, "" for nil
		near string
	}{
		{Path{"players", 0, "hand", 1}, "2:15", "2:15"},
		{Path{"players", 1, "hand"}, "3:11", "3:11"},
		{Path{"players", 2, "hand"}, "", "2:3"},
		{Path{"players", 1, "shop"}, "", "3:5"},
		{Path{"players", "x"}, "", "2:3"},
		{Path{"sides", Key("lions")}, "4:9", "4:9"},
		{Path{"sides", "lions", "morale"}, "4:25", "4:25"},
		{Path{"sides", "tigers", "morale"}, "", "4:8"},
		{Path{"nothing"}, "", "1:1"},
		{Path{}, "1:1", "1:1"},
	} {
		got := ""
		if a := At(n, c.path...); a != nil {
			got = itoa(a.Line) + ":" + itoa(a.Column)
		}
		nr := Near(n, c.path...)
		near := itoa(nr.Line) + ":" + itoa(nr.Column)
		if got != c.at || near != c.near {
			t.Errorf("%s: At %q Near %q, want %q %q", c.path, got, near, c.at, c.near)
		}
	}
	if At(nil, "x") != nil || Near(nil, "x") != nil {
		t.Error("a nil node has no path")
	}
}

func itoa(i int) string { return strconv.Itoa(i) }

// TestErrorfAndInFile: an error at a path names the path and the line of
// what is there (or of the mapping a left-out field belongs in); InFile
// adds the file, quoted when it is not printable.
func TestErrorfAndInFile(t *testing.T) {
	n := node(t, "units:\n  - {id: a, hp: 99}\n")
	err := Errorf(n, Path{"units", 0, "hp"}, "hp %d is too much", 99)
	if got := err.Error(); got != "2:17: units[0].hp: hp 99 is too much" {
		t.Errorf("Errorf: %s", got)
	}
	missing := Errorf(n, Path{"units", 0, "at"}, "missing")
	if got := InFile("p.yaml", missing).Error(); got != "p.yaml:2:5: units[0].at: missing" {
		t.Errorf("a left-out field: %s", got)
	}
	var e *Error
	if !errors.As(InFile("p.yaml", err), &e) || e.File != "p.yaml" || e.Line != 2 || e.Column != 17 || e.Path != "units[0].hp" {
		t.Errorf("InFile keeps the parts: %+v", e)
	}
	if got := InFile("p.yaml", errors.New("plain")).Error(); got != "p.yaml: plain" {
		t.Errorf("a plain error: %s", got)
	}
	if got := PosError(nil, "no place").Error(); got != "no place" {
		t.Errorf("PosError(nil): %s", got)
	}
	if InFile("p.yaml", nil) != nil {
		t.Error("InFile(nil) is nil")
	}
	if got := (Path{"a", 1, "b", Key("c")}).String(); got != "a[1].b.c" {
		t.Errorf("Path.String: %s", got)
	}
	base := Path{"units"}
	a, b := base.With(0), base.With(1)
	if a.String() != "units[0]" || b.String() != "units[1]" {
		t.Errorf("With shares memory: %s %s", a, b)
	}
}
