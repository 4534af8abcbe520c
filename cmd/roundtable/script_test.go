package main

import (
	"testing"

	"github.com/roundtable-dev/roundtable/cmd/roundtable/clitest"
)

func TestMain(m *testing.M) { clitest.Main(m) }

// TestCommands runs testdata/script: the scripts of commands (play, sim,
// render, new, fmt, diff, gen, check's flags and project settings). Each
// check's scripts run beside it, from compiler/... (clitest).
func TestCommands(t *testing.T) { clitest.Run(t) }
