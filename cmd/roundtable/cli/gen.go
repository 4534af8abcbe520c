package cli

import (
	"errors"
	"fmt"
	"go/token"
	"path"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/compiler/emit"
	"github.com/roundtable-dev/roundtable/games"
)

func newGen() *cobra.Command {
	var check bool
	var out, pkg string
	cmd := &cobra.Command{
		Use:   "gen [PACK_DIR... --out OUTDIR --package NAME]",
		Short: "Generate Go tables from the base content or from pack folders",
		Long: `Gen compiles the embedded base content of every game and writes its tables as Go
source under --out (default: the current folder, which should be the repository root):
generated/<game>/ruleset.go. Output is deterministic and gofmt'ed; files are written
atomically and only when they change. Runs writing to one folder take turns,
and a run removes the .NAME.tmpNNN files a killed one left.

With pack folders, gen loads them in dependency order (with the embedded base
packs they require, as check does) and writes one Go package to --out: ruleset.go
of package --package (default: --out's folder name) whose exported Ruleset is the
merged ruleset of every pack, ready for the game's engine. A pack with more than
4,000 entities of one kind splits them into packages under --out/internal/ that
compile in parallel; --out must then be inside a Go module.

With --check nothing is written: gen lists the files that are stale and exits 1
if there are any. CI runs it to prove generated/ is current.`,
		Example: `  roundtable gen
  roundtable gen --check     # exit 1 and list stale files if content changed
  roundtable new pack ./my-expansion --game annas   # a pack of your own (see new)
  roundtable gen ./my-expansion --out ./myexp --package myexp`,
		RunE: func(cmd *cobra.Command, args []string) error {
			var files emit.Output
			var diags diag.List
			var sources diag.Sources
			var err error
			if len(args) == 0 {
				if pkg != "" {
					return usageErr("--package applies to pack folders: gen DIR... --out OUTDIR --package NAME")
				}
				files, diags, sources, err = generate(out)
			} else {
				if !cmd.Flags().Changed("out") {
					return usageErr("gen with pack folders needs --out OUTDIR (the Go package folder to write)")
				}
				files, diags, sources, err = generatePacks(args, out, pkg)
			}
			if err != nil {
				return err
			}
			w := cmd.OutOrStdout()
			if diags.Errors() > 0 {
				_ = diag.Print(w, "text", diags, sources)
				fmt.Fprintf(w, "%s: nothing generated\n", diag.Plural(diags.Errors(), "error"))
				return errContent
			}
			if check {
				stale, err := emit.StaleOutput(out, files)
				if err != nil {
					return err
				}
				for _, s := range stale {
					fmt.Fprintf(w, "stale: %s\n", path.Join(out, s))
				}
				if len(stale) > 0 {
					// The same command without --check writes what is stale.
					again := append([]string{"roundtable", "gen"}, args...)
					if cmd.Flags().Changed("out") {
						again = append(again, "--out", out)
					}
					if pkg != "" {
						again = append(again, "--package", pkg)
					}
					if len(again) == 2 {
						fmt.Fprintln(w, "run `roundtable gen` (or `make gen`) and commit the result")
					} else {
						fmt.Fprintf(w, "run `%s` and commit the result\n", strings.Join(again, " "))
					}
					return errContent
				}
				fmt.Fprintf(w, "%d generated files are current\n", len(files.Files))
				return nil
			}
			files.Waiting = func() {
				fmt.Fprintf(cmd.ErrOrStderr(), "waiting for another gen writing to %s\n", out)
			}
			written, removed, err := emit.WriteOutput(out, files)
			if err != nil {
				// A full disk or a read-only folder fails while the
				// files are prepared, before any is replaced.
				if len(written) == 0 {
					return usageErr("cannot write the generated files to %s; no file was changed: %v", out, err)
				}
				return usageErr("cannot write the generated files to %s after replacing %d of them (each is whole, old or new; gen again): %v", out, len(written), err)
			}
			for _, f := range written {
				fmt.Fprintf(w, "wrote %s\n", path.Join(out, f))
			}
			for _, f := range removed {
				fmt.Fprintf(w, "removed %s\n", path.Join(out, f))
			}
			fmt.Fprintf(w, "%d files written, %d unchanged\n", len(written), len(files.Files)-len(written))
			return nil
		},
	}
	cmd.Flags().BoolVar(&check, "check", false, "write nothing; exit 1 if any generated file is stale")
	cmd.Flags().StringVarP(&out, "out", "o", ".", "folder to write generated/<game>/ under; with pack folders, the package folder")
	cmd.Flags().StringVar(&pkg, "package", "", "with pack folders: the Go package name (default: --out's folder name)")
	return cmd
}

// generate compiles each game's base pack into its Go package under out.
func generate(out string) (emit.Output, diag.List, diag.Sources, error) {
	var files emit.Output
	var diags diag.List
	var results []*compiler.Result
	for _, g := range compiler.Games() {
		p, ds := compiler.BasePack(g)
		diags = append(diags, ds...)
		res, ds := compiler.Compile([]*compiler.Pack{p})
		diags = append(diags, ds...)
		results = append(results, res)
		if res.Ruleset == nil {
			continue
		}
		o, err := genPackage(emit.Package{
			Dir:    g.GenDir,
			Name:   g.GenPackage,
			Doc:    fmt.Sprintf("Package %s holds the compiled base content of %s.", g.GenPackage, g.Name),
			Var:    g.GenVar,
			Consts: g.GoConsts,
		}, out, res.Ruleset)
		if err != nil {
			return emit.Output{}, nil, nil, err
		}
		files.Files = append(files.Files, o.Files...)
		files.Prune = append(files.Prune, o.Prune...)
	}
	return files, diags.Sort().Fold(), games.Sources(results), nil
}

// genPackage lays out p's files holding v, with the import path of p's
// folder under out (chunk packages import each other by it).
func genPackage(p emit.Package, out string, v any) (emit.Output, error) {
	ip, err := emit.ImportPath(filepath.Join(out, filepath.FromSlash(p.Dir)))
	if err != nil {
		return emit.Output{}, err
	}
	p.ImportPath = ip
	o, err := p.Output(v)
	if errors.Is(err, emit.ErrNoImportPath) {
		return o, usageErr("%s is not inside a Go module (no go.mod in it or above it), and gen needs its import path: %v", filepath.Join(out, filepath.FromSlash(p.Dir)), err)
	}
	return o, err
}

// checkPackageName refuses names that Go would not build: not identifiers,
// keywords, "_" (the spec forbids the blank package name) and "main" (a
// program: no one can import its ruleset, and it does not build without a
// func main). Both once exited 0 and wrote Go that did not build.
func checkPackageName(pkg string, given bool) error {
	what := fmt.Sprintf("--package %q", pkg)
	if !given {
		what = fmt.Sprintf("the package name %q (from --out's folder name)", pkg)
	}
	switch {
	case pkg == "":
		return usageErr("--out's folder name holds no letters for a Go package name; give one with --package")
	case !token.IsIdentifier(pkg) || token.IsKeyword(pkg):
		return usageErr("%s is not a Go package name; give one with --package", what)
	case pkg == "_":
		return usageErr("%s is the blank identifier, which Go does not allow as a package name; give another with --package", what)
	case pkg == "main":
		return usageErr("%s makes a program, whose ruleset no package can import (and it would not build without func main); give another with --package", what)
	}
	return nil
}

// generatePacks compiles pack folders (one game) into ruleset.go of package
// pkg, to be written in out.
func generatePacks(dirs []string, out, pkg string) (emit.Output, diag.List, diag.Sources, error) {
	given := pkg != ""
	if pkg == "" {
		pkg = strings.Map(func(r rune) rune {
			if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_' {
				return r
			}
			return -1
		}, strings.ToLower(filepath.Base(filepath.Clean(out))))
	}
	if err := checkPackageName(pkg, given); err != nil {
		return emit.Output{}, nil, nil, err
	}
	results, diags, err := compileAll(dirs)
	if err != nil {
		return emit.Output{}, nil, nil, err
	}
	if len(results) > 1 {
		return emit.Output{}, nil, nil, usageErr("gen writes one game's ruleset; these folders hold packs of %d games", len(results))
	}
	if diags.Errors() > 0 || len(results) == 0 || results[0].Ruleset == nil {
		return emit.Output{}, diags, games.Sources(results), nil
	}
	r := results[0]
	var names []string
	for _, p := range r.Packs {
		names = append(names, p.ID+" "+p.Version)
	}
	doc := fmt.Sprintf("Package %s holds the compiled %s ruleset of the packs %s.", pkg, r.Game.Name, strings.Join(names, ", "))
	files, err := genPackage(emit.Package{Name: pkg, Doc: doc, Var: r.Game.GenVar, Consts: r.Game.GoConsts}, out, r.Ruleset)
	if err != nil {
		return emit.Output{}, nil, nil, err
	}
	return files, diags, games.Sources(results), nil
}
