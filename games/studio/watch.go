package studio

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/fsnotify/fsnotify"
)

// debounce is how long the watcher waits after a change for more: an
// editor's save is often several writes (a temporary file, a rename).
const debounce = 120 * time.Millisecond

// watch calls reload after changes under dirs (every folder below them,
// hidden ones and node_modules left out) and of the files files returns
// (the roundtable.yaml files above the packs, asked again after every
// reload), until ctx ends; ready is called once every folder is watched.
// It watches with fsnotify, the maintained Go file-notification library
// (inotify on Linux), so a save is seen at once rather than at the next
// poll.
func watch(ctx context.Context, dirs []string, files func() []string, reload, ready func()) error {
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return err
	}
	defer w.Close()
	tree := map[string]bool{} // folders watched for every change
	add := func(root string) {
		_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil || !d.IsDir() {
				return nil
			}
			if p != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "node_modules") {
				return filepath.SkipDir
			}
			if abs, err := filepath.Abs(p); err == nil {
				tree[abs] = true
			}
			_ = w.Add(p)
			return nil
		})
	}
	// A file outside the trees is watched through its folder (an editor
	// saves by renaming a new file over it), and only it counts there.
	only := map[string]bool{}
	addFiles := func() {
		for _, f := range files() {
			if dir := filepath.Dir(f); !tree[dir] && !only[f] {
				only[f] = true
				_ = w.Add(dir)
			}
		}
	}
	for _, d := range dirs {
		add(d)
	}
	addFiles()
	ready()
	var timer *time.Timer
	fire := make(chan struct{}, 1)
	for {
		select {
		case <-ctx.Done():
			return nil
		case ev, ok := <-w.Events:
			if !ok {
				return nil
			}
			if ev.Has(fsnotify.Create) {
				if fi, err := os.Stat(ev.Name); err == nil && fi.IsDir() {
					add(ev.Name)
				}
			}
			if ev.Has(fsnotify.Chmod) && !ev.Has(fsnotify.Write) {
				continue
			}
			if abs, err := filepath.Abs(ev.Name); err == nil && !tree[filepath.Dir(abs)] && !only[abs] {
				continue // another file beside a roundtable.yaml
			}
			if timer != nil {
				timer.Stop()
			}
			timer = time.AfterFunc(debounce, func() {
				select {
				case fire <- struct{}{}:
				default:
				}
			})
		case <-fire:
			reload()
			addFiles()
		case <-w.Errors:
			// An overflow loses events: check again to be safe.
			reload()
			addFiles()
		}
	}
}
