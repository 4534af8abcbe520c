// Package project holds what a project says it means to accept: the
// roundtable.yaml config (per-code severity, ignore globs), inline
// suppressions ("# roundtable:ignore CODE -- reason") and baselines
// (check --baseline). It changes a diagnostic list after compiling; the
// compiler itself knows nothing of it.
package project

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/compiler/packget"
	"github.com/roundtable-dev/roundtable/compiler/source"
	"github.com/roundtable-dev/roundtable/internal/phrase"
)

// FileName is the project config's name, at a pack's root or above it (the
// repository root).
const FileName = "roundtable.yaml"

// Codes of project settings.
var (
	CodeConfig            = diag.Core.Declare(diag.Code{ID: "config-error", Severity: diag.Error, Summary: "roundtable.yaml does not parse, has an unknown field, names an unknown code or a severity other than off, warning and error, or an ignore glob that is not valid."})
	CodeBadSuppression    = diag.Core.Declare(diag.Code{ID: "bad-suppression", Severity: diag.Warning, Summary: "A `# roundtable:ignore` comment gives no reason (`-- why`) or names no code or an unknown one."})
	CodeUnusedSuppression = diag.Core.Declare(diag.Code{ID: "unused-suppression", Severity: diag.Warning, Summary: "A `# roundtable:ignore` comment suppresses nothing: the problem it names is not on its line (fixed, or moved)."})
	CodePlaceholder       = diag.Core.Declare(diag.Code{ID: "placeholder", Severity: diag.Error, Summary: "A value `roundtable new` wrote as an example is still marked `# roundtable:placeholder`: replace it and delete the comment."})
)

// Severities are the values a code may be given in roundtable.yaml.
var Severities = []string{"off", "warning", "error"}

// Config is one roundtable.yaml.
type Config struct {
	File string // as printed (relative to the working folder when below it)
	Dir  string // the absolute folder holding it
	// Severity maps a code to off, warning or error.
	Severity map[string]string
	// Ignore lists globs (doublestar syntax) of files that are not content,
	// relative to Dir: a glob without a slash matches a name at any depth,
	// a trailing slash means a folder and everything in it.
	Ignore []string
	// Sources say where required packs live, for roundtable get; they win
	// over what pack.yaml files say (a mirror, a fork).
	Sources packget.Sources

	globs []string // Ignore as doublestar patterns
}

type configYAML struct {
	Severity map[string]yaml.Node `yaml:"severity"`
	Ignore   []yaml.Node          `yaml:"ignore"`
	Sources  yaml.Node            `yaml:"sources"`
}

// Find reads the roundtable.yaml that governs the pack folder dir: the
// nearest one in dir or a folder above it, up to the repository's root
// (a folder with .git) or the file system's. It returns nil when there is
// none; its diagnostics are the config's problems.
func Find(dir string) (*Config, diag.List) { return Lookup(dir, nil) }

// Lookup is Find reading the config through read (nil: os.ReadFile), so
// that an editor's unsaved text of roundtable.yaml is what governs (the
// language server). The config is shown as the pack folder is: by its
// absolute path when dir is absolute, else relative to the working folder
// when below it.
func Lookup(dir string, read func(name string) ([]byte, error)) (*Config, diag.List) {
	if read == nil {
		read = os.ReadFile
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, nil
	}
	show := display
	if filepath.IsAbs(dir) {
		show = filepath.ToSlash
	}
	for d := abs; ; {
		p := filepath.Join(d, FileName)
		if data, err := read(p); err == nil {
			return Parse(show(p), d, data)
		} else if !errors.Is(err, fs.ErrNotExist) {
			var l diag.List
			l.Add(CodeConfig, diag.Pos{File: show(p)}, "cannot read: %v", err)
			return nil, l
		}
		if _, err := os.Stat(filepath.Join(d, ".git")); err == nil {
			return nil, nil
		}
		up := filepath.Dir(d)
		if up == d {
			return nil, nil
		}
		d = up
	}
}

// display prints an absolute path relative to the working folder when it
// is below it.
func display(p string) string {
	if wd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(wd, p); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return filepath.ToSlash(rel)
		}
	}
	return filepath.ToSlash(p)
}

// Parse reads a config's bytes; file is its printed name and dir its
// absolute folder.
func Parse(file, dir string, data []byte) (*Config, diag.List) {
	var l diag.List
	c := &Config{File: file, Dir: dir, Severity: map[string]string{}}
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		at := diag.Pos{File: file}
		msg := strings.TrimPrefix(err.Error(), "yaml: ")
		if m := errLine.FindStringSubmatch(msg); m != nil {
			at.Line, _ = strconv.Atoi(m[1])
			msg = msg[len(m[0]):]
		}
		l.Add(CodeConfig, at, "%s", msg)
		return c, l
	}
	if len(root.Content) == 0 {
		return c, nil // empty file
	}
	doc := root.Content[0]
	if doc.Kind != yaml.MappingNode {
		l.Add(CodeConfig, pos(file, doc), "roundtable.yaml must be a mapping with severity: and ignore:")
		return c, l
	}
	for i := 0; i+1 < len(doc.Content); i += 2 {
		k := doc.Content[i]
		if k.Value != "severity" && k.Value != "ignore" && k.Value != "sources" {
			d := l.Add(CodeConfig, pos(file, k), "unknown field %q in roundtable.yaml", k.Value)
			if s := phrase.Suggest(k.Value, []string{"severity", "ignore", "sources"}); s != "" {
				d.Hint = fmt.Sprintf("did you mean %q?", s)
			} else {
				d.Hint = "roundtable.yaml has severity: (code: off|warning|error), ignore: (globs) and sources: (pack id: {git: URL} or {archive: URL})"
			}
		}
	}
	var y configYAML
	if err := doc.Decode(&y); err != nil {
		l.Add(CodeConfig, pos(file, doc), "%s", strings.TrimPrefix(err.Error(), "yaml: unmarshal errors:\n  "))
		return c, l
	}
	var known []string
	for _, code := range diag.Codes() {
		known = append(known, code.ID)
	}
	// Keys in file order, for diagnostics in file order.
	var sevNode *yaml.Node
	for i := 0; i+1 < len(doc.Content); i += 2 {
		if doc.Content[i].Value == "severity" {
			sevNode = doc.Content[i+1]
		}
	}
	if sevNode != nil && sevNode.Kind == yaml.MappingNode {
		for i := 0; i+1 < len(sevNode.Content); i += 2 {
			k, v := sevNode.Content[i], sevNode.Content[i+1]
			if _, ok := diag.Lookup(k.Value); !ok {
				d := l.Add(CodeConfig, pos(file, k), "unknown diagnostic code %q", k.Value)
				if s := phrase.Suggest(k.Value, known); s != "" {
					d.Hint = fmt.Sprintf("did you mean %q?", s)
				} else {
					d.Hint = "roundtable explain lists the codes; see docs/diagnostics.md"
				}
				continue
			}
			if v.Kind != yaml.ScalarNode || !slices.Contains(Severities, v.Value) {
				l.Add(CodeConfig, pos(file, v), "severity of %s must be off, warning or error, found %q", k.Value, v.Value)
				continue
			}
			c.Severity[k.Value] = v.Value
		}
	}
	if y.Sources.Kind != 0 {
		srcs, err := packget.ReadSources(&y.Sources)
		if err != nil {
			l.Add(CodeConfig, pos(file, &y.Sources), "%v", err)
		}
		c.Sources = srcs
	}
	for _, g := range y.Ignore {
		if g.Kind != yaml.ScalarNode || g.Value == "" {
			l.Add(CodeConfig, pos(file, &g), "an ignore entry must be a non-empty glob")
			continue
		}
		pat := glob(g.Value)
		if !doublestar.ValidatePattern(pat) {
			l.Add(CodeConfig, pos(file, &g), "ignore: %q is not a valid glob", g.Value)
			continue
		}
		c.Ignore = append(c.Ignore, g.Value)
		c.globs = append(c.globs, pat)
	}
	return c, l
}

// errLine is the line yaml.v3 names in a syntax error ("line 3: did not
// find expected key"): the error is reported on it.
var errLine = regexp.MustCompile(`^line (\d+): `)

func pos(file string, n *yaml.Node) diag.Pos {
	return diag.Pos{File: file, Line: n.Line, Col: n.Column}
}

// glob turns an ignore entry into a doublestar pattern matched against
// slash paths relative to the config's folder, gitignore-like: no slash
// but a trailing one matches at any depth; a trailing slash matches the
// folder and everything below it.
func glob(s string) string {
	s = strings.TrimPrefix(s, "./")
	dir := strings.HasSuffix(s, "/")
	s = strings.TrimSuffix(s, "/")
	if !strings.Contains(s, "/") {
		s = "**/" + s
	}
	s = strings.TrimPrefix(s, "/")
	if dir {
		s += "/**"
	}
	return s
}

// Skips reports whether the config leaves out the file or folder rel (a
// slash path relative to Dir).
func (c *Config) Skips(rel string, dir bool) bool {
	if c == nil {
		return false
	}
	for _, g := range c.globs {
		if ok, _ := doublestar.Match(g, rel); ok {
			return true
		}
		if dir && strings.HasSuffix(g, "/**") {
			if ok, _ := doublestar.Match(strings.TrimSuffix(g, "/**"), rel); ok {
				return true
			}
		}
	}
	return false
}

// Filter wraps a pack folder's file system so that the loader's walk
// leaves out what the config ignores, and the config file itself. packDir
// is the pack's folder as given; nil config: fsys unchanged.
func (c *Config) Filter(fsys fs.FS, packDir string) fs.FS {
	skip := c.SkipsIn(packDir)
	if skip == nil {
		return fsys
	}
	return source.Skipping(fsys, skip)
}

// SkipsIn is what Filter leaves out of the pack folder packDir, by slash
// path relative to it: what the config ignores, and the config file
// itself. nil: nothing (no config).
func (c *Config) SkipsIn(packDir string) func(name string, dir bool) bool {
	if c == nil {
		return nil
	}
	abs, err := filepath.Abs(packDir)
	if err != nil {
		return nil
	}
	prefix, err := filepath.Rel(c.Dir, abs)
	if err != nil {
		return nil
	}
	prefix = filepath.ToSlash(prefix)
	return func(name string, dir bool) bool {
		rel := path.Join(prefix, name)
		return rel == FileName || c.Skips(rel, dir)
	}
}
