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
		Code{CodeIO, Error, "A content file or folder could not be read."},
		Code{CodeTooLarge, Error, "A YAML file is larger than the size limit (4 MiB); it is not parsed."},
		Code{CodeUTF8, Error, "A YAML file is not valid UTF-8."},
		Code{CodeYAMLSyntax, Error, "A YAML file does not parse."},
		Code{CodeDuplicateKey, Error, "A mapping has the same key twice; YAML would silently keep one."},
		Code{CodeAliasBudget, Error, "YAML aliases expand to more nodes than the budget allows (billion-laughs guard)."},
		Code{CodeTooDeep, Error, "YAML nesting is deeper than the limit."},
		Code{CodeSymlink, Error, "A symbolic link points outside the pack folder; it is not followed."},
		Code{CodeNotMapping, Error, "A YAML document is not a mapping of fields."},
		Code{CodeMissingKind, Error, "A document has no `kind:` field."},
		Code{CodeUnknownKind, Error, "A document's `kind:` is not a kind of the pack's game."},
		Code{CodeWrongType, Error, "A value has the wrong type (a string where a number belongs, and so on)."},
		Code{CodeOutOfRange, Error, "A number is outside the range the rules allow."},
		Code{CodeUnknownField, Error, "A field is not part of the kind's schema (often a typo)."},
		Code{CodeMissingField, Error, "A required field is absent."},
		Code{CodeBadEnum, Error, "A value is not one of the allowed words."},
		Code{CodeInvalid, Error, "A value breaks a schema constraint (pattern, list length, ...)."},
		Code{CodeDuplicateID, Error, "Two entities of one kind share an id."},
		Code{CodeUnknownRef, Error, "A reference names an entity that does not exist."},
		Code{CodeNoPack, Error, "A pack folder has no pack.yaml."},
		Code{CodePack, Error, "pack.yaml is inconsistent (requires, versions, cycles)."},
		Code{CodeWrongGame, Error, "A pack names a game roundtable does not know."},
		Code{CodeNoContent, Error, "A pack folder holds no YAML content at all."},
		Code{CodeTooMany, Warning, "A document or a run has more problems than are shown; the first are shown and the rest counted."},
	)
}
