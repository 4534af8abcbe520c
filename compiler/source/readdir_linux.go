//go:build linux

package source

import (
	"io/fs"
	"os"
	"slices"

	"golang.org/x/sys/unix"
)

// readDirStat lists a folder of an os file system (os.DirFS, os.Root) by
// its names and one fstatat per name relative to the folder, which gives
// both the entry's type and the stat the cache compares: a folder read
// through os.Root.FS costs an lstat per entry anyway, plus a FileInfo, a
// DirEntry and a sort through interface calls, which were a third of the
// walk of a warm check. ok is false when fsys is not such a file system or
// anything fails: the caller then reads the folder with fs.ReadDir (which
// reports the error).
func readDirStat(fsys fs.FS, p string) (ents []dirEnt, ok bool) {
	f, err := fsys.Open(p)
	if err != nil {
		return nil, false
	}
	defer f.Close()
	of, isOS := f.(*os.File)
	if !isOS {
		return nil, false
	}
	names, err := of.Readdirnames(-1)
	if err != nil {
		return nil, false
	}
	rc, err := of.SyscallConn()
	if err != nil {
		return nil, false
	}
	slices.Sort(names)
	ents = make([]dirEnt, 0, len(names))
	ok = true
	cerr := rc.Control(func(fd uintptr) {
		var st unix.Stat_t
		for _, n := range names {
			err := unix.Fstatat(int(fd), n, &st, unix.AT_SYMLINK_NOFOLLOW)
			for err == unix.EINTR {
				err = unix.Fstatat(int(fd), n, &st, unix.AT_SYMLINK_NOFOLLOW)
			}
			if err == unix.ENOENT {
				continue // removed since listed, as os.ReadDir skips it
			}
			if err != nil {
				ok = false
				return
			}
			e := dirEnt{name: n}
			switch st.Mode & unix.S_IFMT {
			case unix.S_IFDIR:
				e.typ = fs.ModeDir
			case unix.S_IFLNK:
				e.typ = fs.ModeSymlink
			case unix.S_IFREG:
				e.hasStat = true
				e.st = Stat{
					Size:  st.Size,
					Mtime: st.Mtim.Sec*1e9 + st.Mtim.Nsec,
					Ino:   int64(st.Ino),
					Ctime: st.Ctim.Sec*1e9 + st.Ctim.Nsec,
				}
			default:
				e.typ = fs.ModeIrregular // stat through fsys, as before
			}
			ents = append(ents, e)
		}
	})
	if cerr != nil || !ok {
		return nil, false
	}
	return ents, true
}
