// Package assets names the files of a pack folder besides its YAML that
// render and serve read: layouts/NAME.svg.tmpl, layouts/palette.txt and
// art/ID.png (or .jpg, .jpeg). They are read only as regular files under a
// size limit, through the same reader as content (compiler/regular), and
// check reports one that could not be read so (Check), so a named pipe in
// art/ is an error of the pack, not a hang of render.
package assets

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strings"

	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/compiler/regular"
)

// The limits on what render reads, per file.
const (
	MaxLayout  = 1 << 20 // a layout template
	MaxPalette = 1 << 20 // palette.txt
	MaxArt     = 4 << 20 // a picture in art/, as large as a content file
)

// LayoutSuffix ends every layout file name.
const LayoutSuffix = ".svg.tmpl"

// ArtTypes are the art files read, by extension (lower case), and their
// media types.
var ArtTypes = map[string]string{".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg"}

// Folders are the folders of a pack that hold assets; only the files
// directly in them are read.
var Folders = []string{"layouts", "art"}

// Limit is the size limit of the file at p (slash-separated, relative to a
// pack folder), or 0 when render does not read it.
func Limit(p string) int64 {
	dir, name := path.Split(p)
	switch dir {
	case "layouts/":
		if strings.HasSuffix(name, LayoutSuffix) {
			return MaxLayout
		}
		if name == "palette.txt" {
			return MaxPalette
		}
	case "art/":
		if _, ok := ArtTypes[strings.ToLower(path.Ext(name))]; ok {
			return MaxArt
		}
	}
	return 0
}

// Read reads the asset at p of fsys: a regular file within its limit.
func Read(fsys fs.FS, p string) ([]byte, error) {
	limit := Limit(p)
	if limit == 0 {
		return nil, fmt.Errorf("%s: not a layout, palette or art file", p)
	}
	return regular.ReadFS(fsys, p, limit)
}

// what is how a message names the asset at p.
func what(p string) string {
	switch {
	case strings.HasSuffix(p, LayoutSuffix):
		return "layout"
	case strings.HasSuffix(p, "palette.txt"):
		return "palette"
	}
	return "art file"
}

// Explain is a read error of Read as a message: what is wrong with the file.
func Explain(p string, err error) string {
	var tl *regular.TooLargeError
	var pe *fs.PathError
	switch {
	case errors.As(err, &tl):
		return fmt.Sprintf("%s is larger than %d bytes (%s); not read", what(p), tl.Limit, size(tl.Limit))
	case errors.Is(err, regular.ErrNotRegular):
		return fmt.Sprintf("%s is not a regular file (a named pipe, a device or a folder); not read", what(p))
	case errors.As(err, &pe):
		return fmt.Sprintf("%s cannot be read: %v", what(p), pe.Err)
	}
	return fmt.Sprintf("%s cannot be read: %v", what(p), err)
}

func size(n int64) string { return fmt.Sprintf("%d MiB", n>>20) }

// Check reports every asset of the pack folder fsys (shown as display)
// that Read would refuse, without reading any: a file that is not a
// regular one (a link is judged by its target) or is over its limit.
func Check(fsys fs.FS, display string) diag.List {
	var diags diag.List
	for _, dir := range Folders {
		entries, err := fs.ReadDir(fsys, dir)
		if err != nil {
			continue // no such folder; anything else shows when it is read
		}
		for _, e := range entries {
			p := dir + "/" + e.Name()
			if Limit(p) == 0 || e.IsDir() {
				continue
			}
			var fi fs.FileInfo
			if e.Type().IsRegular() {
				fi, err = e.Info()
			} else {
				fi, err = fs.Stat(fsys, p)
			}
			switch {
			case err != nil:
				err = &fs.PathError{Op: "stat", Path: p, Err: unwrap(err)}
			case !fi.Mode().IsRegular():
				err = &fs.PathError{Op: "open", Path: p, Err: regular.ErrNotRegular}
			case fi.Size() > Limit(p):
				err = &regular.TooLargeError{Size: fi.Size(), Limit: Limit(p)}
			default:
				continue
			}
			d := diags.Add(diag.CodeAsset, diag.Pos{File: join(display, p)}, "%s", Explain(p, err))
			d.Hint = hint(p)
		}
	}
	return diags
}

func unwrap(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

func hint(p string) string {
	if what(p) == "art file" {
		return fmt.Sprintf("art is a PNG or JPEG file of at most %s in the pack's art/ folder", size(MaxArt))
	}
	return fmt.Sprintf("layouts and palette.txt are text files of at most %s in the pack's layouts/ folder", size(MaxLayout))
}

func join(dir, name string) string {
	if dir == "" || dir == "." {
		return name
	}
	return strings.TrimSuffix(dir, "/") + "/" + name
}
