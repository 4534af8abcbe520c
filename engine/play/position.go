package play

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"

	"github.com/roundtable-dev/roundtable/engine/play/quote"
	"gopkg.in/yaml.v3"
)

// PositionVersion is the version of the position envelope.
const PositionVersion = 1

// Position is the envelope of a written match state: which game and mode,
// and the game's own state (documented per game in docs/).
type Position struct {
	Version int    `json:"version" yaml:"version"`
	Game    string `json:"game" yaml:"game"`
	Mode    string `json:"mode" yaml:"mode"`
	State   any    `json:"state" yaml:"state"`
}

// MarshalPosition writes m's position as "json" (indented) or "yaml".
func MarshalPosition(game, mode string, m Match, format string) ([]byte, error) {
	p := Position{Version: PositionVersion, Game: game, Mode: mode, State: m.Position()}
	switch format {
	case "json":
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		if err := enc.Encode(p); err != nil {
			return nil, err
		}
		return b.Bytes(), nil
	case "yaml":
		var b bytes.Buffer
		enc := yaml.NewEncoder(&b)
		enc.SetIndent(2)
		if err := enc.Encode(p); err != nil {
			return nil, err
		}
		if err := enc.Close(); err != nil {
			return nil, err
		}
		return b.Bytes(), nil
	}
	return nil, fmt.Errorf("unknown position format %s (want json or yaml)", quote.Quote(format))
}

// Envelope is a position read back: game and mode, and the state's node for
// the mode's Load.
type Envelope struct {
	Game, Mode string
	State      *yaml.Node
}

// ReadPosition parses a position file (YAML or JSON) into its envelope.
// name is used in error messages.
func ReadPosition(name string, data []byte) (*Envelope, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("%s: %v", name, strings.TrimPrefix(err.Error(), "yaml: "))
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		return nil, fmt.Errorf("%s: a position is a mapping with version, game, mode and state", name)
	}
	root := doc.Content[0]
	env := &Envelope{}
	var version int
	seen := map[string]bool{}
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		seen[k.Value] = true
		switch k.Value {
		case "version":
			if err := v.Decode(&version); err != nil || version != PositionVersion {
				return nil, fmt.Errorf("%s:%d:%d: version %s: this build reads position version %d", name, v.Line, v.Column, quote.Quote(v.Value), PositionVersion)
			}
		case "game":
			env.Game = v.Value
		case "mode":
			env.Mode = v.Value
		case "state":
			env.State = v
		default:
			return nil, fmt.Errorf("%s:%d:%d: unknown field %s (a position has version, game, mode and state)", name, k.Line, k.Column, quote.Quote(k.Value))
		}
	}
	for _, f := range []string{"version", "game", "mode", "state"} {
		if !seen[f] {
			return nil, fmt.Errorf("%s: the position has no %s", name, quote.Quote(f))
		}
	}
	return env, nil
}

// Decode decodes a state node into v strictly: an unknown field or a value
// of the wrong type is an error that names its line and column.
func Decode(n *yaml.Node, v any) error {
	if err := known(n, reflect.TypeOf(v)); err != nil {
		return err
	}
	if err := n.Decode(v); err != nil {
		return fmt.Errorf("%s", strings.TrimPrefix(err.Error(), "yaml: "))
	}
	return nil
}

var nodeType = reflect.TypeOf(yaml.Node{})

// known reports the first mapping key with no field of t to go to.
func known(n *yaml.Node, t reflect.Type) error {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nodeType || t.Kind() == reflect.Interface {
		return nil // kept as written
	}
	switch n.Kind {
	case yaml.DocumentNode:
		if len(n.Content) > 0 {
			return known(n.Content[0], t)
		}
	case yaml.SequenceNode:
		if t.Kind() == reflect.Slice || t.Kind() == reflect.Array {
			for _, c := range n.Content {
				if err := known(c, t.Elem()); err != nil {
					return err
				}
			}
		}
	case yaml.MappingNode:
		switch t.Kind() {
		case reflect.Map:
			for i := 1; i < len(n.Content); i += 2 {
				if err := known(n.Content[i], t.Elem()); err != nil {
					return err
				}
			}
		case reflect.Struct:
			fields := yamlFields(t)
			for i := 0; i+1 < len(n.Content); i += 2 {
				k := n.Content[i]
				ft, ok := fields[k.Value]
				if !ok {
					names := make([]string, 0, len(fields))
					for f := range fields {
						names = append(names, f)
					}
					slices.Sort(names)
					return fmt.Errorf("line %d:%d: unknown field %s (known here: %s)", k.Line, k.Column, quote.Quote(k.Value), strings.Join(names, ", "))
				}
				if err := known(n.Content[i+1], ft); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// yamlFields maps the yaml names of t's fields (inlined ones included) to
// their types.
func yamlFields(t reflect.Type) map[string]reflect.Type {
	out := map[string]reflect.Type{}
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		tag := f.Tag.Get("yaml")
		name, opts, _ := strings.Cut(tag, ",")
		if name == "-" {
			continue
		}
		if strings.Contains(","+opts+",", ",inline,") {
			ft := f.Type
			for ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				maps.Copy(out, yamlFields(ft))
			}
			continue
		}
		if name == "" {
			name = strings.ToLower(f.Name)
		}
		out[name] = f.Type
	}
	return out
}

// PosError is a problem in a position's state at a node.
func PosError(n *yaml.Node, format string, args ...any) error {
	if n == nil {
		return fmt.Errorf(format, args...)
	}
	return fmt.Errorf("line %d:%d: %s", n.Line, n.Column, fmt.Sprintf(format, args...))
}
