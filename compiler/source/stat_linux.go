//go:build linux

package source

import (
	"io/fs"
	"syscall"
)

// StatOf returns a file's stat; inode and change time where the system
// gives them.
func StatOf(fi fs.FileInfo) Stat {
	s := Stat{Size: fi.Size(), Mtime: mtime(fi)}
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		s.Ino = int64(st.Ino)
		s.Ctime = st.Ctim.Sec*1e9 + st.Ctim.Nsec
	}
	return s
}
