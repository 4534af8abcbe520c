package battlecrest

import (
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/compiler/link"
	"github.com/roundtable-dev/roundtable/engine/battlecrest/table"
)

// The vocabulary of a conditional special ability's when: clauses
// (docs/battlecrest.md, "Conditional special abilities"): one timing and
// any number of conditions about the warrior that performs it. A clause
// may start with "if" or "while"; case and spacing do not matter.
var timingWords = map[string]table.Timing{
	"start of turn":             table.StartOfTurn,
	"at the start of your turn": table.StartOfTurn,
	"at the start of the turn":  table.StartOfTurn,
	"end of turn":               table.EndOfTurn,
	"at the end of your turn":   table.EndOfTurn,
	"at the end of the turn":    table.EndOfTurn,
	"when damaged":              table.WhenDamaged,
	"when it takes damage":      table.WhenDamaged,
}

var clauseWords = map[string]table.ClauseKind{
	"wounded":                     table.Wounded,
	"healthy":                     table.Healthy,
	"adjacent to an enemy":        table.AdjacentEnemy,
	"adjacent to an ally":         table.AdjacentAlly,
	"adjacent to the enemy hero":  table.AdjacentEnemyHero,
	"adjacent to an enemy hero":   table.AdjacentEnemyHero,
	"adjacent to an enemy minion": table.AdjacentEnemyMinion,
	"no enemy adjacent":           table.NoAdjacentEnemy,
	"not adjacent to an enemy":    table.NoAdjacentEnemy,
}

// Clauses that name an entity: "adjacent to a landmark of MAP-SET",
// "adjacent to LANDMARK".
var (
	ofMapSet   = regexp.MustCompile(`^adjacent to a landmark of ([a-z0-9-]+(?:/[a-z0-9-]+)?)$`)
	toLandmark = regexp.MustCompile(`^adjacent to ([a-z0-9-]+(?:/[a-z0-9-]+)?)$`)
)

// vocabulary is every phrase, for did-you-mean.
func vocabulary() []string {
	var out []string
	for w := range timingWords {
		out = append(out, w)
	}
	for w := range clauseWords {
		out = append(out, w)
	}
	slices.Sort(out)
	return out
}

// vocabularyHint names the canonical phrases.
const vocabularyHint = "a timing (start of turn, end of turn, when damaged) and conditions: wounded, healthy, " +
	"adjacent to an enemy, adjacent to an ally, adjacent to the enemy hero, adjacent to an enemy minion, " +
	"no enemy adjacent, adjacent to a landmark of MAP-SET, adjacent to LANDMARK (docs/battlecrest.md)"

// refClauseDef is a clause that names an entity: its pattern, the kind
// its reference names and the clause it makes.
type refClauseDef struct {
	re         *regexp.Regexp
	kind, what string
	clause     table.ClauseKind
}

var refClauses = []refClauseDef{
	{ofMapSet, "map-set", "map set", table.AdjacentMapSet},
	{toLandmark, "landmark", "landmark", table.AdjacentLandmark},
}

// refClause finds the clause among refClauses that c is, and its match.
func refClause(c string) (r refClauseDef, m []string) {
	for _, r := range refClauses {
		if m := r.re.FindStringSubmatch(c); m != nil {
			return r, m
		}
	}
	return r, nil
}

// normClause is a clause in the vocabulary's form: lower case, single
// spaces, no final full stop, no leading "if" or "while".
func normClause(s string) string {
	s = strings.ToLower(strings.Join(strings.Fields(s), " "))
	s = strings.TrimRight(s, ".,;")
	for _, p := range []string{"if ", "while "} {
		s = strings.TrimPrefix(s, p)
	}
	return s
}

// condition reads the when: clauses of a special at path of d. ok is false
// when the engine cannot run it (each reason is a bc-condition warning at
// its clause); landmark says it is a landmark's ability.
func (b *builder) condition(d *compiler.Doc, name string, when []string, path []string, landmark bool) (timing table.Timing, clauses []table.Clause, ok bool) {
	where := strings.Join(append([]string{d.ID}, path...), ".")
	at := func(i int) diag.Pos { return pos(d, join(path, "when", strconv.Itoa(i))...) }
	ok = true
	warn := func(i int, format string, args ...any) *diag.Diagnostic {
		ok = false
		return b.diags.Add(CodeCondition, at(i), "%s: special ability %q: "+format+"; it is kept as text and the engine never uses it", append([]any{where, name}, args...)...)
	}
	timingAt := -1
	kindAt := map[table.ClauseKind]int{}
	for i, raw := range when {
		c := normClause(raw)
		if t, isTiming := timingWords[c]; isTiming {
			switch {
			case timingAt >= 0:
				warn(i, "clause %q is a second timing (the first is %q); a special has one", raw, when[timingAt])
			case t == table.WhenDamaged && landmark:
				warn(i, "clause %q: a landmark is not damaged; landmark abilities use start of turn or end of turn", raw)
			}
			timing, timingAt = t, i
			continue
		}
		if k, isClause := clauseWords[c]; isClause {
			clauses = append(clauses, table.Clause{Kind: k})
			kindAt[k] = i
			continue
		}
		if r, m := refClause(c); m != nil {
			n := b.p.Resolve(r.kind, m[1], at(i), r.what, &b.diags)
			if n < 0 {
				ok = false
			}
			clauses = append(clauses, table.Clause{Kind: r.clause, Arg: int16(n)})
			continue
		}
		mean := ""
		if s := link.Suggest(c, vocabulary()); s != "" {
			mean = " (did you mean \"" + s + "\"?)"
		}
		warn(i, "cannot read the condition %q%s", raw, mean).Hint = vocabularyHint
	}
	if timingAt < 0 && len(when) > 0 {
		ok = false
		b.diags.Add(CodeCondition, pos(d, join(path, "when")...), "%s: special ability %q has no timing among its conditions; it is kept as text and the engine never uses it", where, name).Hint = "add one of: start of turn, end of turn, when damaged"
	}
	for _, pair := range [][2]table.ClauseKind{{table.Wounded, table.Healthy}, {table.AdjacentEnemy, table.NoAdjacentEnemy},
		{table.AdjacentEnemyHero, table.NoAdjacentEnemy}, {table.AdjacentEnemyMinion, table.NoAdjacentEnemy}} {
		i, has0 := kindAt[pair[0]]
		j, has1 := kindAt[pair[1]]
		if has0 && has1 {
			warn(max(i, j), "clauses %q and %q can never hold together", when[min(i, j)], when[max(i, j)])
		}
	}
	return timing, clauses, ok
}
