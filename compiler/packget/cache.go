package packget

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"golang.org/x/mod/sumdb/dirhash"
	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/compiler/regular"
)

// CacheEnv overrides the cache folder.
const CacheEnv = "ROUNDTABLE_PACK_CACHE"

// DefaultCache is $ROUNDTABLE_PACK_CACHE, else roundtable/packs in the
// user's cache folder.
func DefaultCache() (string, error) {
	if d := os.Getenv(CacheEnv); d != "" {
		return filepath.Abs(d)
	}
	d, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no cache folder for fetched packs (%v); set %s", err, CacheEnv)
	}
	return filepath.Join(d, "roundtable", "packs"), nil
}

// Cache is the folder of fetched packs: ID@VERSION/pack is a pack's
// files, ID@VERSION/info.yaml where it came from. Entries are moved in
// whole (a rename), so a folder there is complete.
type Cache struct{ Dir string }

// info is what the cache keeps beside a pack's files.
type info struct {
	Source `yaml:",inline"`
	Tag    string `yaml:"tag,omitempty"`
	Hash   string `yaml:"hash"`
}

func (c Cache) entry(id, version string) string { return filepath.Join(c.Dir, id+"@"+version) }

// PackDir is the folder of a cached pack's files.
func (c Cache) PackDir(id, version string) string { return filepath.Join(c.entry(id, version), "pack") }

// lookup returns the cached entry of id@version, if any.
func (c Cache) lookup(id, version string) (*info, bool) {
	b, err := regular.ReadFile(filepath.Join(c.entry(id, version), "info.yaml"), 1<<16, true)
	if err != nil {
		return nil, false
	}
	var in info
	if yaml.Unmarshal(b, &in) != nil || in.Hash == "" {
		return nil, false
	}
	if fi, err := os.Lstat(c.PackDir(id, version)); err != nil || !fi.IsDir() {
		return nil, false
	}
	return &in, true
}

// cached lists the versions of id in the cache that came from src.
func (c Cache) cached(id string, src Source) []string {
	ents, _ := os.ReadDir(c.Dir)
	var out []string
	for _, e := range ents {
		name, ok := strings.CutPrefix(e.Name(), id+"@")
		if !ok || !e.IsDir() {
			continue
		}
		if in, ok := c.lookup(id, name); ok && in.Source == src {
			out = append(out, name)
		}
	}
	return out
}

// partialAge is how old a partial download must be before a later get
// removes it (a get still running has younger ones).
const partialAge = 10 * time.Minute

// begin makes a fresh folder for a download; partial downloads of earlier
// runs that were killed are removed once old.
func (c Cache) begin(id, version string) (string, error) {
	p := filepath.Join(c.Dir, ".partial")
	if err := os.MkdirAll(p, 0o755); err != nil {
		return "", err
	}
	ents, _ := os.ReadDir(p)
	for _, e := range ents {
		if fi, err := e.Info(); err == nil && time.Since(fi.ModTime()) > partialAge {
			os.RemoveAll(filepath.Join(p, e.Name()))
		}
	}
	var r [6]byte
	_, _ = rand.Read(r[:])
	dir := filepath.Join(p, id+"@"+version+"-"+hex.EncodeToString(r[:]))
	return dir, os.Mkdir(dir, 0o755)
}

// commit moves a finished download (tmp/pack holding the files) into the
// cache with its info. If another get put the same entry there first, its
// entry stays and tmp goes.
func (c Cache) commit(tmp, id, version string, in info) error {
	b, err := yaml.Marshal(in)
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(tmp, "info.yaml"), b, 0o644); err != nil {
		return err
	}
	final := c.entry(id, version)
	if old, ok := c.lookup(id, version); ok && old.Source == in.Source && old.Hash == in.Hash {
		return os.RemoveAll(tmp)
	}
	// An entry from another source, or a folder without its info (a
	// leftover, or hand-made): move it aside rather than merge into it.
	if _, err := os.Lstat(final); err == nil {
		if err := os.Rename(final, tmp+".old"); err != nil {
			return err
		}
		defer os.RemoveAll(tmp + ".old")
	}
	return os.Rename(tmp, final)
}

// Limits bound what one fetched pack may hold.
type Limits struct {
	Files    int   // regular files
	Bytes    int64 // all files' bytes together
	FileSize int64 // one file's bytes
	Depth    int   // folders deep
	Download int64 // an archive's bytes as downloaded
}

// DefaultLimits are generous for a content pack (YAML, layouts, art) and
// far below what fills a disk.
var DefaultLimits = Limits{Files: 20000, Bytes: 256 << 20, FileSize: 32 << 20, Depth: 32, Download: 128 << 20}

// HashDir is the h1: hash of a pack folder's files, named id@version/...
// as Go modules name theirs. Only regular files may be there: a link or
// a pipe is an error, never followed.
func HashDir(dir, id, version string) (string, error) {
	files, err := listFiles(dir)
	if err != nil {
		return "", err
	}
	prefix := id + "@" + version
	names := make([]string, len(files))
	for i, f := range files {
		names[i] = prefix + "/" + f
	}
	return dirhash.Hash1(names, func(name string) (io.ReadCloser, error) {
		rel := strings.TrimPrefix(name, prefix+"/")
		f, _, err := regular.Open(filepath.Join(dir, filepath.FromSlash(rel)), true)
		return f, err
	})
}

// listFiles lists the regular files below dir (slash-separated, sorted);
// anything else but folders is an error.
func listFiles(dir string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		rel, _ := filepath.Rel(dir, p)
		if !d.Type().IsRegular() {
			return fmt.Errorf("%s: not a regular file (a fetched pack holds only files and folders)", filepath.ToSlash(rel))
		}
		out = append(out, filepath.ToSlash(rel))
		return nil
	})
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%s: no such folder", dir)
	}
	slices.Sort(out)
	return out, err
}
