package render

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"time"

	"codeberg.org/go-pdf/fpdf"
	"golang.org/x/image/colornames"
)

// Print-and-play sheets are written with go-pdf/fpdf (codeberg.org/go-pdf/fpdf,
// the maintained continuation of jung-kurt/gofpdf): pages, paths, text in
// the core Helvetica font, images, transparency and compression are the
// library's; this file only walks each picture's SVG and calls it.

// Paper is a sheet size in millimetres.
type Paper struct {
	Name string
	W, H float64
}

// Papers are the sheet sizes --paper takes.
var Papers = []Paper{{"a4", 210, 297}, {"letter", 215.9, 279.4}}

// SheetOptions say how cards are laid out.
type SheetOptions struct {
	Paper        Paper
	CardW, CardH float64 // millimetres; 63 x 88 (poker) by default
}

// DefaultSheets are A4 with poker-size cards.
var DefaultSheets = SheetOptions{Paper: Papers[0], CardW: 63, CardH: 88}

const (
	minMargin = 5.0 // mm left free around a page's card grid
	markLen   = 5.0 // mm of a crop mark
	markGap   = 1.0 // mm between a crop mark and the card
)

// Grid is how many cards a page holds.
func (o SheetOptions) Grid() (cols, rows int) {
	cols = int((o.Paper.W - 2*minMargin) / o.CardW)
	rows = int((o.Paper.H - 2*minMargin) / o.CardH)
	return cols, rows
}

// Sheets is the result of WritePDF: pages written and what the sheets
// could not draw.
type Sheets struct {
	Pages, CardPages, BoardPages int
	// Skipped lists SVG elements and attributes not drawn, with the
	// pictures that use them.
	Skipped []string
}

// WritePDF lays the pictures out for printing: cards at real size, as many
// per page as fit (9 poker cards on A4 or Letter) with crop marks, then
// each board on a page of its own, turned to fit. The same pictures give
// the same bytes.
func WritePDF(w io.Writer, drawn []Drawn, o SheetOptions) (Sheets, error) {
	var res Sheets
	cols, rows := o.Grid()
	if cols < 1 || rows < 1 {
		return res, fmt.Errorf("a %gx%g mm card does not fit on %s paper", o.CardW, o.CardH, o.Paper.Name)
	}
	pdf := fpdf.NewCustom(&fpdf.InitType{UnitStr: "mm", Size: fpdf.SizeType{Wd: o.Paper.W, Ht: o.Paper.H}})
	pdf.SetAutoPageBreak(false, 0)
	pdf.SetMargins(0, 0, 0)
	pdf.SetCompression(true)
	pdf.SetCatalogSort(true)
	fixed := time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)
	pdf.SetCreationDate(fixed)
	pdf.SetModificationDate(fixed)
	pdf.SetCreator("roundtable render", false)
	// fpdf prints line ends with two decimals and curve ends with five: a
	// closed path's last join can be a hair long, which a miter join turns
	// into a spike. Round joins hide it.
	pdf.SetLineJoinStyle("round")
	d := &drawer{pdf: pdf, tr: pdf.UnicodeTranslatorFromDescriptor(""), skipped: map[string][]string{}}

	var cards, boards []Drawn
	for _, p := range drawn {
		if p.Board {
			boards = append(boards, p)
		} else {
			cards = append(cards, p)
		}
	}
	per := cols * rows
	gw, gh := float64(cols)*o.CardW, float64(rows)*o.CardH
	x0, y0 := (o.Paper.W-gw)/2, (o.Paper.H-gh)/2
	for i, c := range cards {
		k := i % per
		if k == 0 {
			pdf.AddPageFormat("P", fpdf.SizeType{Wd: o.Paper.W, Ht: o.Paper.H})
			res.CardPages++
			cropMarks(pdf, x0, y0, cols, rows, o)
		}
		x := x0 + float64(k%cols)*o.CardW
		y := y0 + float64(k/cols)*o.CardH
		if err := d.place(c, x, y, o.CardW, o.CardH); err != nil {
			return res, err
		}
	}
	for _, b := range boards {
		root, err := parseSVG(b.SVG)
		if err != nil {
			return res, fmt.Errorf("%s: %v", b.File(), err)
		}
		w, h, _, err := svgSize(root)
		if err != nil {
			return res, fmt.Errorf("%s: %v", b.File(), err)
		}
		pw, ph, orient := o.Paper.W, o.Paper.H, "P"
		if w > h {
			pw, ph, orient = o.Paper.H, o.Paper.W, "L"
		}
		pdf.AddPageFormat(orient, fpdf.SizeType{Wd: o.Paper.W, Ht: o.Paper.H})
		res.BoardPages++
		const margin = 10.0
		s := math.Min((pw-2*margin)/w, (ph-2*margin)/h)
		bw, bh := w*s, h*s
		if err := d.placeParsed(b, root, (pw-bw)/2, (ph-bh)/2, bw, bh); err != nil {
			return res, err
		}
	}
	if res.CardPages+res.BoardPages == 0 {
		return res, fmt.Errorf("nothing to print")
	}
	if err := pdf.Error(); err != nil {
		return res, fmt.Errorf("pdf: %v", err)
	}
	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		return res, fmt.Errorf("pdf: %v", err)
	}
	if _, err := w.Write(buf.Bytes()); err != nil {
		return res, err
	}
	res.Pages = res.CardPages + res.BoardPages
	keys := make([]string, 0, len(d.skipped))
	for k := range d.skipped {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		files := d.skipped[k]
		more := ""
		if len(files) > 3 {
			more = fmt.Sprintf(" and %d more", len(files)-3)
			files = files[:3]
		}
		res.Skipped = append(res.Skipped, fmt.Sprintf("%s (%s%s)", k, strings.Join(files, ", "), more))
	}
	return res, nil
}

// cropMarks draws short lines outside the card grid where the cuts go.
func cropMarks(pdf *fpdf.Fpdf, x0, y0 float64, cols, rows int, o SheetOptions) {
	pdf.SetDrawColor(0, 0, 0)
	pdf.SetLineWidth(0.2)
	pdf.SetAlpha(1, "Normal")
	pdf.SetDashPattern(nil, 0)
	gw, gh := float64(cols)*o.CardW, float64(rows)*o.CardH
	l := math.Min(markLen, math.Min(x0, y0)-markGap)
	if l <= 0 {
		return
	}
	for c := 0; c <= cols; c++ {
		x := x0 + float64(c)*o.CardW
		pdf.Line(x, y0-markGap-l, x, y0-markGap)
		pdf.Line(x, y0+gh+markGap, x, y0+gh+markGap+l)
	}
	for r := 0; r <= rows; r++ {
		y := y0 + float64(r)*o.CardH
		pdf.Line(x0-markGap-l, y, x0-markGap, y)
		pdf.Line(x0+gw+markGap, y, x0+gw+markGap+l, y)
	}
}

// drawer draws SVG trees on a PDF.
type drawer struct {
	pdf     *fpdf.Fpdf
	tr      func(string) string
	skipped map[string][]string // what was not drawn → pictures
	file    string
	alpha   float64
	images  map[string]bool
}

func (d *drawer) skip(what string) {
	fs := d.skipped[what]
	if len(fs) == 0 || fs[len(fs)-1] != d.file {
		d.skipped[what] = append(fs, d.file)
	}
}

// place draws a picture scaled to fit the box x, y, w, h (mm), centred.
func (d *drawer) place(p Drawn, x, y, w, h float64) error {
	root, err := parseSVG(p.SVG)
	if err != nil {
		return fmt.Errorf("%s: %v", p.File(), err)
	}
	return d.placeParsed(p, root, x, y, w, h)
}

func (d *drawer) placeParsed(p Drawn, root *node, x, y, w, h float64) error {
	if _, _, _, err := svgSize(root); err != nil {
		return fmt.Errorf("%s: %v", p.File(), err)
	}
	_, _, vb, _ := svgSize(root)
	s := math.Min(w/vb[2], h/vb[3])
	ox := x + (w-vb[2]*s)/2
	oy := y + (h-vb[3]*s)/2
	m := matrix{s, 0, 0, s, ox - vb[0]*s, oy - vb[1]*s}
	d.file = p.Game + "/" + p.File() + ".svg"
	// The clip saves the graphics state and restores it after the
	// picture: alpha and font set inside are forgotten then.
	d.pdf.ClipRect(x, y, w, h, false)
	d.alpha = -1
	d.children(root, m, defaultStyle)
	d.pdf.ClipEnd()
	d.alpha = -1
	d.pdf.SetFontSize(1)
	return nil
}

// style is what an element inherits.
type style struct {
	fill, stroke                        string
	strokeWidth                         float64
	opacity, fillOpacity, strokeOpacity float64
	dash                                []float64
	fontSize                            float64
	bold, italic                        bool
	anchor                              string
}

var defaultStyle = style{fill: "#000000", stroke: "none", strokeWidth: 1, opacity: 1, fillOpacity: 1, strokeOpacity: 1, fontSize: 16, anchor: "start"}

// props are the presentation attributes read, with a style attribute's
// declarations after them.
func props(n *node) map[string]string {
	p := map[string]string{}
	for k, v := range n.attrs {
		p[k] = v
	}
	for _, decl := range strings.Split(n.attr("style"), ";") {
		k, v, ok := strings.Cut(decl, ":")
		if ok {
			p[strings.TrimSpace(k)] = strings.TrimSpace(v)
		}
	}
	return p
}

func (d *drawer) inherit(n *node, st style) style {
	p := props(n)
	num := func(k string, dst *float64) {
		if v, ok := p[k]; ok {
			if f, _, err := length(v); err == nil {
				*dst = f
			} else {
				d.skip(fmt.Sprintf("%s=%q", k, v))
			}
		}
	}
	if v, ok := p["fill"]; ok {
		st.fill = v
	}
	if v, ok := p["stroke"]; ok {
		st.stroke = v
	}
	num("stroke-width", &st.strokeWidth)
	num("font-size", &st.fontSize)
	var op, fo, so = 1.0, st.fillOpacity, st.strokeOpacity
	num("opacity", &op)
	num("fill-opacity", &fo)
	num("stroke-opacity", &so)
	st.opacity *= op
	st.fillOpacity, st.strokeOpacity = fo, so
	if v, ok := p["stroke-dasharray"]; ok {
		if v == "none" {
			st.dash = nil
		} else if ns, err := numbers(v); err == nil {
			st.dash = ns
		} else {
			d.skip(fmt.Sprintf("stroke-dasharray=%q", v))
		}
	}
	if v, ok := p["font-weight"]; ok {
		st.bold = v == "bold" || v == "bolder" || v >= "600" && v <= "900"
	}
	if v, ok := p["font-style"]; ok {
		st.italic = v == "italic" || v == "oblique"
	}
	if v, ok := p["text-anchor"]; ok {
		st.anchor = v
	}
	return st
}

func (d *drawer) children(n *node, m matrix, st style) {
	for _, c := range n.children {
		d.element(c, m, st)
	}
}

func (d *drawer) element(n *node, m matrix, st style) {
	if t := n.attr("transform"); t != "" {
		tm, err := parseTransform(t)
		if err != nil {
			d.skip(err.Error())
			return
		}
		m = m.mul(tm)
	}
	st = d.inherit(n, st)
	if n.attr("display") == "none" || n.attr("visibility") == "hidden" {
		return
	}
	f := func(k string) float64 {
		v, _, err := length(n.attr(k))
		if err != nil && n.attr(k) != "" {
			d.skip(fmt.Sprintf("<%s %s=%q>", n.name, k, n.attr(k)))
		}
		return v
	}
	switch n.name {
	case "g", "a", "svg":
		d.children(n, m, st)
	case "title", "desc", "metadata":
	case "rect":
		x, y, w, h := f("x"), f("y"), f("width"), f("height")
		rx, ry := f("rx"), f("ry")
		if rx == 0 {
			rx = ry
		}
		if ry == 0 {
			ry = rx
		}
		rx, ry = math.Min(rx, w/2), math.Min(ry, h/2)
		d.shape(rectPath(x, y, w, h, rx, ry), m, st)
	case "circle":
		r := f("r")
		d.shape(ellipsePath(f("cx"), f("cy"), r, r), m, st)
	case "ellipse":
		d.shape(ellipsePath(f("cx"), f("cy"), f("rx"), f("ry")), m, st)
	case "line":
		st.fill = "none"
		d.shape([]seg{{'M', []float64{f("x1"), f("y1")}}, {'L', []float64{f("x2"), f("y2")}}}, m, st)
	case "polyline", "polygon":
		ns, err := numbers(n.attr("points"))
		if err != nil || len(ns)%2 != 0 || len(ns) < 4 {
			d.skip(fmt.Sprintf("<%s points=%q>", n.name, n.attr("points")))
			return
		}
		p := []seg{{'M', ns[:2]}}
		for i := 2; i < len(ns); i += 2 {
			p = append(p, seg{'L', ns[i : i+2]})
		}
		if n.name == "polygon" {
			p = append(p, seg{'Z', nil})
		}
		d.shape(p, m, st)
	case "path":
		p, err := pathData(n.attr("d"))
		if err != nil {
			d.skip(fmt.Sprintf("<path d=...>: %v", err))
			return
		}
		d.shape(p, m, st)
	case "text":
		d.text(n, m, st)
	case "image":
		d.image(n, m, st, f("x"), f("y"), f("width"), f("height"))
	default:
		d.skip("<" + n.name + ">")
	}
}

// seg is a path segment in absolute coordinates: M, L, C (3 points), Q
// (2 points) or Z.
type seg struct {
	op  byte
	pts []float64
}

const kappa = 0.5522847498

func ellipsePath(cx, cy, rx, ry float64) []seg {
	kx, ky := rx*kappa, ry*kappa
	return []seg{
		{'M', []float64{cx + rx, cy}},
		{'C', []float64{cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry}},
		{'C', []float64{cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy}},
		{'C', []float64{cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry}},
		{'C', []float64{cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy}},
		{'Z', nil},
	}
}

func rectPath(x, y, w, h, rx, ry float64) []seg {
	if rx <= 0 || ry <= 0 {
		return []seg{{'M', []float64{x, y}}, {'L', []float64{x + w, y}}, {'L', []float64{x + w, y + h}}, {'L', []float64{x, y + h}}, {'Z', nil}}
	}
	kx, ky := rx*(1-kappa), ry*(1-kappa)
	return []seg{
		{'M', []float64{x + rx, y}},
		{'L', []float64{x + w - rx, y}},
		{'C', []float64{x + w - kx, y, x + w, y + ky, x + w, y + ry}},
		{'L', []float64{x + w, y + h - ry}},
		{'C', []float64{x + w, y + h - ky, x + w - kx, y + h, x + w - rx, y + h}},
		{'L', []float64{x + rx, y + h}},
		{'C', []float64{x + kx, y + h, x, y + h - ky, x, y + h - ry}},
		{'L', []float64{x, y + ry}},
		{'C', []float64{x, y + ky, x + kx, y, x + rx, y}},
		{'Z', nil},
	}
}

// pathData reads path data with fpdf's SVG path parser (which makes every
// command absolute) into segments.
func pathData(dstr string) ([]seg, error) {
	doc := fmt.Sprintf(`<svg width="1" height="1"><path d=%q/></svg>`, dstr)
	sig, err := fpdf.SVGBasicParse([]byte(doc))
	if err != nil {
		return nil, err
	}
	if len(sig.Paths) != 1 {
		return nil, fmt.Errorf("commands other than M L H V C Q Z")
	}
	var out []seg
	var x, y float64
	for _, s := range sig.Paths[0].Segments {
		a := s.Arg
		switch s.Cmd {
		case 'M', 'L':
			x, y = a[0], a[1]
			out = append(out, seg{s.Cmd, []float64{x, y}})
		case 'H':
			x = a[0]
			out = append(out, seg{'L', []float64{x, y}})
		case 'V':
			y = a[0]
			out = append(out, seg{'L', []float64{x, y}})
		case 'C':
			x, y = a[4], a[5]
			out = append(out, seg{'C', a[:6:6]})
		case 'Q':
			x, y = a[2], a[3]
			out = append(out, seg{'Q', a[:4:4]})
		case 'Z':
			out = append(out, seg{'Z', nil})
		default:
			return nil, fmt.Errorf("command %c", s.Cmd)
		}
	}
	return out, nil
}

// color reads an SVG colour; ok is false for none.
func (d *drawer) color(s string) (r, g, b int, ok bool) {
	s = strings.TrimSpace(strings.ToLower(s))
	switch s {
	case "", "none", "transparent":
		return 0, 0, 0, false
	case "currentcolor":
		return 0, 0, 0, true
	}
	if strings.HasPrefix(s, "#") {
		if r, g, b, ok := parseHex(s); ok {
			return int(r), int(g), int(b), true
		}
	} else if c, ok := colornames.Map[s]; ok {
		return int(c.R), int(c.G), int(c.B), true
	}
	d.skip(fmt.Sprintf("colour %q", s))
	return 0, 0, 0, false
}

func (d *drawer) setAlpha(a float64) {
	a = math.Max(0, math.Min(1, a))
	if a != d.alpha {
		d.pdf.SetAlpha(a, "Normal")
		d.alpha = a
	}
}

func (d *drawer) trace(p []seg, m matrix) {
	pt := func(v []float64, i int) (float64, float64) { return m.apply(v[i], v[i+1]) }
	for _, s := range p {
		switch s.op {
		case 'M':
			d.pdf.MoveTo(pt(s.pts, 0))
		case 'L':
			d.pdf.LineTo(pt(s.pts, 0))
		case 'C':
			x0, y0 := pt(s.pts, 0)
			x1, y1 := pt(s.pts, 2)
			x2, y2 := pt(s.pts, 4)
			d.pdf.CurveBezierCubicTo(x0, y0, x1, y1, x2, y2)
		case 'Q':
			x0, y0 := pt(s.pts, 0)
			x1, y1 := pt(s.pts, 2)
			d.pdf.CurveTo(x0, y0, x1, y1)
		case 'Z':
			d.pdf.ClosePath()
		}
	}
}

func (d *drawer) shape(p []seg, m matrix, st style) {
	if r, g, b, ok := d.color(st.fill); ok && st.fillOpacity*st.opacity > 0 {
		d.pdf.SetFillColor(r, g, b)
		d.setAlpha(st.fillOpacity * st.opacity)
		d.trace(p, m)
		d.pdf.DrawPath("F")
	}
	if r, g, b, ok := d.color(st.stroke); ok && st.strokeWidth > 0 && st.strokeOpacity*st.opacity > 0 {
		k := m.scale()
		d.pdf.SetDrawColor(r, g, b)
		d.pdf.SetLineWidth(st.strokeWidth * k)
		var dash []float64
		for _, v := range st.dash {
			dash = append(dash, v*k)
		}
		d.pdf.SetDashPattern(dash, 0)
		d.setAlpha(st.strokeOpacity * st.opacity)
		d.trace(p, m)
		d.pdf.DrawPath("D")
		d.pdf.SetDashPattern(nil, 0)
	}
}

// text draws a <text> and its <tspan>s at their x and y (layouts place
// every line; dx, dy and nested spans are not read).
func (d *drawer) text(n *node, m matrix, st style) {
	type run struct {
		x, y float64
		s    string
		st   style
	}
	var runs []run
	base := func(k string, nn *node, def float64) float64 {
		if v := nn.attr(k); v != "" {
			f, _, err := length(v)
			if err != nil {
				d.skip(fmt.Sprintf("<%s %s=%q>", nn.name, k, v))
			}
			return f
		}
		return def
	}
	x, y := base("x", n, 0), base("y", n, 0)
	if t := strings.Join(strings.Fields(n.text), " "); t != "" {
		runs = append(runs, run{x, y, t, st})
	}
	for _, c := range n.children {
		if c.name != "tspan" {
			d.skip("<" + c.name + "> in <text>")
			continue
		}
		cst := d.inherit(c, st)
		x, y = base("x", c, x), base("y", c, y)
		if t := strings.Join(strings.Fields(c.text), " "); t != "" {
			runs = append(runs, run{x, y, t, cst})
		}
	}
	for _, r := range runs {
		cr, cg, cb, ok := d.color(r.st.fill)
		if !ok {
			continue
		}
		styleStr := ""
		if r.st.bold {
			styleStr += "B"
		}
		if r.st.italic {
			styleStr += "I"
		}
		sizeMM := r.st.fontSize * m.scale()
		d.pdf.SetFont("Helvetica", styleStr, sizeMM*72/25.4)
		d.pdf.SetTextColor(cr, cg, cb)
		d.setAlpha(r.st.fillOpacity * r.st.opacity)
		s := d.tr(r.s)
		w := d.pdf.GetStringWidth(s)
		X, Y := m.apply(r.x, r.y)
		switch r.st.anchor {
		case "middle":
			X -= w / 2
		case "end":
			X -= w
		}
		d.pdf.Text(X, Y, s)
	}
}

// image draws an <image> of PNG or JPEG data, filling its box and cut to
// it (preserveAspectRatio "xMidYMid slice", the only one art uses).
func (d *drawer) image(n *node, m matrix, st style, x, y, w, h float64) {
	href := n.attr("href")
	mime, data, ok := strings.Cut(strings.TrimPrefix(href, "data:"), ";base64,")
	if !strings.HasPrefix(href, "data:") || !ok {
		d.skip("<image> not of embedded data")
		return
	}
	kind := map[string]string{"image/png": "PNG", "image/jpeg": "JPG"}[mime]
	raw, err := base64.StdEncoding.DecodeString(data)
	if kind == "" || err != nil {
		d.skip("<image> of " + mime)
		return
	}
	sum := sha256.Sum256(raw)
	name := hex.EncodeToString(sum[:8])
	if d.images == nil {
		d.images = map[string]bool{}
	}
	opts := fpdf.ImageOptions{ImageType: kind}
	if !d.images[name] {
		d.pdf.RegisterImageOptionsReader(name, opts, bytes.NewReader(raw))
		d.images[name] = true
	}
	info := d.pdf.GetImageInfo(name)
	if info == nil || d.pdf.Err() {
		d.pdf.ClearError()
		d.skip("<image> the PDF library cannot read")
		return
	}
	X, Y := m.apply(x, y)
	k := m.scale()
	W, H := w*k, h*k
	iw, ih := info.Width(), info.Height()
	s := math.Max(W/iw, H/ih)
	d.setAlpha(st.opacity)
	d.pdf.ClipRect(X, Y, W, H, false)
	d.pdf.ImageOptions(name, X+(W-iw*s)/2, Y+(H-ih*s)/2, iw*s, ih*s, false, opts, 0, "")
	d.pdf.ClipEnd()
	d.alpha = -1
}
