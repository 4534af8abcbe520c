package cli

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
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
