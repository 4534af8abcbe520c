package packget

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"
)

// TestGetKilledMidDownload: a get killed (SIGKILL) while an archive is half
// downloaded leaves no cache entry and no lock, and the next get completes
// the cache and writes the lock.
func TestGetKilledMidDownload(t *testing.T) {
	noise := make([]byte, 200000)
	for i := range noise {
		noise[i] = byte(i*7 + i/251)
	}
	body := zipOf(t, []zipFile{{name: "pack.yaml", data: []byte(corePack)}, {name: "art.bin", data: noise}})
	var requests atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if requests.Add(1) == 1 {
			w.Header().Set("Content-Length", "200500")
			w.Write(body[:len(body)/2])
			w.(http.Flusher).Flush()
			<-r.Context().Done() // hangs until the client is gone
			return
		}
		w.Write(body)
	}))
	defer srv.Close()
	root := rootWith(t, "{archive: "+srv.URL+"/pack.zip}")
	cache := Cache{Dir: filepath.Join(t.TempDir(), "cache")}

	child := exec.Command(os.Args[0], "-test.run=^$")
	child.Env = append(os.Environ(), "PACKGET_CHILD_ROOT="+root, "PACKGET_CHILD_CACHE="+cache.Dir)
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	// Wait until half the archive is on disk in the child's partial folder.
	deadline := time.Now().Add(30 * time.Second)
	for {
		parts, _ := filepath.Glob(filepath.Join(cache.Dir, ".partial", "*", "archive"))
		if len(parts) == 1 {
			if fi, err := os.Stat(parts[0]); err == nil && fi.Size() >= int64(len(body)/2) {
				break
			}
		}
		if time.Now().After(deadline) {
			child.Process.Kill()
			t.Fatal("the child never wrote half the archive")
		}
		time.Sleep(10 * time.Millisecond)
	}
	if err := child.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	child.Wait()
	if _, ok := cache.lookup("valm-core", "1.0.0"); ok {
		t.Fatal("a killed download left a cache entry")
	}
	if _, err := os.Stat(filepath.Join(root, LockName)); err == nil {
		t.Fatal("a killed get wrote a lock")
	}

	out, err := Get(context.Background(), Options{Dir: root, Cache: cache})
	if err != nil {
		t.Fatalf("the next get: %v", err)
	}
	if len(out.Lock.Entries) != 1 || out.Lock.Entries[0].Version != "1.0.0" {
		t.Fatalf("lock %+v", out.Lock.Entries)
	}
	folders, refused, diags := Locked(root, cache, nil)
	if len(folders) != 1 || len(refused) != 0 || len(diags) != 0 {
		t.Fatalf("the completed cache does not load: %v %v %v", folders, refused, diags)
	}
	if got := requests.Load(); got != 2 {
		t.Errorf("%d requests, want 2", got)
	}
}
