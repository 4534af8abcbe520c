package compiler_test

import (
	"testing"

	"github.com/roundtable-dev/roundtable/compiler"
	_ "github.com/roundtable-dev/roundtable/compiler/annas"
	_ "github.com/roundtable-dev/roundtable/compiler/battlecrest"
	_ "github.com/roundtable-dev/roundtable/compiler/fecipher"
	_ "github.com/roundtable-dev/roundtable/compiler/tablebattles"
	_ "github.com/roundtable-dev/roundtable/compiler/tropera"
	"github.com/roundtable-dev/roundtable/compiler/vcache"
)

// BenchmarkCompileBase compiles every game's base pack, loaded once: the
// stages without a cache.
func BenchmarkCompileBase(b *testing.B) {
	var packs []*compiler.Pack
	for _, g := range compiler.Games() {
		p, _ := compiler.BasePack(g)
		packs = append(packs, p)
	}
	b.ResetTimer()
	for b.Loop() {
		for _, p := range packs {
			compiler.Compile([]*compiler.Pack{p})
		}
	}
}

// BenchmarkCompileReplayed loads and compiles every game's base pack with a
// warm cache in memory: the hooks at work, the recorded stages replayed.
func BenchmarkCompileReplayed(b *testing.B) {
	l := compiler.Loader{Store: vcache.InMemory(b.TempDir())}
	run := func(warm bool) {
		for _, g := range compiler.Games() {
			p, _ := l.BasePack(g)
			if res, _ := compiler.Compile([]*compiler.Pack{p}); warm && res.Origin != compiler.Replayed {
				b.Fatalf("%s: %v, want replayed", g.ID, res.Origin)
			}
		}
	}
	run(false)
	b.ResetTimer()
	for b.Loop() {
		run(true)
	}
}
