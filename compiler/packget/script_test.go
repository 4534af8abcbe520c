package packget_test

import (
	"context"
	"fmt"
	"os"
	"testing"

	"github.com/roundtable-dev/roundtable/cmd/roundtable/clitest"
	"github.com/roundtable-dev/roundtable/compiler/packget"
)

// TestMain is the scripts' (clitest.Main), and the child process of
// TestGetKilledMidDownload: with PACKGET_CHILD_ROOT set it runs one get
// and exits.
func TestMain(m *testing.M) {
	if root := os.Getenv("PACKGET_CHILD_ROOT"); root != "" {
		_, err := packget.Get(context.Background(), packget.Options{Dir: root, Cache: packget.Cache{Dir: os.Getenv("PACKGET_CHILD_CACHE")}})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	clitest.Main(m)
}

// TestChecks runs testdata/script: get, vendor and loading locked packs
// against a real git daemon and HTTP server on 127.0.0.1.
func TestChecks(t *testing.T) { clitest.Run(t) }
