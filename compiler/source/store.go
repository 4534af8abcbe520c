package source

import (
	"crypto/sha256"
	"io/fs"
	"time"

	"github.com/roundtable-dev/roundtable/compiler/diag"
)

// What the loader needs of a cache (check --cache), so that the loader
// knows no cache: compiler/vcache implements Store on disk and in memory,
// and the loader is given one or nil (LoadCached).

// Store keeps what was learned about each file of one pack folder. The
// loader asks it for a file's entry before reading the file, and tells it
// which entries this load used (Keep) or made anew (Put); the caller saves
// it.
type Store interface {
	// OldAt returns the stored entry of a file, or nil; i is the file's
	// place in a walk in name order (a hint, -1 when unknown).
	OldAt(name string, i int) *Entry
	// Racy reports whether a file with this stat may have changed within
	// the timestamp granularity of the scan that stored its entry: the
	// file must be read.
	Racy(Stat) bool
	// Started is when this load's scan started (ns since the epoch).
	Started() int64
	// Keep marks unchanged entries as used by this load; Put stores a new
	// or changed one. Each file of a load is kept or put once.
	Keep(*Entry)
	KeepAll([]*Entry)
	Put(*Entry)
}

// Stat is what tells that a file did not change without reading it.
type Stat struct {
	Size, Mtime, Ino, Ctime int64 // Mtime, Ctime in ns; Ino, Ctime 0 when unknown
}

// mtime is a file's modification time in ns; 0 when it has none (embedded
// files), whose UnixNano would be undefined.
func mtime(fi fs.FileInfo) int64 {
	if t := fi.ModTime(); !t.IsZero() {
		return t.UnixNano()
	}
	return 0
}

// RacyMargin: a file modified less than this before a cache's scan started
// is read and hashed again even when its stat matches (a write within the
// file system's timestamp granularity leaves the stat unchanged; FAT keeps
// 2 s). Git calls such entries "racily clean".
const RacyMargin = int64(2 * time.Second)

// Key names one file's content.
func Key(name string, data []byte) string {
	h := sha256.New()
	h.Write([]byte(name))
	h.Write([]byte{0})
	h.Write(data)
	return string(h.Sum(nil))
}

// Entry is what a Store keeps of one file.
type Entry struct {
	Name string // display path
	Stat Stat
	Key  string   // Key(name, bytes)
	Sem  string   // SemHash of the documents
	Docs []string // encoded documents (this package's encoding)
	// Keys lists each document's top-level keys (topKeys), so that
	// looking up an absent field does not walk the document.
	Keys []string
	Load diag.List
	// Valid holds one result per validated document of the file, in order,
	// when HasValid (validation against the cache's schema).
	Valid    []diag.List
	HasValid bool
	// Memo holds the stored outcomes of the game's per-document Build
	// steps for the file's documents, in the compiler's form (compiler's
	// cache_memo.go); "" when none. The loader keeps it as it is.
	Memo string
	// Ignores holds the file's "# roundtable:ignore" comments in this
	// package's form (Directives), "" when none: a file the cache vouches
	// for is not read, yet its suppressions still apply.
	Ignores string
}
