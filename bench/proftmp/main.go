package main

import (
	"fmt"
	"os"
	"runtime/pprof"
	"time"

	"github.com/roundtable-dev/roundtable/compiler"
	_ "github.com/roundtable-dev/roundtable/compiler/annas"
)

func main() {
	f, _ := os.Create("/tmp/cpu.prof")
	pprof.StartCPUProfile(f)
	t0 := time.Now()
	root, _ := os.OpenRoot(os.Args[1])
	p, d := compiler.LoadPack(root.FS(), os.Args[1])
	t1 := time.Now()
	_, d2 := compiler.Compile([]*compiler.Pack{p})
	t2 := time.Now()
	pprof.StopCPUProfile()
	fmt.Println(len(d), len(d2), "load", t1.Sub(t0), "compile", t2.Sub(t1))
}
