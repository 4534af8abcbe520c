// Command measure runs the baselines of `make bench`:
//
//	measure floor DIR     decode every YAML file under DIR into plain structs
//	                      with yaml.v3, no validation, on every core
//	measure gen DIR OUT [P]
//	                      compile the pack in DIR and write its Go table files
//	                      under OUT, as `roundtable gen` does for base content
//	                      (with P, writing P.cpu, a CPU profile of the whole
//	                      run, and P.heap, the allocations of the run)
//	measure lsp DIR [ROUNDS]
//	                      replay keystrokes in a unit file of the pack in DIR
//	                      through the language server (bench/lspreplay) and
//	                      print keystroke-to-diagnostics latency: p50, p95,
//	                      max, CPU per keystroke, and the cold check of the
//	                      didOpen (the same run's baseline); LSP_CPUPROFILE=FILE
//	                      profiles the keystrokes
//	measure profile DIR P [CACHE]
//	                      check the pack in DIR as `roundtable check` does
//	                      (with --cache CACHE), writing P.cpu (CPU profile) and
//	                      P.heap (live heap after compiling, while every
//	                      document is still held)
//
// Each prints the documents or bytes it handled; time and memory are taken by
// the caller (/usr/bin/time).
package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/bench/lspreplay"
	"github.com/roundtable-dev/roundtable/compiler"
	_ "github.com/roundtable-dev/roundtable/compiler/annas"
	"github.com/roundtable-dev/roundtable/compiler/emit"
	"github.com/roundtable-dev/roundtable/compiler/vcache"
)

func main() {
	if len(os.Args) < 3 {
		fmt.Fprintln(os.Stderr, "usage: measure floor DIR | measure gen DIR OUT")
		os.Exit(2)
	}
	var err error
	switch os.Args[1] {
	case "floor":
		err = floor(os.Args[2])
	case "profile":
		if len(os.Args) < 4 {
			err = errors.New("profile needs DIR and a profile prefix")
			break
		}
		var l compiler.Loader
		if len(os.Args) > 4 {
			if err = os.MkdirAll(os.Args[4], 0o755); err != nil {
				break
			}
			l.Store = vcache.New(os.Args[4])
		}
		err = profile(os.Args[2], os.Args[3], l)
	case "lsp":
		rounds := 3
		if len(os.Args) > 3 {
			if _, err = fmt.Sscan(os.Args[3], &rounds); err != nil {
				break
			}
		}
		err = lspLatency(os.Args[2], rounds)
	case "gen":
		if len(os.Args) < 4 {
			err = errors.New("gen needs DIR and OUT")
			break
		}
		prof := ""
		if len(os.Args) > 4 {
			prof = os.Args[4]
		}
		err = gen(os.Args[2], os.Args[3], prof)
	default:
		err = fmt.Errorf("unknown command %q", os.Args[1])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "measure:", err)
		os.Exit(1)
	}
}

// lspLatency prints the keystroke latency of the language server on a
// pack made by roundtable fixture (its first unit file).
func lspLatency(dir string, rounds int) error {
	var stop func()
	after := func() {
		if p := os.Getenv("LSP_CPUPROFILE"); p != "" {
			if f, err := os.Create(p); err == nil && pprof.StartCPUProfile(f) == nil {
				stop = pprof.StopCPUProfile
			}
		}
	}
	res, err := lspreplay.ReplayAfter(context.Background(), dir, "units/000/u000001.yaml", rounds, after)
	if stop != nil {
		stop()
	}
	if err != nil {
		return err
	}
	ms := func(d time.Duration) string { return fmt.Sprintf("%.1f", float64(d.Microseconds())/1000) }
	fmt.Printf("keystrokes %d p50 %s p95 %s max %s cpu/keystroke %s open %s\n", len(res.Latencies),
		ms(res.Percentile(50)), ms(res.Percentile(95)), ms(res.Percentile(100)), ms(res.CPU/time.Duration(len(res.Latencies))), ms(res.Open))
	return nil
}

// doc has the fields of every Anna's Roundtable kind, with the table
// types' widths: what the compiler decodes, without the checks.
type doc struct {
	Kind      string `yaml:"kind"`
	ID        string `yaml:"id"`
	Name      string `yaml:"name"`
	Title     string `yaml:"title"`
	Color     string `yaml:"color"`
	Legendary bool   `yaml:"legendary"`
	Stats     struct {
		HP, ATK, SPD, DEF int8
	} `yaml:"stats"`
	Shapestone *struct {
		ATK int8 `yaml:"atk"`
		SPD int8 `yaml:"spd"`
		DEF int8 `yaml:"def"`
	} `yaml:"shapestone"`
	Range []int    `yaml:"range"`
	Mov   int8     `yaml:"mov"`
	Tags  []string `yaml:"tags"`
	Skill *struct {
		Name     string   `yaml:"name"`
		Kind     string   `yaml:"kind"`
		Reaction bool     `yaml:"reaction"`
		Text     string   `yaml:"text"`
		Effects  []effect `yaml:"effects"`
	} `yaml:"skill"`
	Category  string `yaml:"category"`
	Text      string `yaml:"text"`
	Effective *struct {
		Against string `yaml:"against"`
		ATK     int8   `yaml:"atk"`
	} `yaml:"effective"`
	Effects    []effect `yaml:"effects"`
	Glyph      string   `yaml:"glyph"`
	Enter      string   `yaml:"enter"`
	Blocks     []string `yaml:"blocks"`
	IgnoredBy  []string `yaml:"ignored-by"`
	Impassable bool     `yaml:"impassable"`
	Work       *struct {
		Coins *int8 `yaml:"coins"`
		DV    int8  `yaml:"dv"`
	} `yaml:"work"`
	Version string `yaml:"version"`
	Game    string `yaml:"game"`
}

type effect struct {
	When   string `yaml:"when"`
	Modify struct {
		ATK int8 `yaml:"atk"`
		SPD int8 `yaml:"spd"`
		DEF int8 `yaml:"def"`
	} `yaml:"modify"`
	Heal   int8 `yaml:"heal"`
	Target *struct {
		Side   string `yaml:"side"`
		Within int8   `yaml:"within"`
	} `yaml:"target"`
}

func floor(dir string) error {
	var files []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && (strings.HasSuffix(p, ".yaml") || strings.HasSuffix(p, ".yml")) {
			files = append(files, p)
		}
		return err
	})
	if err != nil {
		return err
	}
	var next, docs atomic.Int64
	var wg sync.WaitGroup
	errs := make(chan error, runtime.GOMAXPROCS(0))
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			var all []doc // kept, as check keeps its documents
			for {
				i := int(next.Add(1)) - 1
				if i >= len(files) {
					break
				}
				data, err := os.ReadFile(files[i])
				if err != nil {
					errs <- err
					return
				}
				dec := yaml.NewDecoder(bytes.NewReader(data))
				for {
					var d doc
					if err := dec.Decode(&d); err == io.EOF {
						break
					} else if err != nil {
						errs <- fmt.Errorf("%s: %v", files[i], err)
						return
					}
					all = append(all, d)
				}
			}
			docs.Add(int64(len(all)))
		})
	}
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		return err
	}
	fmt.Printf("%d files, %d documents decoded\n", len(files), docs.Load())
	return nil
}

func gen(dir, out, prof string) error {
	if prof != "" {
		cpu, err := os.Create(prof + ".cpu")
		if err != nil {
			return err
		}
		defer cpu.Close()
		if err := pprof.StartCPUProfile(cpu); err != nil {
			return err
		}
		runtime.MemProfileRate = 64 << 10
		defer func() {
			pprof.StopCPUProfile()
			if f, err := os.Create(prof + ".heap"); err == nil {
				pprof.Lookup("allocs").WriteTo(f, 0)
				f.Close()
			}
		}()
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return err
	}
	defer root.Close()
	p, diags := compiler.LoadPack(root.FS(), dir)
	res, more := compiler.Compile([]*compiler.Pack{p})
	diags = append(diags, more...)
	if diags.Errors() > 0 || res.Ruleset == nil {
		return fmt.Errorf("%d errors in %s", diags.Errors(), dir)
	}
	g := res.Game
	pkg := emit.Package{Dir: g.GenDir, Name: g.GenPackage, Doc: "Package " + g.GenPackage + " holds a benchmark ruleset.", Var: g.GenVar}
	if pkg.ImportPath, err = emit.ImportPath(filepath.Join(out, filepath.FromSlash(g.GenDir))); err != nil {
		return err
	}
	files, err := pkg.Output(res.Ruleset)
	if err != nil {
		return err
	}
	written, _, err := emit.WriteOutput(out, files)
	if err != nil {
		return err
	}
	var size int64
	for _, f := range files.Files {
		fi, err := os.Stat(filepath.Join(out, filepath.FromSlash(f.Name)))
		if err != nil {
			return err
		}
		size += fi.Size()
	}
	fmt.Printf("%d bytes of Go in %d files, %d files written\n", size, len(files.Files), len(written))
	return nil
}

func profile(dir, prefix string, l compiler.Loader) error {
	cpu, err := os.Create(prefix + ".cpu")
	if err != nil {
		return err
	}
	defer cpu.Close()
	if err := pprof.StartCPUProfile(cpu); err != nil {
		return err
	}
	t0 := time.Now()
	root, err := os.OpenRoot(dir)
	if err != nil {
		return err
	}
	defer root.Close()
	p, diags := l.LoadPack(root.FS(), dir)
	t1 := time.Now()
	res, more := compiler.Compile([]*compiler.Pack{p})
	t2 := time.Now()
	pprof.StopCPUProfile()
	diags = append(diags, more...)
	heap, err := os.Create(prefix + ".heap")
	if err != nil {
		return err
	}
	defer heap.Close()
	runtime.GC()
	if err := pprof.WriteHeapProfile(heap); err != nil {
		return err
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	fmt.Printf("load %v, compile %v, %d diagnostics, %d units, live heap %d MB\n",
		t1.Sub(t0).Round(time.Millisecond), t2.Sub(t1).Round(time.Millisecond), len(diags), res.Counts["unit"], ms.HeapAlloc>>20)
	runtime.KeepAlive(p)
	return nil
}
