// Command constgen writes goconsts.go in each table package it is given: a
// map from each named integer type of the package to the names of its typed
// constants by value, so that emit prints table.Activate rather than 6 and a
// diff of generated code can be read.
//
//	go run ./compiler/emit/constgen engine/annas/table ...   (make gen)
//
// Go has no reflection over constants, so the names are read from the
// package's source with go/types; TestGoConstsCurrent keeps the files
// current.
package main

import (
	"fmt"
	"os"
	"path/filepath"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: constgen DIR...")
		os.Exit(2)
	}
	for _, dir := range os.Args[1:] {
		src, err := Generate(dir)
		if err == nil {
			err = os.WriteFile(filepath.Join(dir, FileName), src, 0o644)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "constgen:", err)
			os.Exit(1)
		}
	}
}
