package emit

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
)

// Files maps slash paths, relative to an output folder, to their contents.
type Files map[string][]byte

// A File is one generated file: its slash path under the output folder and
// the function that writes its contents. Write may be called more than once
// and concurrently with other files' Write.
type File struct {
	Name  string
	Write func(io.Writer) error
}

// Output is the files of one generation run.
type Output struct {
	Files []File
	// Prune lists slash folders under the output folder that the run owns:
	// a generated file (one that starts with Header) below them that is not
	// in Files is left from an earlier run (a chunk package of a larger
	// value); it is stale, and Write removes it.
	Prune []string
	// Waiting, when set, is called when WriteOutput must wait for another
	// run writing to the same folder.
	Waiting func()
}

func (fs Files) output() Output {
	var o Output
	for name, data := range fs {
		o.Files = append(o.Files, Bytes(name, data))
	}
	return o
}

// Stale returns the files under dir whose contents differ from want (or that
// are missing), sorted.
func Stale(dir string, want Files) ([]string, error) {
	return StaleOutput(dir, want.output())
}

// Write writes every file under dir (see WriteOutput) and returns the names
// of the files it wrote.
func Write(dir string, files Files) (written []string, err error) {
	written, _, err = WriteOutput(dir, files.output())
	return written, err
}

// errDiffers stops generating a file as soon as it differs from the file on
// disk.
var errDiffers = errors.New("differs")

// StaleOutput returns the files of o whose contents differ from those under
// dir (or that are missing), and the generated files left over in o's Prune
// folders, sorted. Nothing is written.
func StaleOutput(dir string, o Output) ([]string, error) {
	stale := make([]bool, len(o.Files))
	err := each(len(o.Files), func(i int) error {
		f := o.Files[i]
		old, err := os.Open(filepath.Join(dir, filepath.FromSlash(f.Name)))
		if errors.Is(err, fs.ErrNotExist) {
			stale[i] = true
			return nil
		}
		if err != nil {
			return err
		}
		defer old.Close()
		c := newComparer(old, true)
		switch err := f.Write(c); {
		case errors.Is(err, errDiffers):
			stale[i] = true
		case err != nil:
			return fmt.Errorf("generating %s: %w", f.Name, err)
		default:
			stale[i] = !c.same()
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	var names []string
	for i, f := range o.Files {
		if stale[i] {
			names = append(names, f.Name)
		}
	}
	left, err := leftover(dir, o)
	if err != nil {
		return nil, err
	}
	names = append(names, left...)
	slices.Sort(names)
	return names, nil
}

// WriteOutput writes every file of o under dir. Each file is generated into
// a temporary file in its folder (files in parallel) while it is compared with
// the file it replaces; files whose contents already match are not touched.
// Only when every file is prepared are the temporary files renamed into
// place, so a failure leaves the old files whole. Then generated files left
// over in o's Prune folders are removed, with the folders they leave empty.
//
// Runs writing to one folder take turns (a lock on dir, released by the
// kernel when a run is killed), so two concurrent runs end in the complete
// state of the later. Holding the lock, a run first removes the temporary
// files a killed run left (TempPattern); they are among removed.
func WriteOutput(dir string, o Output) (written, removed []string, err error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, nil, err
	}
	unlock, err := lockDir(dir, o.Waiting)
	if err != nil {
		return nil, nil, fmt.Errorf("locking %s: %w", dir, err)
	}
	defer unlock()
	if removed, err = sweepTemps(dir, o); err != nil {
		return nil, removed, err
	}
	tmps := make([]string, len(o.Files))
	defer func() {
		for _, t := range tmps {
			if t != "" {
				os.Remove(t) // no-op once renamed
			}
		}
	}()
	err = each(len(o.Files), func(i int) error {
		f := o.Files[i]
		dst := filepath.Join(dir, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		tmp, err := os.CreateTemp(filepath.Dir(dst), "."+filepath.Base(dst)+tempInfix+"*")
		if err != nil {
			return err
		}
		tmps[i] = tmp.Name()
		var c *comparer
		if old, err := os.Open(dst); err == nil {
			defer old.Close()
			c = newComparer(old, false)
		}
		bw := bufio.NewWriterSize(tmp, 64<<10)
		var w io.Writer = bw
		if c != nil {
			w = io.MultiWriter(bw, c)
		}
		if err := f.Write(w); err != nil {
			tmp.Close()
			return fmt.Errorf("generating %s: %w", dst, err)
		}
		if err := bw.Flush(); err != nil {
			tmp.Close()
			return fmt.Errorf("writing %s: %w", dst, err)
		}
		if c != nil && c.same() {
			tmp.Close()
			os.Remove(tmps[i])
			tmps[i] = ""
			return nil
		}
		if err := tmp.Sync(); err != nil {
			tmp.Close()
			return err
		}
		if err := tmp.Close(); err != nil {
			return err
		}
		return os.Chmod(tmp.Name(), 0o644)
	})
	if err != nil {
		return nil, nil, err
	}
	left, err := leftover(dir, o)
	if err != nil {
		return nil, nil, err
	}
	order := make([]int, len(o.Files))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return strings.Compare(o.Files[a].Name, o.Files[b].Name) })
	for _, i := range order {
		if tmps[i] == "" {
			continue
		}
		dst := filepath.Join(dir, filepath.FromSlash(o.Files[i].Name))
		if err := os.Rename(tmps[i], dst); err != nil {
			return written, nil, fmt.Errorf("renaming into %s: %w", dst, err)
		}
		tmps[i] = ""
		written = append(written, o.Files[i].Name)
	}
	for _, name := range left {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.Remove(p); err != nil {
			return written, removed, err
		}
		removed = append(removed, name)
		// Remove the folders this leaves empty, up to the Prune folder.
		for d := path.Dir(name); d != "." && !slices.Contains(o.Prune, d); d = path.Dir(d) {
			if os.Remove(filepath.Join(dir, filepath.FromSlash(d))) != nil {
				break
			}
		}
	}
	for _, d := range o.Prune {
		os.Remove(filepath.Join(dir, filepath.FromSlash(d))) // only if empty
	}
	return written, removed, nil
}

// tempInfix is in the name of every temporary file WriteOutput makes:
// .NAME.tmpDIGITS beside NAME (.gitignore names them).
const tempInfix = ".tmp"

// isTemp reports whether a file name is one of WriteOutput's temporary
// files: "." + a file name with an extension + ".tmp" + the digits
// CreateTemp adds.
func isTemp(name string) bool {
	i := strings.LastIndex(name, tempInfix)
	if !strings.HasPrefix(name, ".") || i < 1 {
		return false
	}
	base, digits := name[1:i], name[i+len(tempInfix):]
	return strings.Contains(base, ".") && !strings.HasPrefix(base, ".") &&
		digits != "" && strings.Trim(digits, "0123456789") == ""
}

// sweepTemps removes the temporary files a killed run left in the folders
// o writes to (and below its Prune folders); the caller holds the lock, so
// no live run owns them. It returns their slash paths under dir, sorted.
func sweepTemps(dir string, o Output) ([]string, error) {
	dirs := map[string]bool{}
	for _, f := range o.Files {
		dirs[path.Dir(f.Name)] = true
	}
	for _, p := range o.Prune {
		root := filepath.Join(dir, filepath.FromSlash(p))
		err := filepath.WalkDir(root, func(file string, d fs.DirEntry, err error) error {
			if errors.Is(err, fs.ErrNotExist) && file == root {
				return fs.SkipAll
			}
			if err == nil && d.IsDir() {
				rel, rerr := filepath.Rel(dir, file)
				if rerr != nil {
					return rerr
				}
				dirs[filepath.ToSlash(rel)] = true
			}
			return err
		})
		if err != nil {
			return nil, err
		}
	}
	var removed []string
	for d := range dirs {
		ents, err := os.ReadDir(filepath.Join(dir, filepath.FromSlash(d)))
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return removed, err
		}
		for _, e := range ents {
			if !e.Type().IsRegular() || !isTemp(e.Name()) {
				continue
			}
			if err := os.Remove(filepath.Join(dir, filepath.FromSlash(d), e.Name())); err != nil {
				return removed, err
			}
			removed = append(removed, path.Join(d, e.Name()))
		}
	}
	slices.Sort(removed)
	return removed, nil
}

// leftover lists the generated files below o's Prune folders that are not
// in o.Files, sorted.
func leftover(dir string, o Output) ([]string, error) {
	keep := map[string]bool{}
	for _, f := range o.Files {
		keep[f.Name] = true
	}
	var left []string
	for _, p := range o.Prune {
		root := filepath.Join(dir, filepath.FromSlash(p))
		err := filepath.WalkDir(root, func(file string, d fs.DirEntry, err error) error {
			if errors.Is(err, fs.ErrNotExist) && file == root {
				return fs.SkipAll
			}
			if err != nil || d.IsDir() || !strings.HasSuffix(file, ".go") {
				return err
			}
			rel, err := filepath.Rel(dir, file)
			if err != nil {
				return err
			}
			name := filepath.ToSlash(rel)
			if keep[name] {
				return nil
			}
			if gen, err := generated(file); err != nil || !gen {
				return err
			}
			left = append(left, name)
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	slices.Sort(left)
	return left, nil
}

// generated reports whether the file starts with Header.
func generated(file string) (bool, error) {
	f, err := os.Open(file)
	if err != nil {
		return false, err
	}
	defer f.Close()
	head := make([]byte, len(Header))
	n, _ := io.ReadFull(f, head)
	return string(head[:n]) == Header, nil
}

// each runs fn(0..n-1) on every core and returns the first error (by index).
func each(n int, fn func(int) error) error {
	errs := make([]error, n)
	var next sync.Mutex
	i := 0
	var wg sync.WaitGroup
	for range min(n, runtime.GOMAXPROCS(0)) {
		wg.Go(func() {
			for {
				next.Lock()
				j := i
				i++
				next.Unlock()
				if j >= n {
					return
				}
				errs[j] = fn(j)
			}
		})
	}
	wg.Wait()
	return errors.Join(slices.DeleteFunc(errs, func(e error) bool { return e == nil })...)
}

// comparer is a Writer that compares what is written with a file.
type comparer struct {
	r        *bufio.Reader
	differs  bool
	stop     bool // return errDiffers at the first difference
	readBack []byte
}

func newComparer(old io.Reader, stop bool) *comparer {
	return &comparer{r: bufio.NewReaderSize(old, 64<<10), stop: stop}
}

func (c *comparer) Write(p []byte) (int, error) {
	if !c.differs {
		if cap(c.readBack) < len(p) {
			c.readBack = make([]byte, len(p))
		}
		n, _ := io.ReadFull(c.r, c.readBack[:len(p)])
		c.differs = n < len(p) || !bytes.Equal(c.readBack[:n], p)
	}
	if c.differs && c.stop {
		return 0, errDiffers
	}
	return len(p), nil
}

// same reports whether everything written equals the whole file.
func (c *comparer) same() bool {
	if c.differs {
		return false
	}
	_, err := c.r.ReadByte()
	return err == io.EOF
}
