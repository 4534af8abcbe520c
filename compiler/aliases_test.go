package compiler_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/roundtable-dev/roundtable/compiler"
)

// layerAlias is the second half of the import name of a game's package in
// each layer: bc + compiler, engine, games, schema, content, gen, table.
var layerAlias = map[string]string{
	"compiler": "compiler", "engine": "engine", "games": "games", "schema": "schema",
	"content": "content", "generated": "gen", "engine/table": "table",
}

// gameAlias is the import name the scheme gives an import path, and the
// folder of its game; "" when the path is not one of a game's same-named
// packages (compiler/G, engine/G, games/G, schema/G, content/G,
// generated/G, engine/G/table).
func gameAlias(importPath string, prefix map[string]string) (alias, game string) {
	rel, ok := strings.CutPrefix(importPath, module+"/")
	if !ok {
		return "", ""
	}
	parts := strings.Split(rel, "/")
	layer := parts[0]
	switch {
	case len(parts) == 2:
	case len(parts) == 3 && layer == "engine" && parts[2] == "table":
		layer = "engine/table"
	default:
		return "", ""
	}
	p, ok := prefix[parts[1]]
	if !ok || layerAlias[layer] == "" {
		return "", ""
	}
	return p + layerAlias[layer], parts[1]
}

// importNameProblem says what is wrong with importing importPath under
// name (nil: no name) in a file of the package folder dir, "" if nothing.
// The scheme: a game's package is imported as its game's code prefix
// (bc-: "bc") and its layer: bccompiler, bcengine, bcgames, bcschema,
// bccontent, bcgen, bctable. A game's table package is plain "table" in
// its own game's packages, where it is the only one (TestLayering) and
// as generated code writes it. A package's own external test may
// dot-import it; "_" is always allowed.
func importNameProblem(dir, importPath string, name *ast.Ident, prefix map[string]string) string {
	want, game := gameAlias(importPath, prefix)
	if want == "" || name != nil && name.Name == "_" {
		return ""
	}
	own := strings.TrimPrefix(importPath, module+"/") == dir
	if own && name != nil && name.Name == "." {
		return ""
	}
	if strings.HasSuffix(importPath, "/table") && gameOf(dir) == game {
		if name == nil || name.Name == "table" {
			return ""
		}
		return "import " + importPath + " as table (unnamed) inside its own game, not " + name.Name
	}
	if name != nil && name.Name == want {
		return ""
	}
	got := path.Base(importPath) + " (no name)"
	if name != nil {
		got = name.Name
	}
	return "import " + importPath + " as " + want + ", not " + got
}

// gamePrefixes maps each registered game's folder to its code prefix
// without the hyphen: the first half of its import names.
func gamePrefixes(t *testing.T) map[string]string {
	prefix := map[string]string{}
	for _, g := range compiler.Games() {
		prefix[path.Base(g.GenDir)] = strings.TrimSuffix(g.Prefix(), "-")
	}
	if len(prefix) < 5 {
		t.Fatalf("only %d games registered: %v", len(prefix), prefix)
	}
	return prefix
}

// TestImportAliases holds every import of a game's same-named packages, in
// every Go file of the module but generated ones (whose imports are
// emit's), to one scheme (importNameProblem).
func TestImportAliases(t *testing.T) {
	prefix := gamePrefixes(t)
	root := ".."
	fset := token.NewFileSet()
	files, checked := 0, 0
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" || d.Name() == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, parser.ImportsOnly|parser.ParseComments)
		if err != nil {
			return err
		}
		files++
		if ast.IsGenerated(f) {
			return nil
		}
		rel, _ := filepath.Rel(root, p)
		dir := filepath.ToSlash(filepath.Dir(rel))
		for _, im := range f.Imports {
			ip, _ := strconv.Unquote(im.Path.Value)
			if a, _ := gameAlias(ip, prefix); a != "" {
				checked++
			}
			if msg := importNameProblem(dir, ip, im.Name, prefix); msg != "" {
				t.Errorf("%s: %s", fset.Position(im.Pos()), msg)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 100 || checked < 100 {
		t.Fatalf("saw %d files, %d imports of game packages: the walk missed the module", files, checked)
	}
}

// TestImportNameProblem: the scheme on cases of each kind.
func TestImportNameProblem(t *testing.T) {
	prefix := map[string]string{"annas": "annas", "battlecrest": "bc"}
	id := func(s string) *ast.Ident {
		if s == "" {
			return nil
		}
		return ast.NewIdent(s)
	}
	for _, c := range []struct {
		dir, path, name, want string
	}{
		{"games/battlecrest", "compiler/battlecrest", "bccompiler", ""},
		{"games/battlecrest", "compiler/battlecrest", "compiler", "import " + module + "/compiler/battlecrest as bccompiler, not compiler"},
		{"games/battlecrest", "compiler/battlecrest", "", "import " + module + "/compiler/battlecrest as bccompiler, not battlecrest (no name)"},
		{"games/battlecrest", "generated/battlecrest", "bcgen", ""},
		{"games/annas", "generated/annas", "gen", "import " + module + "/generated/annas as annasgen, not gen"},
		{"compiler/annas", "schema/annas", "annasschema", ""},
		{"compiler/annas", "content/annas", "content", "import " + module + "/content/annas as annascontent, not content"},
		{"games/all", "games/annas", "_", ""},
		{"engine/annas", "engine/annas", ".", ""},
		{"engine/annas/internal", "engine/annas", ".", "import " + module + "/engine/annas as annasengine, not ."},
		{"compiler/annas", "engine/annas/table", "", ""},
		{"compiler/annas", "engine/annas/table", "table", ""},
		{"compiler/annas", "engine/annas/table", "annastable", "import " + module + "/engine/annas/table as table (unnamed) inside its own game, not annastable"},
		{"compiler/emit", "engine/annas/table", "", "import " + module + "/engine/annas/table as annastable, not table (no name)"},
		{"compiler/emit", "engine/annas/table", "annastable", ""},
		{"compiler/emit", "engine/annas/play", "", ""},
		{"compiler", "compiler/diag", "", ""},
		{"cmd/roundtable", "engine/tropera", "tro", ""}, // not a registered game here: no rule
	} {
		if got := importNameProblem(c.dir, module+"/"+c.path, id(c.name), prefix); got != c.want {
			t.Errorf("%s importing %s as %q: %q, want %q", c.dir, c.path, c.name, got, c.want)
		}
	}
}
