package compiler_test

import (
	"encoding/json"
	"os/exec"
	"path"
	"slices"
	"strings"
	"testing"

	"github.com/roundtable-dev/roundtable/compiler"
)

const module = "github.com/roundtable-dev/roundtable"

// TestLayering enforces the arrows of DESIGN.md: cmd → compiler, engine,
// generated; compiler/<game> → compiler, engine/<game>/table (the compiler
// imports nothing else of engine/; the text of messages is the leaf
// internal/phrase, which both import); generated/<game>
// → engine/<game>/table only; engine/<game> → engine/<game>/table, engine/play.
// The engine never imports the compiler; nothing imports cmd; one game's
// packages never import another game's; the contract (engine/play) and the
// registry (games) import no game, and neither do the tools written once
// for every game over the registry (games/render, games/studio); the loader
// (compiler/source) knows no cache. Test code follows forbiddenInTest: the
// one way into cmd from outside it is an external test package of the
// compiler running its check scripts through cmd/roundtable/clitest. An
// arrow listed in pending is reported
// as a log line, not a failure, until the change that removes it lands;
// then the entry must go.
func TestLayering(t *testing.T) {
	out, err := exec.Command("go", "list", "-json=ImportPath,Deps,TestImports,XTestImports", module+"/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	n := 0
	seen := map[string]bool{}
	for dec.More() {
		var p struct {
			ImportPath                      string
			Deps, TestImports, XTestImports []string
		}
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		n++
		rel := strings.TrimPrefix(strings.TrimPrefix(p.ImportPath, module), "/")
		for _, d := range p.Deps {
			if !strings.HasPrefix(d, module+"/") {
				continue
			}
			dep := strings.TrimPrefix(d, module+"/")
			msg := forbidden(rel, dep)
			if msg == "" {
				continue
			}
			arrow := rel + " -> " + dep
			if why, ok := pending[arrow]; ok {
				seen[arrow] = true
				t.Logf("%s imports %s: %s (pending: %s)", rel, dep, msg, why)
				continue
			}
			t.Errorf("%s imports %s: %s", rel, dep, msg)
		}
		for _, tests := range []struct {
			imports  []string
			external bool
		}{{p.TestImports, false}, {p.XTestImports, true}} {
			for _, d := range tests.imports {
				dep, ok := strings.CutPrefix(d, module+"/")
				if !ok {
					continue
				}
				if msg := forbiddenInTest(rel, dep, tests.external); msg != "" {
					t.Errorf("tests of %s import %s: %s", rel, dep, msg)
				}
			}
		}
	}
	if n < 10 {
		t.Fatalf("go list saw only %d packages", n)
	}
	for arrow := range pending {
		if !seen[arrow] {
			t.Errorf("pending arrow %s no longer exists: remove it from pending", arrow)
		}
	}
}

// pending are forbidden arrows that exist today, each with the change that
// removes it. Nothing may be added here to silence a new arrow.
var pending = map[string]string{}

// gameFolders are the registered games' folder names under engine/,
// compiler/, generated/ and games/ (their generated folder's name); that
// every game folder of the tree is a registered game's is
// games/all.TestEveryGameHasItsFolders'.
func gameFolders() []string {
	var folders []string
	for _, g := range compiler.Games() {
		folders = append(folders, path.Base(g.GenDir))
	}
	return folders
}

// gameOf is the game a package belongs to, "" for shared code.
func gameOf(pkg string) string {
	parts := strings.Split(pkg, "/")
	if len(parts) < 2 {
		return ""
	}
	switch parts[0] {
	case "engine", "compiler", "generated", "games", "content", "schema":
		if slices.Contains(gameFolders(), parts[1]) {
			return parts[1]
		}
	}
	return ""
}

func forbidden(pkg, dep string) string {
	top := func(s string) string { return strings.SplitN(s, "/", 2)[0] }
	switch {
	case top(dep) == "cmd" && top(pkg) != "cmd":
		return "nothing outside cmd may import cmd"
	case top(pkg) == "engine" && top(dep) == "compiler":
		return "the engine never imports the compiler"
	case top(pkg) == "engine" && top(dep) == "generated":
		return "the engine consumes tables passed to it, not the generated package"
	case top(pkg) == "generated" && !strings.HasSuffix(dep, "/table") && !strings.HasPrefix(dep, pkg+"/internal/"):
		// Its own chunk packages (a large pack split by emit) are data too.
		return "generated code holds data of table types only, never engine logic"
	case gameOf(pkg) != "" && gameOf(dep) != "" && gameOf(pkg) != gameOf(dep):
		return "one game never imports another"
	case (pkg == "engine/play" || strings.HasPrefix(pkg, "engine/play/") || pkg == "games") && gameOf(dep) != "":
		return "the game contract and the registry import no game"
	case (pkg == "games/render" || pkg == "games/studio") && gameOf(dep) != "":
		return "the renderer and the studio reach a game only through what it registers"
	case top(pkg) == "engine" && strings.Count(pkg, "/") >= 2 && strings.HasSuffix(pkg, "/table") && !strings.HasSuffix(dep, "/table"):
		return "table packages are plain data"
	case top(pkg) == "compiler" && top(dep) == "engine" && !(strings.Count(dep, "/") == 2 && strings.HasSuffix(dep, "/table")):
		return "the compiler imports nothing of engine/ but the games' table packages (message text is internal/phrase)"
	case pkg == "internal/phrase" || pkg == "internal/limits":
		return "the text of messages and the limits of a YAML file are leaves: the compiler and the engines both import them"
	case top(pkg) == "compiler" && top(dep) == "generated":
		return "the compiler must not depend on its own output"
	case (pkg == "compiler/source" || strings.HasPrefix(pkg, "compiler/source/")) && dep == "compiler/vcache":
		return "the loader knows no cache: it defines what it needs from one, and the cache implements it"
	case pkg == "compiler/lsp" && gameOf(dep) != "" && (top(dep) == "engine" || top(dep) == "compiler"):
		return "the language server knows no game: games come from the registry"
	}
	return ""
}

// cliTest is the one package of cmd that test code outside cmd may import:
// it runs testscript files through the CLI in-process.
const cliTest = "cmd/roundtable/clitest"

// forbiddenInTest judges an import of test code (direct imports only; what
// a test binary links is its business): test code outside cmd reaches the
// CLI only from an external test package (package x_test, never the
// package's own tests) of a compiler package, and only through clitest, so
// a check's scripts run beside the check while the compiler itself still
// imports no cmd package. The rules for non-test code are forbidden's.
func forbiddenInTest(pkg, dep string, external bool) string {
	top := func(s string) string { return strings.SplitN(s, "/", 2)[0] }
	if top(dep) != "cmd" || top(pkg) == "cmd" {
		return ""
	}
	if external && top(pkg) == "compiler" && dep == cliTest {
		return ""
	}
	return "test code outside cmd reaches the CLI only through " + cliTest + ", from an external test package of the compiler (a check's scripts)"
}

func TestForbiddenRules(t *testing.T) {
	for _, c := range []struct {
		pkg, dep string
		bad      bool
	}{
		{"engine/annas", "compiler/annas", true},
		{"engine/annas", "engine/annas/table", false},
		{"compiler/annas", "engine/annas/table", false},
		{"compiler", "cmd/roundtable", true},
		{"compiler", "cmd/roundtable/cli", true},
		{"compiler/annas", "cmd/roundtable/clitest", true},
		{"games/annas", "cmd/roundtable/cli", true},
		{"cmd/roundtable", "cmd/roundtable/cli", false},
		{"cmd/roundtable/clitest", "cmd/roundtable/cli", false},
		{"compiler/lsp", "engine/annas/table", true},
		{"compiler/lsp", "compiler/annas", true},
		{"compiler/lsp", "compiler/schemaexport", false},
		{"compiler/lsp", "engine/play/quote", true},
		{"compiler/diag", "engine/play", true},
		{"compiler", "engine/play/search", true},
		{"compiler/diag", "internal/phrase", false},
		{"engine/play", "internal/phrase", false},
		{"internal/phrase", "compiler/diag", true},
		{"internal/phrase", "engine/play", true},
		{"generated/annas", "engine/annas/table", false},
		{"generated/annas", "compiler", true},
		{"generated/annas", "generated/annas/internal/units000", false},
		{"generated/annas/internal/units000", "engine/annas", true},
		{"generated/annas", "generated/tropera/internal/units000", true},
		{"engine/annas/table", "engine/annas", true},
		{"generated/annas", "engine/annas", true},
		{"engine/tropera", "engine/annas", true},
		{"compiler/fecipher", "engine/battlecrest/table", true},
		{"games/annas", "engine/annas", false},
		{"games/annas", "generated/annas", false},
		{"games/annas", "compiler/tablebattles", true},
		{"engine/play", "engine/annas/table", true},
		{"engine/annas", "engine/play", false},
		{"games", "games/annas", true},
		{"compiler/source", "compiler/vcache", true},
		{"compiler/vcache", "compiler/source", false},
		{"compiler", "compiler/vcache", false},
		{"generated/tropera", "engine/tropera/table", false},
		{"generated/tropera", "engine/play", true},
		{"compiler/tropera", "compiler/annas", true},
		{"games/tropera", "engine/annas/table", true},
		{"games/render", "engine/annas/table", true},
		{"games/studio", "engine/annas", true},
		{"games/studio", "games/render", false},
		{"games/studio", "compiler", false},
	} {
		if got := forbidden(c.pkg, c.dep) != ""; got != c.bad {
			t.Errorf("forbidden(%s, %s) = %v, want %v", c.pkg, c.dep, got, c.bad)
		}
	}
}

func TestForbiddenInTestRules(t *testing.T) {
	for _, c := range []struct {
		pkg, dep string
		external bool
		bad      bool
	}{
		{"compiler/annas", "cmd/roundtable/clitest", true, false},
		{"compiler", "cmd/roundtable/clitest", true, false},
		{"compiler/fecipher/cardlist", "cmd/roundtable/clitest", true, false},
		{"compiler/annas", "cmd/roundtable/clitest", false, true}, // the package's own tests
		{"compiler/annas", "cmd/roundtable/cli", true, true},      // the CLI's internals
		{"compiler/annas", "cmd/roundtable", true, true},
		{"engine/annas", "cmd/roundtable/clitest", true, true},
		{"games/annas", "cmd/roundtable/clitest", true, true},
		{"cmd/roundtable/cli", "cmd/roundtable/clitest", true, false},
		{"compiler/annas", "generated/annas", false, false}, // non-cmd rules are forbidden's
	} {
		if got := forbiddenInTest(c.pkg, c.dep, c.external) != ""; got != c.bad {
			t.Errorf("forbiddenInTest(%s, %s, external=%v) = %v, want %v", c.pkg, c.dep, c.external, got, c.bad)
		}
	}
}
