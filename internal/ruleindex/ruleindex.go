// Package ruleindex keeps the rule indexes of docs/*.md true: each game's
// page has tables mapping every rule of its rulebook to the code that
// implements it and the test that proves it, and Check fails on a name in
// them that the tree does not have (a renamed function, a deleted test, a
// scenario file gone), so the index cannot go stale.
//
// A rule table is a Markdown table with a column headed "test", "tests"
// or "tested by"; its code column is headed "where", "engine" or
// "implemented". The names checked are those written as names: `spans`
// in backticks, Test…/Fuzz…/Benchmark… words, name() calls, *.txtar files,
// and Battlecrest's "sc: a, b" (scenario files) and "ts: a, b"
// (testscripts) lists. A span with a space or a colon in it is an example
// (an action text, a YAML line), not a name, and is skipped.
package ruleindex

import (
	"bufio"
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// Tree is what names the repository has.
type Tree struct {
	// Go: declared names (funcs, types, consts, vars, struct fields) and
	// qualified ones (Type.Method, Type.Field, pkg.Name); tests (Test…,
	// Fuzz…, Benchmark…, Example… of _test.go files); string literals (a
	// diagnostic code, a status word).
	names, qualified, tests, strs map[string]bool
	// Files: every path (slash-separated, from the root) and folder.
	paths map[string]bool
	// scenarios: scenario file names (without .yaml) of every
	// testdata/scenarios folder, true when the file has a rule:.
	scenarios map[string]bool
	// scripts: testscript names (without .txtar).
	scripts map[string]bool
	// words of the CUE schemas (content keys and values: `combat`,
	// `no-triangle`).
	words map[string]bool
}

// Load reads the tree under root: Go files (outside testdata and
// generated code), scenario files, testscripts and schemas.
func Load(root string) (*Tree, error) {
	t := &Tree{names: map[string]bool{}, qualified: map[string]bool{}, tests: map[string]bool{}, strs: map[string]bool{},
		paths: map[string]bool{}, scenarios: map[string]bool{}, scripts: map[string]bool{}, words: map[string]bool{}}
	fset := token.NewFileSet()
	word := regexp.MustCompile(`[A-Za-z][A-Za-z0-9_-]*`)
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if d.Name() == ".git" || d.Name() == "node_modules" {
				return filepath.SkipDir
			}
			t.paths[rel] = true
			return nil
		}
		t.paths[rel] = true
		name := d.Name()
		inTestdata := strings.Contains("/"+rel, "/testdata/")
		switch {
		case strings.HasSuffix(name, ".go") && !inTestdata && !strings.HasPrefix(rel, "generated/"):
			f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
			if err != nil {
				return err
			}
			t.addGo(f, strings.HasSuffix(name, "_test.go"))
		case strings.HasSuffix(name, ".txtar"):
			t.scripts[strings.TrimSuffix(name, ".txtar")] = true
		case strings.HasSuffix(name, ".yaml") && path.Base(path.Dir(rel)) == "scenarios" && inTestdata:
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			t.scenarios[strings.TrimSuffix(name, ".yaml")] = hasRule(b)
		case strings.HasSuffix(name, ".cue"):
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			for _, w := range word.FindAllString(string(b), -1) {
				t.words[w] = true
			}
		}
		return nil
	})
	return t, err
}

// hasRule reports whether a scenario file has a non-empty top-level rule:.
func hasRule(b []byte) bool {
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "rule:"); ok {
			return strings.TrimSpace(v) != ""
		}
	}
	return false
}

func (t *Tree) addGo(f *ast.File, test bool) {
	pkg := f.Name.Name
	add := func(owner, name string) {
		t.names[name] = true
		if owner != "" {
			t.qualified[owner+"."+name] = true
		}
		t.qualified[pkg+"."+name] = true
	}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			owner := ""
			if d.Recv != nil && len(d.Recv.List) > 0 {
				owner = recvType(d.Recv.List[0].Type)
			}
			add(owner, d.Name.Name)
			if test && owner == "" {
				for _, p := range []string{"Test", "Fuzz", "Benchmark", "Example"} {
					if strings.HasPrefix(d.Name.Name, p) {
						t.tests[d.Name.Name] = true
					}
				}
			}
		case *ast.GenDecl:
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.TypeSpec:
					add("", s.Name.Name)
					if st, ok := s.Type.(*ast.StructType); ok {
						for _, fl := range st.Fields.List {
							for _, n := range fl.Names {
								add(s.Name.Name, n.Name)
							}
						}
					}
				case *ast.ValueSpec:
					for _, n := range s.Names {
						add("", n.Name)
					}
				}
			}
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		if l, ok := n.(*ast.BasicLit); ok && l.Kind == token.STRING {
			if s, err := strconv.Unquote(l.Value); err == nil && len(s) < 80 {
				t.strs[s] = true
			}
		}
		return true
	})
}

func recvType(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.StarExpr:
		return recvType(e.X)
	case *ast.IndexExpr:
		return recvType(e.X)
	case *ast.IndexListExpr:
		return recvType(e.X)
	case *ast.Ident:
		return e.Name
	}
	return ""
}

// Row is one row of a rule table: its code and test cells.
type Row struct {
	Doc        string // the doc's path
	Line       int    // 1-based
	Code, Test string
	// Cells and Want: the row's cells and the header's (a row with more
	// or fewer has its names in the wrong columns).
	Cells, Want int
}

// Rows are the rows of every rule table of the Markdown text md.
func Rows(doc string, md []byte) []Row {
	var out []Row
	lines := strings.Split(string(md), "\n")
	for i := 0; i < len(lines); i++ {
		if !strings.HasPrefix(lines[i], "|") || i+1 >= len(lines) || !strings.HasPrefix(lines[i+1], "|--") && !strings.HasPrefix(lines[i+1], "|:-") && !strings.HasPrefix(lines[i+1], "| --") {
			continue
		}
		code, test := -1, -1
		head := cells(lines[i])
		for k, h := range head {
			switch strings.ToLower(strings.TrimSpace(h)) {
			case "where", "engine", "implemented":
				code = k
			case "test", "tests", "tested by":
				test = k
			}
		}
		i += 2
		for ; i < len(lines) && strings.HasPrefix(lines[i], "|"); i++ {
			if test < 0 {
				continue
			}
			cs := cells(lines[i])
			r := Row{Doc: doc, Line: i + 1, Cells: len(cs), Want: len(head)}
			if code >= 0 && code < len(cs) {
				r.Code = cs[code]
			}
			if test < len(cs) {
				r.Test = cs[test]
			}
			out = append(out, r)
		}
	}
	return out
}

// cells splits a table row on the | that are not inside `code`.
func cells(line string) []string {
	line = strings.TrimSpace(line)
	line = strings.TrimPrefix(line, "|")
	line = strings.TrimSuffix(line, "|")
	var out []string
	var b strings.Builder
	tick := false
	for _, r := range line {
		switch {
		case r == '`':
			tick = !tick
		case r == '|' && !tick:
			out = append(out, strings.TrimSpace(b.String()))
			b.Reset()
			continue
		}
		b.WriteRune(r)
	}
	return append(out, strings.TrimSpace(b.String()))
}

var (
	spanRe   = regexp.MustCompile("`([^`]+)`")
	testRe   = regexp.MustCompile(`\b(?:Test|Fuzz|Benchmark)[A-Za-z0-9_]*\*?`)
	callRe   = regexp.MustCompile(`\b([A-Za-z_][A-Za-z0-9_.]*)\(\)`)
	scriptRe = regexp.MustCompile(`\b[A-Za-z0-9_]+\.txtar\b`)
	identRe  = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$`)
	wordRe   = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*(\.[a-z0-9][a-z0-9-]*)*$`)
	globRe   = regexp.MustCompile(`^[A-Za-z0-9_.-]*\*[A-Za-z0-9_.-]*$`)
)

// Check returns a problem for every name of the row the tree lacks.
func (t *Tree) Check(r Row) []string {
	var bad []string
	miss := func(cell, name, what string) {
		bad = append(bad, fmt.Sprintf("%s:%d: %s %q: %s", r.Doc, r.Line, cell, name, what))
	}
	if r.Cells != r.Want {
		bad = append(bad, fmt.Sprintf("%s:%d: %d cells, the header has %d", r.Doc, r.Line, r.Cells, r.Want))
	}
	for _, c := range []struct {
		cell, text string
	}{{"code", r.Code}, {"test", r.Test}} {
		text := c.text
		for _, seg := range strings.Split(text, ";") {
			// Battlecrest's lists: "sc: a, b" scenario files, "ts: a, b" testscripts.
			seg = strings.TrimSpace(seg)
			for _, list := range []struct{ prefix, kind string }{{"sc:", "scenario"}, {"ts:", "testscript"}} {
				rest, ok := strings.CutPrefix(seg, list.prefix)
				if !ok {
					continue
				}
				for _, n := range strings.Split(rest, ",") {
					n = strings.TrimSpace(n)
					if k := strings.IndexAny(n, " ("); k >= 0 {
						n = n[:k]
					}
					if n == "" {
						continue
					}
					if why := t.resolveKind(n, list.kind); why != "" {
						miss(c.cell, n, why)
					}
				}
				seg = ""
			}
			if seg == "" {
				continue
			}
			plain := spanRe.ReplaceAllString(seg, " ")
			for _, n := range testRe.FindAllString(plain, -1) {
				if why := t.resolveTest(n); why != "" {
					miss(c.cell, n, why)
				}
			}
			for _, m := range callRe.FindAllStringSubmatch(plain, -1) {
				if why := t.resolveName(m[1]); why != "" {
					miss(c.cell, m[1]+"()", why)
				}
			}
			for _, n := range scriptRe.FindAllString(plain, -1) {
				if why := t.resolveKind(strings.TrimSuffix(n, ".txtar"), "testscript"); why != "" {
					miss(c.cell, n, why)
				}
			}
			for _, m := range spanRe.FindAllStringSubmatch(seg, -1) {
				if why := t.resolveSpan(m[1]); why != "" {
					miss(c.cell, m[1], why)
				}
			}
		}
	}
	return bad
}

// resolveSpan resolves a `span`: "" when the tree has it (or it is an
// example, not a name), else what is missing.
func (t *Tree) resolveSpan(s string) string {
	s = strings.TrimSuffix(strings.TrimSpace(s), "()")
	switch {
	case s == "" || strings.ContainsAny(s, " :=+{}[]<>#'\",") || s == "—":
		return "" // an example: an action text, a YAML line
	case strings.HasSuffix(s, ".txtar"):
		return t.resolveKind(strings.TrimSuffix(s, ".txtar"), "testscript")
	case strings.Contains(s, "/") || strings.HasSuffix(s, ".go") || strings.HasSuffix(s, ".yaml") || strings.HasSuffix(s, ".md"):
		return t.resolvePath(s)
	case globRe.MatchString(s):
		return t.resolveGlob(s)
	case testRe.MatchString(s) && testRe.FindString(s) == s:
		return t.resolveTest(s)
	case identRe.MatchString(s):
		if t.resolveName(s) == "" || t.resolveWord(s) == "" {
			return ""
		}
		return "no Go declaration, scenario, testscript or schema word of that name"
	case wordRe.MatchString(s):
		return t.resolveWord(s)
	}
	return ""
}

// resolveName: a Go name, A.B qualified (a method, a field, a package's
// name), or longer (A.B.C: each link).
func (t *Tree) resolveName(s string) string {
	parts := strings.Split(s, ".")
	if len(parts) == 1 {
		if t.names[s] || t.tests[s] {
			return ""
		}
		return "no Go declaration of that name"
	}
	for i := 1; i < len(parts); i++ {
		if !t.qualified[parts[i-1]+"."+parts[i]] && !(i > 1 && t.names[parts[i]]) {
			return fmt.Sprintf("no Go declaration %s.%s", parts[i-1], parts[i])
		}
	}
	return ""
}

// resolveWord: a scenario, testscript, string literal of the Go code
// (diagnostic codes, statuses) or schema word; dotted, each part.
func (t *Tree) resolveWord(s string) string {
	if _, ok := t.scenarios[s]; ok {
		return t.resolveKind(s, "scenario")
	}
	if t.scripts[s] || t.strs[s] || t.words[s] || t.names[s] {
		return ""
	}
	for _, p := range strings.Split(s, ".") {
		if !t.strs[p] && !t.words[p] && !t.names[p] {
			return "no scenario, testscript, Go name or string, or schema word of that name"
		}
	}
	return ""
}

func (t *Tree) resolveTest(s string) string {
	if strings.HasSuffix(s, "*") {
		return t.resolveGlob(s)
	}
	if t.tests[s] {
		return ""
	}
	return "no test of that name"
}

func (t *Tree) resolveKind(s, kind string) string {
	if strings.Contains(s, "*") {
		return t.resolveGlob(s)
	}
	switch kind {
	case "scenario":
		rule, ok := t.scenarios[s]
		if !ok {
			return "no scenario file of that name"
		}
		if !rule {
			return "the scenario file names no rule:"
		}
	case "testscript":
		if !t.scripts[s] {
			return "no testscript of that name"
		}
	}
	return ""
}

func (t *Tree) resolvePath(s string) string {
	s = strings.TrimPrefix(s, "./")
	if t.paths[s] {
		return ""
	}
	for p := range t.paths {
		if strings.HasSuffix(p, "/"+s) {
			return ""
		}
	}
	return "no such file or folder"
}

// resolveGlob: some test, scenario or testscript matches.
func (t *Tree) resolveGlob(g string) string {
	for _, set := range []map[string]bool{t.tests, t.scripts} {
		for n := range set {
			if ok, _ := path.Match(g, n); ok {
				return ""
			}
		}
	}
	for n := range t.scenarios {
		if ok, _ := path.Match(g, n); ok {
			return ""
		}
	}
	return "nothing matches"
}
