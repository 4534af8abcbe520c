package cardlist

import (
	"fmt"
	"slices"
	"strings"
)

// A Shape is one way card lists are written: the fields it needs (Detect
// scores the fields a file has against them) and how it decodes into
// records, which one reader turns into cards. Each shape is a file of its
// own (shape_*.go) that registers it.
type Shape struct {
	Name   string
	Format Format
	// Strict: every card writes every field, so an absent optional field
	// is a warning (and an absent Type an error), not "none".
	Strict bool
	Detect func(s *Seen) Fit
	Decode func(im *importer, in *input) []*record
}

// Format is what a file is, before its fields: JSON objects or a table.
type Format uint8

// Formats of card lists.
const (
	FormatJSON  Format = iota // a JSON array of card objects
	FormatTable               // a header row and rows: CSV, tab-separated, or a JSON array of arrays
)

// Fit is how well a file's fields fit a shape.
type Fit struct {
	Need  int      // the things the shape needs
	Lacks []string // those the file does not have, in the shape's order
}

// Score is the share of what the shape needs that the file has.
func (f Fit) Score() float64 {
	if f.Need == 0 {
		return 0
	}
	return float64(f.Need-len(f.Lacks)) / float64(f.Need)
}

// Seen is what recognition looks at: the fields of the first cards.
type Seen struct {
	Format Format
	Cards  int            // objects sampled (a table: 1, its header)
	Card   map[string]int // canonical field -> cards that have it
	Prints int            // printings sampled (AlternateArts elements)
	Print  map[string]int // canonical field -> printings that have it
	Names  []string       // the fields as written, sorted
	Header []string       // a table's header cells, in order, as written
	Sep    rune           // a table's separator (0: a JSON array of rows)
}

// Has reports a field at least half the sampled cards have.
func (s *Seen) Has(f string) bool { return s.Card[f] > 0 && 2*s.Card[f] >= s.Cards }

// HasPrint reports a field at least half the sampled printings have.
func (s *Seen) HasPrint(f string) bool { return s.Print[f] > 0 && 2*s.Print[f] >= s.Prints }

// Fit scores what a shape needs: fields of the card, and fields of the
// printings under AlternateArts. "A|B" is met by either.
func (s *Seen) Fit(card, nested []string) Fit {
	f := Fit{Need: len(card) + len(nested)}
	for _, n := range card {
		if !slices.ContainsFunc(strings.Split(n, "|"), s.Has) {
			f.Lacks = append(f.Lacks, strings.ReplaceAll(n, "|", " or "))
		}
	}
	for _, n := range nested {
		if !slices.ContainsFunc(strings.Split(n, "|"), s.HasPrint) {
			f.Lacks = append(f.Lacks, fArts+"."+strings.ReplaceAll(n, "|", " or "))
		}
	}
	return f
}

// The fields every shape needs of a card (a LackeyCCG name gives the first
// two).
var gameFields = []string{fClass, fCost, fColor, fEmblems, fMinRange + "|" + fRange, fAttack, fSupport}

var shapes []*Shape

// register adds a shape; recognition tries them all.
func register(s *Shape) *Shape {
	shapes = append(shapes, s)
	return s
}

// Shapes lists the shapes the importer reads, in the order registered.
func Shapes() []*Shape { return slices.Clone(shapes) }

// input is a card list read far enough to look at its fields.
type input struct {
	root   *Value     // JSON: the array
	header []*Value   // a table's header cells
	rows   [][]*Value // a JSON array of rows: the rows after the header
	seen   *Seen
}

// sampleSize is how many cards recognition looks at.
const sampleSize = 50

// seeObjects samples the fields of a JSON array's first objects.
func seeObjects(root *Value) *Seen {
	s := &Seen{Format: FormatJSON, Card: map[string]int{}, Print: map[string]int{}}
	names := map[string]bool{}
	for _, v := range root.Elems {
		if v.Kind != KindObject {
			continue
		}
		if s.Cards++; s.Cards > sampleSize {
			s.Cards--
			break
		}
		r := objectRecord(v)
		for f := range r.fields {
			s.Card[f]++
		}
		for _, k := range v.Keys {
			names[k] = true
		}
		if a := r.get(fArts); a != nil && a.Kind == KindArray {
			for _, e := range a.Elems {
				if e.Kind == KindObject {
					s.Prints++
					for f := range objectRecord(e).fields {
						s.Print[f]++
					}
				}
			}
		}
	}
	for k := range names {
		s.Names = append(s.Names, k)
	}
	return s
}

// seeHeader is what a table's header shows.
func seeHeader(cells []*Value, sep rune) *Seen {
	s := &Seen{Format: FormatTable, Cards: 1, Card: map[string]int{}, Print: map[string]int{}, Sep: sep}
	r := newRecord(0)
	for _, c := range cells {
		name := strings.TrimSpace(c.Str)
		if name == "" {
			continue
		}
		s.Header = append(s.Header, name)
		if !slices.Contains(s.Names, name) {
			s.Names = append(s.Names, name)
		}
		r.add(name, c)
	}
	for f := range r.fields {
		s.Card[f] = 1
	}
	if len(s.Header) == 0 {
		s.Cards = 0 // an empty file: no cards, no shape
	}
	return s
}

// recognise picks the shape of the list: the best score among the shapes
// of its format, a shape only when it has all it needs (ties: the shape
// that needs more, the more specific). None: one diagnostic naming the
// fields found and the nearest shape with what it lacks.
func (im *importer) recognise(in *input) *Shape {
	var best *Shape
	var bestFit Fit
	for _, sh := range shapes {
		if sh.Format != in.seen.Format {
			continue
		}
		f := sh.Detect(in.seen)
		if best == nil || f.Score() > bestFit.Score() || f.Score() == bestFit.Score() && f.Need > bestFit.Need {
			best, bestFit = sh, f
		}
	}
	if best != nil && len(bestFit.Lacks) == 0 {
		return best
	}
	names := slices.Clone(in.seen.Names)
	slices.SortFunc(names, func(a, b string) int { return strings.Compare(strings.ToLower(a), strings.ToLower(b)) })
	found := "none"
	if len(names) > 0 {
		found = strings.Join(names[:min(len(names), 8)], ", ")
		if len(names) > 8 {
			found += fmt.Sprintf(", … (%d more)", len(names)-8)
		}
	}
	msg := fmt.Sprintf("%s is not a Fire Emblem Cipher card list in a shape the importer reads: fields found: %s", im.display, found)
	if best != nil {
		msg += fmt.Sprintf("; nearest shape: %s (lacks %s)", best.Name, strings.Join(short3(bestFit.Lacks), ", "))
	}
	off := int64(0)
	if in.root != nil {
		off = in.root.Off
	} else if len(in.header) > 0 {
		off = in.header[0].Off
	}
	var json, table []string
	for _, sh := range shapes {
		if sh.Format == FormatJSON {
			json = append(json, sh.Name)
		} else {
			table = append(table, sh.Name)
		}
	}
	im.diags.Add(CodeShape, im.pos(off), "%s; nothing imported", msg).Hint = fmt.Sprintf(`the shapes read: %s (JSON), %s (tables); what each needs: docs/fecipher.md, "Card lists"`, strings.Join(json, ", "), strings.Join(table, ", "))
	return nil
}

// short3 keeps a list of what is lacking readable.
func short3(s []string) []string {
	if len(s) > 6 {
		return append(slices.Clone(s[:6]), fmt.Sprintf("… %d more", len(s)-6))
	}
	return s
}

// objectRecord files a JSON object's fields under their canonical names.
func objectRecord(v *Value) *record {
	r := newRecord(v.Off)
	for i, k := range v.Keys {
		r.add(k, v.Fields[i])
	}
	return r
}

// decodeObjects reads a JSON array of card objects. A card's printings are
// the card itself when it has a card code, then each element of its
// AlternateArts (one with the card's own code is the same printing).
func decodeObjects(im *importer, in *input) []*record {
	var out []*record
	for _, v := range in.root.Elems {
		if v.Kind != KindObject {
			out = append(out, &record{bad: v, off: v.Off})
			continue
		}
		r := objectRecord(v)
		own := ""
		if c := r.get(fCode); c != nil {
			r.prints = append(r.prints, r)
			own = strings.TrimSpace(c.Str)
		}
		if a := r.get(fArts); a != nil && a.Kind == KindArray {
			for _, e := range a.Elems {
				if e.Kind != KindObject {
					r.prints = append(r.prints, &record{bad: e, off: e.Off})
					continue
				}
				p := objectRecord(e)
				if c := p.get(fCode); own != "" && c != nil && strings.TrimSpace(c.Str) == own {
					continue
				}
				r.prints = append(r.prints, p)
			}
		}
		out = append(out, r)
	}
	return out
}

// decodeRows groups a table's rows into cards: rows that agree on every
// card field, the ID column included where there is one, are the
// printings of one card, in the order first seen. derive, if not nil,
// fills fields a shape reads from others.
func decodeRows(im *importer, header []*Value, rows [][]*Value, derive func(*record)) []*record {
	var out []*record
	byKey := map[string]*record{}
	for _, row := range rows {
		if !slices.ContainsFunc(row, func(c *Value) bool { return c.Kind != KindString || strings.TrimSpace(c.Str) != "" }) {
			continue // a blank row
		}
		r := newRecord(row[0].Off)
		for i, c := range row {
			if i >= len(header) {
				if c.Kind != KindString || strings.TrimSpace(c.Str) != "" {
					im.diags.Add(CodeTable, im.pos(c.Off), "a row has %d cells, the header %d; the cells past the header are not read", len(row), len(header))
					break
				}
				continue
			}
			if name := strings.TrimSpace(header[i].Str); name != "" {
				r.add(name, c)
			}
		}
		if len(row) < len(header) {
			var lacks []string
			for _, h := range header[len(row):] {
				if name := strings.TrimSpace(h.Str); slices.Contains(needed, canonicalOf(name)) {
					lacks = append(lacks, name)
				}
			}
			if len(lacks) > 0 {
				// One error for the row, not one per cell it lacks.
				at := row[len(row)-1].Off
				if last := row[len(row)-1]; last.Kind == KindString && last.form != formJSON {
					at = im.within(last, len(last.Str))
				}
				im.diags.Add(CodeTable, im.pos(at), "a row has %d cells, the header %d: it ends before %s; the card is not imported", len(row), len(header), strings.Join(lacks, ", "))
				out = append(out, &record{off: r.off, reported: true})
				continue
			}
		}
		if derive != nil {
			derive(r)
		}
		var key strings.Builder
		for _, f := range cardFields {
			if v := r.get(f); v != nil {
				key.WriteString(scalar(v))
			}
			key.WriteByte(0)
		}
		if c := byKey[key.String()]; c != nil {
			c.prints = append(c.prints, r)
			continue
		}
		r.prints = []*record{r}
		byKey[key.String()] = r
		out = append(out, r)
	}
	return out
}

// needed are the fields a card cannot do without.
var needed = []string{fUnit, fTitle, fClass, fCost, fColor, fEmblems, fMinRange, fMaxRange, fRange, fAttack, fSupport, fCode, fName, fImage}

// scalar is a cell's text as a grouping key.
func scalar(v *Value) string {
	switch v.Kind {
	case KindString:
		return strings.TrimSpace(v.Str)
	case KindNumber:
		return v.Num.String()
	}
	return v.Kind.String()
}
