package packget

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/roundtable-dev/roundtable/compiler/diag"
)

// Codes of loading locked packs.
var (
	CodeLock       = diag.Core.Declare(diag.Code{ID: "lock-error", Severity: diag.Error, Summary: "roundtable.lock does not read: not the format `roundtable get` writes, or a field is wrong."})
	CodeLockHash   = diag.Core.Declare(diag.Code{ID: "lock-hash", Severity: diag.Error, Summary: "A locked pack's files (in the cache or vendor/) do not hash to what roundtable.lock says: they changed after `get`."})
	CodeNotFetched = diag.Core.Declare(diag.Code{ID: "not-fetched", Severity: diag.Error, Summary: "roundtable.lock names a pack that is neither in vendor/ nor in the pack cache: run `roundtable get`."})
)

// Folder is a locked pack ready to load.
type Folder struct {
	ID, Version string
	Dir         string // vendor/ID or the cache's folder
	Vendored    bool
}

// Locked returns the folders of the packs dir's roundtable.lock names,
// each checked against its hash: dir/vendor/ID when there, else the
// cache's. A dir without a lock has none. skip reports ids already given
// as folders (they win over the lock, as a replace does). refused are the
// ids diags refuse (so that nobody reports them missing as well).
func Locked(dir string, c Cache, skip func(id string) bool) (folders []Folder, refused []string, diags diag.List) {
	lock, err := ReadLock(dir)
	if err != nil {
		diags.Add(CodeLock, diag.Pos{File: filepath.ToSlash(filepath.Join(dir, LockName))}, "%v", err)
		return nil, nil, diags
	}
	if lock == nil {
		return nil, nil, nil
	}
	for _, e := range lock.Entries {
		if skip != nil && skip(e.ID) {
			continue
		}
		pos := diag.Pos{File: filepath.ToSlash(lock.File), Line: e.Line, Col: 3}
		f := Folder{ID: e.ID, Version: e.Version, Dir: filepath.Join(dir, VendorDir, e.ID), Vendored: true}
		if fi, err := os.Lstat(f.Dir); err != nil || !fi.IsDir() {
			f.Dir, f.Vendored = c.PackDir(e.ID, e.Version), false
			if fi, err := os.Lstat(f.Dir); err != nil || !fi.IsDir() || c.Dir == "" {
				d := diags.Add(CodeNotFetched, pos, "%s %s is locked but not fetched (no %s, nothing in the pack cache %s)", e.ID, e.Version, filepath.Join(dir, VendorDir, e.ID), c.Dir)
				d.Hint = "run `roundtable get " + dir + "` (it fetches what the lock names), or `roundtable vendor` to keep a copy beside the lock"
				refused = append(refused, e.ID)
				continue
			}
		}
		h, err := hashMemo(f.Dir, e.ID, e.Version)
		if err != nil {
			diags.Add(CodeLockHash, pos, "%s %s in %s: %v", e.ID, e.Version, f.Dir, err)
			refused = append(refused, e.ID)
			continue
		}
		if h != e.Hash {
			d := diags.Add(CodeLockHash, pos, "%s %s in %s hashes to %s, but the lock says %s: its files changed after it was fetched", e.ID, e.Version, f.Dir, h, e.Hash)
			if f.Vendored {
				d.Hint = "run `roundtable vendor " + dir + "` to copy it again from the cache"
			} else {
				d.Hint = "delete " + filepath.Dir(f.Dir) + " and run `roundtable get " + dir + "` to fetch it again"
			}
			refused = append(refused, e.ID)
			continue
		}
		folders = append(folders, f)
	}
	return folders, refused, diags
}

// memo keeps each folder's hash with the names, sizes and times of its
// files: a language server or check --watch checks the lock on every edit,
// and reads a locked pack's files again only when one of them changed.
var memo sync.Map // dir+id@version -> memoHash

type memoHash struct{ sig, hash string }

func hashMemo(dir, id, version string) (string, error) {
	var sig strings.Builder
	files, err := listFiles(dir)
	if err != nil {
		return "", err
	}
	for _, f := range files {
		fi, err := os.Lstat(filepath.Join(dir, filepath.FromSlash(f)))
		if err != nil {
			return "", err
		}
		fmt.Fprintf(&sig, "%s %d %d\n", f, fi.Size(), fi.ModTime().UnixNano())
	}
	key := dir + "\x00" + id + "@" + version
	if m, ok := memo.Load(key); ok && m.(memoHash).sig == sig.String() {
		return m.(memoHash).hash, nil
	}
	h, err := HashDir(dir, id, version)
	if err == nil {
		memo.Store(key, memoHash{sig: sig.String(), hash: h})
	}
	return h, err
}
