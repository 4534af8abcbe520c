//go:build linux || darwin || freebsd || openbsd || netbsd || dragonfly

package emit

import (
	"errors"
	"os"
	"syscall"
)

// lockDir takes an exclusive advisory lock on the folder dir, waiting for
// another holder (waiting is called first when it must wait). The kernel
// releases it when the process ends, killed or not.
func lockDir(dir string, waiting func()) (unlock func(), err error) {
	f, err := os.Open(dir)
	if err != nil {
		return nil, err
	}
	err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	if errors.Is(err, syscall.EWOULDBLOCK) {
		if waiting != nil {
			waiting()
		}
		for {
			err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX)
			if !errors.Is(err, syscall.EINTR) {
				break
			}
		}
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return func() { f.Close() }, nil
}
