package main

import (
	"fmt"
	"path"

	"github.com/spf13/cobra"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/compiler/emit"
)

func init() { register(newGen) }

func newGen() *cobra.Command {
	var check bool
	var out string
	cmd := &cobra.Command{
		Use:   "gen",
		Short: "Generate the Go tables of the embedded base content",
		Long: `Gen compiles the embedded base content of every game and writes its tables as Go
source under --out (default: the current folder, which should be the repository root):
generated/<game>/ruleset.go. Output is deterministic and gofmt'ed; files are written
atomically and only when they change.

With --check nothing is written: gen lists the files that are stale and exits 1
if there are any. CI runs it to prove generated/ is current.`,
		Example: `  roundtable gen
  roundtable gen --check     # exit 1 and list stale files if content changed`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			files, diags, sources, err := generate()
			if err != nil {
				return err
			}
			w := cmd.OutOrStdout()
			if diags.Errors() > 0 {
				_ = diag.Print(w, "text", diags, sources)
				fmt.Fprintf(w, "%d errors: nothing generated\n", diags.Errors())
				return errContent
			}
			if check {
				stale, err := emit.Stale(out, files)
				if err != nil {
					return err
				}
				for _, s := range stale {
					fmt.Fprintf(w, "stale: %s\n", path.Join(out, s))
				}
				if len(stale) > 0 {
					fmt.Fprintln(w, "run `roundtable gen` (or `make gen`) and commit the result")
					return errContent
				}
				fmt.Fprintf(w, "%d generated files are current\n", len(files))
				return nil
			}
			written, err := emit.Write(out, files)
			if err != nil {
				return err
			}
			for _, f := range written {
				fmt.Fprintf(w, "wrote %s\n", path.Join(out, f))
			}
			fmt.Fprintf(w, "%d files written, %d unchanged\n", len(written), len(files)-len(written))
			return nil
		},
	}
	cmd.Flags().BoolVar(&check, "check", false, "write nothing; exit 1 if any generated file is stale")
	cmd.Flags().StringVarP(&out, "out", "o", ".", "folder to write generated/<game>/ under")
	return cmd
}

// generate compiles each game's base pack into its Go file.
func generate() (emit.Files, diag.List, diag.Sources, error) {
	files := emit.Files{}
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
		src, err := emit.GoFile(g.GenPackage, fmt.Sprintf("Package %s holds the compiled base content of %s.", g.GenPackage, g.Name), g.GenVar, res.Ruleset)
		if err != nil {
			return nil, nil, nil, err
		}
		files[path.Join(g.GenDir, "ruleset.go")] = src
	}
	return files, diags.Sort(), sources(results), nil
}
