// Package regular opens only regular files: every reader of a path a user
// or a folder supplies goes through it, so that a named pipe, a device or a
// symbolic link to one is refused before anything blocks, and a file's size
// is checked before it is read (docs/reliability.md).
package regular

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"syscall"
)

// ErrNotRegular is returned for a path that is not a regular file.
var ErrNotRegular = errors.New("not a regular file")

// TooLargeError is returned for a file over the limit, before reading it.
type TooLargeError struct {
	Size, Limit int64
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("larger than %d bytes", e.Limit)
}

// Open opens name for reading when it is a regular file. Opening does not
// wait (a named pipe is opened non-blocking, then refused); with noFollow a
// symbolic link is refused too (ELOOP).
func Open(name string, noFollow bool) (*os.File, fs.FileInfo, error) {
	flag := os.O_RDONLY | syscall.O_NONBLOCK | syscall.O_CLOEXEC
	if noFollow {
		flag |= syscall.O_NOFOLLOW
	}
	f, err := os.OpenFile(name, flag, 0)
	if err != nil {
		return nil, nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	if !fi.Mode().IsRegular() {
		f.Close()
		return nil, nil, &fs.PathError{Op: "open", Path: name, Err: ErrNotRegular}
	}
	// Reads of a regular file never block; clear the flag anyway so that
	// the file behaves as an ordinary one.
	_ = syscall.SetNonblock(int(f.Fd()), false)
	return f, fi, nil
}

// ReadFile reads a regular file of at most limit bytes. A larger file is a
// *TooLargeError without reading it (and if it grows while being read, after
// reading limit+1 bytes).
func ReadFile(name string, limit int64, noFollow bool) ([]byte, error) {
	f, fi, err := Open(name, noFollow)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return read(f, fi.Size(), limit)
}

func read(r io.Reader, size, limit int64) ([]byte, error) {
	if size > limit {
		return nil, &TooLargeError{Size: size, Limit: limit}
	}
	buf := make([]byte, 0, size+1)
	for {
		if int64(len(buf)) > limit {
			return nil, &TooLargeError{Size: int64(len(buf)), Limit: limit}
		}
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := r.Read(buf[len(buf):min(cap(buf), int(limit)+1)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			if int64(len(buf)) > limit {
				return nil, &TooLargeError{Size: int64(len(buf)), Limit: limit}
			}
			return buf, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

// OpenAppend opens name for appending, creating it, when it is a regular
// file and not a symbolic link.
func OpenAppend(name string, perm fs.FileMode) (*os.File, error) {
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_APPEND|os.O_CREATE|syscall.O_NOFOLLOW|syscall.O_NONBLOCK|syscall.O_CLOEXEC, perm)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		f.Close()
		return nil, &fs.PathError{Op: "open", Path: name, Err: ErrNotRegular}
	}
	_ = syscall.SetNonblock(int(f.Fd()), false)
	return f, nil
}

// ReadFS reads name from fsys when it is a regular file of at most limit
// bytes. The file is stat'ed through fsys before it is opened (opening a
// named pipe waits for a writer), so a pipe, a device or a folder is
// ErrNotRegular and a larger file a *TooLargeError, without reading it; a
// file that grows while it is read is cut at limit+1 bytes and refused.
// It is how the loader reads content through an fs.FS (os.Root's FS keeps
// links inside the folder), for readers that are handed an fs.FS.
func ReadFS(fsys fs.FS, name string, limit int64) ([]byte, error) {
	fi, err := fs.Stat(fsys, name)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, &fs.PathError{Op: "open", Path: name, Err: ErrNotRegular}
	}
	if fi.Size() > limit {
		return nil, &TooLargeError{Size: fi.Size(), Limit: limit}
	}
	f, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return read(f, fi.Size(), limit)
}
