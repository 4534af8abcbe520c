package tablebattles

import (
	"fmt"
	"strings"

	"github.com/roundtable-dev/roundtable/engine/tablebattles/table"
	"github.com/roundtable-dev/roundtable/internal/phrase"
)

// syntaxError is a problem at a byte offset of a mini-language string.
type syntaxError struct {
	Off  int
	Msg  string
	Hint string
}

func (e *syntaxError) Error() string { return fmt.Sprintf("at %d: %s", e.Off, e.Msg) }

var patternWords = []string{"Doubles", "Triples", "Straight-3", "Straight-4", "Straight-5", "Straight-6"}

// parseDiceArea parses a dice area as printed on a card:
//
//	area     = numbers | "(" numbers ")" | pattern { "," pattern }
//	numbers  = term { "/" term }
//	term     = face | face "-" face          (faces 1..6, ranges ascending)
//	pattern  = "Doubles" | "Triples" | "Straight-" n   (n 2..6)
func parseDiceArea(s string) (table.DiceArea, *syntaxError) {
	a := table.DiceArea{Src: s}
	p := &scanner{s: s}
	p.space()
	if p.eof() {
		return a, &syntaxError{Off: p.i, Msg: "empty dice area", Hint: "write faces (6, 5/6, 1-3, (6)) or patterns (Doubles, Triples, Straight-3)"}
	}
	c := p.peek()
	if c == '(' || c >= '0' && c <= '9' {
		bracket := c == '('
		if bracket {
			p.i++
			p.space()
		}
		faces, err := p.numbers()
		if err != nil {
			return a, err
		}
		a.Faces = faces
		if bracket {
			p.space()
			if p.eof() || p.peek() != ')' {
				return a, &syntaxError{Off: p.i, Msg: "missing ) to close the bracket", Hint: "a bracketed area is written (6) or (5/6)"}
			}
			p.i++
			a.Single = true
		}
		p.space()
		if !p.eof() {
			return a, &syntaxError{Off: p.i, Msg: fmt.Sprintf("unexpected %q after the faces", p.rest()), Hint: "faces and patterns do not mix on one card"}
		}
		return a, nil
	}
	seen := map[string]bool{}
	for {
		p.space()
		start := p.i
		word := p.word()
		if word == "" {
			if p.eof() {
				return a, &syntaxError{Off: p.i, Msg: "expected a pattern after the comma"}
			}
			return a, &syntaxError{Off: p.i, Msg: fmt.Sprintf("unexpected %q", string(p.peek())), Hint: "write faces (6, 5/6, 1-3, (6)) or patterns (Doubles, Triples, Straight-3)"}
		}
		if seen[word] {
			return a, &syntaxError{Off: start, Msg: fmt.Sprintf("%s is listed twice", word)}
		}
		seen[word] = true
		switch {
		case word == "Doubles":
			a.Doubles = true
		case word == "Triples":
			a.Triples = true
		case strings.HasPrefix(word, "Straight-"):
			n := word[len("Straight-"):]
			if len(n) != 1 || n[0] < '2' || n[0] > '6' {
				return a, &syntaxError{Off: start + len("Straight-"), Msg: fmt.Sprintf("a straight is 2 to 6 dice, not %q", n)}
			}
			a.Straights |= 1 << (n[0] - '0')
		default:
			e := &syntaxError{Off: start, Msg: fmt.Sprintf("unknown dice area word %q", word)}
			if s := phrase.Suggest(word, patternWords); s != "" {
				e.Hint = fmt.Sprintf("did you mean %q?", s)
			} else {
				e.Hint = "patterns: " + strings.Join(patternWords, ", ")
			}
			return a, e
		}
		p.space()
		if p.eof() {
			return a, nil
		}
		if p.peek() != ',' {
			return a, &syntaxError{Off: p.i, Msg: fmt.Sprintf("expected a comma, found %q", string(p.peek())), Hint: `patterns are separated by commas: "Doubles, Triples"`}
		}
		p.i++
	}
}

type scanner struct {
	s string
	i int
}

func (p *scanner) eof() bool    { return p.i >= len(p.s) }
func (p *scanner) peek() byte   { return p.s[p.i] }
func (p *scanner) rest() string { return p.s[p.i:] }

func (p *scanner) space() {
	for !p.eof() && (p.s[p.i] == ' ' || p.s[p.i] == '\t') {
		p.i++
	}
}

// word reads letters, digits and hyphens.
func (p *scanner) word() string {
	start := p.i
	for !p.eof() {
		c := p.s[p.i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' {
			p.i++
			continue
		}
		break
	}
	return p.s[start:p.i]
}

// face reads one die face.
func (p *scanner) face() (int, *syntaxError) {
	if p.eof() || p.peek() < '0' || p.peek() > '9' {
		what := "the end"
		if !p.eof() {
			what = fmt.Sprintf("%q", string(p.peek()))
		}
		return 0, &syntaxError{Off: p.i, Msg: "expected a die face (1 to 6), found " + what}
	}
	start := p.i
	for !p.eof() && p.peek() >= '0' && p.peek() <= '9' {
		p.i++
	}
	f := 0
	fmt.Sscan(p.s[start:p.i], &f)
	if p.i-start > 1 || f < 1 || f > 6 {
		return 0, &syntaxError{Off: start, Msg: fmt.Sprintf("die face %s is not 1 to 6", p.s[start:p.i])}
	}
	return f, nil
}

func (p *scanner) numbers() (uint8, *syntaxError) {
	var faces uint8
	for {
		p.space()
		start := p.i
		lo, err := p.face()
		if err != nil {
			return 0, err
		}
		hi := lo
		p.space()
		if !p.eof() && p.peek() == '-' {
			p.i++
			p.space()
			hiStart := p.i
			if hi, err = p.face(); err != nil {
				return 0, err
			}
			if hi <= lo {
				return 0, &syntaxError{Off: hiStart, Msg: fmt.Sprintf("range %d-%d does not ascend", lo, hi), Hint: fmt.Sprintf("write %d-%d", hi, lo)}
			}
		}
		for f := lo; f <= hi; f++ {
			if faces&(1<<f) != 0 {
				return 0, &syntaxError{Off: start, Msg: fmt.Sprintf("face %d is listed twice", f)}
			}
			faces |= 1 << f
		}
		p.space()
		if p.eof() || p.peek() != '/' {
			return faces, nil
		}
		p.i++
	}
}

// effect is a parsed action effect.
type effect struct {
	hits   int
	perDie bool
	self   int
}

// parseEffect parses an action's effect: parts separated by commas, each
// "N hit", "N hits", "1 hit per die" or "N self".
func parseEffect(s string) (effect, *syntaxError) {
	var e effect
	p := &scanner{s: s}
	seenHits, seenSelf := false, false
	for {
		p.space()
		start := p.i
		if p.eof() || p.peek() < '0' || p.peek() > '9' {
			return e, &syntaxError{Off: p.i, Msg: "expected a number", Hint: `effects read "2 hits", "1 hit per die", "1 hit, 1 self"`}
		}
		for !p.eof() && p.peek() >= '0' && p.peek() <= '9' {
			p.i++
		}
		n := 0
		fmt.Sscan(s[start:p.i], &n)
		if n < 1 || n > 9 {
			return e, &syntaxError{Off: start, Msg: fmt.Sprintf("%s is out of range (1 to 9)", s[start:p.i])}
		}
		p.space()
		wstart := p.i
		w := p.word()
		switch w {
		case "hit", "hits":
			if seenHits {
				return e, &syntaxError{Off: start, Msg: "hits are given twice"}
			}
			seenHits = true
			p.space()
			save := p.i
			if p.word() == "per" {
				p.space()
				if p.word() != "die" {
					return e, &syntaxError{Off: save, Msg: `expected "per die"`}
				}
				if n != 1 {
					return e, &syntaxError{Off: start, Msg: fmt.Sprintf("per-die effects are \"1 hit per die\", not %d", n)}
				}
				e.perDie = true
			} else {
				p.i = save
				if w == "hit" && n != 1 || w == "hits" && n == 1 {
					return e, &syntaxError{Off: wstart, Msg: fmt.Sprintf("write %q", plural(n))}
				}
				e.hits = n
			}
		case "self":
			if seenSelf {
				return e, &syntaxError{Off: start, Msg: "self hits are given twice"}
			}
			seenSelf = true
			e.self = n
		default:
			return e, &syntaxError{Off: wstart, Msg: fmt.Sprintf("unknown effect word %q", w), Hint: `effects read "2 hits", "1 hit per die", "1 hit, 1 self"`}
		}
		p.space()
		if p.eof() {
			return e, nil
		}
		if p.peek() != ',' {
			return e, &syntaxError{Off: p.i, Msg: fmt.Sprintf("expected a comma, found %q", string(p.peek()))}
		}
		p.i++
	}
}

func plural(n int) string {
	if n == 1 {
		return "1 hit"
	}
	return fmt.Sprintf("%d hits", n)
}
