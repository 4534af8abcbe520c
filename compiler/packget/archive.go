package packget

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"
)

// httpClient fetches archives. It follows redirects (archive hosts use
// them) but only to http and https.
var httpClient = &http.Client{
	Timeout: 10 * time.Minute,
	CheckRedirect: func(req *http.Request, via []*http.Request) error {
		if len(via) >= 5 {
			return errors.New("more than 5 redirects")
		}
		if req.URL.Scheme != "http" && req.URL.Scheme != "https" {
			return fmt.Errorf("a redirect to %s: only http and https", req.URL.Scheme)
		}
		return nil
	},
}

// download writes the archive at u to file, at most lim.Download bytes.
func download(ctx context.Context, u, file string, lim Limits) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	resp, err := httpClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("GET %s: %s", u, resp.Status)
	}
	if resp.ContentLength > lim.Download {
		return fmt.Errorf("GET %s: the archive is %d bytes, over the limit of %d", u, resp.ContentLength, lim.Download)
	}
	f, err := os.Create(file)
	if err != nil {
		return err
	}
	n, err := io.Copy(f, io.LimitReader(resp.Body, lim.Download+1))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("GET %s: %v", u, err)
	}
	if n > lim.Download {
		return fmt.Errorf("GET %s: the archive is over the limit of %d bytes", u, lim.Download)
	}
	return nil
}

// extract unpacks a .zip or .tar.gz archive into dst under lim. Only
// folders and regular files are accepted: a link of any kind, a device or
// a path leaving dst is an error, and nothing is written for it. When every
// entry is below one top folder (as code hosts write archives), that
// folder is the pack's.
func extract(archive, kind, dst string, lim Limits) error {
	var entries []archEntry
	var closer io.Closer
	var err error
	switch kind {
	case "zip":
		entries, closer, err = zipEntries(archive)
	default:
		entries, closer, err = tarEntries(archive, lim)
	}
	if err != nil {
		return err
	}
	defer closer.Close()
	strip := commonTop(entries)
	t, err := newTree(dst, lim)
	if err != nil {
		return err
	}
	defer t.close()
	for _, e := range entries {
		name := strings.TrimPrefix(strings.TrimPrefix(e.name, "./"), strip)
		if name == "" {
			continue
		}
		switch {
		case e.dir:
			err = t.dir(name)
		case !e.regular:
			err = fmt.Errorf("%q: %s in the archive (a pack holds only files and folders)", e.name, e.what)
		default:
			var r io.ReadCloser
			if r, err = e.open(); err == nil {
				err = t.add(name, r)
				r.Close()
			}
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// archEntry is one entry of an archive, opened on demand.
type archEntry struct {
	name         string
	dir, regular bool
	what         string // what a non-regular entry is, for messages
	open         func() (io.ReadCloser, error)
}

func commonTop(entries []archEntry) string {
	top := ""
	for _, e := range entries {
		n := strings.TrimPrefix(e.name, "./")
		first, _, ok := strings.Cut(n, "/")
		if !ok && !e.dir {
			return "" // a file at the root
		}
		if top == "" {
			top = first
		} else if first != top {
			return ""
		}
	}
	if top == "" {
		return ""
	}
	return top + "/"
}

func zipEntries(file string) ([]archEntry, io.Closer, error) {
	z, err := zip.OpenReader(file)
	if err != nil {
		return nil, nil, fmt.Errorf("not a zip archive: %v", err)
	}
	var out []archEntry
	for _, f := range z.File {
		mode := f.Mode()
		e := archEntry{name: f.Name, dir: mode.IsDir() || strings.HasSuffix(f.Name, "/"), regular: mode.IsRegular()}
		if !e.dir && !e.regular {
			e.what = "a symbolic link"
			if mode&os.ModeSymlink == 0 {
				e.what = "a special file"
			}
		}
		e.open = f.Open
		out = append(out, e)
	}
	return out, z, nil
}

// tarEntries reads a gzipped tar. A tar is a stream, so its entries are
// read into memory once (under the byte limit) to check every name before
// anything is written.
func tarEntries(file string, lim Limits) ([]archEntry, io.Closer, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		return nil, nil, fmt.Errorf("not a gzip archive: %v", err)
	}
	tr := tar.NewReader(gz)
	var out []archEntry
	var total int64
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, nil, fmt.Errorf("the archive does not read: %v", err)
		}
		if len(out) > lim.Files*2 {
			return nil, nil, fmt.Errorf("more than %d files", lim.Files)
		}
		e := archEntry{name: h.Name}
		switch h.Typeflag {
		case tar.TypeDir:
			e.dir = true
		case tar.TypeReg:
			e.regular = true
			left := min(lim.FileSize, lim.Bytes-total)
			b, err := io.ReadAll(io.LimitReader(tr, left+1))
			if err != nil {
				return nil, nil, fmt.Errorf("%s: %v", h.Name, err)
			}
			total += int64(len(b))
			if int64(len(b)) > left {
				if total > lim.Bytes {
					return nil, nil, fmt.Errorf("more than %d bytes in all", lim.Bytes)
				}
				return nil, nil, fmt.Errorf("%s: larger than %d bytes", h.Name, lim.FileSize)
			}
			e.open = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(b)), nil }
		case tar.TypeSymlink, tar.TypeLink:
			e.what = "a link"
		case tar.TypeXGlobalHeader:
			continue
		default:
			e.what = "a special file"
		}
		out = append(out, e)
	}
	return out, io.NopCloser(nil), nil
}

// archiveKind is "zip" or "tgz" by the URL's ending.
func archiveKind(u string) string {
	p := u
	if pu, err := url.Parse(u); err == nil {
		p = pu.Path
	}
	if strings.HasSuffix(p, ".zip") {
		return "zip"
	}
	return "tgz"
}

// fetchArchive downloads and unpacks an archive into tmp/pack.
func fetchArchive(ctx context.Context, u, tmp string, lim Limits) (string, error) {
	file := filepath.Join(tmp, "archive")
	if err := download(ctx, u, file, lim); err != nil {
		return "", err
	}
	dst := filepath.Join(tmp, "pack")
	if err := extract(file, archiveKind(u), dst, lim); err != nil {
		return "", fmt.Errorf("%s: %v", path.Base(u), err)
	}
	return dst, os.Remove(file)
}
