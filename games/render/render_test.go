package render_test

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/games"
	_ "github.com/roundtable-dev/roundtable/games/all"
	"github.com/roundtable-dev/roundtable/games/render"
)

// baseBooks draws every game's base content, as `roundtable render` with
// no folder does.
func baseBooks(t testing.TB) []render.Book {
	t.Helper()
	var results []*compiler.Result
	for _, cg := range compiler.Games() {
		p, ds := compiler.BasePack(cg)
		if ds.Errors() > 0 {
			t.Fatalf("%s base pack: %v", cg.ID, ds)
		}
		res, ds := compiler.Compile([]*compiler.Pack{p})
		if ds.Errors() > 0 {
			t.Fatalf("%s: %v", cg.ID, ds)
		}
		results = append(results, res)
	}
	books, budget, err := render.DrawResults(results, nil)
	if err != nil || len(budget) > 0 {
		t.Fatal(err, budget)
	}
	if len(books) != 5 {
		t.Fatalf("%d games drawn, want 5", len(books))
	}
	return books
}

// TestEveryEntityIsDrawn: each valid entity of every kind a game draws has
// a picture, and no picture names an entity the content lacks.
func TestEveryEntityIsDrawn(t *testing.T) {
	for _, cg := range compiler.Games() {
		g, _ := games.Lookup(cg.ID)
		if g.Render == nil {
			t.Errorf("%s draws nothing", cg.ID)
			continue
		}
		p, _ := compiler.BasePack(cg)
		res, _ := compiler.Compile([]*compiler.Pack{p})
		want := map[[2]string]bool{}
		for key := range render.Owners(res) {
			if slices.Contains(g.Render.Kinds, key[0]) {
				want[key] = true
			}
		}
		got := map[[2]string]bool{}
		for _, pic := range g.Render.Pictures(res.Ruleset) {
			key := [2]string{pic.Kind, pic.ID}
			if !want[key] {
				t.Errorf("%s: picture %s names no entity of a drawn kind", cg.ID, pic.File())
			}
			got[key] = true
		}
		for key := range want {
			if !got[key] {
				t.Errorf("%s: %s %s has no picture", cg.ID, key[0], key[1])
			}
		}
		if len(want) < 5 {
			t.Errorf("%s: only %d entities to draw", cg.ID, len(want))
		}
	}
}

// svgElem is an element of a drawn picture, with its place in the tree.
type svgElem struct {
	name  string
	attrs map[string]string
	text  string
	kids  []*svgElem
}

func parse(t *testing.T, file string, b []byte) *svgElem {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(b))
	var stack []*svgElem
	var root *svgElem
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("%s is not well-formed XML: %v", file, err)
		}
		switch tk := tok.(type) {
		case xml.StartElement:
			e := &svgElem{name: tk.Name.Local, attrs: map[string]string{}}
			for _, a := range tk.Attr {
				e.attrs[a.Name.Local] = a.Value
			}
			if len(stack) > 0 {
				stack[len(stack)-1].kids = append(stack[len(stack)-1].kids, e)
			} else if root != nil {
				t.Fatalf("%s has two root elements", file)
			} else {
				root = e
			}
			stack = append(stack, e)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) > 0 {
				stack[len(stack)-1].text += string(tk)
			}
		}
	}
	if root == nil || root.name != "svg" {
		t.Fatalf("%s: the root is not <svg>", file)
	}
	return root
}

func nums(t *testing.T, s string) []float64 {
	t.Helper()
	var out []float64
	for _, f := range strings.Fields(strings.ReplaceAll(s, ",", " ")) {
		v, err := strconv.ParseFloat(f, 64)
		if err != nil {
			t.Fatalf("%q is not a number", f)
		}
		out = append(out, v)
	}
	return out
}

var translate = regexp.MustCompile(`^translate\(([-\d.]+)[ ,]+([-\d.]+)\)$`)

// TestPicturesAreWellFormed: every base picture is one well-formed SVG
// document with a size in millimetres and a viewBox, uses only what the
// print sheets draw (WritePDF skips nothing), and every text block stays
// inside its box, and its box inside the picture, at a size that fits
// (nothing cut with an ellipsis).
func TestPicturesAreWellFormed(t *testing.T) {
	books := baseBooks(t)
	texts := 0
	for _, b := range books {
		for _, d := range b.Drawn {
			texts += checkPicture(t, b.Game.ID+"/"+d.File()+".svg", d.SVG)
		}
	}
	if texts < 1000 {
		t.Errorf("only %d text blocks checked", texts)
	}
	var drawn []render.Drawn
	for _, b := range books {
		drawn = append(drawn, b.Drawn...)
	}
	sheets, err := render.WritePDF(io.Discard, drawn, render.DefaultSheets)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range sheets.Skipped {
		t.Errorf("not printed: %s", s)
	}
}

// checkPicture holds one picture to what TestPicturesAreWellFormed says and
// answers how many text blocks it checked.
func checkPicture(t *testing.T, file string, svg []byte) (texts int) {
	t.Helper()
	root := parse(t, file, svg)
	if !strings.HasSuffix(root.attrs["width"], "mm") || !strings.HasSuffix(root.attrs["height"], "mm") {
		t.Errorf("%s: size %q x %q is not in mm", file, root.attrs["width"], root.attrs["height"])
	}
	vb := nums(t, root.attrs["viewBox"])
	if len(vb) != 4 {
		t.Fatalf("%s: viewBox %q", file, root.attrs["viewBox"])
	}
	var walk func(e *svgElem, dx, dy float64)
	walk = func(e *svgElem, dx, dy float64) {
		if tr := e.attrs["transform"]; tr != "" {
			m := translate.FindStringSubmatch(tr)
			if m == nil {
				t.Errorf("%s: transform %q (the layouts only translate)", file, tr)
				return
			}
			x, _ := strconv.ParseFloat(m[1], 64)
			y, _ := strconv.ParseFloat(m[2], 64)
			dx, dy = dx+x, dy+y
		}
		if e.name == "text" && e.attrs["data-box"] != "" {
			texts++
			checkText(t, file, e, dx, dy, vb)
		}
		for _, k := range e.kids {
			walk(k, dx, dy)
		}
	}
	walk(root, 0, 0)
	return texts
}

// checkText holds one text block to its box: every line no wider than the
// box (by the metrics the sheets print with), the first line's top and the
// last line's descenders inside it, and the box inside the picture.
func checkText(t *testing.T, file string, e *svgElem, dx, dy float64, vb []float64) {
	t.Helper()
	box := nums(t, e.attrs["data-box"])
	x, y, w, h := box[0], box[1], box[2], box[3]
	if e.attrs["data-fit"] == "cut" {
		t.Errorf("%s: a text in box %v is cut: %q", file, box, e.kids[len(e.kids)-1].text)
	}
	size, _ := strconv.ParseFloat(e.attrs["font-size"], 64)
	bold := e.attrs["font-weight"] == "bold"
	const eps = 0.02
	for i, k := range e.kids {
		line := k.text
		lw := render.Width(line, size, bold)
		if lw > w+eps {
			t.Errorf("%s: line %q is %.2f wide in a box %.2f wide", file, line, lw, w)
		}
		base := nums(t, k.attrs["y"])[0]
		if i == 0 && base-0.92*size < y-eps {
			t.Errorf("%s: line %q starts above its box (%v)", file, line, box)
		}
		if i == len(e.kids)-1 && base+0.22*size > y+h+eps {
			t.Errorf("%s: line %q ends below its box (%v)", file, line, box)
		}
		lx := nums(t, k.attrs["x"])[0]
		left := map[string]float64{"": lx, "middle": lx - lw/2, "end": lx - lw}[e.attrs["text-anchor"]]
		if left < x-eps || left+lw > x+w+eps {
			t.Errorf("%s: line %q runs out of its box sideways", file, line)
		}
	}
	if x+dx < vb[0]-eps || y+dy < vb[1]-eps || x+dx+w > vb[0]+vb[2]+eps || y+dy+h > vb[1]+vb[3]+eps {
		t.Errorf("%s: text box %v (moved by %g, %g) leaves the picture %v", file, box, dx, dy, vb)
	}
}

// TestDrawingIsDeterministic: the same content gives the same bytes, SVG
// and PDF, whatever the order the cores finish in.
func TestDrawingIsDeterministic(t *testing.T) {
	a, b := baseBooks(t), baseBooks(t)
	var da, db []render.Drawn
	for i := range a {
		for j := range a[i].Drawn {
			if !bytes.Equal(a[i].Drawn[j].SVG, b[i].Drawn[j].SVG) {
				t.Fatalf("%s differs between two runs", a[i].Drawn[j].File())
			}
		}
		da, db = append(da, a[i].Drawn...), append(db, b[i].Drawn...)
	}
	var pa, pb bytes.Buffer
	if _, err := render.WritePDF(&pa, da, render.DefaultSheets); err != nil {
		t.Fatal(err)
	}
	if _, err := render.WritePDF(&pb, db, render.DefaultSheets); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(pa.Bytes(), pb.Bytes()) {
		t.Fatal("the PDF differs between two runs")
	}
}

func annasGame(t *testing.T) *games.Game {
	g, ok := games.Lookup("annas")
	if !ok {
		t.Fatal("annas is not registered")
	}
	return g
}

func unitPicture(t *testing.T, g *games.Game, id string) games.Picture {
	for _, p := range g.Render.Pictures(g.Base()) {
		if p.Kind == "unit" && p.ID == id {
			return p
		}
	}
	t.Fatalf("no picture of unit %s", id)
	return games.Picture{}
}

// TestTextWrapsAndShrinks: text breaks at spaces into lines no wider than
// the box, shrinks until the lines fit its height, and only what cannot
// fit at the smallest size is cut, with an ellipsis.
func TestTextWrapsAndShrinks(t *testing.T) {
	g := annasGame(t)
	pack := fstest.MapFS{"layouts/unit.svg.tmpl": {Data: []byte(`<svg xmlns="http://www.w3.org/2000/svg" width="63mm" height="88mm" viewBox="0 0 630 880">` +
		`{{text 0 0 100 100 20 "one two three four"}}` +
		`{{text 0 0 100 30 20 "one two three four five six"}}` +
		`{{text 0 0 100 12 20 "one two three four five six seven eight nine ten eleven twelve"}}</svg>`)}}
	l, err := render.Load(g, render.Pack{FS: pack, Dir: "pack"})
	if err != nil {
		t.Fatal(err)
	}
	svg, err := l.Draw(unitPicture(t, g, "chrom"))
	if err != nil {
		t.Fatal(err)
	}
	// Helvetica's widths in thousandths of an em: o n e h u 556, t f 278,
	// w 722, r 333, i 222, v s x 500, space 278. "one two three" is 6059:
	// 121.18 at 20, too wide for 100; at 12.8 it is 77.56 and two lines
	// take 12.8*1.2 + 12.8*1.14 = 29.95 of the 30.
	want := `<text font-size="20" data-box="0 0 100 100"><tspan x="0" y="18.4">one two</tspan><tspan x="0" y="42.4">three four</tspan></text>` +
		`<text font-size="12.8" data-box="0 0 100 30"><tspan x="0" y="11.78">one two three</tspan><tspan x="0" y="27.14">four five six</tspan></text>` +
		`<text font-size="10" data-box="0 0 100 12" data-fit="cut"><tspan x="0" y="9.2">one two three four fi…</tspan></text>`
	if !strings.Contains(string(svg), want) {
		t.Errorf("got\n%s\nwant it to hold\n%s", svg, want)
	}
	if w := render.Width("one two three", 20, false); math.Abs(w-121.18) > 1e-9 {
		t.Errorf("Width(%q, 20) = %g, want 121.18", "one two three", w)
	}
	if w := render.Width("one", 10, true); math.Abs(w-17.78) > 1e-9 { // bold o n 611, e 556
		t.Errorf("Width(%q, 10, bold) = %g, want 17.78", "one", w)
	}
}

// TestPackLayoutsOverride: a pack's layouts/ folder replaces a layout by
// file name and a colour of palette.txt by name; the rest stay the game's.
func TestPackLayoutsOverride(t *testing.T) {
	g := annasGame(t)
	base, err := render.Load(g)
	if err != nil {
		t.Fatal(err)
	}
	pack := fstest.MapFS{
		"layouts/palette.txt":   {Data: []byte("# ours\nred #ff0000\n")},
		"layouts/boss.svg.tmpl": {Data: []byte(`<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="10mm" viewBox="0 0 10 10"><rect width="10" height="10" fill="{{color "red"}}"/><title>{{.Name}} restyled</title></svg>`)},
	}
	l, err := render.Load(g, render.Pack{FS: pack, Dir: "valm"})
	if err != nil {
		t.Fatal(err)
	}
	chrom := unitPicture(t, g, "chrom") // a red unit
	b1, _ := base.Draw(chrom)
	b2, _ := l.Draw(chrom)
	if !strings.Contains(string(b1), `fill="#b83227"`) || !strings.Contains(string(b2), `fill="#ff0000"`) || strings.Contains(string(b2), "#b83227") {
		t.Errorf("the palette's red is not replaced:\n%s", b2)
	}
	for _, p := range g.Render.Pictures(g.Base()) {
		if p.Kind == "boss" && p.ID == "grima" {
			got, err := l.Draw(p)
			if err != nil {
				t.Fatal(err)
			}
			want := `<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="10mm" viewBox="0 0 10 10"><rect width="10" height="10" fill="#ff0000"/><title>Grima restyled</title></svg>`
			if string(got) != want {
				t.Errorf("boss layout not replaced:\n%s", got)
			}
		}
	}
	if l.Color("terrain-forest") != base.Color("terrain-forest") {
		t.Error("a colour the pack does not set changed")
	}
}

// TestLayoutErrorsNameTheFile: a broken layout is reported at its file and
// line; a layout calling text wrongly names the function.
func TestLayoutErrorsNameTheFile(t *testing.T) {
	g := annasGame(t)
	_, err := render.Load(g, render.Pack{FS: fstest.MapFS{"layouts/unit.svg.tmpl": {Data: []byte("<svg>\n{{if .Name}\n</svg>")}}, Dir: "valm"})
	if err == nil || !strings.HasPrefix(err.Error(), "valm/layouts/unit.svg.tmpl:2:") {
		t.Errorf("got %v, want an error at valm/layouts/unit.svg.tmpl:2", err)
	}
	l, err := render.Load(g, render.Pack{FS: fstest.MapFS{"layouts/unit.svg.tmpl": {Data: []byte("<svg>\n{{text 0 0 10 10 5 .Name \"sideways\"}}</svg>")}}, Dir: "valm"})
	if err != nil {
		t.Fatal(err)
	}
	_, err = l.Draw(unitPicture(t, g, "chrom"))
	if err == nil || !strings.Contains(err.Error(), "valm/layouts/unit.svg.tmpl:2") || !strings.Contains(err.Error(), `unknown option "sideways"`) {
		t.Errorf("got %v", err)
	}
	palette := fstest.MapFS{"layouts/palette.txt": {Data: []byte("red\n")}}
	if _, err := render.Load(g, render.Pack{FS: palette, Dir: "valm"}); err == nil || err.Error() != `valm/layouts/palette.txt:1: want a name and a value ("red")` {
		t.Errorf("got %v", err)
	}
}

func tinyPNG(t *testing.T) []byte {
	img := image.NewRGBA(image.Rect(0, 0, 4, 3))
	for x := range 4 {
		for y := range 3 {
			img.Set(x, y, color.RGBA{200, uint8(40 * x), uint8(60 * y), 255})
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestArtFromPackOrPlaceholder: art/ID.png of a pack is embedded in the
// picture and printed on the sheets; without it, a placeholder with the
// name's initials.
func TestArtFromPackOrPlaceholder(t *testing.T) {
	g := annasGame(t)
	l, err := render.Load(g, render.Pack{FS: fstest.MapFS{"art/chrom.png": {Data: tinyPNG(t)}}, Dir: "valm"})
	if err != nil {
		t.Fatal(err)
	}
	chrom, _ := l.Draw(unitPicture(t, g, "chrom"))
	robin, _ := l.Draw(unitPicture(t, g, "robin"))
	if !strings.Contains(string(chrom), `data-art="chrom.png"`) || !strings.Contains(string(chrom), `href="data:image/png;base64,`) {
		t.Errorf("chrom's art is not drawn")
	}
	if !strings.Contains(string(robin), `<g data-art="placeholder">`) || !strings.Contains(string(robin), `>R</text></g>`) {
		t.Errorf("robin has no placeholder with its initial")
	}
	d := []render.Drawn{{Picture: unitPicture(t, g, "chrom"), Game: "annas", SVG: chrom}}
	var buf bytes.Buffer
	sheets, err := render.WritePDF(&buf, d, render.DefaultSheets)
	if err != nil || len(sheets.Skipped) > 0 {
		t.Fatalf("%v %v", err, sheets.Skipped)
	}
	if !bytes.Contains(buf.Bytes(), []byte("/Subtype /Image")) {
		t.Error("the art is not in the PDF")
	}
}

// TestSheetsPageCountAndSize asks pdfinfo (poppler-utils) how many pages
// the base content's sheets have and how large they are: nine cards a page
// and one page per board, on A4 and on Letter.
func TestSheetsPageCountAndSize(t *testing.T) {
	if _, err := exec.LookPath("pdfinfo"); err != nil {
		why := "pdfinfo is not installed (Debian: apt-get install poppler-utils; .ci/run installs it)"
		if os.Getenv("CI") != "" {
			t.Fatal(why + "; CI is set, so the page count and size must be read")
		}
		t.Skip(why)
	}
	var drawn []render.Drawn
	for _, b := range baseBooks(t) {
		drawn = append(drawn, b.Drawn...)
	}
	cards, boards := 0, 0
	for _, d := range drawn {
		if d.Board {
			boards++
		} else {
			cards++
		}
	}
	// Anna's, Cipher's, Table Battles' and Battlecrest's cards; the
	// boards are every map, boss tile, scenario, map set, Tropera sheet
	// and battle.
	if cards != 227 || boards != 50 {
		t.Fatalf("%d cards and %d boards, want 227 and 50", cards, boards)
	}
	for _, c := range []struct {
		paper string
		size  string
	}{{"a4", "595.28 x 841.89 pts (A4)"}, {"letter", "612 x 792 pts (letter)"}} {
		o := render.DefaultSheets
		for _, p := range render.Papers {
			if p.Name == c.paper {
				o.Paper = p
			}
		}
		var buf bytes.Buffer
		sheets, err := render.WritePDF(&buf, drawn, o)
		if err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command("pdfinfo", "-")
		cmd.Stdin = &buf
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("pdfinfo: %v", err)
		}
		const want = 26 + 50 // 227 cards nine a page, then a page per board
		if sheets.Pages != want || !strings.Contains(string(out), fmt.Sprintf("Pages:           %d\n", want)) {
			t.Errorf("%s: %d pages (pdfinfo:\n%s), want %d: %d cards nine a page and %d boards", c.paper, sheets.Pages, out, want, cards, boards)
		}
		if !strings.Contains(string(out), "Page size:       "+c.size) {
			t.Errorf("%s: pdfinfo says\n%s\nwant page size %s", c.paper, out, c.size)
		}
	}
}

// TestPositionsAreWellFormed: every game draws the positions of each of its
// modes on its board (games.Render.Position), and every position of a
// seeded match, from the set-up to the end, is a picture that holds to what
// TestPicturesAreWellFormed asks of the pictures of content.
func TestPositionsAreWellFormed(t *testing.T) {
	// Flags a mode needs that have no default.
	need := map[string]map[string][]string{"annas/boss": {"boss": {"grima"}}}
	modes := 0
	for _, g := range games.All() {
		if len(g.Modes) == 0 {
			continue
		}
		if g.Render == nil || g.Render.Position == nil {
			t.Errorf("%s does not draw its positions", g.ID)
			continue
		}
		l, err := render.Load(g)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range g.Modes {
			modes++
			t.Run(g.ID+"/"+m.Name, func(t *testing.T) {
				o := play.Options{Seed: 5, Flags: map[string][]string{}}
				for _, f := range m.Flags {
					if v := need[g.ID+"/"+m.Name][f.Name]; v != nil {
						o.Flags[f.Name] = v
					} else if f.Default != "" && f.Kind != play.Strings {
						o.Flags[f.Name] = []string{f.Default}
					}
				}
				match, err := m.New(g.Base(), o)
				if err != nil {
					t.Fatal(err)
				}
				mk := m.Policies[m.DefaultPolicy]
				if mk == nil {
					mk = play.NewRandom
				}
				pols := make([]play.Policy, len(match.Seats()))
				for i := range pols {
					pols[i] = mk(5, i)
				}
				r := play.NewRunner(match, nil)
				texts, last := 0, ""
				for step := 0; ; step++ {
					state, err := json.Marshal(match.Position())
					if err != nil {
						t.Fatal(err)
					}
					pic, err := g.Render.Position(g.Base(), m.Name, state)
					if err != nil {
						t.Fatalf("step %d: %v", step, err)
					}
					if !pic.Board {
						t.Errorf("step %d: a position is not a board", step)
					}
					svg, err := l.Draw(pic)
					if err != nil {
						t.Fatalf("step %d: %v", step, err)
					}
					texts += checkPicture(t, fmt.Sprintf("%s/%s step %d", g.ID, m.Name, step), svg)
					if t.Failed() {
						t.Fatalf("step %d: %s", step, svg)
					}
					last = string(svg)
					if match.Over() || step >= 5000 {
						break
					}
					if err := r.Do(pols[match.ToMove()].Choose(match)); err != nil {
						t.Fatal(err)
					}
				}
				if !match.Over() {
					t.Fatal("the match did not end")
				}
				if texts == 0 || !strings.Contains(last, "<svg") {
					t.Errorf("%d text blocks checked", texts)
				}
			})
		}
	}
	if modes < 7 {
		t.Errorf("%d modes, want the 7 of the five games", modes)
	}
}
