package project

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/compiler/source"
	"github.com/roundtable-dev/roundtable/internal/phrase"
)

// Scope is one pack folder with its settings.
type Scope struct {
	Dir     string            // the pack's folder as printed in positions
	Config  *Config           // nil: none
	Ignores map[string]string // the pack's suppression comments (source.Set.Ignores)
}

func (s Scope) holds(file string) bool {
	return s.Dir == "" || s.Dir == "." || file == s.Dir || strings.HasPrefix(file, strings.TrimSuffix(s.Dir, "/")+"/")
}

// suppression is one parsed "# roundtable:ignore" comment.
type suppression struct {
	source.Directive
	line  int      // the line it speaks for
	codes []string // the known codes it names
	used  []bool
}

// Apply changes a sorted, folded list as the scopes say: a diagnostic an
// inline suppression names on its line is dropped; then each code takes
// the severity its pack's roundtable.yaml gives it (off drops it). A
// suppression without a reason or naming an unknown code is a warning
// (bad-suppression), and so is one that suppresses nothing
// (unused-suppression); both go through the config's severities too.
func Apply(l diag.List, scopes []Scope) diag.List {
	var known []string
	for _, c := range diag.Codes() {
		known = append(known, c.ID)
	}
	var extra diag.List
	byFile := map[string][]*suppression{}
	for _, sc := range scopes {
		for _, file := range slices.Sorted(maps.Keys(sc.Ignores)) {
			dirs := source.Directives(file, sc.Ignores[file])
			alone := map[int]bool{}
			for _, d := range dirs {
				if d.Alone && d.Verb == "ignore" {
					alone[d.Pos.Line] = true
				}
			}
			placeholders(&extra, dirs)
			for _, d := range dirs {
				if d.Verb != "ignore" {
					continue
				}
				s := &suppression{Directive: d, line: d.Pos.Line}
				if d.Alone { // stacked comments speak for the line below them all
					s.line++
					for alone[s.line] {
						s.line++
					}
				}
				names, reason, hasReason := strings.Cut(d.Text, "--")
				fields := strings.FieldsFunc(names, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' })
				if len(fields) == 0 {
					extra.Add(CodeBadSuppression, d.Pos, "roundtable:ignore names no code").Hint = "write # roundtable:ignore CODE -- reason"
					continue
				}
				for _, f := range fields {
					if _, ok := diag.Lookup(f); !ok {
						dd := extra.Add(CodeBadSuppression, d.Pos, "roundtable:ignore names unknown code %q", f)
						if s := phrase.Suggest(f, known); s != "" {
							dd.Hint = fmt.Sprintf("did you mean %q?", s)
						}
						continue
					}
					s.codes = append(s.codes, f)
				}
				if !hasReason || strings.TrimSpace(reason) == "" {
					extra.Add(CodeBadSuppression, d.Pos, "roundtable:ignore %s gives no reason", strings.Join(fields, ", ")).Hint = "say why after two dashes: # roundtable:ignore " + strings.Join(fields, ", ") + " -- why this is right"
				}
				s.used = make([]bool, len(s.codes))
				byFile[file] = append(byFile[file], s)
			}
		}
	}
	out := make(diag.List, 0, len(l))
	for _, d := range l {
		if suppressed(byFile[d.Pos.File], d) {
			continue
		}
		out = append(out, d)
	}
	for _, file := range slices.Sorted(maps.Keys(byFile)) {
		for _, s := range byFile[file] {
			for i, c := range s.codes {
				if !s.used[i] {
					extra.Add(CodeUnusedSuppression, s.Pos, "roundtable:ignore %s suppresses nothing on line %d", c, s.line).Hint = "remove it, or move it next to the line the problem is on"
				}
			}
		}
	}
	out = append(out, extra...)
	// Severities, by the pack a diagnostic's file is in (the innermost).
	res := out[:0]
	for _, d := range out {
		if c := configFor(scopes, d.Pos.File); c != nil && d.Code != CodeConfig.ID {
			switch c.Severity[d.Code] {
			case "off":
				continue
			case "warning":
				d.Severity = diag.Warning
			case "error":
				d.Severity = diag.Error
			}
		}
		res = append(res, d)
	}
	return res.Sort()
}

// placeholders reports the placeholder comments of a file, one error per
// document (an entity `roundtable new` wrote), at the first of them.
func placeholders(l *diag.List, dirs []source.Directive) {
	for i := 0; i < len(dirs); {
		if dirs[i].Verb != "placeholder" {
			i++
			continue
		}
		var lines []string
		j := i
		for ; j < len(dirs) && dirs[j].Doc == dirs[i].Doc; j++ {
			if dirs[j].Verb == "placeholder" {
				lines = append(lines, strconv.Itoa(dirs[j].Pos.Line))
			}
		}
		if len(lines) == 1 {
			l.Add(CodePlaceholder, dirs[i].Pos, "a placeholder value of `roundtable new` is still here").Hint = "replace the value with your own, then delete the # roundtable:placeholder comment"
		} else {
			n := len(lines)
			if n > 6 {
				lines = append(lines[:5], fmt.Sprintf("%d more", len(lines)-5))
			}
			l.Add(CodePlaceholder, dirs[i].Pos, "%d placeholder values of `roundtable new` are still in this document (lines %s)", n, strings.Join(lines[:len(lines)-1], ", ")+" and "+lines[len(lines)-1]).Hint = "replace each value marked # roundtable:placeholder with your own, then delete the comment"
		}
		i = j
	}
}

func suppressed(ss []*suppression, d diag.Diagnostic) bool {
	hit := false
	for _, s := range ss {
		if s.line != d.Pos.Line {
			continue
		}
		if i := slices.Index(s.codes, d.Code); i >= 0 {
			s.used[i], hit = true, true
		}
	}
	return hit
}

func configFor(scopes []Scope, file string) *Config {
	var best *Scope
	for i := range scopes {
		s := &scopes[i]
		if s.Config != nil && s.holds(file) && (best == nil || len(s.Dir) > len(best.Dir)) {
			best = s
		}
	}
	if best == nil {
		return nil
	}
	return best.Config
}
