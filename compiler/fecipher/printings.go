package fecipher

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/internal/phrase"
)

// A deck names a card by its id (b01-001) or one of its printings by the
// code printed on it, its number and rarity (B01-001SR+), bare or as
// pack-id/CODE. Card ids are lower case, so the two never meet.
var printingRe = regexp.MustCompile(`^[A-Z][0-9]{2}-[0-9]{3}[a-z]?\S+$`)

// printingAt is one printing of a valid card document.
type printingAt struct {
	valid, printing int // index among Valid("card"); index in its printings
}

// printingIndex maps every printing code to the cards that have it.
func (b *builder) printingIndex() map[string][]printingAt {
	if b.codes != nil {
		return b.codes
	}
	b.codes = map[string][]printingAt{}
	for vi := range b.p.Valid("card") {
		ci := b.builtCard(vi)
		if ci < 0 {
			continue
		}
		for pi, pr := range b.rs.Cards[ci].Printings {
			b.codes[pr.Code()] = append(b.codes[pr.Code()], printingAt{vi, pi})
		}
	}
	return b.codes
}

// printing resolves a deck's reference that is a printing code, seen from
// the deck's pack (d) as any bare reference is: its own pack first, then
// what it requires, nearest first. It returns the built card and the
// printing's index, or -1; isCode is false for a reference that is not a
// printing code (a card id).
func (b *builder) printing(deck string, d *compiler.Doc, ref string, at diag.Pos) (card, printing int, isCode bool) {
	pk, code, qualified := strings.Cut(ref, "/")
	if !qualified {
		code = ref
	}
	if !printingRe.MatchString(code) {
		return -1, -1, false
	}
	var levels [][]*compiler.Pack
	if qualified {
		i := slices.IndexFunc(b.p.Packs, func(p *compiler.Pack) bool { return p.ID == pk })
		if i < 0 {
			b.diags.Add(diag.CodeUnknownRef, at, "unknown card printing %q: no pack %q is loaded", ref, pk)
			return -1, -1, true
		}
		levels = [][]*compiler.Pack{{b.p.Packs[i]}}
	} else {
		levels = visible(d.Pack)
	}
	valid := b.p.Valid("card")
	for _, lvl := range levels {
		var found []printingAt
		for _, c := range b.printingIndex()[code] {
			if slices.Contains(lvl, valid[c.valid].Pack) {
				found = append(found, c)
			}
		}
		switch {
		case len(found) == 1:
			return b.builtCard(found[0].valid), found[0].printing, true
		case len(found) > 1:
			var ids []string
			for _, f := range found {
				ids = append(ids, valid[f.valid].ID)
			}
			who := strings.Join(ids[:len(ids)-1], ", ") + " and " + ids[len(ids)-1] + " all have"
			if len(ids) == 2 {
				who = ids[0] + " and " + ids[1] + " both have"
			}
			dd := b.diags.Add(compiler.CodeAmbiguousRef, at, "deck %q lists printing %q, which cards %s", deck, ref, who)
			for _, f := range found {
				dd.Related = append(dd.Related, diag.Related{Pos: valid[f.valid].IDPos(), Message: valid[f.valid].ID})
			}
			dd.Hint = "name the card by its id"
			return -1, -1, true
		}
	}
	dd := b.diags.Add(CodeDeckCard, at, "deck %q lists printing %q, which no card has", deck, ref)
	var codes []string
	for c := range b.printingIndex() {
		codes = append(codes, c)
	}
	slices.Sort(codes)
	if s := phrase.Suggest(code, codes); s != "" {
		dd.Hint = fmt.Sprintf("did you mean %s?", strings.TrimSuffix(ref, code)+s)
	}
	return -1, -1, true
}

// visible lists the packs a pack sees, nearest first: itself, then what
// it requires, then what those require.
func visible(pk *compiler.Pack) [][]*compiler.Pack {
	if pk == nil {
		return nil
	}
	seen := map[*compiler.Pack]bool{pk: true}
	out := [][]*compiler.Pack{{pk}}
	for cur := out[0]; ; {
		var next []*compiler.Pack
		for _, q := range cur {
			for _, dep := range q.Deps {
				if !seen[dep] {
					seen[dep] = true
					next = append(next, dep)
				}
			}
		}
		if len(next) == 0 {
			return out
		}
		out = append(out, next)
		cur = next
	}
}
