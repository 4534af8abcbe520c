// Package cli is the roundtable command tree (cobra), one file per command.
// It is a package, not main, so that tests anywhere can drive the real CLI
// in-process: cmd/roundtable/clitest runs testscript files against it from
// the packages whose checks they test (compiler/<game>/testdata/script).
package cli

import (
	"context"
	"io"
	"os"
)

// Main runs the program on the process's arguments and standard streams and
// returns its exit code; only package main calls os.Exit with it.
func Main() int {
	return run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
}

// Run is the whole program on args and the given streams, returning its
// exit code: how code outside this package (cmd/roundtable/clitest) runs
// the real CLI in process.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return run(args, stdin, stdout, stderr)
}

// run is the whole program; tests call it directly.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return runContext(context.Background(), args, stdin, stdout, stderr)
}

// runContext runs the program until ctx ends a command that runs until
// stopped (serve): tests stop it so.
func runContext(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	root := newRoot(stdin, stdout, stderr)
	root.SetArgs(args)
	err := root.ExecuteContext(ctx)
	return exitCode(err, stderr)
}
