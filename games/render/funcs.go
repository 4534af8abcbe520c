package render

import (
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"math"
	"reflect"
	"strings"
	ttemplate "text/template"
	"unicode"
)

// funcs are the functions layouts call (docs/render.md lists them), and
// the builtins that make strings, each wrapped to count into b
// (budget.go), and the marks instrument adds.
func (l *Layouts) funcs(b *budget) template.FuncMap {
	m := template.FuncMap{
		"text":     b.text,
		"color":    l.Color,
		"mix":      mix,
		"art":      l.artFunc,
		"font":     func() string { return FontFamily },
		"num":      func(v any) (string, error) { f, err := toFloat(v); return num(f), err },
		"add":      arith(func(a, b float64) float64 { return a + b }),
		"sub":      arith(func(a, b float64) float64 { return a - b }),
		"mul":      arith(func(a, b float64) float64 { return a * b }),
		"div":      arith(func(a, b float64) float64 { return a / b }),
		"seq":      b.seq,
		"upper":    strings.ToUpper,
		"lower":    strings.ToLower,
		"join":     strings.Join,
		"initials": initials,
		"dict":     dict,
		"list":     func(v ...any) []any { return v },
		"mod":      intOp(func(a, b int) int { return a % b }),
		"idiv":     intOp(func(a, b int) int { return a / b }),
		// text/template's own, the same functions, counted.
		"print":    fmt.Sprint,
		"printf":   fmt.Sprintf,
		"println":  fmt.Sprintln,
		"html":     ttemplate.HTMLEscaper,
		"js":       ttemplate.JSEscaper,
		"urlquery": ttemplate.URLQueryEscaper,
	}
	for k, f := range m {
		m[k] = b.wrap(f)
	}
	for k, f := range b.marks() {
		m[k] = f
	}
	return m
}

// arith makes a function of two or more numbers (ints of any size or
// floats), folded left, rounded to two decimals.
func arith(op func(a, b float64) float64) func(a any, rest ...any) (float64, error) {
	return func(a any, rest ...any) (float64, error) {
		acc, err := toFloat(a)
		if err != nil {
			return 0, err
		}
		for _, r := range rest {
			f, err := toFloat(r)
			if err != nil {
				return 0, err
			}
			acc = op(acc, f)
		}
		if math.IsInf(acc, 0) || math.IsNaN(acc) {
			return 0, errors.New("arithmetic: not a number (a division by zero?)")
		}
		return round2(acc), nil
	}
}

// intOp makes a function of two whole numbers (of any number type).
func intOp(op func(a, b int) int) func(a, b any) (int, error) {
	return func(a, b any) (int, error) {
		x, err1 := toFloat(a)
		y, err2 := toFloat(b)
		if err1 != nil || err2 != nil {
			return 0, errors.Join(err1, err2)
		}
		if int(y) == 0 {
			return 0, errors.New("division by zero")
		}
		return op(int(x), int(y)), nil
	}
}

func toFloat(v any) (float64, error) {
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return float64(rv.Int()), nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return float64(rv.Uint()), nil
	case reflect.Float32, reflect.Float64:
		return rv.Float(), nil
	}
	return 0, fmt.Errorf("%v (%T) is not a number", v, v)
}

// seq is 0, 1, …, n-1; a length over the drawing's steps is refused
// before it is made (`seq 1e9` would be 8 GB).
func (b *budget) seq(n any) ([]int, error) {
	f, err := toFloat(n)
	if err != nil {
		return nil, err
	}
	if f > float64(b.Steps) {
		return nil, b.over("seq %s: over %d, the steps a drawing may take", num(f), b.Steps)
	}
	out := make([]int, max(int(f), 0))
	for i := range out {
		out[i] = i
	}
	return out, nil
}

// text is textBlock for a text of at most MaxText bytes.
func (b *budget) text(xa, ya, wa, ha, sizea any, text any, opts ...string) (template.HTML, error) {
	s, ok := text.(string)
	if !ok {
		s = fmt.Sprint(text)
	}
	if len(s) > MaxText {
		return "", b.over("text: %d bytes, over the %d a text block sets", len(s), MaxText)
	}
	return textBlock(xa, ya, wa, ha, sizea, s, opts...)
}

// initials are the first letters of a name's first two words.
func initials(s string) string {
	var out []rune
	for _, w := range strings.Fields(s) {
		for _, r := range w {
			if unicode.IsLetter(r) || unicode.IsDigit(r) {
				out = append(out, unicode.ToUpper(r))
				break
			}
		}
		if len(out) == 2 {
			break
		}
	}
	return string(out)
}

// mix is a between colours a (t = 0) and b (t = 1).
func mix(a, b string, t any) (string, error) {
	tf, err := toFloat(t)
	if err != nil {
		return "", err
	}
	ar, ag, ab, ok1 := parseHex(a)
	br, bg, bb, ok2 := parseHex(b)
	if !ok1 || !ok2 {
		return "", fmt.Errorf("mix: %q and %q must be #rrggbb colours", a, b)
	}
	m := func(x, y uint8) int { return int(float64(x)*(1-tf) + float64(y)*tf + 0.5) }
	return fmt.Sprintf("#%02x%02x%02x", m(ar, br), m(ag, bg), m(ab, bb)), nil
}

func errorsIsNotExist(err error) bool { return errors.Is(err, fs.ErrNotExist) }

// dict is a map of the given keys and values, for passing several values
// to a shared block: dict "X" 30 "Label" "HP".
func dict(kv ...any) (map[string]any, error) {
	if len(kv)%2 != 0 {
		return nil, errors.New("dict: want keys and values in pairs")
	}
	m := make(map[string]any, len(kv)/2)
	for i := 0; i < len(kv); i += 2 {
		k, ok := kv[i].(string)
		if !ok {
			return nil, fmt.Errorf("dict: key %v is not a string", kv[i])
		}
		m[k] = kv[i+1]
	}
	return m, nil
}
