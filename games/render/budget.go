package render

import (
	"bytes"
	"fmt"
	"html/template"
	"text/template/parse"
	"time"
)

// A layout is a pack's, so it may be hostile: `{{range seq 1e9}}`, loops
// nested four deep, a block that calls itself, a string doubled in a loop.
// text/template has no budget of its own and a goroutine cannot be
// stopped from outside, so every way a layout can loop or grow is counted
// from inside the execution and ends it with an *Overrun:
//
//   - at the start of every iteration of a {{range}} the parse tree gets
//     a call of _rt (instrument): one step, the line it stands for, the
//     clock; {{template}} is wrapped in _rtIn/_rtOut, a step and its depth;
//   - every function a layout calls (ours and the builtins that make
//     strings) counts a step and the bytes of what it returns (funcs);
//   - seq refuses a length over the steps left, text a text over
//     MaxText, before they allocate;
//   - the output goes through a writer that fails past Limits.Output.
//
// Whatever a layout does between two counted points is bounded (the
// functions' inputs are), so every execution ends within the limits.

// Limits bound the drawing of one picture.
type Limits struct {
	Output int64         // bytes of SVG written
	Steps  int           // range iterations, actions and function calls
	Made   int64         // bytes of strings and lists the functions return
	Depth  int           // {{template}} calls inside one another
	Time   time.Duration // wall time
}

// DefaultLimits are the limits of every drawing: 25 times what the
// base layouts need (Tropera's largest battle map takes 3,986 steps,
// TestBaseDrawingsWellWithinLimits), and an overrun costs a fraction of a
// second. Output leaves room for a picture's art (4 MiB, 5.4 MiB in
// base64).
var DefaultLimits = Limits{Output: 8 << 20, Steps: 100_000, Made: 32 << 20, Depth: 100, Time: 10 * time.Second}

// MaxText is the longest text the text function sets.
const MaxText = 64 << 10

// Overrun is a drawing stopped at a limit: where (the layout file's name
// and line) and which limit.
type Overrun struct {
	File string // the layout file's name, such as unit.svg.tmpl
	Line int
	What string // "output over 8 MiB"
	// atMark: stopped by a mark (a loop's iteration, a template call), at
	// the mark's place; else by a function or the output, placed by the
	// execution's error or, for the output, the last mark.
	atMark bool
}

func (o *Overrun) Error() string { return fmt.Sprintf("%s:%d: %s", o.File, o.Line, o.What) }

// budget is the count of one execution; each executor has its own.
type budget struct {
	Limits
	steps    int
	made     int64
	depth    int
	maxDepth int // the deepest reached, for tests
	deadline time.Time
	file     string // where the last mark stands
	line     int
	inMark   bool
	locs     []loc // of the marks, by their index
}

// loc is where a mark stands: a layout file's name and a line.
type loc struct {
	file string
	line int
}

func (b *budget) reset(l Limits) {
	*b = budget{Limits: l, deadline: time.Now().Add(l.Time), locs: b.locs}
}

func (b *budget) over(format string, args ...any) *Overrun {
	return &Overrun{File: b.file, Line: b.line, What: fmt.Sprintf(format, args...), atMark: b.inMark}
}

// step counts one step; it panics with an *Overrun past a limit (a panic
// in a function is an error of the execution, see wrap).
func (b *budget) step() {
	b.steps++
	if b.steps > b.Steps {
		panic(b.over("over %d steps (loop iterations, actions and function calls)", b.Steps))
	}
	if b.steps%64 == 0 && time.Now().After(b.deadline) {
		panic(b.over("over %v of drawing", b.Time))
	}
}

func (b *budget) addMade(n int64) {
	b.made += n
	if b.made > b.Made {
		panic(b.over("the layout's functions made over %s of text and lists", mib(b.Made)))
	}
}

func mib(n int64) string {
	if n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
}

// The functions instrument calls, with the index of their loc. Each
// returns "" into a variable, so it writes nothing and html/template
// leaves it alone.
func (b *budget) marks() map[string]any {
	return map[string]any{
		"_rt": func(i int) string {
			b.file, b.line, b.inMark = b.locs[i].file, b.locs[i].line, true
			b.step()
			b.inMark = false
			return ""
		},
		"_rtIn": func(i int) string {
			b.file, b.line, b.inMark = b.locs[i].file, b.locs[i].line, true
			b.step()
			b.depth++
			b.maxDepth = max(b.maxDepth, b.depth)
			if b.depth > b.Depth {
				panic(b.over("templates called inside one another over %d deep (a block that calls itself?)", b.Depth))
			}
			b.inMark = false
			return ""
		},
		"_rtOut": func() string { b.depth--; return "" },
	}
}

// madeText counts a text a function returns; one over what a picture
// holds is refused.
func (b *budget) madeText(s string) string {
	if int64(len(s)) > b.Output {
		panic(b.over("a function returned a text over %s, more than a picture holds", mib(b.Output)))
	}
	b.addMade(int64(len(s)))
	return s
}

// before refuses a call whose string arguments alone would go past the
// limit of what functions make (they are counted when they were made).
func (b *budget) before(args ...any) {
	var n int64
	for _, a := range args {
		switch v := a.(type) {
		case string:
			n += int64(len(v))
		case template.HTML:
			n += int64(len(v))
		}
	}
	if b.made+n > b.Made {
		b.addMade(n)
	}
}

// capWriter is the output of one drawing: it fails past the limit.
type capWriter struct {
	buf bytes.Buffer
	b   *budget
}

func (w *capWriter) Write(p []byte) (int, error) {
	if int64(w.buf.Len()+len(p)) > w.b.Output {
		return 0, w.b.over("output over %s", mib(w.b.Output))
	}
	return w.buf.Write(p)
}

// instrument adds the counted points to a parse tree (see the top of the
// file). It must run before the template first executes (html/template
// escapes then). mark makes an action node that calls fn for the node at
// the file and line it stands before. Actions get no mark: a function they
// call counts itself, and an overrun in it is placed by text/template's
// own error (Draw reads its file and line).
func instrument(tree *parse.Tree, mark func(fn, file string, line int) parse.Node) {
	file := tree.ParseName
	var walk func(list *parse.ListNode)
	walk = func(list *parse.ListNode) {
		if list == nil {
			return
		}
		out := make([]parse.Node, 0, len(list.Nodes))
		for _, n := range list.Nodes {
			switch n := n.(type) {
			case *parse.IfNode:
				walk(n.List)
				walk(n.ElseList)
			case *parse.WithNode:
				walk(n.List)
				walk(n.ElseList)
			case *parse.RangeNode:
				walk(n.List)
				walk(n.ElseList)
				if n.List != nil {
					n.List.Nodes = append([]parse.Node{mark("_rt", file, n.Line)}, n.List.Nodes...)
				}
			case *parse.TemplateNode:
				out = append(out, mark("_rtIn", file, n.Line), n, mark("_rtOut", file, n.Line))
				continue
			}
			out = append(out, n)
		}
		list.Nodes = out
	}
	walk(tree.Root)
}

// markTree holds the nodes marks are copied from: a parse of their own,
// so that an error reported at one (html/template copies trees, and an
// error's context is read from the node's tree) reads a text the node is
// in.
var markTree = func() map[string]*parse.ActionNode {
	out := map[string]*parse.ActionNode{}
	funcs := map[string]any{"_rt": true, "_rtIn": true, "_rtOut": true}
	for name, text := range map[string]string{
		"_rt":    `{{$_rt := _rt 0}}`,
		"_rtIn":  `{{$_rt := _rtIn 0}}`,
		"_rtOut": `{{$_rt := _rtOut}}`,
	} {
		trees, err := parse.Parse(name, text, "{{", "}}", funcs)
		if err != nil {
			panic(err)
		}
		out[name] = trees[name].Root.Nodes[0].(*parse.ActionNode)
	}
	return out
}()

// newMark is a copy of the mark node of fn with the index i of its loc.
func newMark(fn string, i int) parse.Node {
	a := markTree[fn].Copy().(*parse.ActionNode)
	if args := a.Pipe.Cmds[0].Args; len(args) == 2 {
		n := args[1].(*parse.NumberNode)
		n.Int64, n.Float64, n.Uint64, n.Text = int64(i), float64(i), uint64(i), fmt.Sprint(i)
	}
	return a
}
