package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGoConstsCurrent: every table package has a goconsts.go that equals
// what constgen writes from its source now (make gen rewrites them).
func TestGoConstsCurrent(t *testing.T) {
	dirs, err := filepath.Glob("../../../engine/*/table")
	if err != nil || len(dirs) < 5 {
		t.Fatalf("table packages: %v %v", dirs, err)
	}
	for _, dir := range dirs {
		want, err := Generate(dir)
		if err != nil {
			t.Fatalf("%s: %v", dir, err)
		}
		got, err := os.ReadFile(filepath.Join(dir, FileName))
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s/%s is stale (%v); run make gen", dir, FileName, err)
		}
	}
}

// TestGenerateNamesAnnasTriggers pins a few names against the source
// (engine/annas/table: Activate is the seventh Trigger; NoTile is -1).
func TestGenerateNamesAnnasTriggers(t *testing.T) {
	src, err := Generate("../../../engine/annas/table")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`{0: "Always", 1: "InCombat", 2: "StartOfTurn",`,
		` 6: "Activate",`,
		`{-1: "NoTile"},`,
		`"github.com/roundtable-dev/roundtable/engine/annas/table.Trigger": `,
	} {
		if !strings.Contains(string(src), want) {
			t.Errorf("goconsts.go lacks %q:\n%s", want, src)
		}
	}
	if strings.Contains(string(src), "BoardSize") {
		t.Error("an untyped constant (BoardSize) was named")
	}
}
