package main

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/roundtable-dev/roundtable/compiler/diag"
	"gopkg.in/yaml.v3"

	"github.com/spf13/cobra"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/schemaexport"
	"github.com/roundtable-dev/roundtable/compiler/source"
	"github.com/roundtable-dev/roundtable/compiler/yamlfmt"
)

func init() { register(newFmt) }

func newFmt() *cobra.Command {
	var check bool
	var game string
	cmd := &cobra.Command{
		Use:   "fmt [--check] PATH...",
		Short: "Rewrite content YAML in canonical key order and style, keeping comments",
		Long: `Fmt rewrites YAML content files (the files given, and every *.yaml and *.yml
under the folders given) so that each document's keys come in the order its kind's
schema declares them (kind, id, overrides, then the rest; unknown keys last, as
written), with two-space indentation. Comments, flow or block style, anchors and the
line breaks of folded text (text: >-) are kept; values never change. The game of a file is read from the nearest pack.yaml
above it, or given with --game.

With --check nothing is written: fmt lists the files that would change and exits 1
if there are any.`,
		Example: `  roundtable fmt ./my-expansion
  roundtable fmt --check content/annas   # in CI or a pre-commit hook`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			var files []string
			for _, a := range args {
				fi, err := os.Stat(a)
				if err != nil {
					return usageErr("%v", err)
				}
				if !fi.IsDir() {
					files = append(files, a)
					continue
				}
				err = filepath.WalkDir(a, func(p string, d fs.DirEntry, err error) error {
					if err != nil {
						return err
					}
					if d.IsDir() && p != a && strings.HasPrefix(d.Name(), ".") {
						return filepath.SkipDir
					}
					if !d.IsDir() && source.IsYAML(p) {
						files = append(files, p)
					}
					return nil
				})
				if err != nil {
					return usageErr("%v", err)
				}
			}
			w := cmd.OutOrStdout()
			orders := map[string]yamlfmt.Order{} // by game
			games := packGames{}
			changed, failed := 0, 0
			for _, f := range files {
				gid := game
				if gid == "" {
					gid = games.of(f)
				}
				var order yamlfmt.Order
				if g, ok := compiler.Lookup(gid); ok {
					if orders[gid] == nil {
						orders[gid] = keyOrder(g)
					}
					order = orders[gid]
				} else if game != "" {
					return usageErr("unknown --game %q (want one of %s)", game, strings.Join(compiler.GameIDs(), ", "))
				}
				data, err := os.ReadFile(f)
				if err != nil {
					return err
				}
				if len(data) > source.MaxFileSize {
					fmt.Fprintf(w, "%s: larger than %d bytes; not formatted\n", filepath.ToSlash(f), source.MaxFileSize)
					failed++
					continue
				}
				out, err := yamlfmt.Format(data, order)
				if err != nil {
					// The loader's diagnostic: file:line:col, the line and a
					// hint, the same as check prints.
					name := filepath.ToSlash(f)
					if _, ds := source.Parse(name, data); ds.Errors() > 0 {
						_ = diag.Print(w, "text", ds, func(string) []byte { return data })
					} else {
						fmt.Fprintf(w, "%s: %v\n", name, strings.TrimPrefix(err.Error(), "yaml: "))
					}
					failed++
					continue
				}
				if bytes.Equal(out, data) {
					continue
				}
				changed++
				if check {
					fmt.Fprintf(w, "would reformat %s\n", filepath.ToSlash(f))
					continue
				}
				dst := f // a symlink's target is formatted, the link kept
				if real, err := filepath.EvalSymlinks(f); err == nil {
					dst = real
				}
				if err := replaceFile(dst, out); err != nil {
					return err
				}
				fmt.Fprintf(w, "formatted %s\n", filepath.ToSlash(f))
			}
			if check && changed > 0 {
				fmt.Fprintf(w, "%d of %d files need roundtable fmt\n", changed, len(files))
			}
			if failed > 0 || check && changed > 0 {
				return errContent
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&check, "check", false, "write nothing; list files that would change and exit 1 if any")
	cmd.Flags().StringVar(&game, "game", "", "the game of files outside any pack")
	return cmd
}

// keyOrder is the canonical key order of a game's kinds, read from its
// schema once per kind.
func keyOrder(g *compiler.Game) yamlfmt.Order {
	byKind := map[string]map[string][]string{}
	return func(kind string) map[string][]string {
		o, ok := byKind[kind]
		if !ok {
			o, _ = schemaexport.KeyOrder(g, kind)
			byKind[kind] = o
		}
		return o
	}
}

// packGames finds the game of a file from the nearest pack.yaml above it,
// reading each folder's pack.yaml once (packGame loads the whole pack, for
// every file: 5 s to fmt a 25-file pack).
type packGames map[string]string // absolute folder -> game ("" none)

func (pg packGames) of(file string) string {
	dir, err := filepath.Abs(filepath.Dir(file))
	if err != nil {
		return ""
	}
	var seen []string
	game := ""
	for {
		if g, ok := pg[dir]; ok {
			game = g
			break
		}
		seen = append(seen, dir)
		if b, err := os.ReadFile(filepath.Join(dir, "pack.yaml")); err == nil {
			var meta struct {
				Game string `yaml:"game"`
			}
			if yaml.Unmarshal(b, &meta) == nil && meta.Game != "" {
				game = meta.Game
				break
			}
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	for _, d := range seen {
		pg[d] = game
	}
	return game
}
