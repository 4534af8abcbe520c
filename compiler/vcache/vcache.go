// Package vcache keeps what a check learned about each file of a pack on
// disk (check --cache): the file's stat and content key, its parsed
// documents, its load diagnostics and its validation results, so that a
// second check of an unchanged file neither reads nor parses nor validates
// it. One file per pack, schema and roundtable build, read whole at once:
// the documents' encodings are substrings of it, not copies.
package vcache

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"runtime/debug"
	"sync"
	"time"
	"unsafe"

	"github.com/roundtable-dev/roundtable/compiler/diag"
)

// format changes whenever what is stored or how diagnostics are worded
// changes in a way the build information does not show.
const format = "vcache-2"

// Magic starts every cache file (before the body Verify returns).
const Magic = "roundtable-cache-2\n"

// RacyMargin: a file modified less than this before a cache's scan started
// is read and hashed again even when its stat matches (a write within the
// file system's timestamp granularity leaves the stat unchanged; FAT keeps
// 2 s). Git calls such entries "racily clean".
const RacyMargin = int64(2 * time.Second)

// Build identifies the running binary, so that a new build of roundtable
// (whose messages may differ) does not reuse old results: its version
// control revision when known, and the executable's size and time (a
// rebuild from a modified tree keeps the revision).
var Build = func() string {
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

// Entry is what is stored of one file.
type Entry struct {
	Name string // display path
	Stat Stat
	Key  string   // Key(name, bytes)
	Sem  string   // hash of the documents without comments (see source)
	Docs []string // encoded documents (source's encoding)
	// Keys lists each document's top-level keys (source's form), so that
	// looking up an absent field does not walk the document.
	Keys []string
	Load diag.List
	// Valid holds one result per validated document of the file, in order,
	// when HasValid (validation against the cache's schema).
	Valid    []diag.List
	HasValid bool
}

// Pack is the cache of one pack folder against one schema.
type Pack struct {
	path string
	// Time is when the scan that wrote the cache started (ns): see Racy.
	// Read it after Wait.
	Time int64
	// Now is when this run's scan started; Save stores it as Time.
	Now int64

	ready chan struct{} // closed when the file is read
	mu    sync.Mutex
	old   map[string]*Entry
	cur   map[string]*Entry
	dirty bool
}

// Name returns the file name of the cache of what and scope in dir.
func Name(dir, what, scope string) string {
	h := sha256.Sum256([]byte(Build + "\x00" + what + "\x00" + scope))
	return filepath.Join(dir, what+"-"+hex.EncodeToString(h[:12])+".bin")
}

// Open loads the cache of scope (a pack folder and a schema hash) from dir.
// A missing, corrupt or truncated cache is an empty one.
//
// The file is read in the background (while the caller walks the pack
// folder); every method waits for it.
func Open(dir, scope string) *Pack {
	c := &Pack{path: Name(dir, "pack", scope), Now: time.Now().UnixNano(), old: map[string]*Entry{}, cur: map[string]*Entry{}, ready: make(chan struct{})}
	go func() {
		defer close(c.ready)
		data, err := os.ReadFile(c.path)
		if err != nil {
			return
		}
		body, ok := Verify(data)
		if !ok {
			return
		}
		// One string for the whole file, without a copy: data is never
		// written to, and every stored string is a slice of it.
		if t, old, err := decodePack(unsafe.String(unsafe.SliceData(body), len(body))); err == nil {
			c.Time, c.old = t, old
			c.cur = make(map[string]*Entry, len(old))
		}
	}()
	return c
}

// Wait waits until the cache file is read.
func (c *Pack) Wait() { <-c.ready }

// Racy reports whether a file with this stat may have changed within the
// timestamp granularity of the cache's scan: it must be read.
func (c *Pack) Racy(s Stat) bool {
	c.Wait()
	return s.Mtime >= c.Time-RacyMargin
}

// Old returns the stored entry of a file, or nil.
func (c *Pack) Old(name string) *Entry {
	c.Wait()
	return c.old[name]
}

// Keep marks an unchanged entry as used in this run.
func (c *Pack) Keep(e *Entry) {
	c.Wait()
	c.mu.Lock()
	c.cur[e.Name] = e
	c.mu.Unlock()
}

// Put stores a new or changed entry.
func (c *Pack) Put(e *Entry) {
	c.Wait()
	c.mu.Lock()
	c.cur[e.Name] = e
	c.dirty = true
	c.mu.Unlock()
}

// Current returns the entry of a file in this run, or nil.
func (c *Pack) Current(name string) *Entry {
	c.Wait()
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.cur[name]
}

// Touch marks the cache as changed (an entry's contents were updated).
func (c *Pack) Touch() {
	c.Wait()
	c.mu.Lock()
	c.dirty = true
	c.mu.Unlock()
}

// Save writes the entries used in this run (so that deleted and renamed
// files drop out) when anything changed. Failures are ignored: the cache
// only saves time.
func (c *Pack) Save() {
	c.Wait()
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.dirty && len(c.cur) == len(c.old) {
		return
	}
	b := encodePack(c.Now, c.cur)
	WriteFile(c.path, Seal(b))
	// Later Keep, Put and Current calls of this run keep working.
	c.old, c.Time, c.dirty = c.cur, c.Now, false
	c.cur = maps.Clone(c.cur)
}

// Seal appends the checksum Verify checks.
func Seal(body []byte) []byte {
	h := sha256.Sum256(body)
	return append(body, h[:]...)
}

// Verify returns the body of a sealed file whose checksum and magic hold.
func Verify(data []byte) ([]byte, bool) {
	if len(data) < sha256.Size+len(Magic) {
		return nil, false
	}
	body, sum := data[:len(data)-sha256.Size], data[len(data)-sha256.Size:]
	h := sha256.Sum256(body)
	if !bytes.Equal(h[:], sum) || !bytes.HasPrefix(body, []byte(Magic)) {
		return nil, false
	}
	return body[len(Magic):], true
}

// WriteFile writes a cache file atomically (a temporary file renamed).
func WriteFile(path string, data []byte) {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".tmp-*")
	if err != nil {
		return
	}
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		os.Remove(tmp.Name())
	}
}

// Key names one file's content.
func Key(name string, data []byte) string {
	h := sha256.New()
	h.Write([]byte(name))
	h.Write([]byte{0})
	h.Write(data)
	return string(h.Sum(nil))
}

func encodePack(now int64, entries map[string]*Entry) []byte {
	size := len(Magic) + 16
	for n, e := range entries {
		size += 128 + len(n)
		for _, d := range e.Docs {
			size += len(d) + 4
		}
	}
	b := make([]byte, 0, size+sha256.Size)
	b = append(b, Magic...)
	b = binary.AppendVarint(b, now)
	b = binary.AppendUvarint(b, uint64(len(entries)))
	for _, e := range entries { // in no particular order: sorting cost more than the write
		b = AppendString(b, e.Name)
		b = binary.AppendVarint(b, e.Stat.Size)
		b = binary.AppendVarint(b, e.Stat.Mtime)
		b = binary.AppendVarint(b, e.Stat.Ino)
		b = binary.AppendVarint(b, e.Stat.Ctime)
		b = AppendString(b, e.Key)
		b = AppendString(b, e.Sem)
		b = binary.AppendUvarint(b, uint64(len(e.Docs)))
		for _, d := range e.Docs {
			b = AppendString(b, d)
		}
		b = binary.AppendUvarint(b, uint64(len(e.Keys)))
		for _, k := range e.Keys {
			b = AppendString(b, k)
		}
		b = AppendDiags(b, e.Load)
		if e.HasValid {
			b = append(b, 1)
			b = binary.AppendUvarint(b, uint64(len(e.Valid)))
			for _, l := range e.Valid {
				b = AppendDiags(b, l)
			}
		} else {
			b = append(b, 0)
		}
	}
	return b
}

func decodePack(s string) (int64, map[string]*Entry, error) {
	r := &Reader{S: s}
	t := r.Varint()
	n := r.Uint()
	if r.Err != nil || n > uint64(len(s)/10) { // an entry takes 10 bytes at least
		return 0, nil, errCorrupt
	}
	out := make(map[string]*Entry, n)
	block := make([]Entry, n)
	for i := range block {
		e := &block[i]
		e.Name = r.String()
		e.Stat = Stat{Size: r.Varint(), Mtime: r.Varint(), Ino: r.Varint(), Ctime: r.Varint()}
		e.Key = r.String()
		e.Sem = r.String()
		nd := r.Uint()
		if r.Err != nil || nd > uint64(len(s)) {
			return 0, nil, errCorrupt
		}
		e.Docs = make([]string, nd)
		for i := range e.Docs {
			e.Docs[i] = r.String()
		}
		if nk := r.Uint(); nk > 0 {
			if r.Err != nil || nk > uint64(len(s)) {
				return 0, nil, errCorrupt
			}
			e.Keys = make([]string, nk)
			for i := range e.Keys {
				e.Keys[i] = r.String()
			}
		}
		e.Load = r.Diags()
		if r.Byte() == 1 {
			e.HasValid = true
			nv := r.Uint()
			if r.Err != nil || nv > uint64(len(s)) {
				return 0, nil, errCorrupt
			}
			e.Valid = make([]diag.List, nv)
			for i := range e.Valid {
				e.Valid[i] = r.Diags()
			}
		}
		if r.Err != nil {
			return 0, nil, errCorrupt
		}
		out[e.Name] = e
	}
	if r.Off != len(s) {
		return 0, nil, errCorrupt
	}
	return t, out, nil
}

var errCorrupt = errors.New("corrupt cache")

// AppendString appends a length-prefixed string.
func AppendString(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

// AppendDiags appends a diagnostic list.
func AppendDiags(b []byte, l diag.List) []byte {
	b = binary.AppendUvarint(b, uint64(len(l)))
	for _, d := range l {
		b = AppendString(b, d.Code)
		b = binary.AppendUvarint(b, uint64(d.Severity))
		b = appendPos(b, d.Pos)
		b = AppendString(b, d.Message)
		b = AppendString(b, d.Hint)
		b = binary.AppendUvarint(b, uint64(len(d.Related)))
		for _, r := range d.Related {
			b = appendPos(b, r.Pos)
			b = AppendString(b, r.Message)
		}
	}
	return b
}

func appendPos(b []byte, p diag.Pos) []byte {
	b = AppendString(b, p.File)
	b = binary.AppendVarint(b, int64(p.Line))
	return binary.AppendVarint(b, int64(p.Col))
}

// Reader reads what the Append functions wrote; past an error it returns
// zero values and keeps Err.
type Reader struct {
	S   string
	Off int
	Err error
}

// Byte reads one byte.
func (r *Reader) Byte() byte {
	if r.Err != nil || r.Off >= len(r.S) {
		r.Err = errCorrupt
		return 0
	}
	r.Off++
	return r.S[r.Off-1]
}

// Uint reads a uvarint.
func (r *Reader) Uint() uint64 {
	if r.Err != nil {
		return 0
	}
	var v uint64
	for shift := 0; shift < 64 && r.Off < len(r.S); shift += 7 {
		c := r.S[r.Off]
		r.Off++
		v |= uint64(c&0x7f) << shift
		if c < 0x80 {
			return v
		}
	}
	r.Err = errCorrupt
	return 0
}

// Varint reads a varint.
func (r *Reader) Varint() int64 {
	u := r.Uint()
	x := int64(u >> 1)
	if u&1 != 0 {
		x = ^x
	}
	return x
}

// String reads a length-prefixed string: a substring, not a copy.
func (r *Reader) String() string {
	n := r.Uint()
	if r.Err != nil || n > uint64(len(r.S)-r.Off) {
		r.Err = errCorrupt
		return ""
	}
	s := r.S[r.Off : r.Off+int(n)]
	r.Off += int(n)
	return s
}

func (r *Reader) pos() diag.Pos {
	return diag.Pos{File: r.String(), Line: int(r.Varint()), Col: int(r.Varint())}
}

// Diags reads a diagnostic list (nil when empty).
func (r *Reader) Diags() diag.List {
	n := r.Uint()
	if r.Err != nil || n > uint64(len(r.S)-r.Off) {
		r.Err = errCorrupt
		return nil
	}
	if n == 0 {
		return nil
	}
	l := make(diag.List, n)
	for i := range l {
		d := &l[i]
		d.Code = r.String()
		d.Severity = diag.Severity(r.Uint())
		d.Pos = r.pos()
		d.Message = r.String()
		d.Hint = r.String()
		nr := r.Uint()
		if r.Err != nil || nr > uint64(len(r.S)-r.Off) {
			r.Err = errCorrupt
			return nil
		}
		if nr > 0 {
			d.Related = make([]diag.Related, nr)
			for j := range d.Related {
				d.Related[j] = diag.Related{Pos: r.pos(), Message: r.String()}
			}
		}
	}
	return l
}
