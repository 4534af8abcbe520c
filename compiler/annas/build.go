package annas

import (
	"fmt"
	"strings"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/engine/annas/table"
	"github.com/roundtable-dev/roundtable/internal/phrase"
)

// at is a decoded value that remembers its YAML node, for positions
// (compiler.At).
type at[T any] = compiler.At[T]

// builder carries the state of one build.
type builder struct {
	p     *compiler.Program
	diags diag.List
	rs    *table.Ruleset
	// id -> index among Valid(kind), built once per kind.
	index map[string]map[string]int
	// tag index -> used by some card or rule.
	tagUsed []bool
	// summon ids of each boss, by boss index.
	bossSummons [][]string
	// reaches are the bosses' boss-reaches conditions, checked against
	// the rules' boss-start once it is known.
	reaches []reachCond
	// used collects the tags referenced while capture is on (units).
	used    []int
	capture bool
}

// build is the game's build: its steps in the order they run, each after
// the steps it needs (compiler.Steps).
var build = compiler.Steps[*builder]{
	New: newBuilder,
	Table: []compiler.Step[*builder]{
		{Name: "tags", Run: (*builder).tags},
		{Name: "terrain", Run: (*builder).terrain},
		{Name: "units", Run: (*builder).units},
		{Name: "curve", Needs: []string{"units"}, Run: (*builder).curve},
		{Name: "maps", Needs: []string{"terrain"}, Run: (*builder).maps},
		{Name: "bosses", Run: (*builder).bosses},
		{Name: "bossCards", Needs: []string{"bosses"}, Run: (*builder).bossCards},
		{Name: "shop", Run: (*builder).shop},
		{Name: "vpDeck", Run: (*builder).vpDeck},
		{Name: "rules", Needs: []string{"terrain", "bosses"}, Run: (*builder).rules},
		{Name: "unusedTags", Needs: []string{"tags", "terrain", "units", "bosses", "bossCards", "shop", "rules"}, Run: (*builder).unusedTags},
	},
}

// Result returns the ruleset and what the steps reported.
func (b *builder) Result() (any, diag.List) { return b.rs, b.diags }

func newBuilder(p *compiler.Program) *builder {
	b := &builder{p: p, rs: &table.Ruleset{}, index: map[string]map[string]int{}}
	b.rs.Rules = table.Rules{HasteTag: -1, DVPlain: -1, DVRuins: -1, SecondPlayer: -1, BossStart: table.NoTile}
	b.tagUsed = make([]bool, len(p.Valid("tag")))
	return b
}

// reachCond is a boss-reaches condition and where it is written.
type reachCond struct {
	boss string
	n    int8
	pos  diag.Pos
}

// pos is the position of node n of document d, the document's when nil
// (compiler.Doc.NodePos).
var pos = (*compiler.Doc).NodePos

// ref resolves a reference to an entity of kind; the core scopes it by
// pack (nearest pack first, then along requires) and accepts pack-id/id.
// Unknown ids get a did-you-mean diagnostic. It returns -1 when absent.
func (b *builder) ref(kind string, d *compiler.Doc, r at[string], what string) int {
	i := b.p.Resolve(kind, r.V, pos(d, r.N), what, &b.diags)
	if i >= 0 && kind == "tag" && i < len(b.tagUsed) {
		b.tagUsed[i] = true
		if b.capture {
			b.used = append(b.used, i)
		}
	}
	return i
}

// lookup returns the index of id among Valid(kind), or -1, silently.
func (b *builder) lookup(kind, id string) int {
	idx := b.index[kind]
	if idx == nil {
		idx = map[string]int{}
		for i, v := range b.p.Valid(kind) {
			idx[v.ID] = i
		}
		b.index[kind] = idx
	}
	if i, ok := idx[id]; ok {
		return i
	}
	return -1
}

// tagSet resolves a list of tag references.
func (b *builder) tagSet(d *compiler.Doc, ids []at[string]) table.TagSet {
	var s table.TagSet
	for _, id := range ids {
		if t := b.ref("tag", d, id, "tag"); t >= 0 && t < 64 {
			s |= 1 << uint(t)
		}
	}
	return s
}

// rangeSet checks and converts a range list: ascending, each 1..3. Each
// problem is one diagnostic however long the list (the schema bounds it to
// three, but Build also runs on documents CUE was not asked about), and the
// list is quoted only up to diag.MaxQuoted characters.
func (b *builder) rangeSet(d *compiler.Doc, what string, r []at[int]) table.RangeSet {
	var s table.RangeSet
	outside, unordered := -1, -1
	nOutside, nUnordered := 0, 0
	for i, v := range r {
		if v.V < 1 || v.V > 3 {
			if outside < 0 {
				outside = i
			}
			nOutside++
			continue
		}
		if i > 0 && v.V <= r[i-1].V {
			if unordered < 0 {
				unordered = i
			}
			nUnordered++
			continue
		}
		s |= 1 << uint(v.V)
	}
	if outside >= 0 {
		v := r[outside]
		b.diags.Add(CodeRange, pos(d, v.N), "%s: range distance %d is outside 1..3%s", what, v.V, andMore(nOutside-1, "other")).Hint = "ranges are 1, 2 or 3 spaces: [1], [2], [1, 2]"
	}
	if unordered >= 0 {
		v := r[unordered]
		b.diags.Add(CodeRange, pos(d, v.N), "%s: range %s is not strictly ascending", what, listString(r)).Hint = "write distances once each, smallest first: [1, 2]"
	}
	return s
}

// andMore is " (and 3 others)" for n > 0, else "".
func andMore(n int, word string) string {
	if n <= 0 {
		return ""
	}
	return " (and " + diag.Plural(n, word) + ")"
}

// listString prints a range list, cut after diag.MaxQuoted characters.
func listString(r []at[int]) string {
	var sb strings.Builder
	sb.WriteByte('[')
	for i, v := range r {
		if i > 0 {
			sb.WriteString(", ")
		}
		if sb.Len() > diag.MaxQuoted {
			fmt.Fprintf(&sb, "… %d more]", len(r)-i)
			return sb.String()
		}
		fmt.Fprint(&sb, v.V)
	}
	sb.WriteByte(']')
	return sb.String()
}

// suggestHint formats a did-you-mean hint, or "" when nothing is close.
func suggestHint(s string, candidates []string) string {
	if m := phrase.Suggest(s, candidates); m != "" {
		return fmt.Sprintf("did you mean %q?", m)
	}
	return ""
}

var colors = map[string]table.Color{"red": table.Red, "green": table.Green, "blue": table.Blue, "gray": table.Gray}

var categories = map[string]table.TagCategory{
	"assist": table.Assist, "movement": table.Movement, "passive": table.Passive, "effectiveness": table.Effectiveness,
}

var skillKinds = map[string]table.SkillKind{"passive": table.SkillPassive, "assist": table.SkillAssist, "special": table.SkillSpecial}

// singleton returns the one valid document of a kind without ids, reporting
// extra ones; nil when there is none.
func (b *builder) singleton(kind string) *compiler.Doc {
	docs := b.p.Valid(kind)
	if len(docs) == 0 {
		return nil
	}
	for _, extra := range docs[1:] {
		dd := b.diags.Add(CodeSingleton, extra.FieldPos("kind"), "a second %s document; the game has exactly one", kind)
		dd.Related = []diag.Related{{Pos: docs[0].FieldPos("kind"), Message: "the first is here"}}
		dd.Hint = "merge them into one document"
		if extra.Pack != docs[0].Pack && docs[0].Pack != nil {
			dd.Hint = fmt.Sprintf("to replace %s's, add `overrides: %s/%s` to this one", docs[0].Pack.ID, docs[0].Pack.ID, kind)
		}
	}
	return docs[0]
}
