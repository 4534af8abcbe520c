package regular

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestReadFSRefusesWithoutReading: through an fs.FS, a named pipe and a
// folder are ErrNotRegular and a file over the limit a *TooLargeError,
// decided on the stat (a pipe with no writer would block an open); a
// regular file within the limit is read; a link out of an os.Root is not
// followed.
func TestReadFSRefusesWithoutReading(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "ok.txt"), []byte("12345"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	outside := filepath.Join(t.TempDir(), "secret")
	if err := os.WriteFile(outside, []byte("s"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	fsys := root.FS()
	done := make(chan struct{})
	go func() {
		defer close(done)
		for _, name := range []string{"pipe", "sub"} {
			if _, err := ReadFS(fsys, name, 100); !errors.Is(err, ErrNotRegular) {
				t.Errorf("%s: %v, want ErrNotRegular", name, err)
			}
		}
		var tl *TooLargeError
		if _, err := ReadFS(fsys, "ok.txt", 4); !errors.As(err, &tl) || tl.Size != 5 || tl.Limit != 4 {
			t.Errorf("ok.txt over 4 bytes: %v", err)
		}
		if b, err := ReadFS(fsys, "ok.txt", 5); err != nil || string(b) != "12345" {
			t.Errorf("ok.txt: %q %v", b, err)
		}
		if _, err := ReadFS(fsys, "link", 100); err == nil {
			t.Errorf("a link out of the root was read")
		}
	}()
	select {
	case <-done:
	case <-time.After(time.Minute): // a cap: the calls take microseconds
		t.Fatal("ReadFS blocked (on the pipe?)")
	}
}
