package cli

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/internal/phrase"
)

// The base packs are embedded in the binary; modders build on them without
// a clone of the repository, so they need to read them.
func newBase() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "base",
		Short: "Read the embedded base content: list the games, export a game's base pack, or show one entity",
		Long: `Every game's base pack is embedded in roundtable. Expansions build on it; a
diagnostic that points into it names the place as pack-id:path (annas-base:units/blue.yaml:20:5).
base list lists the games and their base packs; base export writes a game's base pack to a
folder; base show prints one entity's document.`,
		Example: `  roundtable base list
  roundtable base export --game annas ./annas-base
  roundtable base show frederick
  roundtable base show annas-base/frederick --kind unit`,
	}
	cmd.AddCommand(newBaseList(), newBaseExport(), newBaseShow())
	return cmd
}

// baseEntry is one game in base list --format json.
type baseEntry struct {
	Game    string `json:"game"`
	Name    string `json:"name"`
	Pack    string `json:"pack"`
	Version string `json:"version"`
	Dir     string `json:"dir"`
}

// newBaseList lists the games: the one listing of them that scripts read
// (this repository's content workflow checks every dir it prints).
func newBaseList() *cobra.Command {
	var format string
	cmd := &cobra.Command{
		Use:   "list",
		Short: "List the games and their embedded base packs: id, base pack, version, content folder, name",
		Long: `List prints one line per game roundtable knows, by id: the game's id, its base pack
and version, the repository folder its base content is embedded from and its name.
--format json prints the same as a JSON array of {game, name, pack, version, dir}, for
scripts (.github/workflows/content.yml checks every dir).`,
		Example: `  roundtable base list
  roundtable base list --format json | jq -r 'map(.dir) | join(" ")'   # content/annas content/battlecrest ...`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if format != "text" && format != "json" {
				return usageErr("unknown --format %q (want text or json)", format)
			}
			list := []baseEntry{}
			for _, g := range compiler.Games() {
				p, _ := compiler.BasePack(g)
				list = append(list, baseEntry{Game: g.ID, Name: g.Name, Pack: p.ID, Version: p.Version, Dir: g.ContentDir})
			}
			w := cmd.OutOrStdout()
			if format == "json" {
				return simJSON(w, list)
			}
			tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
			for _, e := range list {
				fmt.Fprintf(tw, "%s\t%s %s\t%s\t%s\n", e.Game, e.Pack, e.Version, e.Dir, e.Name)
			}
			return tw.Flush()
		},
	}
	cmd.Flags().StringVarP(&format, flagFormat, "f", "text", "output format: text or json")
	return cmd
}

func newBaseExport() *cobra.Command {
	var game string
	cmd := &cobra.Command{
		Use:     "export --game GAME DIR",
		Short:   "Write a game's embedded base pack to DIR (which must not exist or be empty)",
		Example: `  roundtable base export --game annas ./annas-base`,
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			g, ok := compiler.Lookup(game)
			if !ok {
				return usageErr("unknown --game %q (want one of %s)", game, strings.Join(compiler.GameIDs(), ", "))
			}
			dir := args[0]
			if ents, err := os.ReadDir(dir); err == nil && len(ents) > 0 {
				return usageErr("%s is not empty; export into a new folder", dir)
			}
			n := 0
			err := fs.WalkDir(g.Content, ".", func(p string, d fs.DirEntry, err error) error {
				if err != nil {
					return err
				}
				target := filepath.Join(dir, filepath.FromSlash(p))
				if d.IsDir() {
					return os.MkdirAll(target, 0o755)
				}
				data, err := fs.ReadFile(g.Content, p)
				if err != nil {
					return err
				}
				n++
				return os.WriteFile(target, data, 0o644)
			})
			if err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "wrote %s of %s to %s\n", diag.Plural(n, "file"), baseID(g), dir)
			return nil
		},
	}
	cmd.Flags().StringVar(&game, "game", "", "game id: "+strings.Join(compiler.GameIDs(), ", "))
	_ = cmd.MarkFlagRequired("game")
	return cmd
}

func newBaseShow() *cobra.Command {
	var game, kind string
	cmd := &cobra.Command{
		Use:   "show [PACK-ID/]ID",
		Short: "Print the document of a base entity, with the place it is at",
		Example: `  roundtable base show frederick
  roundtable base show table-battles-base/ylisse-ford --kind scenario`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			id := args[0]
			packID := ""
			if i := strings.IndexByte(id, '/'); i >= 0 {
				packID, id = id[:i], id[i+1:]
			}
			var all []string
			found := 0
			w := cmd.OutOrStdout()
			for _, g := range compiler.Games() {
				if game != "" && g.ID != game {
					continue
				}
				p, _ := compiler.BasePack(g)
				if packID != "" && p.ID != packID {
					continue
				}
				for _, d := range p.Set.Docs {
					did := scalar(d.Field("id"))
					if did == "" || kind != "" && d.Kind != kind {
						continue
					}
					all = append(all, did)
					if did != id {
						continue
					}
					if found > 0 {
						fmt.Fprintln(w, "---")
					}
					found++
					file := strings.TrimPrefix(strings.TrimPrefix(d.File, g.ContentDir), "/")
					fmt.Fprintf(w, "# %s %s at %s:%s:%d\n", g.ID, d.Kind, p.ID, file, d.Node().Line)
					w.Write(docText(p.Set.Source(d.File), d.Index))
				}
			}
			if found == 0 {
				if s := phrase.Suggest(id, all); s != "" {
					return usageErr("no base entity %q (did you mean %q?)", args[0], s)
				}
				return usageErr("no base entity %q", args[0])
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&game, "game", "", "only this game's base pack")
	cmd.Flags().StringVar(&kind, "kind", "", "only entities of this kind")
	return cmd
}

// baseID is the id of a game's base pack ("annas-base").
func baseID(g *compiler.Game) string {
	p, _ := compiler.BasePack(g)
	return p.ID
}

// docText is the text of the i-th document of a YAML file (documents split
// at lines that start with ---), ending with a newline.
func docText(data []byte, i int) []byte {
	lines := bytes.SplitAfter(data, []byte("\n"))
	var cur bytes.Buffer
	n, started := 0, false
	for _, l := range lines {
		if bytes.HasPrefix(l, []byte("---")) && (len(bytes.TrimSpace(l)) == 3 || l[3] == ' ') {
			if started || cur.Len() > 0 && hasContent(cur.Bytes()) {
				if n == i {
					return cur.Bytes()
				}
				n++
			}
			cur.Reset()
			started = true
			continue
		}
		cur.Write(l)
	}
	out := cur.Bytes()
	if len(out) > 0 && out[len(out)-1] != '\n' {
		out = append(out, '\n')
	}
	return out
}

// hasContent says a chunk before the first --- holds more than comments.
func hasContent(b []byte) bool {
	for _, l := range bytes.Split(b, []byte("\n")) {
		t := bytes.TrimSpace(l)
		if len(t) > 0 && t[0] != '#' {
			return true
		}
	}
	return false
}
