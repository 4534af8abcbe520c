package fecipher

import (
	"testing"

	"github.com/roundtable-dev/roundtable/compiler"
)

// TestDecodeAgreesWithYAML: every base document of every kind decodes with
// Doc.Decode (from the encoding) to yaml.v3's value and error, and none is
// left to yaml.v3 (so the fast path is what was compared).
func TestDecodeAgreesWithYAML(t *testing.T) {
	errs, fallbacks := compiler.CompareDecodes(Game, map[string]func() any{
		"symbol": func() any { return new(symbolDoc) },
		"card":   func() any { return new(cardDoc) },
		"deck":   func() any { return new(deckDoc) },
	})
	for _, err := range errs {
		t.Error(err)
	}
	if fallbacks != 0 {
		t.Errorf("%d base documents decoded by yaml.v3, not from the encoding", fallbacks)
	}
}
