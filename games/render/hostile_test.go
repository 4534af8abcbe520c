package render_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/games"
	"github.com/roundtable-dev/roundtable/games/render"
)

// TestHostileLayouts runs the corpus testdata/hostile/*.txtar: each file is
// a pack's layout or asset that once hung render, ran forever or killed it
// with an out-of-memory fatal error. Its files are laid over the pack in
// testdata/hostile/pack (two units); the comment's lines `fifo PATH` and
// `sparse PATH MB` make a named pipe and a sparse file there. The pack is
// checked and drawn as `roundtable render pack` does (check's errors
// first, then the drawing), and what it reports must be exactly the
// file's want: one diagnostic, at its line, for every attack, and nothing
// for the control (benign.txtar).
func TestHostileLayouts(t *testing.T) {
	files, err := filepath.Glob("testdata/hostile/*.txtar")
	if err != nil || len(files) < 15 {
		t.Fatalf("the corpus: %d files, %v", len(files), err)
	}
	// The time limit is a backstop; on a loaded machine (or under -race)
	// it could stop first what the steps stop, and the corpus names the
	// limit. TestTimeLimitStopsADrawing tests it.
	defer func(l render.Limits) { render.DefaultLimits = l }(render.DefaultLimits)
	render.DefaultLimits.Time = time.Hour
	src, err := filepath.Abs("testdata/hostile/pack")
	if err != nil {
		t.Fatal(err)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			t.Chdir(t.TempDir())
			if err := os.CopyFS("pack", os.DirFS(src)); err != nil {
				t.Fatal(err)
			}
			var want string
			for _, f := range ar.Files {
				if f.Name == "want" {
					want = string(f.Data)
					continue
				}
				write(t, filepath.Join("pack", f.Name), f.Data)
			}
			for _, line := range strings.Split(string(ar.Comment), "\n") {
				if f := strings.Fields(line); len(f) > 0 && !strings.HasPrefix(line, "#") {
					special(t, f)
				}
			}
			if got := drawPack(t, "pack"); got != want {
				t.Errorf("got:\n%swant:\n%s", got, want)
			}
		})
	}
}

func write(t *testing.T, name string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// special makes a file a txtar cannot hold.
func special(t *testing.T, f []string) {
	t.Helper()
	name := filepath.Join("pack", f[1])
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	_ = os.Remove(name)
	switch {
	case f[0] == "fifo" && len(f) == 2:
		if err := syscall.Mkfifo(name, 0o644); err != nil {
			t.Fatal(err)
		}
	case f[0] == "sparse" && len(f) == 3:
		mb, err := strconv.Atoi(f[2])
		if err != nil {
			t.Fatal(err)
		}
		fh, err := os.Create(name)
		if err == nil {
			err = fh.Truncate(int64(mb) << 20)
			fh.Close()
		}
		if err != nil {
			t.Fatal(err)
		}
	default:
		t.Fatalf("unknown line %q", strings.Join(f, " "))
	}
}

// drawPack checks and draws the pack folder dir as `render dir` does and
// returns what it reports, a line for each problem: check's errors, or the
// drawing's error, or its layout-budget diagnostics.
func drawPack(t *testing.T, dir string) string {
	t.Helper()
	sets, diags, err := games.LoadSets([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	var results []*compiler.Result
	for _, set := range sets {
		res, ds := compiler.Compile(set)
		diags = append(diags, ds...)
		results = append(results, res)
	}
	if diags.Errors() > 0 {
		return headlines(diags)
	}
	books, budget, err := render.DrawResults(results, func(p *compiler.Pack) bool { return p != nil && !p.Embedded })
	if err != nil {
		return "roundtable: " + err.Error() + "\n"
	}
	n := 0
	for _, b := range books {
		n += len(b.Drawn)
	}
	if len(budget) == 0 && n != 2 {
		t.Errorf("%d pictures drawn, want the pack's two units", n)
	}
	return headlines(budget)
}

func headlines(l diag.List) string {
	var b strings.Builder
	for _, d := range l.Sort() {
		fmt.Fprintf(&b, "%s: %s[%s]: %s\n", d.Pos, d.Severity, d.Code, d.Message)
	}
	return b.String()
}
