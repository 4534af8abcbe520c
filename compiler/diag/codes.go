package diag

import (
	"slices"
	"sync"
)

// Code documents one stable diagnostic code. docs/diagnostics.md lists every
// registered code; a test keeps the two in step.
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
}

var (
	mu    sync.Mutex
	codes = map[string]Code{}
)

// Register adds codes to the catalogue. Games register theirs from init.
func Register(cs ...Code) {
	mu.Lock()
	defer mu.Unlock()
	for _, c := range cs {
		if _, dup := codes[c.ID]; dup {
			panic("diag: code registered twice: " + c.ID)
		}
		codes[c.ID] = c
	}
}

// Codes returns the catalogue sorted by id.
func Codes() []Code {
	mu.Lock()
	defer mu.Unlock()
	out := make([]Code, 0, len(codes))
	for _, c := range codes {
		out = append(out, c)
	}
	slices.SortFunc(out, func(a, b Code) int {
		if a.ID < b.ID {
			return -1
		}
		if a.ID > b.ID {
			return 1
		}
		return 0
	})
	return out
}

// Lookup finds a registered code.
func Lookup(id string) (Code, bool) {
	mu.Lock()
	defer mu.Unlock()
	c, ok := codes[id]
	return c, ok
}

// Codes of the game-agnostic core.
const (
	CodeIO           = "io-error"
	CodeTooLarge     = "file-too-large"
	CodeUTF8         = "invalid-utf8"
	CodeYAMLSyntax   = "yaml-syntax"
	CodeDuplicateKey = "duplicate-key"
	CodeAliasBudget  = "alias-budget"
	CodeTooDeep      = "too-deep"
	CodeSymlink      = "symlink-escape"
	CodeNotMapping   = "not-a-mapping"
	CodeMissingKind  = "missing-kind"
	CodeUnknownKind  = "unknown-kind"
	CodeWrongType    = "wrong-type"
	CodeOutOfRange   = "out-of-range"
	CodeUnknownField = "unknown-field"
	CodeMissingField = "missing-field"
	CodeBadEnum      = "bad-enum"
	CodeInvalid      = "invalid-value"
	CodeDuplicateID  = "duplicate-id"
	CodeUnknownRef   = "unknown-ref"
	CodeNoPack       = "no-pack"
	CodePack         = "pack-error"
	CodeWrongGame    = "wrong-game"
	CodeNoContent    = "no-content"
	CodeTooMany      = "too-many-diagnostics"
)

func init() {
	Register(
		Code{ID: CodeIO, Severity: Error, Summary: "A content file or folder could not be read."},
		Code{ID: CodeTooLarge, Severity: Error, Summary: "A YAML file is larger than the size limit (4 MiB); it is not parsed."},
		Code{ID: CodeUTF8, Severity: Error, Summary: "A YAML file is not valid UTF-8."},
		Code{ID: CodeYAMLSyntax, Severity: Error, Summary: "A YAML file does not parse."},
		Code{ID: CodeDuplicateKey, Severity: Error, Summary: "A mapping has the same key twice; YAML would silently keep one."},
		Code{ID: CodeAliasBudget, Severity: Error, Summary: "YAML aliases expand to more nodes than the budget allows (billion-laughs guard)."},
		Code{ID: CodeTooDeep, Severity: Error, Summary: "YAML nesting is deeper than the limit."},
		Code{ID: CodeSymlink, Severity: Error, Summary: "A symbolic link points outside the pack folder; it is not followed."},
		Code{ID: CodeNotMapping, Severity: Error, Summary: "A YAML document is not a mapping of fields."},
		Code{ID: CodeMissingKind, Severity: Error, Summary: "A document has no `kind:` field."},
		Code{ID: CodeUnknownKind, Severity: Error, Summary: "A document's `kind:` is not a kind of the pack's game."},
		Code{ID: CodeWrongType, Severity: Error, Summary: "A value has the wrong type (a string where a number belongs, and so on)."},
		Code{ID: CodeOutOfRange, Severity: Error, Summary: "A number is outside the range the rules allow."},
		Code{ID: CodeUnknownField, Severity: Error, Summary: "A field is not part of the kind's schema (often a typo)."},
		Code{ID: CodeMissingField, Severity: Error, Summary: "A required field is absent."},
		Code{ID: CodeBadEnum, Severity: Error, Summary: "A value is not one of the allowed words."},
		Code{ID: CodeInvalid, Severity: Error, Summary: "A value breaks a schema constraint (pattern, list length, ...)."},
		Code{ID: CodeDuplicateID, Severity: Error, Summary: "Two entities of one kind share an id."},
		Code{ID: CodeUnknownRef, Severity: Error, Summary: "A reference names an entity that does not exist."},
		Code{ID: CodeNoPack, Severity: Error, Summary: "A pack folder has no pack.yaml."},
		Code{ID: CodePack, Severity: Error, Summary: "pack.yaml is inconsistent (requires, versions, cycles)."},
		Code{ID: CodeWrongGame, Severity: Error, Summary: "A pack names a game roundtable does not know."},
		Code{ID: CodeNoContent, Severity: Error, Summary: "A pack folder holds no YAML content at all."},
		Code{ID: CodeTooMany, Severity: Warning, Summary: "A document or a run has more problems than are shown; the first are shown and the rest counted."},
	)
}

// DocsURL is the page of every code; DocURL(code) is the code's row on it.
const DocsURL = "https://github.com/roundtable-dev/roundtable/blob/main/docs/diagnostics.md"

// DocURL links a code's entry in docs/diagnostics.md.
func DocURL(code string) string { return DocsURL + "#" + code }
