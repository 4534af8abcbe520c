package packget

import (
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/roundtable-dev/roundtable/compiler/regular"
)

// tree writes one pack's files below a folder under Limits: every name is
// checked to stay inside (os.Root enforces it again), every byte counted as
// written, not as a header claims.
type tree struct {
	root  *os.Root
	lim   Limits
	files int
	bytes int64
}

func newTree(dir string, lim Limits) (*tree, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	r, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	return &tree{root: r, lim: lim}, nil
}

func (t *tree) close() { t.root.Close() }

// cleanName checks a name from an archive or a repository: relative,
// slash-separated, no "..", no backslash, valid UTF-8, within the depth.
func (t *tree) cleanName(name string) (string, error) {
	if !utf8.ValidString(name) || strings.ContainsAny(name, "\\\x00") {
		return "", fmt.Errorf("%q: not a portable file name", name)
	}
	if path.IsAbs(name) || (len(name) > 1 && name[1] == ':') {
		return "", fmt.Errorf("%q: an absolute path", name)
	}
	c := path.Clean(name)
	if c == ".." || strings.HasPrefix(c, "../") {
		return "", fmt.Errorf("%q: the path leaves the pack's folder", name)
	}
	if strings.Count(c, "/") >= t.lim.Depth {
		return "", fmt.Errorf("%q: more than %d folders deep", name, t.lim.Depth)
	}
	return c, nil
}

// add writes one file from r.
func (t *tree) add(name string, r io.Reader) error {
	c, err := t.cleanName(name)
	if err != nil {
		return err
	}
	if c == "." {
		return fmt.Errorf("%q: not a file name", name)
	}
	t.files++
	if t.files > t.lim.Files {
		return fmt.Errorf("more than %d files", t.lim.Files)
	}
	if d := path.Dir(c); d != "." {
		if err := t.root.MkdirAll(d, 0o755); err != nil {
			return err
		}
	}
	f, err := t.root.OpenFile(c, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		if os.IsExist(err) {
			return fmt.Errorf("%q: the same file twice", name)
		}
		return err
	}
	left := min(t.lim.FileSize, t.lim.Bytes-t.bytes)
	n, err := io.Copy(f, io.LimitReader(r, left+1))
	t.bytes += n
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("%s: %v", c, err)
	}
	if n > left {
		if t.bytes > t.lim.Bytes {
			return fmt.Errorf("more than %d bytes in all", t.lim.Bytes)
		}
		return fmt.Errorf("%s: larger than %d bytes", c, t.lim.FileSize)
	}
	return nil
}

// dir makes a folder (archives list them; empty ones are kept out of the
// hash anyway).
func (t *tree) dir(name string) error {
	c, err := t.cleanName(name)
	if err != nil || c == "." {
		return err
	}
	return t.root.MkdirAll(c, 0o755)
}

// copyTree copies the regular files below src into dst under lim;
// anything else (a link, a pipe) is an error naming it.
func copyTree(src, dst string, lim Limits) error {
	files, err := listFiles(src)
	if err != nil {
		return err
	}
	t, err := newTree(dst, lim)
	if err != nil {
		return err
	}
	defer t.close()
	for _, f := range files {
		r, _, err := regular.Open(filepath.Join(src, filepath.FromSlash(f)), true)
		if err != nil {
			return err
		}
		err = t.add(f, r)
		r.Close()
		if err != nil {
			return err
		}
	}
	return nil
}
