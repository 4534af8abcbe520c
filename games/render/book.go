package render

import (
	"bytes"
	_ "embed"
	"fmt"
	"html/template"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/games"
)

// Book is one game's pictures, drawn.
type Book struct {
	Game    *games.Game
	Layouts *Layouts
	Drawn   []Drawn
}

// Owners maps each entity (kind and id) of compiled packs to the pack that
// defines it; an expansion's replacement wins over the entity it replaces.
func Owners(res *compiler.Result) map[[2]string]*compiler.Pack {
	out := map[[2]string]*compiler.Pack{}
	for _, p := range res.Packs {
		if p.Set == nil {
			continue
		}
		for _, d := range p.Set.Docs {
			if id := d.StrField("id"); id != "" && d.Kind != "pack" {
				out[[2]string{d.Kind, id}] = p
			}
		}
	}
	return out
}

// LayoutPacks are the packs of a result whose layouts/ and art/ folders
// take part: those on disk, in load order, read through os.Root (rootFS).
func LayoutPacks(res *compiler.Result) []Pack {
	var out []Pack
	for _, p := range res.Packs {
		if !p.Embedded && p.Dir != "" {
			out = append(out, PackDir(p.Dir))
		}
	}
	return out
}

// PackDir is the pack folder dir, read through os.Root (rootFS).
func PackDir(dir string) Pack { return Pack{FS: rootFS(dir), Dir: dir} }

// rootFS is a pack folder read through os.Root, which follows no link out
// of the folder (os.DirFS would follow art/x.png -> /etc/passwd), as the
// loader reads content. Each call opens the root anew, so nothing stays
// open after Load has read the files.
type rootFS string

func (d rootFS) Open(name string) (fs.File, error) {
	r, err := os.OpenRoot(string(d))
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return r.FS().Open(name)
}

func (d rootFS) Stat(name string) (fs.FileInfo, error) {
	r, err := os.OpenRoot(string(d))
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return fs.Stat(r.FS(), name)
}

func (d rootFS) ReadDir(name string) ([]fs.DirEntry, error) {
	r, err := os.OpenRoot(string(d))
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return fs.ReadDir(r.FS(), name)
}

// DrawResults draws the pictures of compiled packs: of every game with a
// renderer whose result has a ruleset, the entities of the packs keep
// says to draw (all of them when keep is nil). Pictures stopped at a limit
// are left out and reported in diags (DrawAll); any other error stops it.
func DrawResults(results []*compiler.Result, keep func(*compiler.Pack) bool) ([]Book, diag.List, error) {
	var books []Book
	var diags diag.List
	for _, res := range results {
		if res.Game == nil || res.Ruleset == nil {
			continue
		}
		g, ok := games.Lookup(res.Game.ID)
		if !ok || g.Render == nil {
			continue
		}
		l, err := Load(g, LayoutPacks(res)...)
		if err != nil {
			return nil, nil, err
		}
		owners := Owners(res)
		var pics []games.Picture
		for _, p := range g.Render.Pictures(res.Ruleset) {
			if keep == nil || keep(owners[[2]string{p.Kind, p.ID}]) {
				pics = append(pics, p)
			}
		}
		drawn, ds, err := l.DrawAll(pics)
		if err != nil {
			return nil, nil, err
		}
		diags = append(diags, ds...)
		books = append(books, Book{Game: g, Layouts: l, Drawn: drawn})
	}
	return books, diags, nil
}

// Sources are the layout files of books, for printing the lines of their
// diagnostics.
func Sources(books []Book) diag.Sources {
	return func(file string) []byte {
		for _, b := range books {
			if src := b.Layouts.Source(file); src != nil {
				return src
			}
		}
		return nil
	}
}

//go:embed index.html.tmpl
var indexText string

var indexTmpl = template.Must(template.New("index").Parse(indexText))

// WriteSite writes each picture as DIR/GAME/FILE.svg and DIR/index.html,
// a gallery of them; it returns the number of files written.
func WriteSite(dir string, books []Book) (int, error) {
	n := 0
	for _, b := range books {
		gd := filepath.Join(dir, b.Game.ID)
		if err := os.MkdirAll(gd, 0o755); err != nil {
			return n, err
		}
		for _, d := range b.Drawn {
			if err := os.WriteFile(filepath.Join(gd, d.File()+".svg"), d.SVG, 0o644); err != nil {
				return n, err
			}
			n++
		}
	}
	var buf bytes.Buffer
	if err := Index(&buf, books, ""); err != nil {
		return n, err
	}
	if err := os.WriteFile(filepath.Join(dir, "index.html"), buf.Bytes(), 0o644); err != nil {
		return n, err
	}
	return n + 1, nil
}

// Index writes the gallery page of books; picture links are
// PREFIX/GAME/FILE.svg.
func Index(w *bytes.Buffer, books []Book, prefix string) error {
	type item struct {
		Href, Name, Kind, Search string
		Board                    bool
	}
	type group struct {
		Kind  string
		Items []item
	}
	type game struct {
		ID, Name string
		Count    int
		Groups   []group
	}
	var data struct {
		Games []game
		Total int
	}
	for _, b := range books {
		gv := game{ID: b.Game.ID, Name: b.Game.Name, Count: len(b.Drawn)}
		at := map[string]int{}
		for _, d := range b.Drawn {
			i, ok := at[d.Kind]
			if !ok {
				i = len(gv.Groups)
				at[d.Kind] = i
				gv.Groups = append(gv.Groups, group{Kind: d.Kind})
			}
			search := fmt.Sprintf("%s %s %s %s %s", d.Name, d.ID, d.Kind, d.Part, joinFacets(d.Facets))
			gv.Groups[i].Items = append(gv.Groups[i].Items, item{Href: prefix + b.Game.ID + "/" + d.File() + ".svg", Name: d.Name, Kind: d.Kind, Search: search, Board: d.Board})
		}
		data.Games = append(data.Games, gv)
		data.Total += gv.Count
	}
	return indexTmpl.Execute(w, data)
}

func joinFacets(fs []string) string {
	out := ""
	for i, f := range fs {
		if i > 0 {
			out += " "
		}
		out += f
	}
	return out
}
