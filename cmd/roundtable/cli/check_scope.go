package cli

import (
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/term"

	"github.com/roundtable-dev/roundtable/compiler/check"
)

// checkScope is what `check PATH` reports: PATH is a file or a folder inside
// a pack; the pack (found by walking up to pack.yaml, as fmt and new do) is
// compiled whole, because links and the game's checks need all of it, and
// only the problems of PATH are reported.
type checkScope struct {
	packs  []string // pack folders to compile, each once
	scopes []string // display paths that limit the report; nil: all
}

// resolveScope maps check's arguments to pack folders and scopes. An
// argument that is a pack folder (it holds pack.yaml), or a folder with no
// pack.yaml above it, is checked whole, as before.
func resolveScope(args []string) (checkScope, error) {
	var cs checkScope
	whole := false
	for _, a := range args {
		fi, err := os.Stat(a)
		if err != nil {
			return cs, usageErr("cannot read pack folder: %v", err)
		}
		if fi.IsDir() {
			if _, err := os.Stat(filepath.Join(a, "pack.yaml")); err == nil {
				cs.add(a)
				whole = true
				continue
			}
		}
		root, ok := packRootAbove(a, fi.IsDir())
		if !ok {
			if !fi.IsDir() {
				return cs, usageErr("%s is not in a pack: no pack.yaml in its folder or above it", a)
			}
			cs.add(a) // reported as a folder without pack.yaml
			whole = true
			continue
		}
		cs.add(root)
		rel, err := relTo(root, a)
		if err != nil {
			return cs, usageErr("%v", err)
		}
		cs.scopes = append(cs.scopes, displayJoin(filepath.ToSlash(filepath.Clean(root)), rel))
	}
	if whole && len(cs.scopes) > 0 {
		// A whole pack among the arguments: its problems are all in scope,
		// so the scopes limit only the other packs.
		for _, p := range cs.packs {
			if _, err := os.Stat(filepath.Join(p, "pack.yaml")); err == nil && !slices.ContainsFunc(cs.scopes, func(s string) bool { return check.InFolder(filepath.ToSlash(filepath.Clean(p)), s) }) {
				cs.scopes = append(cs.scopes, filepath.ToSlash(filepath.Clean(p)))
			}
		}
	}
	return cs, nil
}

func (cs *checkScope) add(dir string) {
	abs, _ := filepath.Abs(dir)
	for _, p := range cs.packs {
		if pa, _ := filepath.Abs(p); pa == abs {
			return
		}
	}
	cs.packs = append(cs.packs, dir)
}

// packRootAbove finds the nearest folder above p (p itself when it is a
// folder) that holds pack.yaml, as a path in p's terms ("." based).
func packRootAbove(p string, isDir bool) (string, bool) {
	dir := p
	if !isDir {
		dir = filepath.Dir(p)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "pack.yaml")); err == nil {
			return dir, true
		}
		abs, err := filepath.Abs(dir)
		if err != nil || filepath.Dir(abs) == abs {
			return "", false
		}
		dir = filepath.Join(dir, "..")
	}
}

func relTo(root, p string) (string, error) {
	ra, err := filepath.Abs(root)
	if err != nil {
		return "", err
	}
	pa, err := filepath.Abs(p)
	if err != nil {
		return "", err
	}
	rel, err := filepath.Rel(ra, pa)
	if err != nil {
		return "", err
	}
	return filepath.ToSlash(rel), nil
}

// displayJoin joins a pack's display folder and a path inside it as the
// loader prints positions.
func displayJoin(root, rel string) string {
	switch {
	case rel == ".":
		return root
	case root == "" || root == ".":
		return rel
	}
	return strings.TrimSuffix(root, "/") + "/" + rel
}

// reportOpts are the text format's options.
type reportOpts struct {
	color   bool
	quiet   bool
	outside int // problems of the packs outside the scope given
}

// useColor decides --color: always, never, or auto (w is a terminal, NO_COLOR
// unset or empty, TERM not dumb).
func useColor(mode string, w io.Writer) (bool, error) {
	switch mode {
	case "always":
		return true, nil
	case "never":
		return false, nil
	case "auto", "":
		if os.Getenv("NO_COLOR") != "" || os.Getenv("TERM") == "dumb" {
			return false, nil
		}
		f, ok := w.(*os.File)
		return ok && term.IsTerminal(int(f.Fd())), nil
	}
	return false, usageErr("unknown --color %q (want auto, always or never)", mode)
}
