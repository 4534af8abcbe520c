//go:build !(linux || darwin || freebsd || openbsd || netbsd || dragonfly)

package emit

// lockDir does nothing where flock(2) is missing: concurrent gen runs to one
// folder are then not serialized (docs/reliability.md).
func lockDir(dir string, waiting func()) (unlock func(), err error) {
	return func() {}, nil
}
