package tablebattles_test

import (
	"testing"

	"github.com/roundtable-dev/roundtable/cmd/roundtable/clitest"
	tbcompiler "github.com/roundtable-dev/roundtable/compiler/tablebattles"
)

func TestMain(m *testing.M) { clitest.Main(m) }

// TestChecks runs testdata/script, the scripts of the checks of this
// package, end to end through the CLI (docs/design.md, Tests).
func TestChecks(t *testing.T) { clitest.Run(t) }

// TestSingleMistakes runs testdata/mistakes, the game's single-mistake
// corpus: one mistake in the base content, one error (clitest.Mistakes).
func TestSingleMistakes(t *testing.T) { clitest.Mistakes(t, tbcompiler.Game) }
