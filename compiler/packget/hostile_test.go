package packget

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

const corePack = "kind: pack\nid: valm-core\nname: Valm Core\nversion: 1.0.0\ngame: annas\n"

// rootWith writes a root pack requiring valm-core from src.
func rootWith(t *testing.T, src string) string {
	t.Helper()
	dir := t.TempDir()
	y := "kind: pack\nid: conquest\nname: Conquest\nversion: 1.0.0\ngame: annas\nrequires:\n  valm-core: \"^1.0\"\nsources:\n  valm-core: " + src + "\n"
	if err := os.WriteFile(filepath.Join(dir, "pack.yaml"), []byte(y), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

type zipFile struct {
	name string
	data []byte
	mode os.FileMode
}

func zipOf(t *testing.T, files []zipFile) []byte {
	t.Helper()
	var b bytes.Buffer
	z := zip.NewWriter(&b)
	for _, f := range files {
		h := &zip.FileHeader{Name: f.name, Method: zip.Deflate}
		if f.mode != 0 {
			h.SetMode(f.mode)
		}
		w, err := z.CreateHeader(h)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write(f.data); err != nil {
			t.Fatal(err)
		}
	}
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func tarOf(t *testing.T, hdrs []*tar.Header, data [][]byte) []byte {
	t.Helper()
	var b bytes.Buffer
	gz := gzip.NewWriter(&b)
	tw := tar.NewWriter(gz)
	for i, h := range hdrs {
		if err := tw.WriteHeader(h); err != nil {
			t.Fatal(err)
		}
		if data[i] != nil {
			if _, err := tw.Write(data[i]); err != nil {
				t.Fatal(err)
			}
		}
	}
	tw.Close()
	gz.Close()
	return b.Bytes()
}

// serve serves one archive at /pack.zip or /pack.tar.gz.
func serve(t *testing.T, name string, body []byte) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/"+name {
			http.NotFound(w, r)
			return
		}
		w.Write(body)
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/" + name
}

// TestHostileArchivesAreRefused: each hostile archive gets one clear error,
// and nothing is written outside the cache's partial folder, which is
// removed: the cache is as it was.
func TestHostileArchivesAreRefused(t *testing.T) {
	zeros := make([]byte, 40<<20) // deflates to about 40 KiB: a zip bomb
	many := []zipFile{{name: "pack.yaml", data: []byte(corePack)}}
	for i := range 100000 {
		many = append(many, zipFile{name: fmt.Sprintf("f/%d.yaml", i)})
	}
	for _, c := range []struct {
		name, file string
		body       []byte
		want       string
	}{
		{"zip-slip", "pack.zip", zipOf(t, []zipFile{{name: "pack.yaml", data: []byte(corePack)}, {name: "../../escaped.yaml", data: []byte("x")}}), `"../../escaped.yaml": the path leaves the pack's folder`},
		{"absolute", "pack.zip", zipOf(t, []zipFile{{name: "pack.yaml", data: []byte(corePack)}, {name: "/tmp/escaped.yaml", data: []byte("x")}}), `"/tmp/escaped.yaml": an absolute path`},
		{"zip-symlink", "pack.zip", zipOf(t, []zipFile{{name: "pack.yaml", data: []byte(corePack)}, {name: "link", data: []byte("/etc/passwd"), mode: os.ModeSymlink | 0o777}}), `"link": a symbolic link in the archive`},
		{"tar-symlink", "pack.tar.gz", tarOf(t, []*tar.Header{{Name: "pack.yaml", Mode: 0o644, Size: int64(len(corePack)), Typeflag: tar.TypeReg}, {Name: "out", Linkname: "../../..", Typeflag: tar.TypeSymlink}}, [][]byte{[]byte(corePack), nil}), `"out": a link in the archive`},
		{"tar-slip", "pack.tar.gz", tarOf(t, []*tar.Header{{Name: "pack.yaml", Mode: 0o644, Size: int64(len(corePack)), Typeflag: tar.TypeReg}, {Name: "a/../../x", Mode: 0o644, Size: 1, Typeflag: tar.TypeReg}}, [][]byte{[]byte(corePack), []byte("x")}), `the path leaves the pack's folder`},
		{"zip-bomb", "pack.zip", zipOf(t, []zipFile{{name: "pack.yaml", data: []byte(corePack)}, {name: "art.png", data: zeros}}), "art.png: larger than 33554432 bytes"},
		{"100k-files", "pack.zip", zipOf(t, many), "more than 20000 files"},
	} {
		t.Run(c.name, func(t *testing.T) {
			root := rootWith(t, "{archive: "+serve(t, c.file, c.body)+"}")
			cache := Cache{Dir: filepath.Join(t.TempDir(), "cache")}
			_, err := Get(context.Background(), Options{Dir: root, Cache: cache})
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want an error holding %q", err, c.want)
			}
			if n := strings.Count(err.Error(), "\n"); n > 0 {
				t.Errorf("more than one line: %v", err)
			}
			var left []string
			filepath.WalkDir(cache.Dir, func(p string, d os.DirEntry, err error) error {
				if err == nil && p != cache.Dir && p != filepath.Join(cache.Dir, ".partial") {
					left = append(left, p)
				}
				return nil
			})
			if len(left) > 0 {
				t.Errorf("the cache holds %v after a refused fetch", left)
			}
			for _, p := range []string{filepath.Join(filepath.Dir(cache.Dir), "escaped.yaml"), filepath.Join(cache.Dir, "escaped.yaml"), "/tmp/escaped.yaml"} {
				if _, err := os.Lstat(p); err == nil {
					t.Errorf("%s was written", p)
				}
			}
		})
	}
}

// TestDownloadOverTheLimitIsRefused: an archive larger than Limits.Download
// is refused as it streams, whatever Content-Length says.
func TestDownloadOverTheLimitIsRefused(t *testing.T) {
	noise := make([]byte, 5000)
	rand.NewChaCha8([32]byte{1}).Read(noise)
	body := zipOf(t, []zipFile{{name: "pack.yaml", data: []byte(corePack)}, {name: "noise.bin", data: noise}})
	root := rootWith(t, "{archive: "+serve(t, "pack.zip", body)+"}")
	lim := DefaultLimits
	lim.Download = 1000
	_, err := Get(context.Background(), Options{Dir: root, Cache: Cache{Dir: t.TempDir()}, Limits: lim})
	if err == nil || !strings.Contains(err.Error(), "over the limit of 1000") {
		t.Fatalf("got %v", err)
	}
}

// TestGitSymlinkIsRefused: a repository whose pack folder holds a link is
// refused (core.symlinks=false checks it out as a file; ls-tree tells).
func TestGitSymlinkIsRefused(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("git is needed")
		}
		t.Skip("no git")
	}
	repo := t.TempDir()
	run := func(args ...string) {
		cmd := exec.Command("git", args...)
		cmd.Dir = repo
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	run("init", "-q")
	os.WriteFile(filepath.Join(repo, "pack.yaml"), []byte(corePack), 0o644)
	os.Symlink("/etc/passwd", filepath.Join(repo, "passwd.yaml"))
	run("add", "-A")
	run("commit", "-qm", "x")
	run("tag", "v1.0.0")
	root := rootWith(t, "{git: \"file://"+repo+"\"}")
	cache := Cache{Dir: t.TempDir()}
	_, err := Get(context.Background(), Options{Dir: root, Cache: cache})
	if err == nil || !strings.Contains(err.Error(), "passwd.yaml is a symbolic link") {
		t.Fatalf("got %v", err)
	}
	if _, ok := cache.lookup("valm-core", "1.0.0"); ok {
		t.Errorf("the refused pack is in the cache")
	}
}
