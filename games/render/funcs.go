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
// the builtins that make strings, each counting into b (budget.go): a step
// per call and the bytes of what it returns. They are typed closures, not
// reflect.MakeFunc wrappers, which cost a second reflective call each.
func (l *Layouts) funcs(b *budget) template.FuncMap {
	arithm := func(op func(a, b float64) float64) func(a any, rest ...any) (float64, error) {
		f := arith(op)
		return func(a any, rest ...any) (float64, error) { b.step(); return f(a, rest...) }
	}
	intOpm := func(op func(a, b int) int) func(a, b any) (int, error) {
		f := intOp(op)
		return func(x, y any) (int, error) { b.step(); return f(x, y) }
	}
	str := func(f func(string) string) func(string) string {
		return func(s string) string { b.step(); return b.madeText(f(s)) }
	}
	// joins make a text of their arguments: what they add up to is counted
	// before the call, so that one call cannot build a text far past the
	// limit.
	joins := func(f func(...any) string) func(...any) string {
		return func(a ...any) string {
			b.step()
			b.before(a...)
			return b.madeText(f(a...))
		}
	}
	m := template.FuncMap{
		"text": b.text,
		"color": func(names ...string) string {
			b.step()
			return l.Color(names...)
		},
		"mix": func(x, y string, t any) (string, error) { b.step(); return mix(x, y, t) },
		"art": func(id, name string, x, y, w, h any, tint string) (template.HTML, error) {
			b.step()
			s, err := l.artFunc(id, name, x, y, w, h, tint)
			return template.HTML(b.madeText(string(s))), err
		},
		"font": func() string { b.step(); return FontFamily },
		"num": func(v any) (string, error) {
			b.step()
			f, err := toFloat(v)
			return num(f), err
		},
		"add":      arithm(func(a, b float64) float64 { return a + b }),
		"sub":      arithm(func(a, b float64) float64 { return a - b }),
		"mul":      arithm(func(a, b float64) float64 { return a * b }),
		"div":      arithm(func(a, b float64) float64 { return a / b }),
		"seq":      b.seq,
		"upper":    str(strings.ToUpper),
		"lower":    str(strings.ToLower),
		"initials": str(initials),
		"join": func(a []string, sep string) string {
			b.step()
			n := len(sep) * len(a)
			for _, s := range a {
				n += len(s)
			}
			b.addMade(int64(n))
			return b.madeText(strings.Join(a, sep))
		},
		"dict": func(kv ...any) (map[string]any, error) {
			b.step()
			b.addMade(int64(len(kv)) * 16)
			return dict(kv...)
		},
		"list": func(v ...any) []any {
			b.step()
			b.addMade(int64(len(v)) * 16)
			return v
		},
		"mod":  intOpm(func(a, b int) int { return a % b }),
		"idiv": intOpm(func(a, b int) int { return a / b }),
		// text/template's own, the same functions, counted.
		"print":   joins(fmt.Sprint),
		"println": joins(fmt.Sprintln),
		"printf": func(format string, a ...any) string {
			b.step()
			b.before(a...)
			return b.madeText(fmt.Sprintf(format, a...))
		},
		"html":     joins(ttemplate.HTMLEscaper),
		"js":       joins(ttemplate.JSEscaper),
		"urlquery": joins(ttemplate.URLQueryEscaper),
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
	b.step()
	if f > float64(b.Steps) {
		return nil, b.over("seq %s: over %d, the steps a drawing may take", num(f), b.Steps)
	}
	b.addMade(int64(max(f, 0)) * 8)
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
	b.step()
	if len(s) > MaxText {
		return "", b.over("text: %d bytes, over the %d a text block sets", len(s), MaxText)
	}
	h, err := textBlock(xa, ya, wa, ha, sizea, s, opts...)
	return template.HTML(b.madeText(string(h))), err
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
