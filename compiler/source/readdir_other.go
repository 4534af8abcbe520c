//go:build !linux

package source

import "io/fs"

// readDirStat: see readdir_linux.go; elsewhere fs.ReadDir.
func readDirStat(fs.FS, string) ([]dirEnt, bool) { return nil, false }
