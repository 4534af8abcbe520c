package all_test

import (
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/games"
)

const module = "github.com/roundtable-dev/roundtable/"

// owned is what every game has, <g> its folder (docs/adding-a-game.md,
// "What a game owns"): a path that must exist and, where calls is set,
// a folder whose Go files (its tests, when inTests) must make that call.
type owned struct {
	path    string
	calls   string
	in      string
	inTests bool
}

var gameOwns = []owned{
	{path: "schema/<g>/"},
	{path: "content/<g>/pack.yaml"},
	{path: "content/<g>/layouts/"},
	{path: "compiler/<g>/", calls: "compiler.Register(", in: "compiler/<g>"},
	{path: "compiler/<g>/testdata/script/", calls: "clitest.Run(", in: "compiler/<g>", inTests: true},
	{path: "compiler/<g>/testdata/mistakes/", calls: "clitest.Mistakes(", in: "compiler/<g>", inTests: true},
	{path: "engine/<g>/", calls: "playtest.Conformance(", in: "engine/<g>", inTests: true},
	{path: "engine/<g>/table/"},
	{path: "engine/<g>/testdata/scenarios/", calls: "playtest.Scenarios(", in: "engine/<g>", inTests: true},
	{path: "games/<g>/", calls: "games.Register(", in: "games/<g>"},
	{path: "games/<g>/templates/"},
	{path: "generated/<g>/ruleset.go"},
	{path: "docs/<g>.md"},
}

// TestEveryGameHasItsFolders keeps docs/adding-a-game.md true: every
// registered game has each folder and file the page lists (gameOwns), its
// two registrations (compiler.Register in compiler/<g>, games.Register in
// games/<g>) and its line in games/all; every game folder of the tree
// (content/*, engine/*/table, generated/*) is a registered game's; and the
// page's table lists exactly what this test checks.
func TestEveryGameHasItsFolders(t *testing.T) {
	root := "../.."
	var folders []string
	for _, g := range compiler.Games() {
		f := path.Base(g.ContentDir)
		folders = append(folders, f)
		if g.ContentDir != "content/"+f || g.GenDir != "generated/"+f {
			t.Errorf("game %s: ContentDir %q and GenDir %q, want content/%s and generated/%s", g.ID, g.ContentDir, g.GenDir, f, f)
		}
		if _, ok := games.Lookup(g.ID); !ok {
			t.Errorf("game %s compiles but is not in the games registry (games.Register)", g.ID)
		}
		for _, p := range gameProblems(root, f) {
			t.Errorf("game %s: %s", g.ID, p)
		}
	}
	if len(folders) < 5 {
		t.Fatalf("only %d games registered", len(folders))
	}
	slices.Sort(folders)

	imported, err := gamesAllImports(filepath.Join(root, "games/all/all.go"))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(imported, folders) {
		t.Errorf("games/all/all.go imports the games %v, want the registered games' folders %v", imported, folders)
	}

	var tree []string
	for _, pattern := range []string{"content/*", "engine/*/table", "generated/*"} {
		dirs, _ := filepath.Glob(filepath.Join(root, pattern))
		for _, d := range dirs {
			if fi, err := os.Stat(d); err == nil && fi.IsDir() {
				rel, _ := filepath.Rel(root, d)
				tree = append(tree, filepath.ToSlash(rel))
				f := strings.Split(filepath.ToSlash(rel), "/")[1]
				if !slices.Contains(folders, f) {
					t.Errorf("%s is no registered game's folder (docs/adding-a-game.md)", rel)
				}
			}
		}
	}
	if len(tree) < 3*len(folders) {
		t.Errorf("found only %v in the tree", tree)
	}

	doc, err := os.ReadFile(filepath.Join(root, "docs/adding-a-game.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range docProblems(string(doc)) {
		t.Errorf("docs/adding-a-game.md: %s", p)
	}
}

// gameProblems is what game folder f lacks of gameOwns under root.
func gameProblems(root, f string) []string {
	var out []string
	for _, o := range gameOwns {
		p := strings.ReplaceAll(o.path, "<g>", f)
		fi, err := os.Stat(filepath.Join(root, p))
		switch {
		case err != nil && p == "docs/"+f+".md":
			if several, _ := filepath.Glob(filepath.Join(root, "docs", f+"-*.md")); len(several) > 0 {
				continue
			}
			out = append(out, fmt.Sprintf("no %s (nor docs/%s-*.md)", p, f))
			continue
		case err != nil:
			out = append(out, fmt.Sprintf("no %s", p))
			continue
		case strings.HasSuffix(p, "/") != fi.IsDir():
			out = append(out, fmt.Sprintf("%s is not a %s", p, map[bool]string{true: "folder", false: "file"}[strings.HasSuffix(p, "/")]))
			continue
		}
		if o.calls == "" {
			continue
		}
		in := strings.ReplaceAll(o.in, "<g>", f)
		if !folderCalls(filepath.Join(root, in), o.calls, o.inTests) {
			where := "Go files"
			if o.inTests {
				where = "tests"
			}
			out = append(out, fmt.Sprintf("%s: no %s of %s calls %s", p, where, in, strings.TrimSuffix(o.calls, "(")))
		}
	}
	return out
}

// folderCalls says whether a Go file of dir (a test file when tests, a
// non-test one otherwise) holds call.
func folderCalls(dir, call string, tests bool) bool {
	files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	for _, file := range files {
		if strings.HasSuffix(file, "_test.go") != tests {
			continue
		}
		if b, err := os.ReadFile(file); err == nil && strings.Contains(string(b), call) {
			return true
		}
	}
	return false
}

// gamesAllImports are the folders of the games games/all imports.
func gamesAllImports(file string) ([]string, error) {
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.ImportsOnly)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, im := range f.Imports {
		p, _ := strconv.Unquote(im.Path.Value)
		if g, ok := strings.CutPrefix(p, module+"games/"); ok {
			out = append(out, g)
		}
	}
	slices.Sort(out)
	return out, nil
}

var ownsRow = regexp.MustCompile("^\\| `([^`]+)` \\|")

// docProblems holds the page to gameOwns: its "What a game owns" table
// lists each path and nothing else, and it names the registrations and
// the shared line.
func docProblems(doc string) []string {
	var out []string
	_, section, ok := strings.Cut(doc, "\n## What a game owns\n")
	if !ok {
		return []string{`no section "## What a game owns"`}
	}
	section, _, _ = strings.Cut(section, "\n## ")
	var listed []string
	for _, line := range strings.Split(section, "\n") {
		if m := ownsRow.FindStringSubmatch(line); m != nil {
			listed = append(listed, m[1])
		}
	}
	var want []string
	for _, o := range gameOwns {
		want = append(want, o.path)
	}
	if !slices.Equal(listed, want) {
		out = append(out, fmt.Sprintf("the table lists %v, want what TestEveryGameHasItsFolders checks, in its order: %v", listed, want))
	}
	for _, name := range []string{"`compiler.Register(Game)`", "`games.Register(", "`games/all/all.go`"} {
		if !strings.Contains(doc, name) {
			out = append(out, "does not name "+name)
		}
	}
	return out
}

// TestGameFolderCheckCatchesWhatIsMissing: the checks above fail on a game
// without one of its folders, without a registration, and on a page whose
// table leaves a path out.
func TestGameFolderCheckCatchesWhatIsMissing(t *testing.T) {
	root := t.TempDir()
	write := func(p, data string) {
		t.Helper()
		p = filepath.Join(root, p)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, o := range gameOwns {
		p := strings.ReplaceAll(o.path, "<g>", "zz")
		if strings.HasSuffix(p, "/") {
			write(p+"keep", "")
		} else {
			write(p, "")
		}
		if o.calls != "" {
			name := strings.ReplaceAll(o.in, "<g>", "zz") + "/" + strings.TrimSuffix(strings.ToLower(strings.NewReplacer(".", "_", "(", "").Replace(o.calls)), "_")
			if o.inTests {
				name += "_test"
			}
			write(name+".go", "package zz\n\nfunc init() { "+o.calls+") }\n")
		}
	}
	if got := gameProblems(root, "zz"); len(got) != 0 {
		t.Fatalf("a complete game: %v", got)
	}
	if err := os.RemoveAll(filepath.Join(root, "compiler/zz/testdata/mistakes")); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(root, "games/zz/games_register.go")); err != nil {
		t.Fatal(err)
	}
	want := []string{"no compiler/zz/testdata/mistakes/", "games/zz/: no Go files of games/zz calls games.Register"}
	if got := gameProblems(root, "zz"); !slices.Equal(got, want) {
		t.Errorf("without its corpus and registration: %q, want %q", got, want)
	}
	doc, err := os.ReadFile("../../docs/adding-a-game.md")
	if err != nil {
		t.Fatal(err)
	}
	short := strings.Replace(string(doc), "| `engine/<g>/table/` |", "| engine/<g>/table/ |", 1)
	if got := docProblems(short); len(got) != 1 || !strings.HasPrefix(got[0], "the table lists") {
		t.Errorf("a page that leaves engine/<g>/table/ out: %q", got)
	}
	if got := docProblems(string(doc)); len(got) != 0 {
		t.Errorf("the page: %q", got)
	}
}
