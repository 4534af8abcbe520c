package packget

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/compiler/semver"
)

// LockName is the lock file's name, beside the pack.yaml it was resolved
// for.
const LockName = "roundtable.lock"

// lockVersion is the version of the lock's format.
const lockVersion = 1

// Entry is one locked pack.
type Entry struct {
	ID      string `yaml:"-"`
	Version string `yaml:"version"`
	Source  `yaml:",inline"`
	Tag     string `yaml:"tag,omitempty"` // the git tag the version came from
	Hash    string `yaml:"hash"`
	Line    int    `yaml:"-"` // where the entry is in the lock read
}

// Lock is a roundtable.lock: every pack resolved, by id.
type Lock struct {
	File    string // as read, for diagnostics
	Entries []Entry
}

// Find returns the entry of id, or nil.
func (l *Lock) Find(id string) *Entry {
	if l == nil {
		return nil
	}
	for i := range l.Entries {
		if l.Entries[i].ID == id {
			return &l.Entries[i]
		}
	}
	return nil
}

// Format writes the lock: one line per pack, sorted by id, so that a
// change of one pack is a change of one line in review.
func (l *Lock) Format() []byte {
	var b bytes.Buffer
	b.WriteString("# roundtable.lock: the exact packs `roundtable get` resolved for this pack.\n")
	b.WriteString("# Commit it; check, gen, sim, serve and lsp load these (hash-checked) from the cache or vendor/.\n")
	fmt.Fprintf(&b, "version: %d\npacks:", lockVersion)
	es := slices.Clone(l.Entries)
	slices.SortFunc(es, func(a, b Entry) int { return strings.Compare(a.ID, b.ID) })
	if len(es) == 0 {
		b.WriteString(" {}")
	}
	b.WriteString("\n")
	for _, e := range es {
		fields := []string{"version: " + e.Version}
		if e.Git != "" {
			fields = append(fields, "git: "+strconv.Quote(e.Git))
		}
		if e.Path != "" {
			fields = append(fields, "path: "+strconv.Quote(e.Path))
		}
		if e.Archive != "" {
			fields = append(fields, "archive: "+strconv.Quote(e.Archive))
		}
		if e.Tag != "" {
			fields = append(fields, "tag: "+strconv.Quote(e.Tag))
		}
		fields = append(fields, "hash: "+strconv.Quote(e.Hash))
		fmt.Fprintf(&b, "  %s: {%s}\n", e.ID, strings.Join(fields, ", "))
	}
	return b.Bytes()
}

// ParseLock reads a lock's bytes; file names it in errors.
func ParseLock(file string, data []byte) (*Lock, error) {
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return nil, fmt.Errorf("%s: %v", file, strings.TrimPrefix(err.Error(), "yaml: "))
	}
	l := &Lock{File: file}
	if len(root.Content) == 0 {
		return nil, fmt.Errorf("%s: empty; run roundtable get to write it", file)
	}
	doc := root.Content[0]
	if doc.Kind != yaml.MappingNode {
		return nil, fmt.Errorf("%s:%d: a lock is a mapping of version and packs", file, doc.Line)
	}
	var packs *yaml.Node
	for i := 0; i+1 < len(doc.Content); i += 2 {
		k, v := doc.Content[i], doc.Content[i+1]
		switch k.Value {
		case "version":
			if v.Value != strconv.Itoa(lockVersion) {
				return nil, fmt.Errorf("%s:%d: lock version %s: this build reads version %d", file, v.Line, v.Value, lockVersion)
			}
		case "packs":
			packs = v
		default:
			return nil, fmt.Errorf("%s:%d: unknown field %q in a lock (version, packs)", file, k.Line, k.Value)
		}
	}
	if packs == nil || packs.Kind != yaml.MappingNode {
		return nil, fmt.Errorf("%s: a lock has packs: (a mapping of pack id to its entry)", file)
	}
	for i := 0; i+1 < len(packs.Content); i += 2 {
		k, v := packs.Content[i], packs.Content[i+1]
		var e Entry
		if err := v.Decode(&e); err != nil {
			return nil, fmt.Errorf("%s:%d: %s: %v", file, v.Line, k.Value, strings.TrimPrefix(err.Error(), "yaml: "))
		}
		e.ID, e.Line = k.Value, k.Line
		if _, err := semver.Parse(e.Version); err != nil {
			return nil, fmt.Errorf("%s:%d: %s: version %q: %v", file, v.Line, e.ID, e.Version, err)
		}
		if !strings.HasPrefix(e.Hash, "h1:") {
			return nil, fmt.Errorf("%s:%d: %s: hash %q is not an h1: hash", file, v.Line, e.ID, e.Hash)
		}
		if err := e.Source.check(); err != nil {
			return nil, fmt.Errorf("%s:%d: %s: %v", file, v.Line, e.ID, err)
		}
		if l.Find(e.ID) != nil {
			return nil, fmt.Errorf("%s:%d: %s is locked twice", file, k.Line, e.ID)
		}
		l.Entries = append(l.Entries, e)
	}
	return l, nil
}
