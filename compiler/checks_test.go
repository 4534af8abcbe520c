package compiler_test

import (
	"testing"

	"github.com/roundtable-dev/roundtable/cmd/roundtable/clitest"
)

func TestMain(m *testing.M) { clitest.Main(m) }

// TestChecks runs testdata/script, the scripts of the checks of this
// package, end to end through the CLI (docs/design.md, Tests).
func TestChecks(t *testing.T) { clitest.Run(t) }
