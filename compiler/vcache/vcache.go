// Package vcache keeps what a check learned about each file of a pack on
// disk (check --cache): the file's stat and content key, its parsed
// documents, its load diagnostics and its validation results, so that a
// second check of an unchanged file neither reads nor parses nor validates
// it. One file per pack, schema and roundtable build, read whole at once:
// the documents' encodings are substrings of it, not copies.
package vcache

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/compiler/regular"
	"github.com/roundtable-dev/roundtable/compiler/source"
)

// format changes whenever what is stored or how diagnostics are worded
// changes in a way the build information does not show.
const format = "vcache-3"

// Magic starts every cache file (before the body Verify returns).
const Magic = "roundtable-cache-5\n"

// RacyMargin is the loader's (source.RacyMargin).
const RacyMargin = source.RacyMargin

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

// Entry is the loader's record of one file (source.Entry), which a Pack
// stores; Stat is its stat.
type (
	Entry = source.Entry
	Stat  = source.Stat
)

// StatOf is source.StatOf.
func StatOf(fi fs.FileInfo) Stat { return source.StatOf(fi) }

// Pack implements the loader's Store.
var _ source.Store = (*Pack)(nil)

// Pack is the cache of one pack folder against one schema.
type Pack struct {
	path string
	// Time is when the scan that wrote the cache started (ns): see Racy.
	// Read it after Wait.
	Time int64
	// Now is when this run's scan started; Save stores it as Time.
	Now int64

	mem   *memory       // the store's memory, nil when on disk
	ready chan struct{} // closed when the file is read
	done  atomic.Bool   // set when ready is closed: no channel lock per call
	mu    sync.Mutex
	old   oldSet
	// run is the entries of this run (Keep and Put, in no order: a slice,
	// since a map of 100,000 paths cost more than the rest of a warm run);
	// cur indexes it for Current, made on demand.
	run   []*Entry
	cur   map[string]*Entry
	dirty bool
	saved bool // after the first Save of the run: no entry is dropped later
	// changed holds the entries Put or Touched since the last Save.
	changed map[string]*Entry
	// mainID names the snapshot file (its checksum and time, snapID),
	// which the records of its log name (nil: no snapshot); mainSize and
	// logSize are the files' sizes.
	mainID            []byte
	mainSize, logSize int
}

// Name returns the file name of the cache of what and scope in dir.
// The name holds the build's id, so that Prune can tell the files of other
// builds.
func Name(dir, what, scope string) string {
	h := sha256.Sum256([]byte(Build + "\x00" + what + "\x00" + scope))
	return filepath.Join(dir, what+"-"+buildID+"-"+hex.EncodeToString(h[:12])+".bin")
}

// buildID names Build in file names.
var buildID = func() string {
	h := sha256.Sum256([]byte(Build))
	return hex.EncodeToString(h[:4])
}()

// Prune removes from dir the cache files of other builds of roundtable
// (which never read them: every rebuild would otherwise leave a copy of
// every pack's cache behind) and those of the cache before this one
// (parse-*.gob, validate-*.gob). Other files are left alone.
func Prune(dir string) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range ents {
		n := e.Name()
		if !e.Type().IsRegular() {
			continue
		}
		if (strings.HasPrefix(n, "parse-") || strings.HasPrefix(n, "validate-")) && strings.HasSuffix(n, ".gob") {
			os.Remove(filepath.Join(dir, n))
			continue
		}
		base, ok := strings.CutSuffix(n, ".bin")
		if !ok {
			base, ok = strings.CutSuffix(n, ".log")
		}
		parts := strings.Split(base, "-")
		if !ok || len(parts) != 3 || (parts[0] != "pack" && parts[0] != "build") || len(parts[1]) != len(buildID) || len(parts[2]) != 24 {
			continue
		}
		if parts[1] != buildID {
			os.Remove(filepath.Join(dir, n))
		}
	}
}

// Warm reports whether dir holds a pack cache of this build of roundtable:
// a check with it will likely take most files from the cache.
func Warm(dir string) bool {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return false
	}
	for _, e := range ents {
		if n := e.Name(); strings.HasPrefix(n, "pack-"+buildID+"-") && strings.HasSuffix(n, ".bin") {
			return true
		}
	}
	return false
}

// Open loads the cache of scope (a pack folder and a schema hash) from dir.
// A missing, corrupt or truncated cache is an empty one.
//
// A cache is a snapshot file (every entry, sealed by a checksum) and a log
// of records appended after it (the entries a run changed and the names it
// dropped, each record sealed and naming the snapshot it follows), so that
// a run that changed one file writes one entry, not the whole cache. A log
// record that is torn or corrupt, and any after it, are ignored (their
// files are then read again). Save rewrites the snapshot when the log
// grows past a quarter of it.
//
// The files are read in the background (while the caller walks the pack
// folder); every method waits for them.
func Open(dir, scope string) *Pack {
	c := newPack(dir, scope)
	c.read()
	return c
}

func newPack(dir, scope string) *Pack {
	return &Pack{path: Name(dir, "pack", scope), Now: time.Now().UnixNano(), changed: map[string]*Entry{}, ready: make(chan struct{})}
}

// read reads the cache files in the background.
func (c *Pack) read() {
	go func() {
		defer func() {
			c.done.Store(true)
			close(c.ready)
		}()
		data, err := ReadFile(c.path)
		if err != nil {
			return
		}
		body, ok := Verify(data)
		if !ok {
			return
		}
		// One string for the whole file, without a copy: data is never
		// written to, and every stored string is a slice of it.
		t, old, err := decodePack(unsafe.String(unsafe.SliceData(body), len(body)))
		if err != nil {
			return
		}
		c.Time, c.old = t, old
		c.mainID, c.mainSize = snapID(data[len(data)-SumSize:], t), len(data)
		if log, err := ReadFile(c.logPath()); err == nil {
			c.Time, c.logSize = replay(unsafe.String(unsafe.SliceData(log), len(log)), c.mainID, c.Time, &c.old)
			if c.logSize < len(log) {
				c.logSize = c.mainSize // records after a torn one are never read: start afresh
			}
		}
		c.run = make([]*Entry, 0, c.old.n)
	}()
}

func (c *Pack) logPath() string { return c.path[:len(c.path)-len(".bin")] + ".log" }

// replay applies the log's records that follow the snapshot mainID, up to
// the first that does not hold, and returns the last record's time and the
// length of the log that held.
func replay(log string, mainID []byte, t int64, m *oldSet) (int64, int) {
	off := 0
	for off < len(log) {
		r := &Reader{S: log, Off: off}
		n := r.Uint()
		if r.Err != nil || n > uint64(len(log)-r.Off) || uint64(len(log)-r.Off)-n < SumSize {
			break
		}
		body := log[r.Off : r.Off+int(n)]
		if string(appendSum(nil, []byte(body))) != log[r.Off+int(n):r.Off+int(n)+SumSize] || !strings.HasPrefix(body, string(mainID)) {
			break
		}
		rt, puts, dels, err := decodeRecord(body[len(mainID):])
		if err != nil {
			break
		}
		for _, e := range puts {
			m.put(e)
		}
		for _, name := range dels {
			m.del(name)
		}
		t = rt
		off = r.Off + int(n) + SumSize
	}
	return t, off
}

// Wait waits until the cache file is read.
func (c *Pack) Wait() {
	if !c.done.Load() {
		<-c.ready
	}
}

// Racy reports whether a file with this stat may have changed within the
// timestamp granularity of the cache's scan: it must be read.
func (c *Pack) Racy(s Stat) bool {
	c.Wait()
	return s.Mtime >= c.Time-RacyMargin
}

// Started is Now (source.Store).
func (c *Pack) Started() int64 { return c.Now }

// Old returns the stored entry of a file, or nil.
func (c *Pack) Old(name string) *Entry { return c.OldAt(name, -1) }

// OldAt is Old of the i-th file of a walk in name order, found without a
// search when the files did not change (the cache is written in name
// order).
func (c *Pack) OldAt(name string, i int) *Entry {
	c.Wait()
	return c.old.get(name, i)
}

// Keep marks an unchanged entry as used in this run. Each file of a run is
// either kept or put, once.
func (c *Pack) Keep(e *Entry) {
	c.Wait()
	c.mu.Lock()
	c.run = append(c.run, e)
	c.cur = nil
	c.mu.Unlock()
}

// KeepAll is Keep of many entries, under one lock.
func (c *Pack) KeepAll(es []*Entry) {
	if len(es) == 0 {
		return
	}
	c.Wait()
	c.mu.Lock()
	c.run = append(c.run, es...)
	c.cur = nil
	c.mu.Unlock()
}

// Put stores a new or changed entry.
func (c *Pack) Put(e *Entry) {
	c.Wait()
	c.mu.Lock()
	c.run = append(c.run, e)
	c.cur = nil
	c.changed[e.Name] = e
	c.dirty = true
	c.mu.Unlock()
}

// Current returns the entry of a file in this run, or nil.
func (c *Pack) Current(name string) *Entry {
	c.Wait()
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.cur == nil {
		c.cur = make(map[string]*Entry, len(c.run))
		for _, e := range c.run {
			c.cur[e.Name] = e
		}
	}
	return c.cur[name]
}

// Touch marks an entry of this run whose contents were updated.
func (c *Pack) Touch(e *Entry) {
	c.Wait()
	c.mu.Lock()
	c.changed[e.Name] = e
	c.dirty = true
	c.mu.Unlock()
}

// Save stores the entries used in this run (so that deleted and renamed
// files drop out) when anything changed: a log record of what changed, or
// a new snapshot. Failures are ignored: the cache only saves time.
func (c *Pack) Save() {
	c.Wait()
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.toMemory() {
		c.Time, c.dirty, c.saved = c.Now, false, true
		c.changed = map[string]*Entry{}
		return
	}
	if !c.dirty && (c.saved || len(c.run) == c.old.n) {
		return
	}
	var dels []string
	if !c.saved {
		// Kept entries come from old; a Put one replaces one of old or is
		// new. Only when some of old is neither is a set of names needed.
		n := 0
		for _, e := range c.run {
			if _, put := c.changed[e.Name]; !put {
				n++
			} else if c.old.get(e.Name, -1) != nil {
				n++
			}
		}
		if n != c.old.n {
			seen := make(map[string]bool, len(c.run))
			for _, e := range c.run {
				seen[e.Name] = true
			}
			c.old.each(func(name string) {
				if !seen[name] {
					dels = append(dels, name)
				}
			})
		}
	}
	puts := make([]*Entry, 0, len(c.changed))
	size := 0
	for _, e := range c.changed {
		puts = append(puts, e)
		size += entrySize(e)
	}
	for _, n := range dels {
		size += len(n)
	}
	logged := false
	if c.mainID != nil && c.logSize+size < c.mainSize/4 {
		body := append(slices.Clip(c.mainID), encodeRecord(c.Now, puts, dels)...)
		rec := binary.AppendUvarint(nil, uint64(len(body)))
		rec = append(rec, body...)
		rec = appendSum(rec, body)
		if c.logSize+len(rec) <= c.mainSize/4 && appendFile(c.logPath(), rec) {
			c.logSize += len(rec)
			logged = true
		}
	}
	if !logged {
		c.rewrite()
	}
	c.Time, c.dirty, c.saved = c.Now, false, true
	c.changed = map[string]*Entry{}
}

// rewrite writes a new snapshot of cur and removes the log.
func (c *Pack) rewrite() {
	sum, size, ok := writeSnapshot(c.path, c.Now, c.run)
	if !ok {
		c.mainID = nil
		return
	}
	os.Remove(c.logPath())
	c.mainID, c.mainSize, c.logSize = snapID(sum, c.Now), size, 0
	Prune(filepath.Dir(c.path))
}

// writeSnapshot writes a sealed snapshot atomically, streamed: at 100k
// units the snapshot is 70 MB, which a check would otherwise hold in
// memory at its peak. It returns the snapshot's checksum and size.
func writeSnapshot(path string, now int64, entries []*Entry) ([]byte, int, bool) {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".tmp-*")
	if err != nil {
		return nil, 0, false
	}
	crc := crc32.New(castagnoli)
	w := bufio.NewWriterSize(io.MultiWriter(tmp, crc), 256<<10)
	n := 0
	err = encodeTo(now, entries, func(b []byte) error {
		n += len(b)
		_, err := w.Write(b)
		return err
	})
	if err == nil {
		err = w.Flush()
	}
	sum := crc.Sum(nil)
	if err == nil {
		_, err = tmp.Write(sum)
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
		return nil, 0, false
	}
	return sum, n + len(sum), true
}

// appendFile appends one record to the log in one write.
func appendFile(path string, rec []byte) bool {
	f, err := regular.OpenAppend(path, 0o600)
	if err != nil {
		return false
	}
	_, err = f.Write(rec)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err == nil
}

// SumSize is the size of the checksum that seals a cache file or a log
// record: CRC-32C, which the processor computes at memory speed (sha256 of
// a 6.5 MB cache was a tenth of a warm check). It guards against torn and
// corrupt files (every burst of up to 32 flipped bits is caught), not
// against someone forging a cache in the user's own folder.
const SumSize = 4

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

func appendSum(b, body []byte) []byte {
	return binary.BigEndian.AppendUint32(b, crc32.Checksum(body, castagnoli))
}

// snapID names a snapshot in the records of its log: its checksum and the
// time of the scan that wrote it, so that a log left by an earlier
// snapshot whose checksum collides with this one's is not replayed on it.
func snapID(sum []byte, t int64) []byte {
	id := make([]byte, 0, SumSize+8)
	id = append(id, sum...)
	return binary.BigEndian.AppendUint64(id, uint64(t))
}

// Seal appends the checksum Verify checks.
func Seal(body []byte) []byte {
	return appendSum(body, body)
}

// Verify returns the body of a sealed file whose checksum and magic hold.
func Verify(data []byte) ([]byte, bool) {
	if len(data) < SumSize+len(Magic) {
		return nil, false
	}
	body, sum := data[:len(data)-SumSize], data[len(data)-SumSize:]
	if !bytes.Equal(appendSum(nil, body), sum) || !bytes.HasPrefix(body, []byte(Magic)) {
		return nil, false
	}
	return body[len(Magic):], true
}

// MaxFile bounds a cache file (100,000 units make 70 MB).
const MaxFile = 1 << 30

// ReadFile reads a cache file: a regular file, not a symbolic link, of at
// most MaxFile bytes. The cache folder is trusted no more than a pack: a
// named pipe in place of a cache file hung check --cache, and a link to
// /dev/zero read until memory ran out.
func ReadFile(path string) ([]byte, error) { return regular.ReadFile(path, MaxFile, true) }

// WriteFile writes a cache file atomically (a temporary file renamed).
func WriteFile(path string, data []byte) bool {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".tmp-*")
	if err != nil {
		return false
	}
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return false
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return false
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		os.Remove(tmp.Name())
		return false
	}
	return true
}

// Key is source.Key.
func Key(name string, data []byte) string { return source.Key(name, data) }

func entrySize(e *Entry) int {
	n := 128 + len(e.Name) + len(e.Memo) + len(e.Ignores)
	for _, d := range e.Docs {
		n += len(d) + 4
	}
	for _, k := range e.Keys {
		n += len(k) + 2
	}
	return n
}

func encodePack(now int64, entries []*Entry) []byte {
	size := len(Magic) + 16
	for _, e := range entries {
		size += entrySize(e)
	}
	b := make([]byte, 0, size+SumSize)
	encodeTo(now, entries, func(p []byte) error {
		b = append(b, p...)
		return nil
	})
	return b
}

// encodeTo encodes a snapshot in parts, each passed to write (and reused
// after it returns).
func encodeTo(now int64, entries []*Entry, write func([]byte) error) error {
	b := make([]byte, 0, 64<<10)
	b = append(b, Magic...)
	b = binary.AppendVarint(b, now)
	b = binary.AppendUvarint(b, uint64(len(entries)))
	// In name order, which a walk's lookups follow (oldSet).
	entries = slices.SortedFunc(slices.Values(entries), func(x, y *Entry) int { return strings.Compare(x.Name, y.Name) })
	for _, e := range entries {
		b = appendEntry(b, e)
		if len(b) >= 32<<10 {
			if err := write(b); err != nil {
				return err
			}
			b = b[:0]
		}
	}
	return write(b)
}

func encodeRecord(now int64, puts []*Entry, dels []string) []byte {
	var b []byte
	b = binary.AppendVarint(b, now)
	b = binary.AppendUvarint(b, uint64(len(puts)))
	for _, e := range puts {
		b = appendEntry(b, e)
	}
	b = binary.AppendUvarint(b, uint64(len(dels)))
	for _, n := range dels {
		b = AppendString(b, n)
	}
	return b
}

func appendEntry(b []byte, e *Entry) []byte {
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
	b = AppendString(b, e.Memo)
	return AppendString(b, e.Ignores)
}

func decodePack(s string) (int64, oldSet, error) {
	r := &Reader{S: s}
	t := r.Varint()
	n := r.Uint()
	if r.Err != nil || n > uint64(len(s)/10) { // an entry takes 10 bytes at least
		return 0, oldSet{}, errCorrupt
	}
	block := make([]Entry, n)
	for i := range block {
		if !readEntry(r, &block[i]) {
			return 0, oldSet{}, errCorrupt
		}
	}
	if r.Off != len(s) {
		return 0, oldSet{}, errCorrupt
	}
	return t, newOldSet(block), nil
}

func decodeRecord(s string) (int64, []*Entry, []string, error) {
	r := &Reader{S: s}
	t := r.Varint()
	n := r.Uint()
	if r.Err != nil || n > uint64(len(s)/10) {
		return 0, nil, nil, errCorrupt
	}
	puts := make([]*Entry, n)
	for i := range puts {
		puts[i] = &Entry{}
		if !readEntry(r, puts[i]) {
			return 0, nil, nil, errCorrupt
		}
	}
	nd := r.Uint()
	if r.Err != nil || nd > uint64(len(s)) {
		return 0, nil, nil, errCorrupt
	}
	dels := make([]string, 0, room(nd))
	for range nd {
		if dels = append(dels, r.String()); r.Err != nil {
			return 0, nil, nil, errCorrupt
		}
	}
	if r.Err != nil || r.Off != len(s) {
		return 0, nil, nil, errCorrupt
	}
	return t, puts, dels, nil
}

func readEntry(r *Reader, e *Entry) bool {
	s := r.S
	e.Name = r.String()
	e.Stat = Stat{Size: r.Varint(), Mtime: r.Varint(), Ino: r.Varint(), Ctime: r.Varint()}
	e.Key = r.String()
	e.Sem = r.String()
	nd := r.Uint()
	if r.Err != nil || nd > uint64(len(s)) {
		return false
	}
	e.Docs = make([]string, 0, room(nd))
	for range nd {
		if e.Docs = append(e.Docs, r.String()); r.Err != nil {
			return false
		}
	}
	if nk := r.Uint(); nk > 0 {
		if r.Err != nil || nk > uint64(len(s)) {
			return false
		}
		e.Keys = make([]string, 0, room(nk))
		for range nk {
			if e.Keys = append(e.Keys, r.String()); r.Err != nil {
				return false
			}
		}
	}
	e.Load = r.Diags()
	if r.Byte() == 1 {
		e.HasValid = true
		nv := r.Uint()
		if r.Err != nil || nv > uint64(len(s)) {
			return false
		}
		e.Valid = make([]diag.List, 0, room(nv))
		for range nv {
			if e.Valid = append(e.Valid, r.Diags()); r.Err != nil {
				return false
			}
		}
	}
	e.Memo = r.String()
	e.Ignores = r.String()
	return r.Err == nil
}

var errCorrupt = errors.New("corrupt cache")

// room is the capacity to make for n items a count claims: what a real
// cache holds, not what a damaged count says (each item is read before it
// is kept).
func room(n uint64) int { return int(min(n, 256)) }

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
		switch {
		case d.Cause == nil:
			b = append(b, 0)
		case d.Implied:
			b = appendPos(append(b, 2), *d.Cause)
		default:
			b = appendPos(append(b, 1), *d.Cause)
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
	l := make(diag.List, 0, room(n))
	for range n {
		var d diag.Diagnostic
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
			d.Related = make([]diag.Related, 0, room(nr))
			for range nr {
				d.Related = append(d.Related, diag.Related{Pos: r.pos(), Message: r.String()})
				if r.Err != nil {
					return nil
				}
			}
		}
		switch flag := r.Byte(); flag {
		case 0:
		case 1, 2:
			c := r.pos()
			d.Cause, d.Implied = &c, flag == 2
		default:
			r.Err = errCorrupt
		}
		if r.Err != nil {
			return nil
		}
		l = append(l, d)
	}
	return l
}
