package render

import (
	"fmt"
	"html/template"
	"math"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"codeberg.org/go-pdf/fpdf"
	"golang.org/x/text/encoding/charmap"
)

// Text is measured with the metrics of Helvetica, the PDF core font that
// print-and-play sheets use, so a line wraps at the same word on a sheet as
// in an SVG; SVGs name metric-compatible faces first (Liberation Sans,
// Arimo), so a browser draws them at the same widths.

// FontFamily is the font-family layouts give their text.
const FontFamily = "Liberation Sans, Arimo, Helvetica, Arial, sans-serif"

// metrics are the advance widths of Helvetica and Helvetica-Bold per
// Windows-1252 byte, in thousandths of an em (fpdf's core font tables).
var metrics = sync.OnceValue(func() (m *[2][256]float64) {
	m = new([2][256]float64)
	pdf := fpdf.New("P", "pt", "A4", "")
	for i, style := range []string{"", "B"} {
		pdf.SetFont("Helvetica", style, 1000)
		for b := 32; b < 256; b++ {
			m[i][b] = pdf.GetStringWidth(string([]byte{byte(b)}))
		}
	}
	if err := pdf.Error(); err != nil || m[0]['m'] == 0 {
		panic(fmt.Sprintf("render: the core font metrics did not load: %v", err))
	}
	return m
})

// cp1252 is the Windows-1252 byte of r and whether it has one.
func cp1252(r rune) (byte, bool) {
	if r < 0x80 {
		return byte(r), true
	}
	return charmap.Windows1252.EncodeRune(r)
}

// Width is the width of s at size in the same units, bold or regular.
// A rune outside Windows-1252 counts as wide as an "m" of the font.
func Width(s string, size float64, bold bool) float64 {
	w := 0.0
	for _, r := range s {
		w += runeWidth(r, bold)
	}
	return w * size / 1000
}

// runeWidth is a rune's advance in thousandths of an em.
func runeWidth(r rune, bold bool) float64 {
	m := &metrics()[0]
	if bold {
		m = &metrics()[1]
	}
	b, ok := cp1252(r)
	if !ok || b < 32 {
		b = 'm'
	}
	return m[b]
}

// textStyle is how a text block is set (the options of the text function).
type textStyle struct {
	size, min, lineHeight float64
	bold, italic          bool
	anchor                string // start, middle, end
	valign                string // top, middle, bottom
	maxLines              int    // 0: as many as fit
	fill, class           string
}

func parseStyle(size float64, opts []string) (textStyle, error) {
	st := textStyle{size: size, min: max(size*0.5, 3), lineHeight: 1.2, anchor: "start", valign: "top"}
	for _, o := range opts {
		k, v, _ := strings.Cut(o, "=")
		var err error
		switch k {
		case "bold":
			st.bold = true
		case "italic":
			st.italic = true
		case "start", "middle", "end":
			st.anchor = k
		case "top", "center", "bottom":
			st.valign = map[string]string{"top": "top", "center": "middle", "bottom": "bottom"}[k]
		case "min":
			st.min, err = strconv.ParseFloat(v, 64)
		case "lines":
			st.maxLines, err = strconv.Atoi(v)
		case "lh":
			st.lineHeight, err = strconv.ParseFloat(v, 64)
		case "fill":
			st.fill = v
		case "class":
			st.class = v
		default:
			return st, fmt.Errorf("text: unknown option %q (bold, italic, start, middle, end, top, center, bottom, min=N, lines=N, lh=N, fill=COLOUR, class=NAME)", o)
		}
		if err != nil {
			return st, fmt.Errorf("text: option %q: %v", o, err)
		}
	}
	if st.min > st.size {
		st.min = st.size
	}
	// wrap steps the size down from size to min: both must be finite and
	// positive, or it never gets there (min=-1e300, min=NaN).
	for _, f := range []struct {
		name string
		v    float64
	}{{"size", st.size}, {"min", st.min}, {"lh", st.lineHeight}} {
		if !(f.v > 0) || math.IsInf(f.v, 0) || f.v > maxSize {
			return st, fmt.Errorf("text: %s %s: want a number above 0 and at most %d", f.name, num(f.v), maxSize)
		}
	}
	return st, nil
}

// maxSize bounds a text's size, its smallest size and its line height.
const maxSize = 100000

// Fit is a text set in a box: its lines at one size.
type Fit struct {
	Lines     []string
	Size      float64
	Truncated bool // it did not fit at the smallest size: the last line ends in "…"
}

// Wrap sets s in a box w wide and h high: it breaks lines at spaces (and
// at "\n"), and shrinks the size from st.size toward st.min until the lines
// fit; what still does not fit at st.min is cut with an ellipsis.
func wrap(s string, w, h float64, st textStyle) Fit {
	s = strings.TrimSpace(s)
	if s == "" {
		return Fit{Size: st.size}
	}
	step := max(st.size*0.04, 0.1)
	for size := st.size; ; size -= step {
		if size < st.min {
			size = st.min
		}
		lines, broke := breakLines(s, w, size, st.bold)
		n := linesIn(h, size, st.lineHeight)
		if st.maxLines > 0 {
			n = min(n, st.maxLines)
		}
		if len(lines) <= n && n > 0 && (!broke || size <= st.min) {
			return Fit{Lines: lines, Size: round2(size)}
		}
		if size <= st.min {
			n = max(n, 1)
			if len(lines) > n {
				lines = lines[:n]
			}
			lines[n-1] = ellipsis(lines[n-1], w, size, st.bold)
			return Fit{Lines: lines, Size: round2(size), Truncated: true}
		}
	}
}

// breakLines breaks s into lines no wider than w, greedily; a word wider
// than a line is broken between letters (broke says so: a smaller size is
// tried first).
func breakLines(s string, w, size float64, bold bool) (lines []string, broke bool) {
	space := Width(" ", size, bold)
	for _, para := range strings.Split(s, "\n") {
		var cur strings.Builder
		curW := 0.0
		flush := func() {
			lines = append(lines, cur.String())
			cur.Reset()
			curW = 0
		}
		words := strings.Fields(para)
		if len(words) == 0 {
			lines = append(lines, "")
			continue
		}
		for _, word := range words {
			ww := Width(word, size, bold)
			if cur.Len() > 0 && curW+space+ww <= w {
				cur.WriteByte(' ')
				cur.WriteString(word)
				curW += space + ww
				continue
			}
			if cur.Len() > 0 {
				flush()
			}
			if ww > w && utf8.RuneCountInString(word) > 1 {
				// Break a word wider than the line between letters: as
				// many as fit, at least one, each piece measured once.
				broke = true
				rs := []rune(word)
				for len(rs) > 1 && ww > w {
					k, acc := 1, runeWidth(rs[0], bold)
					for k < len(rs) && (acc+runeWidth(rs[k], bold))*size/1000 <= w {
						acc += runeWidth(rs[k], bold)
						k++
					}
					lines = append(lines, string(rs[:k]))
					rs = rs[k:]
					ww = Width(string(rs), size, bold)
				}
				word = string(rs)
			}
			cur.WriteString(word)
			curW = ww
		}
		flush()
	}
	return lines, broke
}

// ellipsis cuts line so that it and "…" fit in w.
func ellipsis(line string, w, size float64, bold bool) string {
	rs := []rune(line)
	for len(rs) > 0 && Width(string(rs)+"…", size, bold) > w {
		rs = rs[:len(rs)-1]
	}
	return strings.TrimRightFunc(string(rs), unicode.IsSpace) + "…"
}

// A line of text at size takes inkHeight*size from the top of its line box
// to the bottom of its descenders; the baseline is baseline*size below
// that top.
const (
	inkHeight = 1.14
	baseline  = 0.92
)

// linesIn is how many lines of size at lineHeight (times size) fit in h.
func linesIn(h, size, lineHeight float64) int {
	if h+0.01 < size*inkHeight {
		return 0
	}
	return int((h+0.01-size*inkHeight)/(size*lineHeight)) + 1
}

func round2(f float64) float64 { return float64(int(f*100+0.5)) / 100 }

// num prints a number the way every picture does: at most two decimals,
// no trailing zeros, so the same input gives the same bytes.
func num(f float64) string {
	s := strconv.FormatFloat(f, 'f', 2, 64)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	if s == "-0" {
		return "0"
	}
	return s
}

// textBlock writes the SVG of a text set in the box x, y, w, h: one <text>
// with a <tspan> per line, each placed (x and y) so that readers need no
// layout of their own. data-box records the box; data-fit="cut" marks a
// text that did not fit at its smallest size.
func textBlock(xa, ya, wa, ha, sizea any, text any, opts ...string) (template.HTML, error) {
	var v [5]float64
	for i, a := range []any{xa, ya, wa, ha, sizea} {
		f, err := toFloat(a)
		if err != nil {
			return "", fmt.Errorf("text: %v", err)
		}
		v[i] = f
	}
	x, y, w, h, size := v[0], v[1], v[2], v[3], v[4]
	s, ok := text.(string)
	if !ok {
		s = fmt.Sprint(text)
	}
	st, err := parseStyle(size, opts)
	if err != nil {
		return "", err
	}
	f := wrap(s, w, h, st)
	lh := f.Size * st.lineHeight
	total := float64(len(f.Lines)-1)*lh + f.Size*inkHeight
	top := y
	switch st.valign {
	case "middle":
		top = y + (h-total)/2
	case "bottom":
		top = y + h - total
	}
	tx := x
	switch st.anchor {
	case "middle":
		tx = x + w/2
	case "end":
		tx = x + w
	}
	var b strings.Builder
	b.WriteString(`<text`)
	if st.class != "" {
		fmt.Fprintf(&b, ` class="%s"`, template.HTMLEscapeString(st.class))
	}
	fmt.Fprintf(&b, ` font-size="%s"`, num(f.Size))
	if st.bold {
		b.WriteString(` font-weight="bold"`)
	}
	if st.italic {
		b.WriteString(` font-style="italic"`)
	}
	if st.anchor != "start" {
		fmt.Fprintf(&b, ` text-anchor="%s"`, st.anchor)
	}
	if st.fill != "" {
		fmt.Fprintf(&b, ` fill="%s"`, template.HTMLEscapeString(st.fill))
	}
	fmt.Fprintf(&b, ` data-box="%s %s %s %s"`, num(x), num(y), num(w), num(h))
	if f.Truncated {
		b.WriteString(` data-fit="cut"`)
	}
	b.WriteString(`>`)
	for i, line := range f.Lines {
		base := top + float64(i)*lh + f.Size*baseline
		fmt.Fprintf(&b, `<tspan x="%s" y="%s">%s</tspan>`, num(tx), num(base), template.HTMLEscapeString(line))
	}
	b.WriteString(`</text>`)
	return template.HTML(b.String()), nil
}
