package games

import "fmt"

// Exit codes are part of the interface: scripts and CI rely on them.
const (
	ExitOK      = 0
	ExitContent = 1 // the content has errors (or warnings under --strict)
	ExitUsage   = 2 // bad usage or an internal failure
)

// ExitError carries an exit code out of a command; Msg, when set, is
// printed once by the CLI.
type ExitError struct {
	Code int
	Msg  string
}

func (e *ExitError) Error() string { return e.Msg }

// ErrContent says the content has problems that were already printed.
var ErrContent = &ExitError{Code: ExitContent}

// Usage is an error of usage (exit 2).
func Usage(format string, args ...any) error {
	return &ExitError{Code: ExitUsage, Msg: fmt.Sprintf(format, args...)}
}
