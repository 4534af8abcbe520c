// Command roundtable checks tabletop game content, generates its Go tables
// and runs the rules engines. See README.md and docs/. The commands are in
// package cli.
package main

import (
	"os"

	"github.com/roundtable-dev/roundtable/cmd/roundtable/cli"
)

func main() {
	os.Exit(cli.Main())
}
