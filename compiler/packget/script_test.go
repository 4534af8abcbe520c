package packget_test

import (
	"testing"

	"github.com/roundtable-dev/roundtable/cmd/roundtable/clitest"
)

func TestMain(m *testing.M) { clitest.Main(m) }

// TestChecks runs testdata/script: get, vendor and loading locked packs
// against a real git daemon and HTTP server on 127.0.0.1.
func TestChecks(t *testing.T) { clitest.Run(t) }
