package main

import (
	"io/fs"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/roundtable-dev/roundtable/cmd/roundtable/clitest/scriptenv"
)

// opaqueTestName matches test file and script names that say where a test
// came from (a review, an audit, an issue, a day's batch, a numbered
// round) or nothing at all, instead of what it tests.
var opaqueTestName = regexp.MustCompile(`^(ut|x|tmp|daily|perf)_|(^|_)(review|audit|misc|stuff|things|issue\d*|item\d*|round\d*|\d+)(_|$)`)

func TestOpaqueTestName(t *testing.T) {
	for name, opaque := range map[string]bool{
		"ut_args_usage": true, "x_fmt": true, "cache_review": true, "audit": true, "boss_audit": true,
		"daily_small_things": true, "perf_cache": true, "checks_misc": true, "issue20": true, "units_2": true,
		"check_cache": false, "annas_end_cond_reaches": false, "versus_rules": false, "core_gen_split": false,
		"bench_cpu_unix": false, "fec_new_pack": false, "tb_never_attack": false,
	} {
		if got := opaqueTestName.MatchString(name); got != opaque {
			t.Errorf("opaqueTestName(%q) = %v, want %v", name, got, opaque)
		}
	}
}

// TestTestsNamedForWhatTheyTest: no test file (*_test.go) or testscript
// (testdata/script/*.txtar) of the repository has an opaque name.
func TestTestsNamedForWhatTheyTest(t *testing.T) {
	repo, err := scriptenv.Repo()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	err = filepath.WalkDir(repo, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == ".git" || d.Name() == "node_modules" {
				return filepath.SkipDir
			}
			return nil
		}
		var stem string
		switch {
		case strings.HasSuffix(p, "_test.go"):
			stem = strings.TrimSuffix(d.Name(), "_test.go")
		case strings.HasSuffix(p, ".txtar") && filepath.Base(filepath.Dir(p)) == "script":
			stem = strings.TrimSuffix(d.Name(), ".txtar")
		default:
			return nil
		}
		n++
		if opaqueTestName.MatchString(stem) {
			rel, _ := filepath.Rel(repo, p)
			t.Errorf("%s: name the file after what it tests, not where the test came from", rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 300 {
		t.Errorf("saw only %d test files and scripts", n)
	}
}
