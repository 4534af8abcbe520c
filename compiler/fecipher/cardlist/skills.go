package cardlist

import "strings"

// skills splits a skill field into typed skills.
func (im *importer) skills(r *record, field string, support bool) []Skill {
	f, key := r.get(field), r.name(field)
	if f == nil && !im.strict {
		return nil // the shape leaves out what a card does not have
	}
	if f == nil {
		if support {
			im.diags.Add(CodeField, im.pos(r.off), "card has no %q field; treated as no support skill", key)
			return nil
		}
		im.diags.Add(CodeField, im.pos(r.off), "card has no %q field; treated as no skills", key)
		return nil
	}
	if f.Kind == KindNull {
		return nil
	}
	if f.Kind != KindString {
		im.diags.Add(CodeJSON, im.pos(f.Off), "%q is %s %s; want a string", key, article(f.Kind), f.Kind)
		return nil
	}
	text := strings.TrimSpace(f.Str)
	if text == "-" || text == "" {
		return nil
	}
	if n := len(text); n >= 2 && (text[0] == '"' || text[0] == '\'') && text[n-1] == text[0] {
		im.diags.Add(CodeSkill, im.pos(f.Off), "%s is wrapped in stray quotes; removed", key)
		text = text[1 : n-1]
	}
	if strings.Contains(text, `\n`) {
		im.diags.Add(CodeSkill, im.pos(f.Off), `%s holds a literal \n; read as a line break`, key)
		text = strings.ReplaceAll(text, `\n`, "\n")
	}
	for _, loc := range typoRe.FindAllStringSubmatchIndex(f.Str, -1) {
		m := f.Str[loc[0]:loc[1]]
		im.diags.Add(CodeSkill, im.pos(im.within(f, loc[0])), "%s has the mistyped marker %q; read as |%s|", key, m, f.Str[loc[2]:loc[3]])
	}
	text = typoRe.ReplaceAllString(text, "|$1|")
	var out []Skill
	queue := segmentsRe.Split(text, -1)
	inherit := ""
	for len(queue) > 0 {
		seg := strings.TrimSpace(queue[0])
		queue = queue[1:]
		if seg == "" {
			continue
		}
		var s Skill
		for {
			m := labelRe.FindStringSubmatch(seg)
			if m == nil {
				break
			}
			switch m[1] + m[2] {
			case "CCS":
				s.ClassChange = true
			case "FS":
				s.Formation = true
			case "DB":
				s.DragonBlood = true
			}
			seg = seg[len(m[0]):]
		}
		loc := markerRe.FindStringSubmatchIndex(seg)
		if loc == nil {
			if len(out) == 0 {
				im.diags.Add(CodeValue, im.pos(f.Off), "%s line %q has no type marker (|ACT|, |CONT|, ...) and follows no skill", key, seg)
				continue
			}
			at := f.Off
			if i := strings.Index(f.Str, seg); i >= 0 {
				at = im.within(f, i)
			}
			im.diags.Add(CodeSkill, im.pos(at), "%s line %q has no type marker; joined to skill %q", key, short(seg), out[len(out)-1].Name)
			out[len(out)-1].Text += "\n" + seg
			continue
		}
		s.Name = strings.TrimSpace(seg[:loc[0]])
		s.Type = markers[seg[loc[2]:loc[3]]]
		rest := seg[loc[1]:]
		if s.Name == "" && inherit != "" {
			s.Name = inherit
		}
		inherit = ""
		kind := "" // a bond or hand skill's kind (|ACT|, |AUTO|, |CONT|): it opens the text
		if s.Type == "bond" || s.Type == "hand" {
			kind = strings.TrimSpace(subMarkRe.FindString(rest))
			rest = subMarkRe.ReplaceAllString(rest, "")
		}
		if more := secondSkill(rest); more != nil {
			// A line holding two skills ("... at once. |SPEC| You may have ..."):
			// the second is a skill of its own, under the same name.
			at := f.Off
			if i := strings.Index(f.Str, rest[more[0]:]); i >= 0 {
				at = im.within(f, i)
			}
			im.diags.Add(CodeSkill, im.pos(at), "%s skill %q holds a second skill %s; split in two", key, s.Name, rest[more[0]:more[1]])
			queue = append([]string{rest[more[0]:]}, queue...)
			inherit = s.Name
			rest = rest[:more[0]]
		}
		if support && s.Name == "" {
			if i := strings.IndexByte(rest, ':'); i > 0 {
				s.Name, rest = strings.TrimSpace(rest[:i]), rest[i+1:]
			}
		}
		var costs []string
		for {
			m := bracketRe.FindStringSubmatch(rest)
			if m == nil {
				break
			}
			costs = append(costs, strings.TrimSpace(m[1]))
			rest = rest[len(m[0]):]
		}
		s.Cost = strings.Join(costs, "; ")
		s.Text = strings.TrimSpace(rest)
		if kind != "" && s.Text != "" {
			s.Text = kind + " " + s.Text
		}
		s.support = support
		if s.Text == "" {
			im.diags.Add(CodeSkill, im.pos(f.Off), "%s skill %q has no text after its marker; its name is kept as text", key, s.Name)
			s.Text = s.Name
		}
		out = append(out, s)
	}
	return out
}

func short(s string) string {
	if r := []rune(s); len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return s
}

// printings reads AlternateArts and decides the card's id and series.
