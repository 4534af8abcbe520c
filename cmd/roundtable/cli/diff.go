package cli

import (
	"archive/tar"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing/fstest"

	"github.com/spf13/cobra"
	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/check"
	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/compiler/packget"
	"github.com/roundtable-dev/roundtable/compiler/project"
	"github.com/roundtable-dev/roundtable/compiler/source"
	"github.com/roundtable-dev/roundtable/games"
)

var diffFormats = []string{"text", "json", "markdown"}

func newDiff() *cobra.Command {
	var format, gitRev string
	var failOn []string
	cmd := &cobra.Command{
		Use:   "diff OLD NEW | diff --git REV [PATH]",
		Short: "Show content changes between two trees, entity by entity and field by field",
		Long: `Diff compares two content trees: every entity (a document with kind and id) that was
added, removed or changed, and for changed ones each field that differs
(chrom: stats.atk 6 → 7), grouped by kind. Entities are matched by kind, pack and id,
so moving a card between files is not a change.

OLD and NEW are folders. With --git REV, OLD is PATH (default: the current folder) as
of the git revision REV, and NEW is PATH in the working tree. A PATH that exists on one
side only (a pull request that adds, removes or renames a pack) is an empty tree on the
other: everything in it is added or removed (diff the parent folder to see a renamed
pack as unchanged).

--format markdown fits a pull-request comment. The exit status is 0 whatever changed,
unless --fail-on names a kind of change (removed, changed, added) that happened: then 1.
A tree whose YAML does not parse is reported and exits 1 as well.`,
		Example: `  roundtable base export --game annas ./old   # the released base pack, to compare with
  roundtable diff ./old content/annas
  roundtable diff --git origin/main content/annas --format markdown > diff.md
  roundtable diff --git HEAD~1 content/annas --fail-on removed   # exit 1 if the last commit removed an entity`,
		Args: cobra.MaximumNArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			if !slices.Contains(diffFormats, format) {
				return usageErr("unknown --format %q (want one of %s)", format, strings.Join(diffFormats, ", "))
			}
			for _, f := range failOn {
				if f != "removed" && f != "changed" && f != "added" {
					return usageErr("unknown --fail-on %q (want removed, changed or added)", f)
				}
			}
			var oldT, newT *tree
			var err error
			if gitRev != "" {
				if len(args) > 1 {
					return usageErr("with --git give at most one PATH")
				}
				p := "."
				if len(args) == 1 {
					p = args[0]
				}
				if oldT, newT, err = gitTrees(gitRev, p); err != nil {
					return err
				}
			} else {
				if len(args) != 2 {
					return usageErr("diff needs OLD and NEW folders, or --git REV [PATH]")
				}
				if oldT, err = dirTree(args[0]); err != nil {
					return err
				}
				if newT, err = dirTree(args[1]); err != nil {
					return err
				}
			}
			for _, t := range []*tree{oldT, newT} {
				if t.diags.Errors() > 0 {
					_ = diag.Print(cmd.ErrOrStderr(), "text", t.diags, t.set.Source)
					return &exitError{Code: exitContent, Msg: t.name + " does not parse; fix it (roundtable check) before diffing"}
				}
			}
			d := diffTrees(oldT, newT)
			w := cmd.OutOrStdout()
			switch format {
			case "json":
				err = d.printJSON(w)
			case "markdown":
				d.printMarkdown(w)
			default:
				d.printText(w)
			}
			if err != nil {
				return err
			}
			var hit []string
			for _, f := range failOn {
				if n := d.count(f); n > 0 {
					hit = append(hit, fmt.Sprintf("%d %s", n, f))
				}
			}
			if len(hit) > 0 {
				return &exitError{Code: exitContent, Msg: "diff: " + strings.Join(hit, ", ") + " (--fail-on)"}
			}
			return nil
		},
	}
	cmd.Flags().StringVarP(&format, "format", "f", "text", "output format: "+strings.Join(diffFormats, ", "))
	cmd.Flags().StringVar(&gitRev, "git", "", "compare PATH at this git revision with the working tree")
	cmd.Flags().StringSliceVar(&failOn, "fail-on", nil, "exit 1 if entities were removed, changed or added (comma-separated)")
	_ = cmd.RegisterFlagCompletionFunc("format", cobra.FixedCompletions(diffFormats, cobra.ShellCompDirectiveNoFileComp))
	return cmd
}

// tree is one side of a diff: the documents under a folder.
type tree struct {
	name   string
	set    *source.Set
	diags  diag.List
	absent string // "valm does not exist at main"; "" when PATH exists
}

func dirTree(dir string) (*tree, error) {
	fi, err := os.Stat(dir)
	if err != nil {
		return nil, usageErr("%v", err)
	}
	if !fi.IsDir() {
		return nil, usageErr("%s is not a folder", dir)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, usageErr("%v", err)
	}
	defer root.Close()
	name := filepath.ToSlash(filepath.Clean(dir))
	// What check reads (check.Content): not what roundtable.yaml ignores,
	// nor vendor/ beside a lock, which holds the locked packs (the lock's
	// own diff shows what moved).
	cfg, _ := project.Find(dir)
	fsys := check.Content(root.FS(), dir, cfg)
	if _, err := os.Stat(filepath.Join(dir, "pack.yaml")); err != nil {
		// A folder of packs: their files, as check reads them
		// (games.PackFolders), not the templates and test inputs beside.
		var roots []string
		for _, p := range games.PackFolders([]string{dir}) {
			if rel, err := filepath.Rel(dir, p); err == nil {
				roots = append(roots, filepath.ToSlash(rel))
			}
		}
		fsys = source.Skipping(fsys, outsidePacks(roots))
	}
	set, diags := source.Load(fsys, name)
	return &tree{name: name, set: set, diags: diags}, nil
}

// outsidePacks skips what is neither in one of the pack folders roots
// (slash paths) nor a folder on the way to one.
func outsidePacks(roots []string) func(name string, dir bool) bool {
	return func(name string, dir bool) bool {
		return !slices.ContainsFunc(roots, func(r string) bool {
			return games.InFolder(name, r) || dir && games.InFolder(r, name)
		})
	}
}

// gitTrees reads both sides of diff --git: PATH as of REV and PATH in the
// working tree. A PATH missing on one side is an empty tree there, marked
// absent, so that adding, removing or renaming a pack is a diff and not a
// failure; missing on both sides, or a REV that names no commit, is a usage
// error.
func gitTrees(rev, p string) (oldT, newT *tree, err error) {
	p = filepath.ToSlash(filepath.Clean(p))
	out, err := exec.Command("git", "rev-parse", "--show-toplevel", "--show-prefix").Output()
	if err != nil {
		return nil, nil, usageErr("--git needs a git work tree: %v", err)
	}
	lines := strings.Split(strings.TrimRight(string(out), "\n"), "\n")
	top, prefix := lines[0], ""
	if len(lines) > 1 {
		prefix = lines[1]
	}
	inRepo := path.Join(prefix, p)
	if inRepo == ".." || strings.HasPrefix(inRepo, "../") {
		return nil, nil, usageErr("%s is outside the git work tree", p)
	}
	if err := exec.Command("git", "rev-parse", "--verify", "--quiet", rev+"^{commit}").Run(); err != nil {
		return nil, nil, usageErr("--git %s: not a commit in this repository", rev)
	}
	spec := rev + ":" + strings.TrimPrefix(inRepo, ".")
	objType := "tree"
	if inRepo != "." { // the root always exists
		c := exec.Command("git", "cat-file", "-t", spec)
		c.Dir = top
		b, err := c.Output()
		objType = strings.TrimSpace(string(b))
		if err != nil {
			objType = "" // absent at REV
		}
	}
	_, statErr := os.Stat(p)
	switch {
	case objType == "" && errors.Is(statErr, os.ErrNotExist):
		return nil, nil, usageErr("%s exists neither at %s nor in the working tree", p, rev)
	case objType == "":
		oldT = emptyTree(rev+":"+p, p+" does not exist at "+rev)
	case objType != "tree":
		return nil, nil, usageErr("%s is not a folder at %s", p, rev)
	default:
		if oldT, err = gitTree(top, spec, rev+":"+p, p); err != nil {
			return nil, nil, err
		}
	}
	if errors.Is(statErr, os.ErrNotExist) {
		newT = emptyTree(p, p+" does not exist in the working tree")
	} else if newT, err = dirTree(p); err != nil {
		return nil, nil, err
	}
	return oldT, newT, nil
}

// emptyTree is the side of a diff where PATH does not exist; absent says so.
func emptyTree(name, absent string) *tree {
	set, diags := source.Load(fstest.MapFS{}, name)
	return &tree{name: name, set: set, diags: diags, absent: absent}
}

// gitTree reads a folder of the repository at top as of a revision (git
// archive REV:PATH).
func gitTree(top, spec, name, dir string) (*tree, error) {
	tr, err := gitArchive(top, spec)
	if err != nil {
		return nil, err
	}
	fsys := fstest.MapFS{}
	locked := false
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, usageErr("git archive %s: %v", spec, err)
		}
		if h.Name == packget.LockName {
			locked = true
		}
		if h.Typeflag != tar.TypeReg || !source.IsYAML(h.Name) {
			continue
		}
		data, err := io.ReadAll(io.LimitReader(tr, source.MaxFileSize+1))
		if err != nil {
			return nil, err
		}
		fsys[h.Name] = &fstest.MapFile{Data: data, Mode: 0o644}
	}
	if locked { // as dirTree: vendor/ beside a lock is not the pack's own
		for f := range fsys {
			if strings.HasPrefix(f, packget.VendorDir+"/") {
				delete(fsys, f)
			}
		}
	}
	// As dirTree: the working tree's roundtable.yaml says what is not
	// content, on both sides of the diff alike.
	if cfg, _ := project.Find(dir); cfg != nil {
		skip := cfg.SkipsIn(dir)
		for f := range fsys {
			for p, isDir := f, false; p != "."; p, isDir = path.Dir(p), true {
				if skip(p, isDir) {
					delete(fsys, f)
					break
				}
			}
		}
	}
	if _, ok := fsys["pack.yaml"]; !ok {
		// As dirTree: a folder of packs is their files only.
		skip := outsidePacks(games.PackRoots(slices.Collect(maps.Keys(fsys))))
		for f := range fsys {
			if skip(f, false) {
				delete(fsys, f)
			}
		}
	}
	set, diags := source.Load(fsys, name)
	return &tree{name: name, set: set, diags: diags}, nil
}

// entity is one document of a tree, flattened to field paths.
type entity struct {
	kind, pack, id string
	pos            diag.Pos
	fields         map[string]any
	order          []string
}

func (e *entity) key() string { return e.kind + "\x00" + e.pack + "\x00" + e.id }

// entities flattens every document of a tree. A document's pack is the one
// whose pack.yaml is in the nearest folder above it.
func (t *tree) entities() ([]*entity, map[string]string) {
	packDirs := map[string]string{} // folder -> pack id
	games := map[string]string{}    // pack id -> game
	for _, d := range t.set.Docs {
		if d.Kind == "pack" {
			id := scalar(d.Field("id"))
			packDirs[path.Dir(d.File)] = id
			games[id] = scalar(d.Field("game"))
		}
	}
	var out []*entity
	seen := map[string]int{}
	for _, d := range t.set.Docs {
		e := &entity{kind: d.Kind, pos: d.Pos(), fields: map[string]any{}}
		for dir := path.Dir(d.File); ; dir = path.Dir(dir) {
			if id, ok := packDirs[dir]; ok {
				e.pack = id
				break
			}
			if dir == "." || dir == "/" || dir == "" {
				break
			}
		}
		e.id = scalar(d.Field("id"))
		if e.id == "" { // singletons (rules) are one per kind and pack
			e.id = "(" + d.Kind + ")"
		}
		if n := seen[e.key()]; n > 0 { // a duplicate: keep both, apart
			e.id += "#" + strconv.Itoa(n+1)
		}
		seen[e.key()]++
		flatten("", d.Node(), e)
		out = append(out, e)
	}
	return out, games
}

func scalar(n *yaml.Node) string {
	if n == nil {
		return ""
	}
	var s string
	if err := n.Decode(&s); err != nil {
		return ""
	}
	return s
}

// flatten records leaves by dotted path, in document order. Lists of
// scalars are one value; lists with mappings are indexed
// (skill.effects.0.when).
func flatten(prefix string, n *yaml.Node, e *entity) {
	join := func(k string) string {
		if prefix == "" {
			return k
		}
		return prefix + "." + k
	}
	switch n.Kind {
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i].Value
			if prefix == "" && (k == "kind" || k == "id") {
				continue
			}
			flatten(join(k), n.Content[i+1], e)
		}
		return
	case yaml.SequenceNode:
		if slices.ContainsFunc(n.Content, func(c *yaml.Node) bool { return c.Kind != yaml.ScalarNode }) {
			for i, c := range n.Content {
				flatten(join(strconv.Itoa(i)), c, e)
			}
			return
		}
	}
	var v any
	if err := n.Decode(&v); err != nil {
		v = n.Value
	}
	// Multi-line text (map grids) compares line by line.
	if str, ok := v.(string); ok && strings.Contains(strings.TrimRight(str, "\n"), "\n") {
		for i, line := range strings.Split(strings.TrimRight(str, "\n"), "\n") {
			p := fmt.Sprintf("%s (line %d)", prefix, i+1)
			e.fields[p] = line
			e.order = append(e.order, p)
		}
		return
	}
	e.fields[prefix] = v
	e.order = append(e.order, prefix)
}

type fieldChange struct {
	Path string `json:"path"`
	Old  any    `json:"old"`
	New  any    `json:"new"`
}

type entityRef struct {
	ID   string   `json:"id"`
	Pack string   `json:"pack,omitempty"`
	Pos  diag.Pos `json:"pos"`
}

type changed struct {
	entityRef
	Fields []fieldChange `json:"fields"`
}

type kindDiff struct {
	Kind    string      `json:"kind"`
	Added   []entityRef `json:"added"`
	Removed []entityRef `json:"removed"`
	Changed []changed   `json:"changed"`
}

type contentDiff struct {
	Old, New string
	Notes    []string // a side that does not exist
	Kinds    []*kindDiff
	qualify  bool // several packs: show pack-id/entity-id
}

func (d *contentDiff) count(what string) int {
	n := 0
	for _, k := range d.Kinds {
		switch what {
		case "added":
			n += len(k.Added)
		case "removed":
			n += len(k.Removed)
		case "changed":
			n += len(k.Changed)
		}
	}
	return n
}

func diffTrees(oldT, newT *tree) *contentDiff {
	olds, og := oldT.entities()
	news, ng := newT.entities()
	d := &contentDiff{Old: oldT.name, New: newT.name, qualify: len(og) > 1 || len(ng) > 1}
	if oldT.absent != "" {
		d.Notes = append(d.Notes, oldT.absent+": every entity is added")
	}
	if newT.absent != "" {
		d.Notes = append(d.Notes, newT.absent+": every entity is removed")
	}
	// Kinds in their game's order, pack first; unknown kinds after.
	var kindOrder []string
	add := func(k string) {
		if !slices.Contains(kindOrder, k) {
			kindOrder = append(kindOrder, k)
		}
	}
	add("pack")
	for _, games := range []map[string]string{ng, og} {
		for _, id := range slices.Sorted(maps.Keys(games)) {
			if g, ok := compiler.Lookup(games[id]); ok {
				for _, k := range g.KindNames() {
					add(k)
				}
			}
		}
	}
	var rest []string
	for _, e := range slices.Concat(olds, news) {
		if !slices.Contains(kindOrder, e.kind) && !slices.Contains(rest, e.kind) {
			rest = append(rest, e.kind)
		}
	}
	slices.Sort(rest)
	kindOrder = append(kindOrder, rest...)
	byKind := map[string]*kindDiff{}
	get := func(k string) *kindDiff {
		if byKind[k] == nil {
			byKind[k] = &kindDiff{Kind: k, Added: []entityRef{}, Removed: []entityRef{}, Changed: []changed{}}
		}
		return byKind[k]
	}
	oldByKey := map[string]*entity{}
	for _, e := range olds {
		oldByKey[e.key()] = e
	}
	newByKey := map[string]*entity{}
	for _, e := range news {
		newByKey[e.key()] = e
		o, ok := oldByKey[e.key()]
		ref := entityRef{ID: e.id, Pack: e.pack, Pos: e.pos}
		if !ok {
			get(e.kind).Added = append(get(e.kind).Added, ref)
			continue
		}
		var fc []fieldChange
		// The old paths, then the new ones the old side lacks (a set: a
		// list of n mappings is n paths, and a lookup per path in the list
		// made it n²).
		paths := slices.Clone(o.order)
		seen := make(map[string]bool, len(o.order)+len(e.order))
		for _, p := range o.order {
			seen[p] = true
		}
		for _, p := range e.order {
			if !seen[p] {
				seen[p] = true
				paths = append(paths, p)
			}
		}
		for _, p := range paths {
			ov, inOld := o.fields[p]
			nv, inNew := e.fields[p]
			if inOld && inNew && render1(ov) == render1(nv) {
				continue
			}
			if !inOld {
				ov = nil
			}
			if !inNew {
				nv = nil
			}
			fc = append(fc, fieldChange{Path: p, Old: ov, New: nv})
		}
		if len(fc) > 0 {
			get(e.kind).Changed = append(get(e.kind).Changed, changed{entityRef: ref, Fields: fc})
		}
	}
	for _, o := range olds {
		if _, ok := newByKey[o.key()]; !ok {
			get(o.kind).Removed = append(get(o.kind).Removed, entityRef{ID: o.id, Pack: o.pack, Pos: o.pos})
		}
	}
	byID := func(a, b entityRef) int { return strings.Compare(a.Pack+"/"+a.ID, b.Pack+"/"+b.ID) }
	for _, k := range kindOrder {
		kd := byKind[k]
		if kd == nil {
			continue
		}
		slices.SortFunc(kd.Added, byID)
		slices.SortFunc(kd.Removed, byID)
		slices.SortFunc(kd.Changed, func(a, b changed) int { return byID(a.entityRef, b.entityRef) })
		d.Kinds = append(d.Kinds, kd)
	}
	return d
}

func (d *contentDiff) name(r entityRef) string {
	if d.qualify && r.Pack != "" {
		return r.Pack + "/" + r.ID
	}
	return r.ID
}

// render1 prints a value on one line, YAML-like: [a, b], {k: v}, quoted
// strings only where needed; (none) for an absent field.
func render1(v any) string { return renderValue(v, false) }

func renderValue(v any, nested bool) string {
	switch x := v.(type) {
	case nil:
		return "(none)"
	case string:
		if x == "" || x == "(none)" || strings.TrimSpace(x) != x || strings.ContainsAny(x, "\n\"") ||
			strings.Contains(x, " → ") || nested && strings.ContainsAny(x, ",[]{}:") {
			return strconv.Quote(x)
		}
		return x
	case []any:
		parts := make([]string, len(x))
		for i, it := range x {
			parts[i] = renderValue(it, true)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case map[string]any:
		keys := slices.Sorted(maps.Keys(x))
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = k + ": " + renderValue(x[k], true)
		}
		return "{" + strings.Join(parts, ", ") + "}"
	}
	return fmt.Sprint(v)
}

func (d *contentDiff) totals() string {
	return fmt.Sprintf("%d added, %d removed, %d changed", d.count("added"), d.count("removed"), d.count("changed"))
}

func (d *contentDiff) printText(w io.Writer) {
	for _, n := range d.Notes {
		fmt.Fprintf(w, "note: %s\n", n)
	}
	if len(d.Kinds) == 0 {
		fmt.Fprintf(w, "no content changes between %s and %s\n", d.Old, d.New)
		return
	}
	for _, k := range d.Kinds {
		fmt.Fprintf(w, "%s: %d added, %d removed, %d changed\n", k.Kind, len(k.Added), len(k.Removed), len(k.Changed))
		for _, a := range k.Added {
			fmt.Fprintf(w, "  + %s (%s)\n", d.name(a), a.Pos)
		}
		for _, r := range k.Removed {
			fmt.Fprintf(w, "  - %s\n", d.name(r))
		}
		for _, c := range k.Changed {
			for _, f := range c.Fields {
				fmt.Fprintf(w, "  ~ %s: %s %s → %s\n", d.name(c.entityRef), f.Path, render1(f.Old), render1(f.New))
			}
		}
	}
	fmt.Fprintf(w, "%s → %s: %s\n", d.Old, d.New, d.totals())
}

func (d *contentDiff) printJSON(w io.Writer) error {
	out := struct {
		Old     string         `json:"old"`
		New     string         `json:"new"`
		Notes   []string       `json:"notes,omitempty"`
		Kinds   []*kindDiff    `json:"kinds"`
		Summary map[string]int `json:"summary"`
	}{d.Old, d.New, d.Notes, d.Kinds, map[string]int{"added": d.count("added"), "removed": d.count("removed"), "changed": d.count("changed")}}
	if out.Kinds == nil {
		out.Kinds = []*kindDiff{}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
}

func mdCell(s string) string {
	return strings.NewReplacer("|", `\|`, "\n", " ").Replace(s)
}

func (d *contentDiff) printMarkdown(w io.Writer) {
	fmt.Fprintf(w, "### Content changes: %s\n\n", d.totals())
	for _, n := range d.Notes {
		fmt.Fprintf(w, "_%s_\n\n", mdCell(n))
	}
	if len(d.Kinds) == 0 {
		fmt.Fprintf(w, "No content changes between `%s` and `%s`.\n", d.Old, d.New)
		return
	}
	fmt.Fprintf(w, "`%s` → `%s`\n", d.Old, d.New)
	for _, k := range d.Kinds {
		fmt.Fprintf(w, "\n#### %s (%d added, %d removed, %d changed)\n\n", k.Kind, len(k.Added), len(k.Removed), len(k.Changed))
		fmt.Fprintln(w, "| | id | field | old | new |")
		fmt.Fprintln(w, "|---|---|---|---|---|")
		for _, a := range k.Added {
			fmt.Fprintf(w, "| added | `%s` | | | |\n", mdCell(d.name(a)))
		}
		for _, r := range k.Removed {
			fmt.Fprintf(w, "| removed | `%s` | | | |\n", mdCell(d.name(r)))
		}
		for _, c := range k.Changed {
			for _, f := range c.Fields {
				fmt.Fprintf(w, "| changed | `%s` | `%s` | %s | %s |\n", mdCell(d.name(c.entityRef)), mdCell(f.Path), mdCell(render1(f.Old)), mdCell(render1(f.New)))
			}
		}
	}
}

// gitArchive reads a folder of the repository at top as of a revision
// (spec is REV:PATH) as a tar stream; git's complaint is a usage error.
func gitArchive(top, spec string) (*tar.Reader, error) {
	var stderr bytes.Buffer
	c := exec.Command("git", "archive", "--format=tar", spec)
	c.Stderr = &stderr
	c.Dir = top
	out, err := c.Output()
	if err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		return nil, usageErr("git archive %s: %s", spec, msg)
	}
	return tar.NewReader(bytes.NewReader(out)), nil
}
