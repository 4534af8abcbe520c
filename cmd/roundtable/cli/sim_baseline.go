package cli

import (
	"archive/tar"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/games"
)

// baselinePacks are the pack folders of both sides of sim --baseline REV:
// each pack folder (or, with none, the game's base content folder in this
// repository) as of REV, extracted into a temporary folder, and as it is in
// the working tree. The engine is this build's on both sides: the
// comparison is of content.
func baselinePacks(g *games.Game, rev string, packs []string) (old, new []string, cleanup func(), err error) {
	out, err := exec.Command("git", "rev-parse", "--show-toplevel").Output()
	if err != nil {
		return nil, nil, nil, usageErr("--baseline needs a git work tree: %v", err)
	}
	top, err := filepath.EvalSymlinks(strings.TrimSpace(string(out)))
	if err != nil {
		return nil, nil, nil, usageErr("%v", err)
	}
	if len(packs) == 0 {
		cg, ok := compiler.Lookup(g.ID)
		if !ok || cg.ContentDir == "" {
			return nil, nil, nil, usageErr("%s has no base content folder: give --pack", g.ID)
		}
		packs = []string{filepath.Join(top, filepath.FromSlash(cg.ContentDir))}
	}
	tmp, err := os.MkdirTemp("", "roundtable-baseline-")
	if err != nil {
		return nil, nil, nil, usageErr("%v", err)
	}
	cleanup = func() { os.RemoveAll(tmp) }
	for i, p := range packs {
		abs, err := filepath.Abs(p)
		if err == nil {
			abs, err = filepath.EvalSymlinks(abs)
		}
		if err != nil {
			cleanup()
			return nil, nil, nil, usageErr("--pack %s: %v", p, err)
		}
		rel, err := filepath.Rel(top, abs)
		if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			cleanup()
			return nil, nil, nil, usageErr("--pack %s is outside the git work tree %s", p, top)
		}
		dst := filepath.Join(tmp, strings.Repeat("_", i)+filepath.Base(abs))
		if err := gitExtract(top, rev, filepath.ToSlash(rel), dst); err != nil {
			cleanup()
			return nil, nil, nil, err
		}
		old = append(old, dst)
		new = append(new, p)
	}
	return old, new, cleanup, nil
}

// gitExtract writes the files of folder path (from the repository's top) as
// of rev into dst.
func gitExtract(top, rev, path, dst string) error {
	spec := rev + ":" + strings.TrimPrefix(path, ".")
	tr, err := gitArchive(top, spec)
	if err != nil {
		return err
	}
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return usageErr("git archive %s: %v", spec, err)
		}
		name := filepath.FromSlash(h.Name)
		if !filepath.IsLocal(name) {
			return usageErr("git archive %s: a file outside the folder: %s", spec, h.Name)
		}
		switch h.Typeflag {
		case tar.TypeDir:
			if err := os.MkdirAll(filepath.Join(dst, name), 0o755); err != nil {
				return err
			}
		case tar.TypeReg:
			if err := os.MkdirAll(filepath.Dir(filepath.Join(dst, name)), 0o755); err != nil {
				return err
			}
			data, err := io.ReadAll(io.LimitReader(tr, 64<<20))
			if err != nil {
				return err
			}
			if err := os.WriteFile(filepath.Join(dst, name), data, 0o644); err != nil {
				return err
			}
		}
	}
	return os.MkdirAll(dst, 0o755)
}
