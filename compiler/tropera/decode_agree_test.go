package tropera

import (
	"testing"

	"github.com/roundtable-dev/roundtable/compiler"
)

// TestDecodeAgreesWithYAML: every base document of every kind decodes with
// Doc.Decode (from the encoding) to yaml.v3's value and error, and none is
// left to yaml.v3 (so the fast path is what was compared).
func TestDecodeAgreesWithYAML(t *testing.T) {
	errs, fallbacks := compiler.CompareDecodes(Game, map[string]func() any{
		"weapon":      func() any { return new(weaponDoc) },
		"feat":        func() any { return new(featDoc) },
		"item":        func() any { return new(itemDoc) },
		"terrain":     func() any { return new(terrainDoc) },
		"character":   func() any { return new(characterDoc) },
		"performance": func() any { return new(performanceDoc) },
		"map":         func() any { return new(mapDoc) },
		"battle":      func() any { return new(battleDoc) },
	})
	for _, err := range errs {
		t.Error(err)
	}
	if fallbacks != 0 {
		t.Errorf("%d base documents decoded by yaml.v3, not from the encoding", fallbacks)
	}
}
