// Package render draws a game's content: one SVG per card, board and tile
// through the game's layouts (templates kept as data beside its content),
// an index.html gallery of them, and print-and-play PDF sheets. It knows no
// game: each games/<game> package says what it draws (games.Render), and
// this package draws it for all of them alike.
package render

import (
	"bytes"
	"fmt"
	"hash/fnv"
	"html/template"
	"io/fs"
	"path"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/roundtable-dev/roundtable/games"
)

// Layouts are one game's layouts and colours, with the overrides of the
// packs being drawn, ready to draw pictures. Draw is safe for concurrent
// use.
type Layouts struct {
	Game    *games.Game
	tmpl    *template.Template
	palette map[string]string
	art     map[string]artFile
	files   map[string]string // layout file name → where it was read from, for messages
}

// Pack is a pack folder whose layouts/ and art/ folders take part in a
// drawing: FS is the folder, Dir how it is shown in messages.
type Pack struct {
	FS  fs.FS
	Dir string
}

// LayoutSuffix ends every layout file name.
const LayoutSuffix = ".svg.tmpl"

// Load reads a game's layouts: the embedded ones, then each pack's
// layouts/ folder in order (a file replaces the one of the same name; a
// palette.txt entry replaces the colour of the same name), and the pictures
// of each pack's art/ folder.
func Load(g *games.Game, packs ...Pack) (*Layouts, error) {
	if g.Render == nil || g.Render.Layouts == nil {
		return nil, fmt.Errorf("%s draws nothing in this build", g.ID)
	}
	l := &Layouts{Game: g, palette: map[string]string{}, art: map[string]artFile{}, files: map[string]string{}}
	texts := map[string]string{}
	if err := l.readLayouts(g.Render.Layouts, "content/"+folder(g.ID)+"/layouts", texts); err != nil {
		return nil, err
	}
	for _, p := range packs {
		sub, err := fs.Sub(p.FS, "layouts")
		if err == nil {
			if err := l.readLayouts(sub, path.Join(p.Dir, "layouts"), texts); err != nil {
				return nil, err
			}
		}
		if err := l.readArt(p); err != nil {
			return nil, err
		}
	}
	t := template.New("").Funcs(l.funcs())
	names := make([]string, 0, len(texts))
	for n := range texts {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		if _, err := t.New(n).Parse(texts[n]); err != nil {
			return nil, l.wrapErr(err)
		}
	}
	l.tmpl = t
	return l, nil
}

// folder is a game's Go folder name: the id without hyphens.
func folder(id string) string { return strings.ReplaceAll(id, "-", "") }

func (l *Layouts) readLayouts(fsys fs.FS, display string, texts map[string]string) error {
	entries, err := fs.ReadDir(fsys, ".")
	if err != nil {
		if errorsIsNotExist(err) {
			return nil
		}
		return fmt.Errorf("%s: %v", display, err)
	}
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() {
			continue
		}
		switch {
		case strings.HasSuffix(name, LayoutSuffix):
			b, err := fs.ReadFile(fsys, name)
			if err != nil {
				return fmt.Errorf("%s: %v", path.Join(display, name), err)
			}
			texts[name] = string(b)
			l.files[name] = path.Join(display, name)
		case name == "palette.txt":
			b, err := fs.ReadFile(fsys, name)
			if err != nil {
				return fmt.Errorf("%s: %v", path.Join(display, name), err)
			}
			if err := readPalette(path.Join(display, name), b, l.palette); err != nil {
				return err
			}
		}
	}
	return nil
}

// readPalette reads "name value" lines into p; "#" starts a comment line.
func readPalette(file string, b []byte, p map[string]string) error {
	for i, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, value, ok := strings.Cut(line, " ")
		value = strings.TrimSpace(value)
		if !ok || value == "" {
			return fmt.Errorf("%s:%d: want a name and a value (%q)", file, i+1, line)
		}
		p[name] = value
	}
	return nil
}

// wrapErr names the layout file an error of html/template comes from.
func (l *Layouts) wrapErr(err error) error {
	msg := err.Error()
	for name, file := range l.files {
		msg = strings.ReplaceAll(msg, "template: "+name+":", file+":")
		msg = strings.ReplaceAll(msg, "template: "+name, file)
	}
	msg = strings.TrimPrefix(msg, "html/template:")
	return fmt.Errorf("%s", strings.TrimSpace(msg))
}

// Color is the palette's value of the first name it has; with none, a
// colour made from the first name, the same every time.
func (l *Layouts) Color(names ...string) string {
	for _, n := range names {
		if v, ok := l.palette[n]; ok {
			return v
		}
	}
	if len(names) == 0 {
		return "#888888"
	}
	h := fnv.New32a()
	h.Write([]byte(names[0]))
	return hsl(float64(h.Sum32()%360), 0.45, 0.55)
}

// Draw writes the SVG of one picture.
func (l *Layouts) Draw(p games.Picture) ([]byte, error) {
	name := p.Layout + LayoutSuffix
	if l.tmpl.Lookup(name) == nil {
		return nil, fmt.Errorf("%s %s: no layout %s (layouts of %s: %s)", p.Kind, p.ID, name, l.Game.ID, strings.Join(l.Names(), ", "))
	}
	var b bytes.Buffer
	if err := l.tmpl.ExecuteTemplate(&b, name, p.Data); err != nil {
		return nil, fmt.Errorf("%s %s: %v", p.Kind, p.ID, l.wrapErr(err))
	}
	return b.Bytes(), nil
}

// Names lists the layout files.
func (l *Layouts) Names() []string {
	var out []string
	for _, t := range l.tmpl.Templates() {
		if strings.HasSuffix(t.Name(), LayoutSuffix) {
			out = append(out, t.Name())
		}
	}
	slices.Sort(out)
	return out
}

// Drawn is a picture and its SVG.
type Drawn struct {
	games.Picture
	Game string // the game's id
	SVG  []byte
}

// DrawAll draws pictures on every core; the result keeps their order. The
// first error (in picture order) is returned.
func (l *Layouts) DrawAll(pics []games.Picture) ([]Drawn, error) {
	out := make([]Drawn, len(pics))
	errs := make([]error, len(pics))
	var next sync.Mutex
	i := 0
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), max(len(pics), 1)) {
		wg.Go(func() {
			for {
				next.Lock()
				k := i
				i++
				next.Unlock()
				if k >= len(pics) {
					return
				}
				out[k] = Drawn{Picture: pics[k], Game: l.Game.ID}
				out[k].SVG, errs[k] = l.Draw(pics[k])
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// hsl is a colour as #rrggbb.
func hsl(h, s, l float64) string {
	c := (1 - abs(2*l-1)) * s
	x := c * (1 - abs(mod(h/60, 2)-1))
	m := l - c/2
	var r, g, b float64
	switch {
	case h < 60:
		r, g, b = c, x, 0
	case h < 120:
		r, g, b = x, c, 0
	case h < 180:
		r, g, b = 0, c, x
	case h < 240:
		r, g, b = 0, x, c
	case h < 300:
		r, g, b = x, 0, c
	default:
		r, g, b = c, 0, x
	}
	return fmt.Sprintf("#%02x%02x%02x", int((r+m)*255+0.5), int((g+m)*255+0.5), int((b+m)*255+0.5))
}

func abs(f float64) float64 {
	if f < 0 {
		return -f
	}
	return f
}

func mod(a, b float64) float64 { return a - b*float64(int(a/b)) }

// parseHex reads #rgb or #rrggbb.
func parseHex(s string) (r, g, b uint8, ok bool) {
	s = strings.TrimPrefix(s, "#")
	if len(s) == 3 {
		s = string([]byte{s[0], s[0], s[1], s[1], s[2], s[2]})
	}
	if len(s) != 6 {
		return 0, 0, 0, false
	}
	v, err := strconv.ParseUint(s, 16, 32)
	if err != nil {
		return 0, 0, 0, false
	}
	return uint8(v >> 16), uint8(v >> 8), uint8(v), true
}
