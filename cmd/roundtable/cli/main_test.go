package cli_test

import (
	"testing"

	"github.com/roundtable-dev/roundtable/cmd/roundtable/clitest"
)

// TestMain makes `roundtable` a command on PATH for the tests that run the
// CLI as a process (fault, determinism, action, pre-commit).
func TestMain(m *testing.M) { clitest.Main(m) }
