package render

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// The print-and-play sheets draw each picture's SVG with the PDF library's
// own drawing operations. Layouts are ours and authors', so they keep to
// the part of SVG listed in docs/render.md: svg, g, rect, circle, ellipse,
// line, polyline, polygon, path (M L H V C Q Z), text with tspan, image
// (PNG or JPEG data), presentation attributes (fill, stroke, stroke-width,
// stroke-dasharray, opacity, fill-opacity, stroke-opacity, font-size,
// font-weight, font-style, text-anchor, transform: translate, scale,
// rotate, matrix). Anything else is reported, never silently dropped.

// node is an element of a parsed SVG.
type node struct {
	name     string
	attrs    map[string]string
	children []*node
	text     string // character data directly inside (text, tspan)
}

func (n *node) attr(k string) string { return n.attrs[k] }

// parseSVG reads an SVG document into a tree.
func parseSVG(b []byte) (*node, error) {
	dec := xml.NewDecoder(bytes.NewReader(b))
	var stack []*node
	var root *node
	for {
		tok, err := dec.Token()
		if err != nil {
			if root != nil && len(stack) == 0 && err.Error() == "EOF" {
				return root, nil
			}
			if err.Error() == "EOF" {
				return nil, fmt.Errorf("svg: the document ends inside an element")
			}
			return nil, fmt.Errorf("svg: %v", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			n := &node{name: t.Name.Local, attrs: map[string]string{}}
			for _, a := range t.Attr {
				n.attrs[a.Name.Local] = a.Value
			}
			if len(stack) == 0 {
				if root != nil {
					return nil, fmt.Errorf("svg: more than one root element")
				}
				root = n
			} else {
				p := stack[len(stack)-1]
				p.children = append(p.children, n)
			}
			stack = append(stack, n)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) > 0 {
				stack[len(stack)-1].text += string(t)
			}
		}
	}
}

// matrix is an affine transform [a b c d e f]: x' = a x + c y + e,
// y' = b x + d y + f.
type matrix [6]float64

var identity = matrix{1, 0, 0, 1, 0, 0}

func (m matrix) mul(n matrix) matrix { // m then n applied inside: m × n
	return matrix{
		m[0]*n[0] + m[2]*n[1], m[1]*n[0] + m[3]*n[1],
		m[0]*n[2] + m[2]*n[3], m[1]*n[2] + m[3]*n[3],
		m[0]*n[4] + m[2]*n[5] + m[4], m[1]*n[4] + m[3]*n[5] + m[5],
	}
}

func (m matrix) apply(x, y float64) (float64, float64) {
	return m[0]*x + m[2]*y + m[4], m[1]*x + m[3]*y + m[5]
}

// scale is the transform's mean linear scale (for stroke widths and font
// sizes).
func (m matrix) scale() float64 {
	return math.Sqrt(math.Abs(m[0]*m[3] - m[1]*m[2]))
}

// parseTransform reads an SVG transform list.
func parseTransform(s string) (matrix, error) {
	m := identity
	s = strings.TrimSpace(s)
	for s != "" {
		open := strings.IndexByte(s, '(')
		end := strings.IndexByte(s, ')')
		if open < 0 || end < open {
			return m, fmt.Errorf("transform %q: want name(numbers)", s)
		}
		name := strings.TrimSpace(strings.Trim(s[:open], ", "))
		args, err := numbers(s[open+1 : end])
		if err != nil {
			return m, fmt.Errorf("transform %q: %v", s, err)
		}
		var t matrix
		switch {
		case name == "translate" && (len(args) == 1 || len(args) == 2):
			args = append(args, 0)
			t = matrix{1, 0, 0, 1, args[0], args[1]}
		case name == "scale" && (len(args) == 1 || len(args) == 2):
			if len(args) == 1 {
				args = append(args, args[0])
			}
			t = matrix{args[0], 0, 0, args[1], 0, 0}
		case name == "rotate" && (len(args) == 1 || len(args) == 3):
			r := args[0] * math.Pi / 180
			t = matrix{math.Cos(r), math.Sin(r), -math.Sin(r), math.Cos(r), 0, 0}
			if len(args) == 3 {
				t = matrix{1, 0, 0, 1, args[1], args[2]}.mul(t).mul(matrix{1, 0, 0, 1, -args[1], -args[2]})
			}
		case name == "matrix" && len(args) == 6:
			t = matrix{args[0], args[1], args[2], args[3], args[4], args[5]}
		default:
			return m, fmt.Errorf("transform %s with %d numbers is not drawn on sheets", name, len(args))
		}
		m = m.mul(t)
		s = strings.TrimSpace(s[end+1:])
	}
	return m, nil
}

// numbers reads numbers separated by spaces or commas.
func numbers(s string) ([]float64, error) {
	var out []float64
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '\n' || r == '\t' }) {
		v, err := strconv.ParseFloat(f, 64)
		if err != nil {
			return nil, fmt.Errorf("%q is not a number", f)
		}
		out = append(out, v)
	}
	return out, nil
}

// length reads a length in user units; with a unit (mm, cm, in, pt, px)
// it is converted to millimetres and mm is true.
func length(s string) (v float64, mm bool, err error) {
	s = strings.TrimSpace(s)
	units := map[string]float64{"mm": 1, "cm": 10, "in": 25.4, "pt": 25.4 / 72, "px": 25.4 / 96}
	for u, k := range units {
		if strings.HasSuffix(s, u) {
			f, err := strconv.ParseFloat(strings.TrimSuffix(s, u), 64)
			return f * k, true, err
		}
	}
	f, err := strconv.ParseFloat(s, 64)
	return f, false, err
}

// size is an SVG document's size in millimetres and its viewBox.
func svgSize(root *node) (w, h float64, vb [4]float64, err error) {
	if root.name != "svg" {
		return 0, 0, vb, fmt.Errorf("the root element is <%s>, not <svg>", root.name)
	}
	nums, err := numbers(root.attr("viewBox"))
	if err != nil || len(nums) != 4 || nums[2] <= 0 || nums[3] <= 0 {
		return 0, 0, vb, fmt.Errorf("<svg> needs a viewBox of four numbers, width and height above 0")
	}
	copy(vb[:], nums)
	w, wmm, err1 := length(root.attr("width"))
	h, hmm, err2 := length(root.attr("height"))
	if err1 != nil || err2 != nil || !wmm || !hmm || w <= 0 || h <= 0 {
		return 0, 0, vb, fmt.Errorf("<svg> needs a width and height in mm (or cm, in, pt, px): %q, %q", root.attr("width"), root.attr("height"))
	}
	return w, h, vb, nil
}
