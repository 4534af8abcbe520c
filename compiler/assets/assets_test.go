package assets

import (
	"testing"
	"testing/fstest"
)

// TestLimit: the files render reads, and their limits; nothing else.
func TestLimit(t *testing.T) {
	for p, want := range map[string]int64{
		"layouts/unit.svg.tmpl": MaxLayout, "layouts/palette.txt": MaxPalette,
		"art/chrom.png": MaxArt, "art/chrom.JPG": MaxArt, "art/chrom.jpeg": MaxArt,
		"art/notes.txt": 0, "layouts/unit.svg": 0, "layouts/sub/unit.svg.tmpl": 0, "units.yaml": 0, "palette.txt": 0, "art/x/chrom.png": 0,
	} {
		if got := Limit(p); got != want {
			t.Errorf("Limit(%q) = %d, want %d", p, got, want)
		}
	}
}

// TestCheckReportsOversizedFiles: Check finds an asset over its limit from
// its size alone (the MapFS files are not read), and only assets.
func TestCheckReportsOversizedFiles(t *testing.T) {
	fsys := fstest.MapFS{
		"layouts/unit.svg.tmpl": {Data: make([]byte, MaxLayout+1)},
		"layouts/ok.svg.tmpl":   {Data: []byte("<svg/>")},
		"art/big.png":           {Data: make([]byte, MaxArt+1)},
		"art/big.txt":           {Data: make([]byte, MaxArt+1)},
	}
	got := Check(fsys, "valm")
	if len(got) != 2 {
		t.Fatalf("%d diagnostics: %v", len(got), got)
	}
	if d := got[0]; d.Pos.File != "valm/layouts/unit.svg.tmpl" || d.Message != "layout is larger than 1048576 bytes (1 MiB); not read" {
		t.Errorf("%s: %s", d.Pos, d.Message)
	}
	if d := got[1]; d.Pos.File != "valm/art/big.png" || d.Message != "art file is larger than 4194304 bytes (4 MiB); not read" {
		t.Errorf("%s: %s", d.Pos, d.Message)
	}
}
