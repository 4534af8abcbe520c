package report_test

import (
	"bytes"
	"encoding/xml"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/engine/play/playtest/toy"
	"github.com/roundtable-dev/roundtable/engine/sim"
	"github.com/roundtable-dev/roundtable/engine/sim/report"
)

var update = flag.Bool("update", false, "rewrite the golden files")

func duel(t *testing.T, games int, p toy.Powers) *sim.Result {
	t.Helper()
	r, err := sim.Run(sim.Config{
		Game: "duel", Mode: "duel", Seed: 7, Games: games, MaxActions: 100,
		New: func(seed uint64) (play.Match, error) {
			return toy.DuelMode.New(p, play.Options{Seed: seed, Quiet: true})
		},
		Makers:   []play.PolicyMaker{play.NewRandom, toy.Greedy},
		Policies: []string{"random", "greedy"},
	})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs (go test -update to rewrite):\n%s", name, got)
	}
}

func render(t *testing.T, f func(io.Writer) error) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := f(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestReports: a 2,000-game Duel (random against greedy) as text and as
// Markdown with charts (goldens).
func TestReports(t *testing.T) {
	r := duel(t, 2000, nil)
	golden(t, "duel.txt", render(t, func(w io.Writer) error { return report.Text(w, r) }))
	golden(t, "duel.md", render(t, func(w io.Writer) error { return report.Markdown(w, r, "charts") }))
}

// TestReportWithoutParticipants says why there are no per-entity figures.
func TestReportWithoutParticipants(t *testing.T) {
	r, err := sim.Run(sim.Config{Game: "nim", Mode: "standard", Seed: 1, Games: 10,
		New:    func(seed uint64) (play.Match, error) { return toy.NimMode.New(nil, play.Options{Seed: seed}) },
		Makers: []play.PolicyMaker{play.NewRandom, play.NewRandom}, Policies: []string{"random", "random"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, out := range [][]byte{
		render(t, func(w io.Writer) error { return report.Text(w, r) }),
		render(t, func(w io.Writer) error { return report.Markdown(w, r, "") }),
	} {
		if !bytes.Contains(out, []byte("per-entity figures: not available: nim standard does not say which entities took part in a match (play.Participants)")) {
			t.Errorf("no word of the missing participants:\n%s", out)
		}
	}
	charts, err := report.Charts(r)
	if err != nil || len(charts) != 1 || charts[report.TurnsChart] == nil {
		t.Fatalf("charts %v, %v", len(charts), err)
	}
}

// TestCharts: the charts are well-formed SVG, name every entity (flagged
// ones with their flag), and are the same bytes when drawn again.
func TestCharts(t *testing.T) {
	r := duel(t, 2000, nil)
	a, err := report.Charts(r)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := report.Charts(r)
	for _, name := range []string{report.EntitiesChart, report.TurnsChart} {
		svg := a[name]
		if !bytes.Equal(svg, b[name]) {
			t.Errorf("%s: drawn twice, two different files", name)
		}
		d := xml.NewDecoder(bytes.NewReader(svg))
		for {
			if _, err := d.Token(); err == io.EOF {
				break
			} else if err != nil {
				t.Fatalf("%s is not well-formed: %v", name, err)
			}
		}
	}
	for _, e := range r.Entities {
		label := e.ID
		if e.Flag != "" {
			label += " (" + e.Flag + ")"
		}
		if !bytes.Contains(a[report.EntitiesChart], []byte(">"+label+"<")) {
			t.Errorf("the entity chart does not name %q", label)
		}
	}
}

// TestDiffReports: fir's power raised from 5 to 11, as text and Markdown
// (goldens); fir leads the significant changes.
func TestDiffReports(t *testing.T) {
	p := toy.BasePowers()
	p["fir"] = 11
	d, err := sim.Compare(duel(t, 2000, nil), duel(t, 2000, p), "main", "fir-11")
	if err != nil {
		t.Fatal(err)
	}
	txt := render(t, func(w io.Writer) error { return report.DiffText(w, d, false) })
	golden(t, "diff.txt", txt)
	golden(t, "diff.md", render(t, func(w io.Writer) error { return report.DiffMarkdown(w, d) }))
	if !strings.Contains(string(txt), "\nfir ") {
		t.Errorf("fir is not among the changes")
	}
}
