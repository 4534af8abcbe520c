package battlecrest

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/engine/battlecrest/table"
	"github.com/roundtable-dev/roundtable/internal/phrase"
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
	"on your turn":                table.OwnTurn,
	"on its own turn":             table.OwnTurn,
	"on the other player's turn":  table.OtherTurn,
	"on the enemy's turn":         table.OtherTurn,
	"on an enemy turn":            table.OtherTurn,
	"not on your turn":            table.OtherTurn,
}

// Clauses that name an entity: "adjacent to a landmark of MAP-SET",
// "adjacent to LANDMARK".
var (
	ofMapSet   = regexp.MustCompile(`^adjacent to a landmark of ([a-z0-9-]+(?:/[a-z0-9-]+)?)$`)
	toLandmark = regexp.MustCompile(`^adjacent to ([a-z0-9-]+(?:/[a-z0-9-]+)?)$`)
)

// vocabulary is every phrase, for did-you-mean: the fixed ones and each
// event verb after "when an enemy".
func vocabulary() []string {
	var out []string
	for w := range timingWords {
		out = append(out, w)
	}
	for w := range clauseWords {
		out = append(out, w)
	}
	for _, v := range eventVerbs {
		out = append(out, "when an enemy "+v.word)
	}
	slices.Sort(out)
	return out
}

// vocabularyHint names the canonical phrases.
const vocabularyHint = "a timing (start of turn, end of turn, when damaged, or an event: when SUBJECT VERB [DISTANCE], " +
	"e.g. when an enemy ends a move within 2) and conditions: wounded, healthy, " +
	"adjacent to an enemy, adjacent to an ally, adjacent to the enemy hero, adjacent to an enemy minion, " +
	"no enemy adjacent, adjacent to a landmark of MAP-SET, adjacent to LANDMARK, on your turn, " +
	"on the other player's turn (docs/battlecrest.md)"

// Events of another warrior (docs/battlecrest.md, "Triggers"): [when]
// SUBJECT VERB [DISTANCE], the distance from the warrior whose card holds
// the special.
var eventSubject = regexp.MustCompile(`^(?:(?:when|whenever|after) )?(an enemy hero|the enemy hero|an enemy minion|an enemy|an ally|another warrior|any other warrior)(?: (.*))?$`)

var subjectWords = map[string]table.Subject{
	"an enemy": table.AnEnemy, "an enemy hero": table.EnemyHero, "the enemy hero": table.EnemyHero,
	"an enemy minion": table.EnemyMinion, "an ally": table.AnAlly,
	"another warrior": table.AnyOther, "any other warrior": table.AnyOther,
}

// eventVerbs are the verbs, the distance-taking ones last.
var eventVerbs = []struct {
	word   string
	timing table.Timing
}{
	{"moves", table.Moves}, {"ends a move", table.EndsMove}, {"ends its move", table.EndsMove},
	{"attacks", table.Attacks}, {"is attacked", table.IsAttacked}, {"is defeated", table.IsDefeated},
	{"enters", table.Enters}, {"comes", table.Enters}, {"leaves", table.Leaves},
}

const verbHint = "an event is SUBJECT VERB [DISTANCE]: an enemy, the enemy hero, an enemy minion, an ally or another warrior; " +
	"moves, ends a move, attacks, is attacked, is defeated, enters DISTANCE or leaves DISTANCE; within N, N or more, exactly N"

// eventRegion is a distance after the verb: "within 2 spaces", "3 or more
// spaces away", "exactly 2 spaces from it", "2 spaces of Quill".
var eventRegion = regexp.MustCompile(`^(within |exactly )?([0-9]+)( or more)?(?: spaces?)?(?: away)?(?: (?:of|from) (.+))?$`)

// event is a when: clause read as an event of another warrior.
type event struct {
	timing table.Timing
	who    table.Subject
	near   table.Region
}

// readEvent reads clause c (normalized) as an event; self is the name of
// the warrior whose card holds the special (a distance may be "of" it).
// isEvent is false when c does not start with an event's subject; problem
// says why an event cannot be read, with a hint.
func readEvent(c, self string) (e event, isEvent bool, problem, hint string) {
	m := eventSubject.FindStringSubmatch(c)
	if m == nil {
		return e, false, "", ""
	}
	e.who = subjectWords[m[1]]
	rest := m[2]
	verb := -1
	for i, v := range eventVerbs {
		if rest == v.word || strings.HasPrefix(rest, v.word+" ") {
			verb = i
			break
		}
	}
	if verb < 0 {
		var words []string
		for _, v := range eventVerbs {
			words = append(words, v.word)
		}
		mean := ""
		if s := phrase.Suggest(rest, words); s != "" {
			mean = fmt.Sprintf(" (did you mean %q?)", m[1]+" "+s)
		}
		return e, true, fmt.Sprintf("cannot read what %s does%s", m[1], mean), verbHint
	}
	e.timing = eventVerbs[verb].timing
	region := strings.TrimSpace(strings.TrimPrefix(rest, eventVerbs[verb].word))
	if region != "" {
		r := eventRegion.FindStringSubmatch(region)
		if r == nil {
			return e, true, fmt.Sprintf("cannot read the distance %q", region), "a distance is within N, N or more, or exactly N spaces (of it), counted orthogonally"
		}
		n, _ := strconv.Atoi(r[2])
		switch {
		case r[1] != "" && r[3] != "":
			return e, true, fmt.Sprintf("the distance %q is both %sN and N or more", region, r[1]), "write within N, N or more, or exactly N"
		case n < 1 || n > 9:
			return e, true, fmt.Sprintf("the distance %d is not 1 to 9 spaces", n), ""
		case r[4] != "" && !slices.Contains([]string{"it", "this warrior", "him", "her", "them", strings.ToLower(self)}, r[4]):
			return e, true, fmt.Sprintf("the distance is measured from %q; it is from the warrior whose card holds the special (it, this warrior, %s)", r[4], self), ""
		}
		e.near = table.Region{Op: table.Exactly, N: int8(n)}
		switch {
		case r[1] == "within ":
			e.near.Op = table.Within
		case r[3] != "":
			e.near.Op = table.AtLeast
		}
	}
	switch {
	case (e.timing == table.Enters || e.timing == table.Leaves) && e.near.Op == table.AnyDistance:
		return e, true, fmt.Sprintf("%q needs a distance (within N, N or more, exactly N)", eventVerbs[verb].word), ""
	case (e.timing == table.Enters || e.timing == table.Leaves) && e.near.Op == table.AtLeast && e.near.N <= 1:
		return e, true, "it can never happen: two warriors are always 1 or more spaces apart", ""
	}
	return e, true, "", ""
}

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
// its clause); self is the name of the warrior whose card holds it, ""
// for a landmark's ability.
func (b *builder) condition(d *compiler.Doc, name string, when []string, path []string, self string) (ev event, clauses []table.Clause, ok bool) {
	landmark := self == ""
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
		t, isTiming := timingWords[c]
		e, isEvent, problem, hint := readEvent(c, self)
		if isEvent {
			if problem != "" {
				dd := warn(i, "clause %q: %s", raw, problem)
				if hint != "" {
					dd.Hint = hint
				}
				if timingAt < 0 {
					timingAt = i // it is the timing, unreadable: no "no timing" besides
				}
				continue
			}
			t, isTiming = e.timing, true
		}
		if isTiming {
			switch {
			case timingAt >= 0:
				warn(i, "clause %q is a second timing (the first is %q); a special has one", raw, when[timingAt])
			case t == table.WhenDamaged && landmark:
				warn(i, "clause %q: a landmark is not damaged; landmark abilities use start of turn or end of turn", raw)
			case t.Event() && landmark:
				warn(i, "clause %q: a landmark is no warrior, so nothing happens near it; landmark abilities use start of turn or end of turn", raw)
			}
			e.timing = t
			ev, timingAt = e, i
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
		if s := phrase.Suggest(c, vocabulary()); s != "" {
			mean = " (did you mean \"" + s + "\"?)"
		}
		warn(i, "cannot read the condition %q%s", raw, mean).Hint = vocabularyHint
	}
	if timingAt < 0 && len(when) > 0 {
		ok = false
		b.diags.Add(CodeCondition, pos(d, join(path, "when")...), "%s: special ability %q has no timing among its conditions; it is kept as text and the engine never uses it", where, name).Hint = "add one of: start of turn, end of turn, when damaged, or an event such as when an enemy ends a move within 2"
	}
	for _, pair := range [][2]table.ClauseKind{{table.Wounded, table.Healthy}, {table.AdjacentEnemy, table.NoAdjacentEnemy},
		{table.AdjacentEnemyHero, table.NoAdjacentEnemy}, {table.AdjacentEnemyMinion, table.NoAdjacentEnemy}, {table.OwnTurn, table.OtherTurn}} {
		i, has0 := kindAt[pair[0]]
		j, has1 := kindAt[pair[1]]
		if has0 && has1 {
			warn(max(i, j), "clauses %q and %q can never hold together", when[min(i, j)], when[max(i, j)])
		}
	}
	if timingAt >= 0 && (ev.timing == table.StartOfTurn || ev.timing == table.EndOfTurn) {
		for _, k := range []table.ClauseKind{table.OtherTurn} {
			if i, has := kindAt[k]; has {
				warn(i, "clauses %q and %q can never hold together: start and end of turn are its player's own", when[timingAt], when[i])
			}
		}
	}
	return ev, clauses, ok
}

// aimWords are the words of a special's target:, and whom each allows.
var aimWords = map[string]struct {
	aim  table.Aim
	subj []table.Subject // the subjects it may name; nil: any
}{
	"that enemy":   {table.AimTrigger, []table.Subject{table.AnEnemy, table.EnemyHero, table.EnemyMinion, table.AnyOther}},
	"that ally":    {table.AimTrigger, []table.Subject{table.AnAlly, table.AnyOther}},
	"that warrior": {table.AimTrigger, nil},
	"the attacker": {table.AimAttacker, nil},
}

// aim reads a special's target: for its event ev and ability ab; ok is
// false when the engine cannot run it (a bc-condition warning at target).
func (b *builder) aim(d *compiler.Doc, name, target string, path []string, ev event, ab table.Ability) (table.Aim, bool) {
	if target == "" {
		return table.AimAny, true
	}
	where := strings.Join(append([]string{d.ID}, path...), ".")
	warn := func(format string, args ...any) (table.Aim, bool) {
		b.diags.Add(CodeCondition, pos(d, join(path, "target")...), "%s: special ability %q: target %q: "+format+"; it is kept as text and the engine never uses it", append([]any{where, name, target}, args...)...)
		return table.AimAny, false
	}
	w, known := aimWords[target]
	enemy := ev.who == table.AnEnemy || ev.who == table.EnemyHero || ev.who == table.EnemyMinion
	switch {
	case !known:
		return warn("a target is that enemy, that ally, that warrior or the attacker")
	case !ev.timing.Event():
		return warn("it names the warrior whose event triggered the special, but the timing %q is no event of another warrior", table.TimingNames[ev.timing])
	case ab.Keyword != table.Attack && ab.Keyword != table.Force:
		return warn("a %s has no target", ab.Keyword)
	case w.subj != nil && !slices.Contains(w.subj, ev.who):
		return warn("the event is of %s", table.SubjectNames[ev.who])
	case w.aim == table.AimAttacker && ev.timing != table.IsAttacked:
		return warn("only \"is attacked\" has an attacker; this event is %q", table.TimingNames[ev.timing])
	case w.aim == table.AimTrigger && ev.timing == table.IsDefeated:
		return warn("a defeated warrior leaves the map, so it can never be targeted")
	case ab.Keyword == table.Attack && w.aim == table.AimTrigger && ev.who == table.AnAlly:
		return warn("an attack targets enemies only")
	case ab.Keyword == table.Attack && w.aim == table.AimAttacker && enemy:
		return warn("the attacker of %s is an ally, and an attack targets enemies only", table.SubjectNames[ev.who])
	}
	return w.aim, true
}
