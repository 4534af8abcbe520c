package cardlist

import (
	"regexp"
	"strings"
)

// A LackeyCCG card data file: tab-separated, no quoting, its first columns
// Name, Set and ImageFile, then the game's, a row per printing. The name
// is "Unit, Title" (a printing mark such as "+" or " (P2)" after it); the
// card code is the CardCode column's, else the image file's name
// (B01-001SRplus_SAMPLE.png: B01-001SR+).
func init() {
	register(&Shape{
		Name:   "lackey",
		Format: FormatTable,
		Detect: func(s *Seen) Fit {
			f := s.Fit(gameFields, nil)
			f.Need += 4
			for i, want := range []string{"Name", "Set", "ImageFile"} {
				if c, _ := canonical(want); len(s.Header) <= i || canonicalOf(s.Header[i]) != c {
					f.Lacks = append(f.Lacks, want+" as column "+string(rune('1'+i)))
				}
			}
			if s.Sep != '\t' {
				f.Lacks = append(f.Lacks, "tabs between cells")
			}
			return f
		},
		Decode: func(im *importer, in *input) []*record {
			return decodeRows(im, in.header, rawRows(im.data, '\t'), func(r *record) {
				if n := r.get(fName); n != nil && n.Kind == KindString && r.get(fUnit) == nil && r.get(fTitle) == nil {
					name := lackeyMark.ReplaceAllString(n.Str, "")
					if i := strings.Index(name, ","); i > 0 {
						r.put(fUnit, im.piece(n, 0, i), fName)
						r.put(fTitle, im.piece(n, i+1, len(name)), fName)
					}
				}
				if img := r.get(fImage); img != nil && img.Kind == KindString && r.get(fCode) == nil {
					base := img.Str
					if i := strings.IndexAny(base, "_."); i >= 0 {
						base = base[:i]
					}
					code := im.piece(img, 0, len(base))
					code.Str = strings.ReplaceAll(strings.ReplaceAll(code.Str, "plus", "+"), "%2B", "+")
					r.put(fCode, code, fImage)
				}
			})
		},
	})
}

// lackeyMark is what a LackeyCCG name adds after the card name for a
// printing: "+", "+X", " (P)", " (P2)", " (RP)", " (V2)".
var lackeyMark = regexp.MustCompile(`\s*(\+X?|\((P\d*|RP|V\d+)\))\s*$`)
