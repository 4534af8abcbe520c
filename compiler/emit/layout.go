package emit

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"strings"

	"golang.org/x/mod/modfile"
)

// ChunkSize is the default number of elements above which a top-level slice
// of a generated value is split into packages of this many elements each.
// The Go compiler type-checks and lowers one package on one core and holds
// all of it in memory (about 20 KB per unit card of Anna's Roundtable); parts
// in separate packages compile in parallel, are cached one by one, and
// bound the compiler's memory (docs/performance.md, docs/design.md).
const ChunkSize = 4000

// ErrNoImportPath is returned by Package.Output when the value must be split
// and the package's import path is not known.
var ErrNoImportPath = errors.New("the import path of the generated package is needed")

// Package describes a generated Go package holding one value in one
// exported variable.
type Package struct {
	Dir  string // slash path of the package folder under the output folder; "" for the output folder itself
	Name string // package name
	Doc  string // package comment, without "// "
	Var  string // the variable
	// ImportPath is the import path of Dir, needed only when the value is
	// split into chunk packages (see ImportPath).
	ImportPath string
	// ChunkSize overrides the package constant ChunkSize when positive.
	ChunkSize int
	// Consts names the constants of enum types (the table package's
	// GoConsts), printed instead of their numbers.
	Consts Consts
}

// Output returns the files of p holding v. When v is a struct, or a pointer
// to one, and one of its exported slice fields has more than ChunkSize
// elements, that field is split: its elements go to chunk packages
// Dir/internal/<field><n> (one variable each, named after the field), and the
// variable's literal joins them with slices.Concat. Otherwise the package is
// one file, Dir/ruleset.go, all static data.
func (p Package) Output(v any) (Output, error) {
	size := p.ChunkSize
	if size <= 0 {
		size = ChunkSize
	}
	rv := reflect.ValueOf(v)
	root := rv
	if root.Kind() == reflect.Pointer && !root.IsNil() {
		root = root.Elem()
	}
	top := goFile{consts: p.Consts, pkg: p.Name, doc: p.Doc, name: p.Var, varDoc: p.Var + " is the compiled content.", value: rv}
	top.ids = idLists(rv)
	out := Output{Prune: []string{path.Join(p.Dir, "internal")}}
	if root.Kind() == reflect.Struct {
		t := root.Type()
		for i := range t.NumField() {
			f := t.Field(i)
			fv := root.Field(i)
			if !f.IsExported() || fv.Kind() != reflect.Slice || fv.Len() <= size {
				continue
			}
			if p.ImportPath == "" {
				return Output{}, fmt.Errorf("%w: %s.%s has %d elements, more than %d, so they go to packages under %s that %s imports",
					ErrNoImportPath, p.Var, f.Name, fv.Len(), size, path.Join(p.Dir, "internal"), p.Name)
			}
			if top.fieldCode == nil {
				top.fieldCode = map[string]string{}
				top.extraStd = []string{"slices"}
			}
			base := strings.ToLower(f.Name)
			var code strings.Builder
			code.WriteString("slices.Concat(\n")
			for n, lo := 0, 0; lo < fv.Len(); n, lo = n+1, lo+size {
				hi := min(lo+size, fv.Len())
				name := fmt.Sprintf("%s%03d", base, n)
				dir := path.Join(p.Dir, "internal", name)
				top.extra = append(top.extra, p.ImportPath+"/internal/"+name)
				fmt.Fprintf(&code, "\t%s.%s,\n", name, f.Name)
				chunk := goFile{
					consts: p.Consts,
					pkg:    name,
					doc:    fmt.Sprintf("Package %s holds %s.%s[%d:%d] of package %s.", name, p.Var, f.Name, lo, hi, p.Name),
					name:   f.Name,
					varDoc: fmt.Sprintf("%s are elements %d to %d of %s.%s.", f.Name, lo, hi-1, p.Var, f.Name),
					value:  fv.Slice(lo, hi),
					ids:    top.ids,
				}
				out.Files = append(out.Files, File{Name: path.Join(dir, base+".go"), Write: chunk.write})
			}
			code.WriteString(")")
			top.fieldCode[f.Name] = code.String()
		}
	}
	out.Files = append([]File{{Name: path.Join(p.Dir, "ruleset.go"), Write: top.write}}, out.Files...)
	return out, nil
}

// ImportPath returns the import path of folder dir (which need not exist)
// from the go.mod of the module holding it, or "" when no go.mod is found in
// dir or above it.
func ImportPath(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for d := abs; ; {
		data, err := os.ReadFile(filepath.Join(d, "go.mod"))
		if err == nil {
			mod := modfile.ModulePath(data)
			if mod == "" {
				return "", fmt.Errorf("%s: no module path", filepath.Join(d, "go.mod"))
			}
			rel, err := filepath.Rel(d, abs)
			if err != nil {
				return "", err
			}
			return path.Join(mod, filepath.ToSlash(rel)), nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return "", err
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", nil
		}
		d = parent
	}
}

// Bytes is a File with fixed contents.
func Bytes(name string, data []byte) File {
	return File{Name: name, Write: func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	}}
}
