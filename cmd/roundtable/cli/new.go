package cli

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"text/template"

	"github.com/spf13/cobra"
	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/regular"
	"github.com/roundtable-dev/roundtable/compiler/semver"
	"github.com/roundtable-dev/roundtable/compiler/source"
	"github.com/roundtable-dev/roundtable/compiler/yamlfmt"
	"github.com/roundtable-dev/roundtable/games"
	"github.com/roundtable-dev/roundtable/internal/phrase"
)

// templates holds pack.yaml and README.md of a new pack, for every game;
// each game's kinds have their templates in its games.Scaffold.
//
//go:embed templates
var templates embed.FS

type tmplData struct {
	ID, Name, Game, GameName, Dir, Pkg, BaseID, BaseRange string
	// Ref maps a kind to the id of an entity of it to refer to.
	Ref map[string]string
	// V holds the game's own values (games.Scaffold.Values).
	V                       map[string]any
	NewKind, NewFile, NewID string
	Kinds                   string
	Files                   []string
	FileHelp                map[string]string
}

func newNew() *cobra.Command {
	var game, id, name string
	var override bool
	var with []string
	cmd := &cobra.Command{
		Use:   "new pack DIR --game GAME | new KIND FILE [--id ID]",
		Short: "Scaffold an expansion pack, or append a commented template of a kind",
		Long: `new pack DIR writes a working expansion for any game: pack.yaml (requiring the
game's base pack), one example of each kind, and a README. It checks clean at once,
with --strict too.

new KIND FILE appends a commented template of one of the game's kinds (unit, formation,
card, hero-set, character, ...) to FILE, creating it if needed, with --id as its id. The
game is read from the pack.yaml of FILE's folder or a parent folder, or given with --game.
A kind that cannot stand alone (a Table Battles formation, a Battlecrest landmark or
action card) says in its template what else it needs. The template's example values are
marked "# roundtable:placeholder": check fails on each until it is replaced and the comment
deleted. An id that a required pack already has is refused unless --override, which
writes overrides: to replace that entity. Required packs are the embedded base pack and
the pack folders given with --with (as they would be given to check).`,
		Example: `  roundtable new pack ./valm-raiders --game annas
  roundtable new unit ./valm-raiders/units.yaml --id walhart --name Walhart
  roundtable new tag ./valm-raiders/tags.yaml --id pegasus
  roundtable new unit ./valm-raiders/units.yaml --id chrom --override   # replace annas-base's Chrom
  roundtable new unit ./plegia/units.yaml --id walhart --with ./valm-raiders   # refused: valm-raiders has walhart
  roundtable new pack ./lycia-front --game table-battles
  roundtable new pack ./jugdral --game fe-cipher
  roundtable new card ./jugdral/cards.yaml --id seliph-heir --name "Heir of Light"
  roundtable new pack ./saltmarsh --game battlecrest
  roundtable new pack ./sacae --game tropera`,
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			if args[0] == "pack" {
				if len(with) > 0 {
					return usageErr("--with applies to new KIND FILE: the folders of the packs FILE's pack requires")
				}
				return newPack(cmd, args[1], game, id, name)
			}
			return newEntity(cmd, args[0], args[1], game, id, name, override, with)
		},
	}
	cmd.Flags().StringArrayVar(&with, "with", nil, "new KIND: the folder of a pack FILE's pack requires, as given to check (repeatable); its ids are refused unless --override")
	cmd.Flags().BoolVar(&override, "override", false, "new KIND: replace the entity of that id a required pack has (writes overrides:)")
	cmd.Flags().StringVar(&game, "game", "", "game id: "+strings.Join(compiler.GameIDs(), ", "))
	cmd.Flags().StringVar(&id, "id", "", "the new pack's or entity's id (kebab-case)")
	cmd.Flags().StringVar(&name, "name", "", "its human-readable name")
	return cmd
}

// lookupGame finds a game's compile step and its scaffold.
func lookupGame(game string) (*compiler.Game, *games.Scaffold, error) {
	g, ok := compiler.Lookup(game)
	if !ok {
		return nil, nil, usageErr("unknown --game %q (want one of %s)", game, strings.Join(compiler.GameIDs(), ", "))
	}
	if r, ok := games.Lookup(game); ok && r.Scaffold != nil {
		return g, r.Scaffold, nil
	}
	return g, nil, usageErr("new has no templates for game %s yet", g.ID)
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

// shellQuote quotes a path for the commands new shows, so that one with a
// space ("./My Pack") still runs when copied.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./-") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// notKebab says why --id is refused, with the id it was likely meant to be.
func notKebab(id string) error {
	if k := kebab(id); k != "" {
		return usageErr("--id %q is not kebab-case: lowercase letters and digits, words joined by single hyphens (did you mean %q?)", id, k)
	}
	return usageErr("--id %q is not kebab-case: lowercase letters and digits, words joined by single hyphens", id)
}

func isKebab(s string) bool { return s != "" && kebab(s) == s }

func render(fsys fs.FS, name string, data tmplData) ([]byte, error) {
	src, err := fs.ReadFile(fsys, name)
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

// renderFormatted renders a content template in `roundtable fmt`'s form, so
// that what new writes passes `fmt --check` (and CI) as it is.
func renderFormatted(g *compiler.Game, fsys fs.FS, name string, data tmplData) ([]byte, error) {
	b, err := render(fsys, name, data)
	if err != nil {
		return nil, err
	}
	out, err := yamlfmt.Format(b, keyOrder(g))
	if err != nil {
		return nil, fmt.Errorf("template %s: %v", name, err)
	}
	return out, nil
}

func baseData(g *compiler.Game, sc *games.Scaffold) (tmplData, error) {
	base, diags := compiler.BasePack(g)
	if diags.Errors() > 0 || base.ID == "" {
		return tmplData{}, fmt.Errorf("game %s: embedded base pack does not load", g.ID)
	}
	v, err := semver.Parse(base.Version)
	if err != nil {
		return tmplData{}, fmt.Errorf("game %s: base pack version: %v", g.ID, err)
	}
	ref := maps.Clone(sc.Defaults)
	if ref == nil {
		ref = map[string]string{}
	}
	return tmplData{
		Ref:  ref,
		Game: g.ID, GameName: g.Name, BaseID: base.ID,
		// Compatible with this base and every later one of the same major.
		BaseRange: fmt.Sprintf(">=%d.%d <%d", v.Major, v.Minor, v.Major+1),
		Kinds:     strings.Join(templateKinds(sc), ", "),
	}, nil
}

// values fills in the game's own template values for docs.
func (d *tmplData) values(sc *games.Scaffold, docs []*source.Document) {
	if sc.Values != nil {
		d.V = sc.Values(docs, d.Ref)
	}
}

// templateKinds lists the kinds a game has templates for.
func templateKinds(sc *games.Scaffold) []string {
	var have []string
	ents, _ := fs.ReadDir(sc.Templates, ".")
	for _, e := range ents {
		have = append(have, strings.TrimSuffix(e.Name(), ".yaml"))
	}
	return have
}

func newPack(cmd *cobra.Command, dir, game, id, name string) error {
	if game == "" {
		return usageErr("new pack needs --game (one of %s)", strings.Join(compiler.GameIDs(), ", "))
	}
	g, sc, err := lookupGame(game)
	if err != nil {
		return err
	}
	if entries, err := os.ReadDir(dir); err == nil && len(entries) > 0 {
		return usageErr("%s exists and is not empty; new pack writes only into a new or empty folder", dir)
	}
	if id == "" {
		if id = kebab(filepath.Base(filepath.Clean(dir))); id == "" {
			return usageErr("cannot make a pack id from the folder name %q; give --id", filepath.Base(filepath.Clean(dir)))
		}
	}
	if !isKebab(id) {
		return notKebab(id)
	}
	if name == "" {
		name = title(id)
	}
	data, err := baseData(g, sc)
	if err != nil {
		return err
	}
	data.ID, data.Name, data.Dir = id, name, shellQuote(filepath.ToSlash(dir))
	data.Pkg = strings.ReplaceAll(id, "-", "")
	// The examples refer to each other rather than to the base pack.
	for _, k := range sc.Examples {
		data.Ref[k.Kind] = k.ID
	}
	base, _ := compiler.BasePack(g)
	data.values(sc, base.Set.Docs)
	files := map[string][]byte{}
	data.FileHelp = map[string]string{"pack.yaml": "the pack: id, version, the packs it requires"}
	var order []string
	for _, k := range sc.Examples {
		kd, _ := g.Kind(k.Kind)
		plural := kd.Plural
		if plural == "" {
			plural = kd.Name + "s"
		}
		file := strings.ReplaceAll(plural, " ", "-") + ".yaml"
		if k.Kind == sc.Try.Kind {
			data.NewKind, data.NewFile, data.NewID = k.Kind, shellQuote(filepath.ToSlash(dir)+"/"+file), sc.Try.ID
		}
		d := data
		d.ID, d.Name = k.ID, k.Name
		b, err := renderFormatted(g, sc.Templates, k.Kind+".yaml", d)
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
		for _, c := range sc.Covered[k.Kind] {
			ck, _ := g.Kind(c)
			data.FileHelp[file] += "; " + ck.Summary
		}
	}
	data.Files = append([]string{"pack.yaml"}, order...)
	for _, f := range []string{"pack.yaml", "README.md"} {
		// The template of pack.yaml is pack.yaml.tmpl: a folder holding it
		// is not a pack (games.PackFolders).
		tmpl := "templates/" + f
		if f == "pack.yaml" {
			tmpl += ".tmpl"
		}
		b, err := render(templates, tmpl, data)
		if f == "pack.yaml" && err == nil {
			b, err = renderFormatted(g, templates, tmpl, data)
		}
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
	fmt.Fprintf(w, "next: roundtable check %s\n", shellQuote(filepath.ToSlash(dir)))
	return nil
}

// packGameDir finds the game of the pack that holds file (the nearest
// pack.yaml in its folder or a parent), its documents and its folder ("" when
// none).
func packGameDir(file string) (string, []*source.Document, string) {
	dir, err := filepath.Abs(filepath.Dir(file))
	if err != nil {
		return "", nil, ""
	}
	for {
		if b, err := regular.ReadFile(filepath.Join(dir, "pack.yaml"), source.MaxFileSize, false); err == nil {
			var meta struct {
				Game string `yaml:"game"`
			}
			if yaml.Unmarshal(b, &meta) == nil && meta.Game != "" {
				root, err := os.OpenRoot(dir)
				if err != nil {
					return meta.Game, nil, dir
				}
				defer root.Close()
				set, _ := source.Load(root.FS(), dir)
				return meta.Game, set.Docs, dir
			}
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", nil, ""
		}
		dir = parent
	}
}

func newEntity(cmd *cobra.Command, kind, file, game, id, name string, override bool, with []string) error {
	found, packDocs, packDir := packGameDir(file)
	if game == "" {
		game = found
	}
	if game == "" {
		return usageErr("no pack.yaml above %s says which game this is; add --game", file)
	}
	g, sc, err := lookupGame(game)
	if err != nil {
		return err
	}
	tmpl := kind + ".yaml"
	if _, err := fs.Stat(sc.Templates, tmpl); err != nil {
		kinds := templateKinds(sc)
		if s := phrase.Suggest(kind, kinds); s != "" {
			return usageErr("no template for kind %q of game %s (did you mean %q?)", kind, g.ID, s)
		}
		return usageErr("no template for kind %q of game %s (have: pack, %s)", kind, g.ID, strings.Join(kinds, ", "))
	}
	if id == "" {
		id = "new-" + kind
	}
	if !isKebab(id) {
		return notKebab(id)
	}
	for _, d := range packDocs {
		if d.Kind == kind && d.StrField("id") == id {
			// Appending it would only make a duplicate-id error.
			pos := d.FieldPos("id")
			if wd, err := os.Getwd(); err == nil {
				if rel, err := filepath.Rel(wd, pos.File); err == nil {
					pos.File = filepath.ToSlash(rel)
				}
			}
			return usageErr("%s %q already exists at %s; choose another --id", kind, id, pos)
		}
	}
	base, _ := compiler.BasePack(g)
	deps, err := requiredPacks(packDir, packDocs, base, with)
	if err != nil {
		return err
	}
	overrides := ""
	for _, p := range deps {
		i := slices.IndexFunc(p.Set.Docs, func(d *source.Document) bool { return d.Kind == kind && d.StrField("id") == id })
		if i < 0 {
			continue
		}
		if !override {
			pos := p.Set.Docs[i].FieldPos("id")
			where := relToWD(pos.File)
			if p.Embedded {
				where = p.ID + ":" + strings.TrimPrefix(strings.TrimPrefix(pos.File, g.ContentDir), "/")
			}
			return usageErr("%s %q already exists in the required pack %s at %s:%d; choose another --id, or pass --override to replace it", kind, id, p.ID, where, pos.Line)
		}
		overrides = p.ID + "/" + id
		break
	}
	if override && overrides == "" {
		return usageErr("--override: no required pack has a %s %q to replace", kind, id)
	}
	if name == "" {
		name = title(id)
	}
	data, err := baseData(g, sc)
	if err != nil {
		return err
	}
	docs := slices.Concat(base.Set.Docs, packDocs)
	for _, k := range sc.OwnFirst {
		if i := slices.IndexFunc(packDocs, func(d *source.Document) bool { return d.Kind == k && d.Field("id") != nil }); i >= 0 {
			data.Ref[k] = packDocs[i].Field("id").Value
		}
	}
	data.values(sc, docs)
	data.ID, data.Name = id, name
	b, err := renderFormatted(g, sc.Templates, tmpl, data)
	if err != nil {
		return err
	}
	raw, _ := fs.ReadFile(sc.Templates, tmpl)
	b = markPlaceholders(b, computedKeys(raw), overrides)
	if out, err := yamlfmt.Format(b, keyOrder(g)); err == nil {
		b = out // comments aligned as fmt aligns them
	}
	shown := file
	// Write through a symlink to the file it names, so the link stays.
	if real, err := filepath.EvalSymlinks(file); err == nil {
		file = real
	}
	old, err := regular.ReadFile(file, source.MaxFileSize, false)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	if len(bytes.TrimSpace(old)) > 0 {
		order := keyOrder(g)
		// A file already in fmt form stays so; any other keeps its bytes.
		clean, err := yamlfmt.Format(old, order)
		tidy := err == nil && bytes.Equal(clean, old)
		if !bytes.HasSuffix(old, []byte("\n")) {
			old = append(old, '\n')
		}
		b = append(append(old, "---\n"...), b...)
		if tidy {
			if out, err := yamlfmt.Format(b, order); err == nil {
				b = out
			}
		}
	}
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return err
	}
	if err := replaceFile(file, b); err != nil {
		return err
	}
	fmt.Fprintf(cmd.OutOrStdout(), "appended %s %s to %s\n", kind, id, filepath.ToSlash(shown))
	return nil
}

// replaceFile writes b to a temporary file beside file and renames it over
// file, keeping file's mode: an interrupted write leaves the old content
// whole rather than half a file.
func replaceFile(file string, b []byte) error {
	mode := fs.FileMode(0o644)
	if fi, err := os.Stat(file); err == nil {
		mode = fi.Mode().Perm()
	}
	f, err := os.CreateTemp(filepath.Dir(file), "."+filepath.Base(file)+".tmp*")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name()) // no-op once renamed
	if _, err := f.Write(b); err != nil {
		f.Close()
		return fmt.Errorf("writing %s: %w", file, err)
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := os.Chmod(f.Name(), mode); err != nil {
		return err
	}
	return os.Rename(f.Name(), file)
}

// requiredPacks returns the packs the pack in dir builds on, nearest first:
// its requires resolved as check resolves them, among the pack folders in
// with and the embedded base packs. Without with, only the base pack (when
// required) is looked at, without loading the pack itself.
func requiredPacks(dir string, docs []*source.Document, base *compiler.Pack, with []string) ([]*compiler.Pack, error) {
	if len(with) == 0 || dir == "" {
		if requires(docs, base.ID) {
			return []*compiler.Pack{base}, nil
		}
		return nil, nil
	}
	own := relToWD(dir)
	sets, _, closeRoots, err := games.LoadSetsOpen(append([]string{own}, with...), compiler.Loader{})
	defer closeRoots()
	if err != nil {
		return nil, err
	}
	var self *compiler.Pack
	for _, set := range sets {
		for _, p := range set {
			if !p.Embedded && p.Dir == filepath.ToSlash(filepath.Clean(own)) {
				self = p
			}
		}
	}
	if self == nil {
		return nil, nil
	}
	// Breadth first: a nearer pack's entity is the one an override replaces.
	var out []*compiler.Pack
	seen := map[*compiler.Pack]bool{self: true}
	for queue := self.Deps; len(queue) > 0; queue = queue[1:] {
		p := queue[0]
		if seen[p] {
			continue
		}
		seen[p] = true
		out = append(out, p)
		queue = append(queue, p.Deps...)
	}
	return out, nil
}

// relToWD returns path relative to the working folder when it can, slashed.
func relToWD(path string) string {
	if wd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(wd, path); err == nil {
			return filepath.ToSlash(rel)
		}
	}
	return filepath.ToSlash(path)
}

// requires reports whether the pack's pack.yaml (among docs) requires the
// pack id.
func requires(docs []*source.Document, id string) bool {
	for _, d := range docs {
		if d.Kind != "pack" {
			continue
		}
		if r := d.Field("requires"); r != nil && r.Kind == yaml.MappingNode {
			for i := 0; i+1 < len(r.Content); i += 2 {
				if r.Content[i].Value == id {
					return true
				}
			}
		}
	}
	return false
}

// scaffoldOwn are the fields of a new entity that are the author's already.
var scaffoldOwn = map[string]bool{"kind": true, "id": true, "name": true, "overrides": true}

// computedKeys are the top-level fields of a template whose line holds a
// template action ({{.Name}}, a free glyph, a card of the pack): filled in
// from the flags or the pack, not example values.
func computedKeys(tmpl []byte) map[string]bool {
	keys := map[string]bool{}
	for _, l := range strings.Split(string(tmpl), "\n") {
		if key, _, ok := strings.Cut(l, ":"); ok && l != "" && l[0] != ' ' && l[0] != '#' && strings.Contains(l, "{{") {
			keys[key] = true
		}
	}
	return keys
}

// markPlaceholders marks the example values of a rendered template (its
// top-level fields but kind, id, name and the computed ones) with
// "# roundtable:placeholder", so that an unedited entity fails check
// (project.CodePlaceholder); with overrides ("pack-id/id"), it writes
// overrides: after the id.
func markPlaceholders(b []byte, computed map[string]bool, overrides string) []byte {
	var out bytes.Buffer
	for _, l := range strings.SplitAfter(string(b), "\n") {
		key, _, isField := strings.Cut(l, ":")
		if !isField || l == "" || l[0] == ' ' || l[0] == '#' || l[0] == '-' || strings.ContainsAny(key, " \t") || scaffoldOwn[key] || computed[key] {
			out.WriteString(l)
			if isField && key == "id" && overrides != "" {
				out.WriteString("overrides: " + overrides + "\n")
			}
			continue
		}
		body := strings.TrimRight(l, "\n")
		if i := strings.Index(body, " #"); i >= 0 {
			body = body[:i] + " # " + source.PlaceholderMarker + " -- " + strings.TrimSpace(body[i+2:])
		} else {
			body += "  # " + source.PlaceholderMarker
		}
		out.WriteString(body + "\n")
	}
	return out.Bytes()
}
