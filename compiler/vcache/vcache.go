// Package vcache keeps per-file results on disk (parsed documents,
// schema-validation results), keyed by the file's name and bytes (and the
// schema's hash), so that a second check of an unchanged file skips work.
package vcache

import (
	"crypto/sha256"
	"encoding/gob"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"sync"

	"github.com/roundtable-dev/roundtable/compiler/diag"
)

// format changes whenever what is stored or how diagnostics are worded
// changes in a way the build information does not show.
const format = "vcache-1"

// Store holds the results of one pack (and schema) in one file.
type Store[T any] struct {
	path string

	mu    sync.Mutex
	old   map[string]T
	new   map[string]T
	dirty bool
}

// Cache is the validation results of one pack against one schema: per file,
// one diagnostic list per document.
type Cache = Store[[]diag.List]

// build identifies the running binary, so that a new build of roundtable
// (whose messages may differ) does not reuse old results: its version
// control revision when known, and the executable's size and time (a
// rebuild from a modified tree keeps the revision).
var build = func() string {
	s := format
	if bi, ok := debug.ReadBuildInfo(); ok {
		s += bi.Main.Version
		for _, kv := range bi.Settings {
			if kv.Key == "vcs.revision" || kv.Key == "vcs.modified" {
				s += kv.Value
			}
		}
	}
	if exe, err := os.Executable(); err == nil {
		if fi, err := os.Stat(exe); err == nil {
			s += fmt.Sprint(fi.Size(), fi.ModTime().UnixNano())
		}
	}
	return s
}()

// Open loads the validation cache of scope (a pack folder and a schema
// hash) from dir. A missing or unreadable cache is an empty one.
func Open(dir, scope string) *Cache { return OpenStore[[]diag.List](dir, "validate", scope) }

// OpenStore loads the store of what (a kind of result) and scope from dir.
func OpenStore[T any](dir, what, scope string) *Store[T] {
	h := sha256.Sum256([]byte(build + "\x00" + what + "\x00" + scope))
	c := &Store[T]{
		path: filepath.Join(dir, what+"-"+hex.EncodeToString(h[:12])+".gob"),
		old:  map[string]T{},
		new:  map[string]T{},
	}
	if f, err := os.Open(c.path); err == nil {
		defer f.Close()
		if gob.NewDecoder(f).Decode(&c.old) != nil {
			c.old = map[string]T{}
		}
	}
	return c
}

// Key names one file's content.
func Key(name string, data []byte) string {
	h := sha256.New()
	h.Write([]byte(name))
	h.Write([]byte{0})
	h.Write(data)
	return string(h.Sum(nil))
}

// Get returns the stored results of a file's documents, in order.
func (c *Store[T]) Get(key string) (T, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	r, ok := c.old[key]
	if ok {
		c.new[key] = r
	}
	return r, ok
}

// Put stores the results of a file's documents.
func (c *Store[T]) Put(key string, results T) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.new[key] = results
	c.dirty = true
}

// Save writes the results used in this run (so that deleted and edited
// files drop out) when anything changed. Failures are ignored: the cache
// only saves time.
func (c *Store[T]) Save() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.dirty && len(c.new) == len(c.old) {
		return
	}
	tmp, err := os.CreateTemp(filepath.Dir(c.path), ".tmp-*")
	if err != nil {
		return
	}
	if err := gob.NewEncoder(tmp).Encode(c.new); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return
	}
	if err := os.Rename(tmp.Name(), c.path); err != nil {
		os.Remove(tmp.Name())
	}
}
