//go:build !linux

package source

import "io/fs"

// StatOf returns a file's size and modification time.
func StatOf(fi fs.FileInfo) Stat {
	return Stat{Size: fi.Size(), Mtime: mtime(fi)}
}
