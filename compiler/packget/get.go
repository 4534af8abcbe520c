package packget

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/roundtable-dev/roundtable/compiler/regular"
	"github.com/roundtable-dev/roundtable/compiler/semver"
)

// Options are one `roundtable get`.
type Options struct {
	Dir     string // the root pack's folder (its pack.yaml; the lock is written beside it)
	Cache   Cache
	Offline bool              // only what the cache holds
	Upgrade bool              // get -u: the highest version every range admits
	Want    map[string]string // get PACK@VERSION: these versions exactly
	Project Sources           // roundtable.yaml's sources: (they win over the packs')
	// Skip reports ids that are not fetched: the embedded base packs.
	Skip   func(id string) bool
	Log    io.Writer // progress, a line per listing and per download
	Limits Limits    // zero: DefaultLimits
}

// Outcome is what Get resolved.
type Outcome struct {
	Lock    *Lock
	Changed bool // the lock file was written (it differed)
	// Unsourced are required ids no source is given for (they must be
	// given as folders, as before), each with a pack that requires it.
	Unsourced map[string]string
}

// ReadLock reads dir's roundtable.lock; nil, nil when there is none.
func ReadLock(dir string) (*Lock, error) {
	file := filepath.Join(dir, LockName)
	b, err := regular.ReadFile(file, maxManifest, true)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %v", file, err)
	}
	return ParseLock(file, b)
}

// Get resolves every requirement of the pack in o.Dir, fetches what the
// cache lacks and writes o.Dir/roundtable.lock.
func Get(ctx context.Context, o Options) (*Outcome, error) {
	if o.Limits == (Limits{}) {
		o.Limits = DefaultLimits
	}
	if o.Log == nil {
		o.Log = io.Discard
	}
	if o.Skip == nil {
		o.Skip = func(string) bool { return false }
	}
	root, err := readManifest(o.Dir)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", o.Dir, err)
	}
	old, err := ReadLock(o.Dir)
	if err != nil {
		return nil, err
	}
	min := map[string]string{}
	if old != nil && !o.Upgrade {
		for _, e := range old.Entries {
			min[e.ID] = e.Version
		}
	}
	for id, v := range o.Want {
		if _, err := semver.Parse(v); err != nil {
			return nil, fmt.Errorf("%s@%s: %v", id, v, err)
		}
		min[id] = v
	}
	srcs := Sources{}
	for id, s := range o.Project {
		srcs[id] = s
	}
	if err := os.MkdirAll(o.Cache.Dir, 0o755); err != nil {
		return nil, fmt.Errorf("the pack cache: %v", err)
	}
	f := &fetcher{ctx: ctx, cache: o.Cache, offline: o.Offline, lim: o.Limits, log: o.Log, tags: map[string][]string{}, archive: map[string]cand{}}
	r := &resolver{f: f, srcs: srcs, min: map[string]string{}, upgrade: o.Upgrade, skip: o.Skip}
	// A lock entry binds only while it still matches the ranges that reach
	// it; the command line's always binds.
	r.min = min
	best, err := r.resolve(root)
	if err != nil {
		return nil, err
	}
	for id, v := range o.Want {
		b := best[id]
		if b == nil {
			return nil, fmt.Errorf("%s@%s: %s is not required by %s or the packs it requires", id, v, id, root.ID)
		}
		if b.c.v.String() != v {
			return nil, fmt.Errorf("%s@%s: %s is required at %s or later (%s)", id, v, id, b.c.v, r.asker(id, b.c.v))
		}
	}
	lock := &Lock{File: filepath.Join(o.Dir, LockName)}
	ids := make([]string, 0, len(best))
	for id := range best {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		n := best[id]
		lock.Entries = append(lock.Entries, Entry{ID: id, Version: n.c.v.String(), Source: n.src, Tag: n.in.Tag, Hash: n.in.Hash})
	}
	out := &Outcome{Lock: lock, Unsourced: r.unsrc}
	data := lock.Format()
	if prev, err := os.ReadFile(lock.File); err != nil || !bytes.Equal(prev, data) {
		if err := writeAtomic(lock.File, data); err != nil {
			return nil, err
		}
		out.Changed = true
	}
	return out, nil
}

// writeAtomic replaces name through a temporary file beside it.
func writeAtomic(name string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".tmp*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), name)
}

// VendorDir is where `roundtable vendor` copies the locked packs, beside
// the lock; check prefers it to the cache.
const VendorDir = "vendor"

// Vendor copies every pack dir's lock names from the cache into
// dir/vendor/ID (hash-checked on the way), replacing what vendor/ held.
func Vendor(dir string, c Cache) ([]Entry, error) {
	lock, err := ReadLock(dir)
	if err != nil {
		return nil, err
	}
	if lock == nil {
		return nil, fmt.Errorf("%s has no %s: run roundtable get first", dir, LockName)
	}
	tmp, err := os.MkdirTemp(dir, ".vendor-*")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	for _, e := range lock.Entries {
		src := c.PackDir(e.ID, e.Version)
		h, err := HashDir(src, e.ID, e.Version)
		if err != nil {
			return nil, fmt.Errorf("%s %s is not in the cache (%v): run roundtable get", e.ID, e.Version, err)
		}
		if h != e.Hash {
			return nil, fmt.Errorf("%s %s in the cache hashes to %s, the lock says %s: run roundtable get to fetch it again", e.ID, e.Version, h, e.Hash)
		}
		if err := copyTree(src, filepath.Join(tmp, e.ID), DefaultLimits); err != nil {
			return nil, err
		}
	}
	final := filepath.Join(dir, VendorDir)
	old := tmp + "-old"
	if _, err := os.Lstat(final); err == nil {
		if err := os.Rename(final, old); err != nil {
			return nil, err
		}
	}
	if err := os.Rename(tmp, final); err != nil {
		_ = os.Rename(old, final)
		return nil, err
	}
	return lock.Entries, os.RemoveAll(old)
}

// ParseWant reads get's PACK@VERSION arguments.
func ParseWant(args []string) (map[string]string, error) {
	out := map[string]string{}
	for _, a := range args {
		id, v, ok := strings.Cut(a, "@")
		if !ok || id == "" || v == "" {
			return nil, fmt.Errorf("%q: give PACK@VERSION (valm-maps@1.2.0)", a)
		}
		out[id] = strings.TrimPrefix(v, "v")
	}
	return out, nil
}
