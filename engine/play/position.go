package play

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/internal/limits"
	"github.com/roundtable-dev/roundtable/internal/phrase"
)

// PositionVersion is the version of the position envelope.
const PositionVersion = 1

// Position is the envelope of a written match state: which game and mode,
// the game's own state (documented per game in docs/), and the version of
// the envelope. The version is written last: a file cut short at any line
// lacks it, and is refused as cut short instead of read as a smaller
// position (docs/reliability.md, "Positions").
type Position struct {
	Game    string `json:"game" yaml:"game"`
	Mode    string `json:"mode" yaml:"mode"`
	State   any    `json:"state" yaml:"state"`
	Version int    `json:"version" yaml:"version"`
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
	return nil, fmt.Errorf("unknown position format %s (want json or yaml)", phrase.Quote(format))
}

// Envelope is a position read back: game and mode, and the state's node for
// the mode's Load.
type Envelope struct {
	Game, Mode string
	State      *yaml.Node
}

// ReadPosition parses a position file (YAML or JSON) into its envelope,
// within the limits a content file has (internal/limits): its size, valid
// UTF-8, one document, nesting depth and the nodes aliases expand to. The
// state it returns holds no aliases. name is used in error messages, which
// are *Error values (name:line:col: message).
func ReadPosition(name string, data []byte) (*Envelope, error) {
	file := phrase.Path(name)
	fail := func(n *yaml.Node, format string, args ...any) error {
		e := &Error{File: file, Msg: fmt.Sprintf(format, args...)}
		if n != nil {
			e.Line, e.Column = n.Line, n.Column
		}
		return e
	}
	if len(data) > limits.FileSize {
		return nil, TooLarge(name)
	}
	if !utf8.Valid(data) {
		line, col := limits.BadUTF8(data)
		return nil, &Error{File: file, Line: line, Column: col, Msg: "the file is not valid UTF-8; save it as UTF-8"}
	}
	doc, err := parseOne(data)
	if err != nil {
		err.File = file
		return nil, err
	}
	if doc == nil || doc.Kind != yaml.DocumentNode || len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		return nil, fail(content(doc), "a position is a mapping with game, mode, state and version")
	}
	r := resolver{budget: limits.AliasBudget}
	root := r.resolve(doc.Content[0], 0)
	if r.err != nil {
		r.err.File = file
		return nil, r.err
	}
	// The fields first (an unknown one is the likeliest mistake), then
	// whether the file ends as a position does, then the values.
	seen := map[string]*yaml.Node{}
	for i := 0; i+1 < len(root.Content); i += 2 {
		k := root.Content[i]
		if first := seen[k.Value]; first != nil {
			return nil, fail(k, "%s is given twice (first at line %d)", phrase.Quote(k.Value), first.Line)
		}
		switch k.Value {
		case "version", "game", "mode", "state":
		default:
			return nil, fail(k, "unknown field %s (a position has game, mode, state and version)", phrase.Quote(k.Value))
		}
		seen[k.Value] = k
	}
	if seen["version"] == nil {
		line, col := end(data)
		return nil, &Error{File: file, Line: line, Column: col,
			Msg: "the position ends without its version (a position file ends with \"version: 1\"): the file is cut short, or not a position"}
	}
	env := &Envelope{}
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		switch k.Value {
		case "version":
			if v.Kind != yaml.ScalarNode || v.Value != strconv.Itoa(PositionVersion) {
				return nil, fail(v, "version %s: this build reads position version %d", phrase.Quote(v.Value), PositionVersion)
			}
		case "game", "mode":
			if v.Kind != yaml.ScalarNode || v.Tag != "!!str" {
				return nil, fail(v, "%s: want a name, found %s", k.Value, found(v))
			}
			if k.Value == "game" {
				env.Game = v.Value
			} else {
				env.Mode = v.Value
			}
		case "state":
			if v.Kind != yaml.MappingNode {
				return nil, fail(v, "state: want a mapping of the game's fields, found %s", found(v))
			}
			env.State = v
		}
	}
	for _, f := range []string{"game", "mode", "state"} {
		if seen[f] == nil {
			return nil, fail(root, "the position has no %s", f)
		}
	}
	return env, nil
}

// TooLarge is the error for a position file over limits.FileSize, which
// a reader refuses before reading it.
func TooLarge(name string) error {
	return &Error{File: phrase.Path(name), Msg: fmt.Sprintf("the file is larger than %d bytes (4 MiB, the limit of a content file too); not read", limits.FileSize)}
}

// end is the line and column just past data's last character.
func end(data []byte) (line, col int) {
	line = 1 + bytes.Count(data, []byte("\n"))
	last := data[bytes.LastIndexByte(data, '\n')+1:]
	return line, 1 + utf8.RuneCount(last)
}

var lineRe = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

// parseOne parses the one document of a position file: a syntax error is
// an *Error with its line (and the column where that line's text starts),
// and so is a second document.
func parseOne(data []byte) (doc *yaml.Node, e *Error) {
	defer func() {
		if r := recover(); r != nil { // no input may crash the reader
			doc, e = nil, &Error{Msg: "malformed YAML"}
		}
	}()
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var n yaml.Node
	if err := dec.Decode(&n); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, &Error{Msg: "the file is empty"}
		}
		return nil, syntaxError(data, err)
	}
	var second yaml.Node
	switch err := dec.Decode(&second); {
	case errors.Is(err, io.EOF):
	case err != nil:
		return nil, syntaxError(data, err)
	case len(second.Content) > 0 && !isNull(second.Content[0]):
		return nil, &Error{Line: second.Line, Column: second.Column, Msg: "a position file holds one document; a second one starts here"}
	}
	return &n, nil
}

func syntaxError(data []byte, err error) *Error {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	m := lineRe.FindStringSubmatch(err.Error())
	if m == nil {
		return &Error{Line: 1, Column: 1, Msg: msg}
	}
	line, _ := strconv.Atoi(m[1])
	msg = m[2]
	for _, p := range []string{"did not find expected", "found duplicate %", "found incompatible YAML document", "found undefined tag handle"} {
		if strings.HasPrefix(msg, p) {
			line++ // yaml.v3 counts the lines of parser errors from 0
			break
		}
	}
	lines := bytes.Split(data, []byte("\n"))
	line = max(1, min(line, len(lines)))
	text := lines[line-1]
	indent := text[:len(text)-len(bytes.TrimLeft(text, " \t"))]
	if i := bytes.IndexByte(indent, '\t'); i >= 0 {
		indent = indent[:i] // YAML indents with spaces: point at the tab
	}
	col := 1 + utf8.RuneCount(indent)
	return &Error{Line: line, Column: col, Msg: msg}
}

// resolver expands aliases into plain trees within the content's limits:
// nesting depth and the nodes aliases may produce. Merge keys are left for
// Decode to refuse.
type resolver struct {
	budget int
	err    *Error
}

func (r *resolver) resolve(n *yaml.Node, depth int) *yaml.Node {
	if r.err != nil {
		return nil
	}
	if depth > limits.Depth {
		r.err = &Error{Line: n.Line, Column: n.Column, Msg: fmt.Sprintf("nesting is deeper than %d levels", limits.Depth)}
		return nil
	}
	switch n.Kind {
	case yaml.AliasNode:
		if n.Alias == nil {
			r.err = &Error{Line: n.Line, Column: n.Column, Msg: "an alias to nothing"}
			return nil
		}
		if r.budget -= count(n.Alias, r.budget+1); r.budget < 0 {
			r.err = &Error{Line: n.Line, Column: n.Column, Msg: fmt.Sprintf("aliases expand to more than %d nodes", limits.AliasBudget)}
			return nil
		}
		return r.resolve(n.Alias, depth)
	case yaml.SequenceNode, yaml.MappingNode:
		var out []*yaml.Node // a copy only when an alias below expanded
		for i, c := range n.Content {
			rc := r.resolve(c, depth+1)
			if rc == nil {
				return nil
			}
			if rc != c && out == nil {
				out = append(make([]*yaml.Node, 0, len(n.Content)), n.Content[:i]...)
			}
			if out != nil {
				out = append(out, rc)
			}
		}
		if out == nil {
			return n
		}
		c := *n
		c.Content = out
		return &c
	}
	return n
}

// count is the number of nodes under n, aliases expanded, stopping past
// limit.
func count(n *yaml.Node, limit int) int {
	if n.Kind == yaml.AliasNode && n.Alias != nil {
		return count(n.Alias, limit)
	}
	c := 1
	for _, k := range n.Content {
		if c > limit {
			break
		}
		c += count(k, limit-c)
	}
	return c
}

// Playable is what a mode's Load returns: m, unless loading failed or m is
// not over yet offers no legal action (a state no rule leads to, in which
// every policy would choose among nothing).
func Playable(m Match, err error) (Match, error) {
	if err != nil {
		return nil, err
	}
	if !m.Over() && m.Legal() == 0 {
		return nil, &Error{Msg: "the position is not over, yet no one has a legal action: no rule leads here"}
	}
	return m, nil
}
