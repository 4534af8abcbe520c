package annas

import "gopkg.in/yaml.v3"

// plainUnit is unitDoc without its UnmarshalYAML: yaml.v3's own decoding.
type plainUnit unitDoc

// UnmarshalYAML decodes a unit card as yaml.v3 does, without reflection for
// the spellings valid cards use (plain keys, strings, decimal ints, true or
// false). Anything else (an unknown or repeated key, another tag or kind, a
// failing field) is decoded again from scratch by yaml.v3, so values and
// errors are always yaml.v3's. At 100k units yaml.v3's reflection on every
// node was a tenth of a check.
func (u *unitDoc) UnmarshalYAML(n *yaml.Node) error {
	if !u.fast(n) {
		*u = unitDoc{}
		return n.Decode((*plainUnit)(u))
	}
	return nil
}

func (u *unitDoc) fast(n *yaml.Node) bool {
	if n.Kind != yaml.MappingNode || len(n.Content)%2 != 0 {
		return false
	}
	c := n.Content
	for i := 0; i < len(c); i += 2 {
		k := c[i]
		if k.Kind != yaml.ScalarNode || k.Tag != "!!str" {
			return false
		}
		for j := i + 2; j < len(c); j += 2 {
			if c[j].Value == k.Value {
				return false
			}
		}
		v := c[i+1]
		ok := false
		switch k.Value {
		case "id":
			ok = fastString(v, &u.ID)
		case "name":
			ok = fastString(v, &u.Name)
		case "title":
			ok = fastString(v, &u.Title)
		case "color":
			ok = fastString(v, &u.Color)
		case "legendary":
			ok = fastBool(v, &u.Legendary)
		case "mov":
			ok = fastInt8(v, &u.Mov)
		case "stats":
			ok = fastStats(v, &u.Stats)
		case "shapestone":
			u.Shapestone = new(statsDoc)
			ok = fastStats(v, u.Shapestone)
		case "range":
			ok = fastSeq(v, &u.Range)
		case "tags":
			ok = fastSeq(v, &u.Tags)
		case "skill":
			ok = v.Kind == yaml.MappingNode && v.Tag == "!!map" && v.Decode(&u.Skill) == nil
		default:
			ok = true // yaml.v3 skips keys that name no field
		}
		if !ok {
			return false
		}
	}
	return true
}

func fastString(n *yaml.Node, s *string) bool {
	if n.Kind != yaml.ScalarNode || n.Tag != "!!str" {
		return false
	}
	*s = n.Value
	return true
}

func fastBool(n *yaml.Node, b *bool) bool {
	if n.Kind != yaml.ScalarNode || n.Tag != "!!bool" || (n.Value != "true" && n.Value != "false") {
		return false
	}
	*b = n.Value == "true"
	return true
}

func fastInt8(n *yaml.Node, p *int8) bool {
	if n.Kind != yaml.ScalarNode {
		return false
	}
	i, ok := plainInt(n)
	if !ok || i < -128 || i > 127 {
		return false
	}
	*p = int8(i)
	return true
}

func fastStats(n *yaml.Node, s *statsDoc) bool {
	if n.Kind != yaml.MappingNode || n.Tag != "!!map" || len(n.Content)%2 != 0 {
		return false
	}
	c := n.Content
	for i := 0; i < len(c); i += 2 {
		k := c[i]
		if k.Kind != yaml.ScalarNode || k.Tag != "!!str" {
			return false
		}
		for j := i + 2; j < len(c); j += 2 {
			if c[j].Value == k.Value {
				return false
			}
		}
		var p *int8
		switch k.Value {
		case "hp":
			p = &s.HP
		case "atk":
			p = &s.ATK
		case "spd":
			p = &s.SPD
		case "def":
			p = &s.DEF
		default:
			continue
		}
		if !fastInt8(c[i+1], p) {
			return false
		}
	}
	return true
}

// fastSeq decodes a block or flow sequence of scalars into at values.
func fastSeq[T any](n *yaml.Node, s *[]at[T]) bool {
	if n.Kind != yaml.SequenceNode || n.Tag != "!!seq" {
		return false
	}
	out := make([]at[T], len(n.Content))
	for i, e := range n.Content {
		if e.Kind != yaml.ScalarNode || !out[i].fast(e) {
			return false
		}
		out[i].N = e
	}
	*s = out
	return true
}
