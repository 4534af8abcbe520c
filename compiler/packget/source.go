package packget

import (
	"fmt"
	"net/url"
	"path"
	"strings"

	"gopkg.in/yaml.v3"
)

// Source is where a pack lives: a git repository (Git, with Path its
// sub-folder) or an archive (Archive, one version).
type Source struct {
	Git     string `yaml:"git,omitempty"`
	Path    string `yaml:"path,omitempty"`
	Archive string `yaml:"archive,omitempty"`
}

func (s Source) String() string {
	switch {
	case s.Archive != "":
		return s.Archive
	case s.Path != "":
		return s.Git + "//" + s.Path
	}
	return s.Git
}

// check reports what is wrong with a source as written.
func (s Source) check() error {
	switch {
	case s.Git == "" && s.Archive == "":
		return fmt.Errorf("a source has git: (a repository URL, with an optional path:) or archive: (a .zip or .tar.gz URL)")
	case s.Git != "" && s.Archive != "":
		return fmt.Errorf("a source has git: or archive:, not both")
	case s.Archive != "" && s.Path != "":
		return fmt.Errorf("path: goes with git:; an archive holds one pack at its root (or in its one top folder)")
	}
	if s.Path != "" {
		p := path.Clean(s.Path)
		if path.IsAbs(p) || p == ".." || strings.HasPrefix(p, "../") || strings.Contains(s.Path, "\\") {
			return fmt.Errorf("path %q leaves the repository", s.Path)
		}
	}
	raw := s.Git + s.Archive
	if strings.HasPrefix(raw, "-") {
		return fmt.Errorf("source %q is not a URL", raw)
	}
	if s.Archive != "" {
		u, err := url.Parse(s.Archive)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
			return fmt.Errorf("archive %q: an archive is fetched over http or https", s.Archive)
		}
		if !strings.HasSuffix(u.Path, ".zip") && !strings.HasSuffix(u.Path, ".tar.gz") && !strings.HasSuffix(u.Path, ".tgz") {
			return fmt.Errorf("archive %q: the URL must end in .zip, .tar.gz or .tgz", s.Archive)
		}
	}
	return nil
}

// Sources maps pack ids to their sources.
type Sources map[string]Source

// ReadSources reads a sources: mapping node (of pack.yaml or
// roundtable.yaml). Errors name the line.
func ReadSources(n *yaml.Node) (Sources, error) {
	out := Sources{}
	if n == nil {
		return out, nil
	}
	if n.Kind != yaml.MappingNode {
		return nil, fmt.Errorf("line %d: sources: maps a pack id to {git: URL, path: DIR} or {archive: URL}", n.Line)
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		var s Source
		if v.Kind != yaml.MappingNode {
			return nil, fmt.Errorf("line %d: source of %s: a mapping with git (and path) or archive", v.Line, k.Value)
		}
		for j := 0; j+1 < len(v.Content); j += 2 {
			switch f := v.Content[j]; f.Value {
			case "git", "path", "archive":
			default:
				return nil, fmt.Errorf("line %d: source of %s: unknown field %q (git, path, archive)", f.Line, k.Value, f.Value)
			}
		}
		if err := v.Decode(&s); err != nil {
			return nil, fmt.Errorf("line %d: source of %s: %v", v.Line, k.Value, strings.TrimPrefix(err.Error(), "yaml: "))
		}
		if err := s.check(); err != nil {
			return nil, fmt.Errorf("line %d: source of %s: %v", v.Line, k.Value, err)
		}
		out[k.Value] = s
	}
	return out, nil
}
