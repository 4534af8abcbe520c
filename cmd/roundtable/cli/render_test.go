package cli

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// cipherPack imports the real Cipher card list (../shared/data) into a
// pack folder, or skips when the data is not beside the repository.
func cipherPack(tb testing.TB) string {
	tb.Helper()
	shared := filepath.Join("..", "..", "..", "..", "shared")
	if s := os.Getenv("ROUNDTABLE_SHARED"); s != "" {
		shared = s
	}
	list := filepath.Join(shared, "data", "fe-cipher", "cardlist.json")
	if _, err := os.Stat(list); err != nil {
		tb.Skipf("real data absent (%v): the fe-cipher card list lives in ../shared/data beside the repository; set ROUNDTABLE_SHARED to the shared folder", err)
	}
	dir := filepath.Join(tb.TempDir(), "cipher")
	var out, errb bytes.Buffer
	if code := run([]string{"import", "fe-cipher", list, "--out", dir}, nil, &out, &errb); code != 0 {
		tb.Fatalf("import: exit %d\n%s", code, errb.String())
	}
	return dir
}

// TestRenderImportedCipher draws the 2,427 imported Cipher cards: one SVG
// each, and 270 A4 pages of nine cards (pdfinfo reads them).
func TestRenderImportedCipher(t *testing.T) {
	dir := cipherPack(t)
	site := filepath.Join(t.TempDir(), "site")
	pdf := filepath.Join(t.TempDir(), "cipher.pdf")
	var out, errb bytes.Buffer
	if code := run([]string{"render", dir, "--out", site, "--pdf", pdf}, nil, &out, &errb); code != 0 {
		t.Fatalf("render: exit %d\n%s", code, errb.String())
	}
	want := "wrote 2427 pictures to " + site + " (gallery: " + filepath.Join(site, "index.html") + ")\n" +
		"wrote " + pdf + ": 270 pages (270 of cards, 3x3 63x88 mm per a4 page; 0 of boards)\n"
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
	if errb.Len() > 0 {
		t.Errorf("stderr: %s", errb.String())
	}
	files, _ := filepath.Glob(filepath.Join(site, "fe-cipher", "card-*.svg"))
	if len(files) != 2427 {
		t.Errorf("%d card SVGs, want 2427", len(files))
	}
	if _, err := exec.LookPath("pdfinfo"); err != nil {
		why := "pdfinfo is not installed (Debian: apt-get install poppler-utils; .ci/run installs it)"
		if os.Getenv("CI") != "" {
			t.Fatal(why + "; CI is set, so the page count and size must be read")
		}
		t.Skip(why)
	}
	info, err := exec.Command("pdfinfo", pdf).Output()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(info), "Pages:           270\n") || !strings.Contains(string(info), "Page size:       595.28 x 841.89 pts (A4)\n") {
		t.Errorf("pdfinfo:\n%s", info)
	}
}

// BenchmarkRenderCipher draws the imported Cipher cards (SVGs and the
// gallery, then the PDF sheets) and reports each as a ratio to checking
// the same pack in the same run (render-svg/check, render-pdf/check).
func BenchmarkRenderCipher(b *testing.B) {
	dir := cipherPack(b)
	tmp := b.TempDir()
	timed := func(args ...string) time.Duration {
		start := time.Now()
		if code := run(args, nil, io.Discard, io.Discard); code != 0 {
			b.Fatalf("%v: exit %d", args, code)
		}
		return time.Since(start)
	}
	var check, svg, pdf time.Duration
	for b.Loop() {
		check += timed("check", dir)
		svg += timed("render", dir, "--out", filepath.Join(tmp, "site"))
		pdf += timed("render", dir, "--pdf", filepath.Join(tmp, "cipher.pdf"))
	}
	b.ReportMetric(float64(svg)/float64(check), "render-svg/check")
	b.ReportMetric(float64(pdf)/float64(check), "render-pdf/check")
	b.ReportMetric(svg.Seconds()/float64(b.N), "render-svg-s/op")
	b.ReportMetric(pdf.Seconds()/float64(b.N), "render-pdf-s/op")
}
