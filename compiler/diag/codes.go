package diag

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
)

// Code documents one stable diagnostic code: a check. A code is declared
// once, as a value (Catalogue.Declare), and a problem is reported through
// that value (List.Add), so its id and severity come from the declaration
// and a call site cannot disagree with docs/diagnostics.md, which lists
// every declared code (a test keeps the two in step).
type Code struct {
	ID       string
	Severity Severity
	Summary  string
	// Reads lists the kinds whose documents the check reads besides the
	// one it reports at ("*": any kind): a map's glyph check reads the
	// terrain. While a document of one of them is broken (it does not
	// parse or fails its schema), what the check reports may follow from
	// that alone, so the compiler folds it under that document's error
	// (List.Fold).
	Reads []string

	declared bool
}

// A Catalogue holds the codes of one game, or of the game-agnostic core
// (Core): every id in it starts with its Prefix ("bc-"; the core's is
// empty), and no id of another catalogue starts with that prefix. A game
// declares its catalogue once and hands it to compiler.Game.
type Catalogue struct {
	Prefix string
}

var (
	mu         sync.Mutex
	codes      = map[string]*Code{}
	catalogues = map[*Catalogue]bool{}
	owner      = map[string]*Catalogue{} // code id -> its catalogue
)

var (
	// prefixRe is what a game's prefix looks like: lowercase letters and a hyphen.
	prefixRe = regexp.MustCompile(`^[a-z][a-z0-9]*-$`)
	// idRe is what a code looks like: lowercase words joined by hyphens.
	idRe = regexp.MustCompile(`^[a-z][a-z0-9]*(-[a-z0-9]+)*$`)
)

// Core is the catalogue of the game-agnostic codes (compiler/diag, compiler,
// compiler/project): ids without a game's prefix.
var Core = newCatalogue("")

// NewCatalogue declares a game's catalogue with the id prefix of its codes
// ("bc-"). It panics (at init, so every test run catches it) when the prefix
// is not lowercase letters and a hyphen, when it is a prefix of another
// game's or has one, or when a code declared elsewhere already starts with it.
func NewCatalogue(prefix string) *Catalogue {
	if !prefixRe.MatchString(prefix) {
		panic(fmt.Sprintf("diag: code prefix %q is not lowercase letters and digits ending in a hyphen", prefix))
	}
	return newCatalogue(prefix)
}

func newCatalogue(prefix string) *Catalogue {
	mu.Lock()
	defer mu.Unlock()
	for c := range catalogues {
		if c.Prefix != "" && (strings.HasPrefix(prefix, c.Prefix) || strings.HasPrefix(c.Prefix, prefix)) {
			panic(fmt.Sprintf("diag: code prefix %q overlaps %q", prefix, c.Prefix))
		}
	}
	if prefix != "" {
		for id := range codes {
			if strings.HasPrefix(id, prefix) {
				panic(fmt.Sprintf("diag: code %s, declared in another catalogue, has the prefix %q of a game", id, prefix))
			}
		}
	}
	cat := &Catalogue{Prefix: prefix}
	catalogues[cat] = true
	return cat
}

// Declare adds a code to the catalogue and returns it, the value problems
// of that code are reported through. It panics (at init) when the id lacks
// the catalogue's prefix, has another game's prefix, is not kebab-case, is
// declared twice or has no summary.
func (cat *Catalogue) Declare(c Code) *Code {
	mu.Lock()
	defer mu.Unlock()
	if !catalogues[cat] {
		panic("diag: code " + c.ID + " declared in a catalogue made without NewCatalogue")
	}
	if !strings.HasPrefix(c.ID, cat.Prefix) || c.ID == cat.Prefix {
		panic(fmt.Sprintf("diag: code %s lacks its game's prefix %q", c.ID, cat.Prefix))
	}
	for other := range catalogues {
		if other != cat && other.Prefix != "" && strings.HasPrefix(c.ID, other.Prefix) {
			panic(fmt.Sprintf("diag: code %s has the prefix %q of another game", c.ID, other.Prefix))
		}
	}
	if !idRe.MatchString(c.ID) {
		panic(fmt.Sprintf("diag: code %q is not lowercase words joined by hyphens", c.ID))
	}
	if _, dup := codes[c.ID]; dup {
		panic("diag: code declared twice: " + c.ID)
	}
	if c.Summary == "" {
		panic("diag: code " + c.ID + " has no summary")
	}
	c.declared = true
	p := &c
	codes[c.ID] = p
	owner[c.ID] = cat
	return p
}

// Catalogue returns the codes of the catalogue sorted by id.
func (cat *Catalogue) Codes() []Code {
	mu.Lock()
	defer mu.Unlock()
	var out []Code
	for id, c := range codes {
		if owner[id] == cat {
			out = append(out, *c)
		}
	}
	slices.SortFunc(out, func(a, b Code) int { return strings.Compare(a.ID, b.ID) })
	return out
}

// Codes returns the catalogue sorted by id.
func Codes() []Code {
	mu.Lock()
	defer mu.Unlock()
	out := make([]Code, 0, len(codes))
	for _, c := range codes {
		out = append(out, *c)
	}
	slices.SortFunc(out, func(a, b Code) int { return strings.Compare(a.ID, b.ID) })
	return out
}

// Lookup finds a declared code.
func Lookup(id string) (Code, bool) {
	mu.Lock()
	defer mu.Unlock()
	c, ok := codes[id]
	if !ok {
		return Code{}, false
	}
	return *c, true
}

// Codes of the game-agnostic core.
var (
	CodeIO           = Core.Declare(Code{ID: "io-error", Severity: Error, Summary: "A content file or folder could not be read."})
	CodeTooLarge     = Core.Declare(Code{ID: "file-too-large", Severity: Error, Summary: "A YAML file is larger than the size limit (4 MiB); it is not parsed."})
	CodeUTF8         = Core.Declare(Code{ID: "invalid-utf8", Severity: Error, Summary: "A YAML file is not valid UTF-8."})
	CodeYAMLSyntax   = Core.Declare(Code{ID: "yaml-syntax", Severity: Error, Summary: "A YAML file does not parse."})
	CodeDuplicateKey = Core.Declare(Code{ID: "duplicate-key", Severity: Error, Summary: "A mapping has the same key twice; YAML would silently keep one."})
	CodeAliasBudget  = Core.Declare(Code{ID: "alias-budget", Severity: Error, Summary: "YAML aliases expand to more nodes than the budget allows (billion-laughs guard)."})
	CodeTooDeep      = Core.Declare(Code{ID: "too-deep", Severity: Error, Summary: "YAML nesting is deeper than the limit."})
	CodeSymlink      = Core.Declare(Code{ID: "symlink-escape", Severity: Error, Summary: "A symbolic link points outside the pack folder; it is not followed."})
	CodeSymlinkDir   = Core.Declare(Code{ID: "symlink-folder", Severity: Warning, Summary: "A symbolic link names a folder inside the pack; it is not followed (the folder's files are read where they are)."})
	CodeNotMapping   = Core.Declare(Code{ID: "not-a-mapping", Severity: Error, Summary: "A YAML document is not a mapping of fields."})
	CodeMissingKind  = Core.Declare(Code{ID: "missing-kind", Severity: Error, Summary: "A document has no `kind:` field."})
	CodeUnknownKind  = Core.Declare(Code{ID: "unknown-kind", Severity: Error, Summary: "A document's `kind:` is not a kind of the pack's game."})
	CodeWrongType    = Core.Declare(Code{ID: "wrong-type", Severity: Error, Summary: "A value has the wrong type (a string where a number belongs, and so on)."})
	CodeOutOfRange   = Core.Declare(Code{ID: "out-of-range", Severity: Error, Summary: "A number is outside the range the rules allow."})
	CodeUnknownField = Core.Declare(Code{ID: "unknown-field", Severity: Error, Summary: "A field is not part of the kind's schema (often a typo)."})
	CodeMissingField = Core.Declare(Code{ID: "missing-field", Severity: Error, Summary: "A required field is absent."})
	CodeBadEnum      = Core.Declare(Code{ID: "bad-enum", Severity: Error, Summary: "A value is not one of the allowed words."})
	CodeInvalid      = Core.Declare(Code{ID: "invalid-value", Severity: Error, Summary: "A value breaks a schema constraint (pattern, list length, ...)."})
	CodeDuplicateID  = Core.Declare(Code{ID: "duplicate-id", Severity: Error, Summary: "Two entities of one kind share an id."})
	CodeUnknownRef   = Core.Declare(Code{ID: "unknown-ref", Severity: Error, Summary: "A reference names an entity that does not exist."})
	CodeNoPack       = Core.Declare(Code{ID: "no-pack", Severity: Error, Summary: "A pack folder has no pack.yaml."})
	CodePack         = Core.Declare(Code{ID: "pack-error", Severity: Error, Summary: "pack.yaml is inconsistent (requires, versions, cycles)."})
	CodeWrongGame    = Core.Declare(Code{ID: "wrong-game", Severity: Error, Summary: "A pack names a game roundtable does not know."})
	CodeNoContent    = Core.Declare(Code{ID: "no-content", Severity: Error, Summary: "A pack folder holds no YAML content at all."})
	CodeTooMany      = Core.Declare(Code{ID: "too-many-diagnostics", Severity: Warning, Summary: "A document or a run has more problems than are shown; the first are shown and the rest counted."})
	CodeAsset        = Core.Declare(Code{ID: "asset-file", Severity: Error, Summary: "A pack's layout, palette or art file is not a regular file (a named pipe, a device) or is over its size limit (layouts and palette.txt 1 MiB, art 4 MiB); render and serve do not read it."})
	CodeLayoutBudget = Core.Declare(Code{ID: "layout-budget", Severity: Error, Summary: "Drawing a picture through a layout went over a limit (output 8 MiB, loop iterations and calls, bytes made, nesting, time); the picture is not drawn (render, serve)."})
)

// DocsURL is the page of every code; DocURL(code) is the code's row on it.
const DocsURL = "https://github.com/roundtable-dev/roundtable/blob/main/docs/diagnostics.md"

// DocURL links a code's entry in docs/diagnostics.md.
func DocURL(code string) string { return DocsURL + "#" + code }
