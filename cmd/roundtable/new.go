package main

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"text/template"

	"github.com/spf13/cobra"
	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/semver"
	"github.com/roundtable-dev/roundtable/compiler/source"
)

// templates holds pack.yaml and README.md for every game and, per game,
// one commented template per kind: templates/<game>/<kind>.yaml.
//
//go:embed templates
var templates embed.FS

func init() { register(newNew) }

// scaffold is what a new pack holds: for each kind, an example's id and
// name. Singleton kinds (rules, vp-deck) come from the base pack, and a
// boss template carries its deck, so they have no entry of their own.
var scaffold = map[string][][3]string{ // game -> {kind, id, name}
	"annas": {
		{"tag", "swift", "Swift"},
		{"terrain", "marsh", "Marsh"},
		{"unit", "sellsword", "Sellsword"},
		{"map", "twin-castles", "Twin Castles"},
		{"boss", "warlord", "Warlord"},
		{"shop-card", "tonic", "Tonic"},
	},
}

// covered lists kinds a scaffold entry also writes.
var covered = map[string][]string{"boss": {"boss-card"}}

// defaults fill template fields an entity refers to: an existing entity of
// the base pack, or the scaffold's own example.
var defaults = map[string]map[string]string{
	"annas": {"Boss": "grima"},
}

type tmplData struct {
	ID, Name, Game, GameName, Dir, Pkg, BaseID, BaseRange, Glyph string
	Tag, Boss                                                    string
	Files                                                        []string
	FileHelp                                                     map[string]string
}

func newNew() *cobra.Command {
	var game, id, name string
	cmd := &cobra.Command{
		Use:   "new pack DIR --game GAME | new KIND FILE [--id ID]",
		Short: "Scaffold an expansion pack, or append a commented template of a kind",
		Long: `new pack DIR writes a working expansion: pack.yaml (requiring the game's base pack),
one example of each kind, and a README. It checks clean at once.

new KIND FILE appends a commented template of a kind (unit, tag, terrain, ...) to FILE,
creating it if needed, with --id as its id. The game is read from the pack.yaml of
FILE's folder or a parent folder, or given with --game.`,
		Example: `  roundtable new pack ./valm-raiders --game annas
  roundtable new unit ./valm-raiders/units.yaml --id walhart --name Walhart
  roundtable new tag ./valm-raiders/tags.yaml --id pegasus`,
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			if args[0] == "pack" {
				return newPack(cmd, args[1], game, id, name)
			}
			return newEntity(cmd, args[0], args[1], game, id, name)
		},
	}
	cmd.Flags().StringVar(&game, "game", "", "game id: "+strings.Join(compiler.GameIDs(), ", "))
	cmd.Flags().StringVar(&id, "id", "", "the new pack's or entity's id (kebab-case)")
	cmd.Flags().StringVar(&name, "name", "", "its human-readable name")
	return cmd
}

func lookupGame(game string) (*compiler.Game, error) {
	g, ok := compiler.Lookup(game)
	if !ok {
		return nil, usageErr("unknown --game %q (want one of %s)", game, strings.Join(compiler.GameIDs(), ", "))
	}
	return g, nil
}

// kebab turns a folder name into an id.
func kebab(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
		} else {
			dash = true
		}
	}
	return b.String()
}

func title(id string) string {
	parts := strings.Split(id, "-")
	for i, p := range parts {
		if p != "" {
			parts[i] = strings.ToUpper(p[:1]) + p[1:]
		}
	}
	return strings.Join(parts, " ")
}

func isKebab(s string) bool { return s != "" && kebab(s) == s }

func render(name string, data tmplData) ([]byte, error) {
	src, err := fs.ReadFile(templates, name)
	if err != nil {
		return nil, err
	}
	t, err := template.New(name).Option("missingkey=error").Parse(string(src))
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := t.Execute(&b, data); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func baseData(g *compiler.Game) (tmplData, error) {
	base, diags := compiler.BasePack(g)
	if diags.Errors() > 0 || base.ID == "" {
		return tmplData{}, fmt.Errorf("game %s: embedded base pack does not load", g.ID)
	}
	v, err := semver.Parse(base.Version)
	if err != nil {
		return tmplData{}, fmt.Errorf("game %s: base pack version: %v", g.ID, err)
	}
	return tmplData{
		Boss: defaults[g.ID]["Boss"],
		Game: g.ID, GameName: g.Name, BaseID: base.ID,
		// Compatible with this base and every later one of the same major.
		BaseRange: fmt.Sprintf(">=%d.%d <%d", v.Major, v.Minor, v.Major+1),
		Glyph:     freeGlyph(base.Set.Docs),
	}, nil
}

func exampleID(kinds [][3]string, kind string) string {
	for _, k := range kinds {
		if k[0] == kind {
			return k[1]
		}
	}
	return ""
}

// freeGlyph picks a terrain glyph no given document uses.
func freeGlyph(docs []*source.Document) string {
	used := map[string]bool{}
	for _, d := range docs {
		if g := d.Field("glyph"); g != nil {
			used[g.Value] = true
		}
	}
	for _, c := range strings.Split("~:;*%&#=+^ABDEGHIJKLNOPQSTUVXYZ", "") {
		if !used[c] {
			return c
		}
	}
	return "?"
}

func newPack(cmd *cobra.Command, dir, game, id, name string) error {
	if game == "" {
		return usageErr("new pack needs --game (one of %s)", strings.Join(compiler.GameIDs(), ", "))
	}
	g, err := lookupGame(game)
	if err != nil {
		return err
	}
	kinds, ok := scaffold[g.ID]
	if !ok {
		return usageErr("new pack has no templates for game %s yet", g.ID)
	}
	if entries, err := os.ReadDir(dir); err == nil && len(entries) > 0 {
		return usageErr("%s exists and is not empty; new pack writes only into a new or empty folder", dir)
	}
	if id == "" {
		id = kebab(filepath.Base(filepath.Clean(dir)))
	}
	if !isKebab(id) {
		return usageErr("pack id %q is not kebab-case (use --id)", id)
	}
	if name == "" {
		name = title(id)
	}
	data, err := baseData(g)
	if err != nil {
		return err
	}
	data.ID, data.Name, data.Dir = id, name, filepath.ToSlash(dir)
	data.Pkg = strings.ReplaceAll(id, "-", "")
	files := map[string][]byte{}
	data.FileHelp = map[string]string{"pack.yaml": "the pack: id, version, the packs it requires"}
	var order []string
	for _, k := range kinds {
		kd, _ := g.Kind(k[0])
		plural := kd.Plural
		if plural == "" {
			plural = kd.Name + "s"
		}
		file := strings.ReplaceAll(plural, " ", "-") + ".yaml"
		d := data
		d.ID, d.Name = k[1], k[2]
		if k[0] == "unit" {
			d.Tag = exampleID(kinds, "tag")
		}
		b, err := render("templates/"+g.ID+"/"+k[0]+".yaml", d)
		if err != nil {
			return err
		}
		if prev, ok := files[file]; ok {
			b = append(append(prev, "---\n"...), b...)
		} else {
			order = append(order, file)
		}
		files[file] = b
		if help, ok := data.FileHelp[file]; ok {
			data.FileHelp[file] = help + "; " + kd.Summary
		} else {
			data.FileHelp[file] = "example " + plural + ": " + kd.Summary
		}
		for _, c := range covered[k[0]] {
			ck, _ := g.Kind(c)
			data.FileHelp[file] += "; " + ck.Summary
		}
	}
	data.Files = append([]string{"pack.yaml"}, order...)
	for _, f := range []string{"pack.yaml", "README.md"} {
		b, err := render("templates/"+f, data)
		if err != nil {
			return err
		}
		files[f] = b
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	w := cmd.OutOrStdout()
	for _, f := range append(data.Files, "README.md") {
		if err := os.WriteFile(filepath.Join(dir, f), files[f], 0o644); err != nil {
			return err
		}
		fmt.Fprintf(w, "wrote %s\n", filepath.ToSlash(filepath.Join(dir, f)))
	}
	fmt.Fprintf(w, "next: roundtable check %s\n", filepath.ToSlash(dir))
	return nil
}

// packGame finds the game of the pack that holds file: the nearest
// pack.yaml in its folder or a parent.
func packGame(file string) (string, []*source.Document) {
	dir, err := filepath.Abs(filepath.Dir(file))
	if err != nil {
		return "", nil
	}
	for {
		if b, err := os.ReadFile(filepath.Join(dir, "pack.yaml")); err == nil {
			var meta struct {
				Game string `yaml:"game"`
			}
			if yaml.Unmarshal(b, &meta) == nil && meta.Game != "" {
				root, err := os.OpenRoot(dir)
				if err != nil {
					return meta.Game, nil
				}
				defer root.Close()
				set, _ := source.Load(root.FS(), dir)
				return meta.Game, set.Docs
			}
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", nil
		}
		dir = parent
	}
}

func newEntity(cmd *cobra.Command, kind, file, game, id, name string) error {
	found, packDocs := packGame(file)
	if game == "" {
		game = found
	}
	if game == "" {
		return usageErr("no pack.yaml above %s says which game this is; add --game", file)
	}
	g, err := lookupGame(game)
	if err != nil {
		return err
	}
	tmpl := "templates/" + g.ID + "/" + kind + ".yaml"
	if _, err := fs.Stat(templates, tmpl); err != nil {
		var have []string
		ents, _ := fs.ReadDir(templates, "templates/"+g.ID)
		for _, e := range ents {
			have = append(have, strings.TrimSuffix(e.Name(), ".yaml"))
		}
		return usageErr("no template for kind %q of game %s (have: pack, %s)", kind, g.ID, strings.Join(have, ", "))
	}
	if id == "" {
		id = "new-" + kind
	}
	if !isKebab(id) {
		return usageErr("id %q is not kebab-case", id)
	}
	if name == "" {
		name = title(id)
	}
	data, err := baseData(g)
	if err != nil {
		return err
	}
	base, _ := compiler.BasePack(g)
	data.Glyph = freeGlyph(slices.Concat(base.Set.Docs, packDocs))
	data.ID, data.Name = id, name
	b, err := render(tmpl, data)
	if err != nil {
		return err
	}
	old, err := os.ReadFile(file)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	if len(bytes.TrimSpace(old)) > 0 {
		if !bytes.HasSuffix(old, []byte("\n")) {
			old = append(old, '\n')
		}
		b = append(append(old, "---\n"...), b...)
	}
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(file, b, 0o644); err != nil {
		return err
	}
	fmt.Fprintf(cmd.OutOrStdout(), "appended %s %s to %s\n", kind, id, filepath.ToSlash(file))
	return nil
}
