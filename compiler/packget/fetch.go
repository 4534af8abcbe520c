package packget

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/compiler/regular"
	"github.com/roundtable-dev/roundtable/compiler/semver"
)

// manifest is what resolution reads of a pack.yaml.
type manifest struct {
	ID, Version, Game string
	Requires          map[string]string
	order             []string // Requires' keys as written
	Sources           Sources
}

// maxManifest bounds a pack.yaml read (the content's own file limit).
const maxManifest = 4 << 20

// readManifest reads dir/pack.yaml.
func readManifest(dir string) (*manifest, error) {
	file := filepath.Join(dir, "pack.yaml")
	b, err := regular.ReadFile(file, maxManifest, true)
	if err != nil {
		return nil, fmt.Errorf("no pack.yaml at the pack's root: %v", err)
	}
	var root yaml.Node
	if err := yaml.Unmarshal(b, &root); err != nil || len(root.Content) == 0 || root.Content[0].Kind != yaml.MappingNode {
		return nil, fmt.Errorf("pack.yaml does not read as a mapping")
	}
	m := &manifest{Requires: map[string]string{}}
	doc := root.Content[0]
	for i := 0; i+1 < len(doc.Content); i += 2 {
		k, v := doc.Content[i], doc.Content[i+1]
		switch k.Value {
		case "id":
			m.ID = v.Value
		case "version":
			m.Version = v.Value
		case "game":
			m.Game = v.Value
		case "requires":
			if v.Kind != yaml.MappingNode {
				return nil, fmt.Errorf("pack.yaml:%d: requires: maps pack ids to version ranges", v.Line)
			}
			for j := 0; j+1 < len(v.Content); j += 2 {
				m.Requires[v.Content[j].Value] = v.Content[j+1].Value
				m.order = append(m.order, v.Content[j].Value)
			}
		case "sources":
			s, err := ReadSources(v)
			if err != nil {
				return nil, fmt.Errorf("pack.yaml: %v", err)
			}
			m.Sources = s
		}
	}
	if m.ID == "" || m.Version == "" {
		return nil, fmt.Errorf("pack.yaml has no id or no version")
	}
	return m, nil
}

// cand is one version a source offers.
type cand struct {
	v   semver.Version
	tag string // the git tag ("" for an archive)
}

func (c cand) String() string { return c.v.String() }

// fetcher finds versions and fetches packs into the cache.
type fetcher struct {
	ctx     context.Context
	cache   Cache
	offline bool
	lim     Limits
	log     io.Writer
	tags    map[string][]string // by repository URL
	archive map[string]cand     // by archive URL: its one version
}

// versions lists what src offers for id, lowest first.
func (f *fetcher) versions(id string, src Source) ([]cand, error) {
	var out []cand
	switch {
	case f.offline:
		for _, v := range f.cache.cached(id, src) {
			in, _ := f.cache.lookup(id, v)
			if sv, err := semver.Parse(v); err == nil {
				out = append(out, cand{v: sv, tag: in.Tag})
			}
		}
		if len(out) == 0 {
			return nil, fmt.Errorf("%s: nothing from %s is in the cache (%s), and --offline fetches nothing", id, src, f.cache.Dir)
		}
	case src.Archive != "":
		c, ok := f.archive[src.Archive]
		if !ok {
			// An archive URL is one version: once cached, it is that.
			if vs := f.cache.cached(id, src); len(vs) == 1 {
				in, _ := f.cache.lookup(id, vs[0])
				if sv, err := semver.Parse(vs[0]); err == nil {
					c, ok = cand{v: sv, tag: in.Tag}, true
				}
			}
		}
		if !ok {
			var err error
			if c, err = f.fetchArchiveVersion(id, src); err != nil {
				return nil, err
			}
			f.archive[src.Archive] = c
		}
		out = []cand{c}
	default:
		tags, ok := f.tags[src.Git]
		if !ok {
			fmt.Fprintf(f.log, "listing versions of %s at %s\n", id, src.Git)
			var err error
			if tags, err = gitTags(f.ctx, src.Git); err != nil {
				return nil, fmt.Errorf("%s: %v", id, err)
			}
			f.tags[src.Git] = tags
		}
		out = tagVersions(id, tags)
		if len(out) == 0 {
			return nil, fmt.Errorf("%s: %s has no version tags (v1.2.0, or %s/v1.2.0 in a repository of several packs)", id, src.Git, id)
		}
	}
	slices.SortFunc(out, func(a, b cand) int { return semver.Compare(a.v, b.v) })
	return out, nil
}

// tagVersions reads the semver tags of id: pack-id/vX.Y.Z where the
// repository has any such tag for id, else vX.Y.Z.
func tagVersions(id string, tags []string) []cand {
	var own, plain []cand
	for _, t := range tags {
		if rest, ok := strings.CutPrefix(t, id+"/v"); ok {
			if v, err := semver.Parse(rest); err == nil {
				own = append(own, cand{v: v, tag: t})
			}
		} else if rest, ok := strings.CutPrefix(t, "v"); ok && !strings.Contains(t, "/") {
			if v, err := semver.Parse(rest); err == nil {
				plain = append(plain, cand{v: v, tag: t})
			}
		}
	}
	if len(own) > 0 {
		return own
	}
	return plain
}

// get returns the cached pack id@c (fetching it first when needed) and
// its manifest.
func (f *fetcher) get(id string, src Source, c cand) (*manifest, *info, error) {
	v := c.v.String()
	if in, ok := f.cache.lookup(id, v); ok && in.Source == src {
		m, err := readManifest(f.cache.PackDir(id, v))
		if err != nil {
			return nil, nil, fmt.Errorf("%s %s in the cache: %v", id, v, err)
		}
		return m, in, nil
	}
	if f.offline {
		return nil, nil, fmt.Errorf("%s %s is not in the cache (%s), and --offline fetches nothing", id, v, f.cache.Dir)
	}
	if src.Archive != "" {
		got, err := f.fetchArchiveVersion(id, src)
		if err != nil {
			return nil, nil, err
		}
		if got.v.String() != v {
			return nil, nil, fmt.Errorf("%s: %s now holds version %s, not %s", id, src.Archive, got.v, v)
		}
		return f.get(id, src, got)
	}
	tmp, err := f.cache.begin(id, v)
	if err != nil {
		return nil, nil, err
	}
	defer os.RemoveAll(tmp)
	fmt.Fprintf(f.log, "fetching %s %s from %s\n", id, v, src)
	dir, err := fetchGit(f.ctx, src.Git, src.Path, c.tag, tmp, f.lim)
	if err != nil {
		return nil, nil, fmt.Errorf("%s %s: %v", id, v, err)
	}
	return f.finish(id, src, c.tag, tmp, dir, v)
}

// fetchArchiveVersion downloads an archive (whose version is only known
// once read) into the cache.
func (f *fetcher) fetchArchiveVersion(id string, src Source) (cand, error) {
	if f.offline {
		return cand{}, fmt.Errorf("%s: --offline", id)
	}
	tmp, err := f.cache.begin(id, "archive")
	if err != nil {
		return cand{}, err
	}
	defer os.RemoveAll(tmp)
	fmt.Fprintf(f.log, "fetching %s from %s\n", id, src.Archive)
	dir, err := fetchArchive(f.ctx, src.Archive, tmp, f.lim)
	if err != nil {
		return cand{}, fmt.Errorf("%s: %v", id, err)
	}
	m, err := readManifest(dir)
	if err != nil {
		return cand{}, fmt.Errorf("%s: %s: %v", id, src.Archive, err)
	}
	v, err := semver.Parse(m.Version)
	if err != nil {
		return cand{}, fmt.Errorf("%s: %s: version %q: %v", id, src.Archive, m.Version, err)
	}
	if _, _, err := f.finish(id, src, "", tmp, dir, m.Version); err != nil {
		return cand{}, err
	}
	return cand{v: v}, nil
}

// finish checks a downloaded pack against what was asked, hashes it and
// moves it into the cache.
func (f *fetcher) finish(id string, src Source, tag, tmp, dir, version string) (*manifest, *info, error) {
	m, err := readManifest(dir)
	if err != nil {
		return nil, nil, fmt.Errorf("%s %s from %s: %v", id, version, src, err)
	}
	if m.ID != id {
		return nil, nil, fmt.Errorf("%s from %s is pack %q, not %s", version, src, m.ID, id)
	}
	if m.Version != version {
		return nil, nil, fmt.Errorf("%s: tag %s of %s holds version %s (pack.yaml), not %s", id, tag, src, m.Version, version)
	}
	h, err := HashDir(dir, id, version)
	if err != nil {
		return nil, nil, fmt.Errorf("%s %s: %v", id, version, err)
	}
	in := info{Source: src, Tag: tag, Hash: h}
	if err := f.cache.commit(tmp, id, version, in); err != nil {
		return nil, nil, fmt.Errorf("%s %s: into the cache: %v", id, version, err)
	}
	return m, &in, nil
}
