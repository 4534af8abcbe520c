// Package render draws a game's content: one SVG per card, board and tile
// through the game's layouts (templates kept as data beside its content),
// an index.html gallery of them, and print-and-play PDF sheets. It knows no
// game: each games/<game> package says what it draws (games.Render), and
// this package draws it for all of them alike.
package render

import (
	"errors"
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
	ttemplate "text/template"
	"text/template/parse"

	"github.com/roundtable-dev/roundtable/compiler/assets"
	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/compiler/regular"
	"github.com/roundtable-dev/roundtable/games"
)

// Layouts are one game's layouts and colours, with the overrides of the
// packs being drawn, ready to draw pictures. Draw is safe for concurrent
// use: each drawing takes an executor of its own (a parse of the layouts
// whose functions count into its budget, budget.go).
type Layouts struct {
	Game *games.Game
	// Limits bound each drawing (DefaultLimits); set them before drawing.
	Limits Limits
	// Skipped are the art files that could not be read (not a regular
	// file, too large): their entities get the placeholder.
	Skipped []string

	texts   map[string]string // layout file name → its text
	palette map[string]string
	art     map[string]artFile
	files   map[string]string // layout file name → where it was read from, for messages
	names   []string          // the layout files' templates, sorted

	pool  chan *executor // executors not drawing
	mu    sync.Mutex
	execs int // executors made
}

// executor is one parse of the layouts and the budget its functions count
// into; it draws one picture at a time.
type executor struct {
	tmpl *template.Template
	b    *budget
}

// Pack is a pack folder whose layouts/ and art/ folders take part in a
// drawing: FS is the folder, Dir how it is shown in messages.
type Pack struct {
	FS  fs.FS
	Dir string
}

// LayoutSuffix ends every layout file name.
const LayoutSuffix = assets.LayoutSuffix

// Load reads a game's layouts: the embedded ones, then each pack's
// layouts/ folder in order (a file replaces the one of the same name; a
// palette.txt entry replaces the colour of the same name), and the pictures
// of each pack's art/ folder. Every file is read as a regular file under
// its limit (compiler/assets); an art file that cannot be is Skipped.
func Load(g *games.Game, packs ...Pack) (*Layouts, error) {
	if g.Render == nil || g.Render.Layouts == nil {
		return nil, fmt.Errorf("%s draws nothing in this build", g.ID)
	}
	l := &Layouts{Game: g, Limits: DefaultLimits, texts: map[string]string{}, palette: map[string]string{}, art: map[string]artFile{}, files: map[string]string{}}
	if err := l.readLayouts(g.Render.Layouts, ".", "content/"+folder(g.ID)+"/layouts"); err != nil {
		return nil, err
	}
	for _, p := range packs {
		if err := l.readLayouts(p.FS, "layouts", path.Join(p.Dir, "layouts")); err != nil {
			return nil, err
		}
		l.readArt(p)
	}
	e, err := l.newExecutor()
	if err != nil {
		return nil, err
	}
	for _, t := range e.tmpl.Templates() {
		if strings.HasSuffix(t.Name(), LayoutSuffix) {
			l.names = append(l.names, t.Name())
		}
	}
	slices.Sort(l.names)
	l.pool = make(chan *executor, max(runtime.GOMAXPROCS(0), 1))
	l.execs = 1
	l.pool <- e
	return l, nil
}

// newExecutor parses the layouts with functions that count into a budget
// of its own, and instruments the parse trees (budget.go).
func (l *Layouts) newExecutor() (*executor, error) {
	e := &executor{b: &budget{}}
	t := template.New("").Funcs(l.funcs(e.b))
	names := make([]string, 0, len(l.texts))
	for n := range l.texts {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		if _, err := t.New(n).Parse(l.texts[n]); err != nil {
			return nil, l.wrapErr(err)
		}
	}
	mark := func(fn, file string, line int) parse.Node {
		e.b.locs = append(e.b.locs, loc{file, line})
		return newMark(fn, len(e.b.locs)-1)
	}
	for _, tt := range t.Templates() {
		if tt.Tree != nil {
			instrument(tt.Tree, mark)
		}
	}
	e.tmpl = t
	return e, nil
}

// get takes an executor: an idle one, a new one while there are fewer
// than the pool holds, else the next one put back.
func (l *Layouts) get() *executor {
	select {
	case e := <-l.pool:
		return e
	default:
	}
	l.mu.Lock()
	if l.execs < cap(l.pool) {
		l.execs++
		l.mu.Unlock()
		if e, err := l.newExecutor(); err == nil {
			return e
		}
		// The texts parsed in Load; they cannot fail now.
		l.mu.Lock()
		l.execs--
	}
	l.mu.Unlock()
	return <-l.pool
}

func (l *Layouts) put(e *executor) { l.pool <- e }

// folder is a game's Go folder name: the id without hyphens.
func folder(id string) string { return strings.ReplaceAll(id, "-", "") }

// readLayouts reads the layout files and palette.txt in the folder dir of
// fsys, shown as display.
func (l *Layouts) readLayouts(fsys fs.FS, dir, display string) error {
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		if errorsIsNotExist(err) {
			return nil
		}
		return fmt.Errorf("%s: %v", display, err)
	}
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || (!strings.HasSuffix(name, LayoutSuffix) && name != "palette.txt") {
			continue
		}
		limit := int64(assets.MaxLayout)
		if name == "palette.txt" {
			limit = assets.MaxPalette
		}
		b, err := regular.ReadFS(fsys, path.Join(dir, name), limit)
		if err != nil {
			return fmt.Errorf("%s: %s", path.Join(display, name), assets.Explain("layouts/"+name, err))
		}
		if name == "palette.txt" {
			if err := readPalette(path.Join(display, name), b, l.palette); err != nil {
				return err
			}
			continue
		}
		l.texts[name] = string(b)
		l.files[name] = path.Join(display, name)
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

// Draw writes the SVG of one picture. A drawing stopped at a limit is an
// error that holds an *Overrun whose File is where the layout was read
// from (pack/layouts/unit.svg.tmpl).
func (l *Layouts) Draw(p games.Picture) ([]byte, error) {
	name := p.Layout + LayoutSuffix
	e := l.get()
	defer l.put(e)
	if e.tmpl.Lookup(name) == nil {
		return nil, fmt.Errorf("%s %s: no layout %s (layouts of %s: %s)", p.Kind, p.ID, name, l.Game.ID, strings.Join(l.Names(), ", "))
	}
	e.b.reset(l.Limits)
	w := &capWriter{b: e.b}
	if err := e.tmpl.ExecuteTemplate(w, name, p.Data); err != nil {
		var ov *Overrun
		if errors.As(err, &ov) {
			o := *ov
			var ee ttemplate.ExecError
			if !o.atMark && errors.As(err, &ee) {
				// A function stopped it: text/template's error names the
				// action ("template: unit.svg.tmpl:3:5: executing ...").
				if file, line, ok := l.execAt(ee.Err.Error()); ok {
					o.File, o.Line = file, line
				}
			}
			if f, ok := l.files[o.File]; ok {
				o.File = f
			}
			return nil, fmt.Errorf("%s %s: %w", p.Kind, p.ID, &o)
		}
		return nil, fmt.Errorf("%s %s: %v", p.Kind, p.ID, l.wrapErr(err))
	}
	return w.buf.Bytes(), nil
}

// execAt reads the layout file and line an error of text/template starts
// with: "template: NAME:LINE:COL: executing ...".
func (l *Layouts) execAt(msg string) (string, int, bool) {
	for name := range l.files {
		rest, ok := strings.CutPrefix(msg, "template: "+name+":")
		if !ok {
			continue
		}
		digits, _, ok := strings.Cut(rest, ":")
		if line, err := strconv.Atoi(digits); ok && err == nil {
			return name, line, true
		}
	}
	return "", 0, false
}

// Names lists the layout files.
func (l *Layouts) Names() []string { return slices.Clone(l.names) }

// Source is the text of a layout file by where it was read from, for
// printing a diagnostic's line; nil for any other file.
func (l *Layouts) Source(file string) []byte {
	for name, f := range l.files {
		if f == file {
			return []byte(l.texts[name])
		}
	}
	return nil
}

// Drawn is a picture and its SVG.
type Drawn struct {
	games.Picture
	Game string // the game's id
	SVG  []byte
}

// DrawAll draws pictures on every core; the result keeps their order. A
// picture stopped at a limit is left out and reported: one layout-budget
// diagnostic per layout line and limit, naming the first picture (in
// order) and how many more it stopped. Any other error is returned, the
// first in picture order, and nothing is drawn.
func (l *Layouts) DrawAll(pics []games.Picture) ([]Drawn, diag.List, error) {
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
	type at struct {
		file string
		line int
		what string
	}
	first := map[at]int{} // → the first picture stopped there
	more := map[at]int{}
	var order []at
	drawn := out[:0]
	for k, err := range errs {
		var ov *Overrun
		switch {
		case err == nil:
			drawn = append(drawn, out[k])
		case errors.As(err, &ov):
			a := at{ov.File, ov.Line, ov.What}
			if _, seen := first[a]; seen {
				more[a]++
				continue
			}
			first[a] = k
			order = append(order, a)
		default:
			return nil, nil, err
		}
	}
	var diags diag.List
	for _, a := range order {
		p := pics[first[a]]
		which := p.Kind + " " + p.ID
		if n := more[a]; n > 0 {
			which += fmt.Sprintf(" (and %s)", diag.Plural(n, "more picture"))
		}
		diags.Add(diag.CodeLayoutBudget, diag.Pos{File: a.file, Line: a.line}, "%s not drawn: %s", which, a.what).Hint = budgetHint
	}
	return drawn, diags, nil
}

// budgetHint is what to do about a layout-budget diagnostic.
const budgetHint = "a layout draws one picture: loop over the entity's own lists, not over huge numbers, and call no block from itself (docs/render.md, Limits)"

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
