package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/compiler/regular"
	"gopkg.in/yaml.v3"

	"github.com/spf13/cobra"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/schemaexport"
	"github.com/roundtable-dev/roundtable/compiler/source"
	"github.com/roundtable-dev/roundtable/compiler/yamlfmt"
)

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
		Example: `  roundtable new pack ./my-expansion --game annas   # a pack to format (see new)
  roundtable fmt ./my-expansion
  roundtable fmt --check content/annas   # in CI or a pre-commit hook`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			// Each file with the folder it belongs to: fmt reads and writes
			// a file only inside it, as check reads a pack (a symbolic link
			// leaving it is refused, not followed).
			var files []fmtFile
			for _, a := range args {
				fi, err := os.Stat(a)
				if err != nil {
					return usageErr("%v", err)
				}
				if !fi.IsDir() {
					files = append(files, fmtFile{path: a, root: filepath.Dir(a)})
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
						files = append(files, fmtFile{path: p, root: a})
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
			for _, ff := range files {
				f := ff.path
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
				dst, data, problem := ff.read()
				if problem != "" {
					fmt.Fprintf(w, "%s: %s; not formatted\n", filepath.ToSlash(f), problem)
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
				// A symbolic link's target is formatted, the link kept.
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

// fmtFile is a file to format and the folder it must stay inside.
type fmtFile struct{ path, root string }

// read resolves the file inside its folder and reads it: a regular file of
// at most source.MaxFileSize bytes. It returns the real path to write back
// to, or why the file is not formatted. fmt used to wait forever on a
// named pipe, read /dev/zero through a symbolic link until memory ran out,
// read a 100 MB file whole before refusing it, and rewrite a file outside
// the pack through a link that check refuses to read.
func (f fmtFile) read() (real string, data []byte, problem string) {
	real, err := filepath.EvalSymlinks(f.path)
	if err != nil {
		return "", nil, "cannot read: " + trimPathErr(err)
	}
	root, err := filepath.EvalSymlinks(f.root)
	if err != nil {
		return "", nil, "cannot read: " + trimPathErr(err)
	}
	if rel, err := filepath.Rel(root, real); err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		target, _ := os.Readlink(f.path)
		return "", nil, fmt.Sprintf("symbolic link points outside the folder (to %s)", target)
	}
	data, err = regular.ReadFile(real, source.MaxFileSize, true)
	var tooLarge *regular.TooLargeError
	switch {
	case errors.As(err, &tooLarge):
		return "", nil, fmt.Sprintf("larger than %d bytes", source.MaxFileSize)
	case err != nil:
		return "", nil, "cannot read: " + trimPathErr(err)
	}
	return real, data, ""
}

// trimPathErr is an error without the path it names (printed before it).
func trimPathErr(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
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
		if b, err := regular.ReadFile(filepath.Join(dir, "pack.yaml"), source.MaxFileSize, false); err == nil {
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
