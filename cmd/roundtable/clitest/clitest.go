// Package clitest runs testscript files end to end through the real CLI, in
// process, from whichever package holds them: a game's check scripts live
// beside its checks (compiler/<game>/testdata/script), the core's in
// compiler/testdata/script, the commands' in cmd/roundtable/testdata/script.
// A package runs its scripts with two lines in an external test file:
//
//	func TestMain(m *testing.M)  { clitest.Main(m) }
//	func TestChecks(t *testing.T) { clitest.Run(t) }
//
// Every script has the same environment and commands wherever it runs
// (scriptenv): $REPO, the repository root (exec cp -r $REPO/content/annas
// pack), $SHARED, and mkfile and unplaceholder. A game's single-mistake
// corpus (compiler/<game>/testdata/mistakes) runs the same way, with
// Mistakes.
package clitest

import (
	"os"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/roundtable-dev/roundtable/cmd/roundtable/cli"
	"github.com/roundtable-dev/roundtable/cmd/roundtable/clitest/scriptenv"
)

// Main is the test binary's TestMain: it makes `roundtable` (the CLI's
// Main) a command that scripts and tests run in-script or with exec.
func Main(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"roundtable": func() { os.Exit(cli.Main()) },
	})
}

// Run runs every testdata/script/*.txtar of the calling package; -update
// rewrites their goldens.
func Run(t *testing.T) {
	t.Helper()
	repo, err := scriptenv.Repo()
	if err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{
		Dir:           "testdata/script",
		UpdateScripts: scriptenv.Update(),
		Cmds:          scriptenv.Commands(),
		Setup:         scriptenv.Setup(repo),
	})
}
