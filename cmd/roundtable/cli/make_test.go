package cli

import (
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/roundtable-dev/roundtable/compiler"
)

// TestMakeFuzzRunsEveryTarget: `make fuzz` fuzzes every fuzz target of the
// repository in its own package, so a new target is never left to its
// seed corpus alone.
func TestMakeFuzzRunsEveryTarget(t *testing.T) {
	mk, err := os.ReadFile("../../../Makefile")
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{} // "./pkg FuzzName"
	for _, m := range regexp.MustCompile(`test (\./\S+) -run '\^\$\$' -fuzz (Fuzz\w+)`).FindAllStringSubmatch(string(mk), -1) {
		listed[m[1]+" "+m[2]] = true
	}
	decl := regexp.MustCompile(`(?m)^func (Fuzz\w+)\(`)
	found := 0
	err = filepath.WalkDir("../../..", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		pkg := "./" + filepath.ToSlash(filepath.Dir(strings.TrimPrefix(p, "../../../")))
		for _, m := range decl.FindAllStringSubmatch(string(src), -1) {
			found++
			if !listed[pkg+" "+m[1]] {
				t.Errorf("%s: %s is not in the Makefile's fuzz target (add: $(GO) test %s -run '^$$$$' -fuzz %s -fuzztime $(FUZZTIME))", p, m[1], pkg, m[1])
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if found < 9 || len(listed) != found {
		t.Errorf("found %d fuzz targets, the Makefile fuzzes %d", found, len(listed))
	}
}

// TestMakeGenCoversEveryGame: `make gen` regenerates the constant names of
// every registered game's table package (engine/<game>/table), a list the
// Makefile takes from the tree, not from a hand-written one.
func TestMakeGenCoversEveryGame(t *testing.T) {
	if _, err := exec.LookPath("make"); err != nil {
		t.Fatalf("make gen is checked with make: %v", err)
	}
	cmd := exec.Command("make", "-n", "gen")
	cmd.Dir = "../../.."
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("make -n gen: %v", err)
	}
	var got []string
	for _, line := range strings.Split(string(out), "\n") {
		if _, args, ok := strings.Cut(line, "/constgen "); ok {
			got = strings.Fields(args)
		}
	}
	var want []string
	for _, g := range compiler.Games() {
		want = append(want, "engine/"+path.Base(g.GenDir)+"/table")
	}
	slices.Sort(want)
	if len(want) < 5 || !slices.Equal(got, want) {
		t.Errorf("make gen runs constgen over %v, want every game's table package %v", got, want)
	}
	mk, err := os.ReadFile("../../../Makefile")
	if err != nil {
		t.Fatal(err)
	}
	for _, dir := range want {
		if strings.Contains(string(mk), dir) {
			t.Errorf("the Makefile names %s by hand", dir)
		}
	}
}
