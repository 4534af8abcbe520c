package packget

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
)

// git runs the system's git with no prompts and only the transports a
// pack source may use (no ext::, no fd::).
func git(ctx context.Context, dir string, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, "git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_TERMINAL_PROMPT=0", "GIT_ALLOW_PROTOCOL=file:git:http:https:ssh", "GIT_ASKPASS=true")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		if _, lookErr := exec.LookPath("git"); lookErr != nil {
			return nil, fmt.Errorf("fetching a pack from a git repository needs git on PATH")
		}
		msg := strings.TrimSpace(stderr.String())
		if i := strings.LastIndexByte(msg, '\n'); i >= 0 {
			msg = msg[i+1:]
		}
		return nil, fmt.Errorf("git %s: %s", args[0], strings.TrimPrefix(msg, "fatal: "))
	}
	return out, nil
}

// gitTags lists the tags of a repository.
func gitTags(ctx context.Context, url string) ([]string, error) {
	out, err := git(ctx, "", "ls-remote", "--tags", "--refs", "--", url)
	if err != nil {
		return nil, err
	}
	var tags []string
	for _, line := range strings.Split(string(out), "\n") {
		if _, ref, ok := strings.Cut(line, "\t"); ok {
			tags = append(tags, strings.TrimPrefix(ref, "refs/tags/"))
		}
	}
	return tags, nil
}

// fetchGit checks out tag of url (one commit, no history) into tmp/clone
// and copies the pack's folder (sub, or the root) to tmp/pack. A link or a
// submodule in the pack's folder is an error: a pack holds files.
func fetchGit(ctx context.Context, url, sub, tag, tmp string, lim Limits) (string, error) {
	clone := filepath.Join(tmp, "clone")
	if _, err := git(ctx, "", "-c", "advice.detachedHead=false", "-c", "core.symlinks=false", "clone", "--quiet",
		"--depth", "1", "--single-branch", "--no-tags", "--branch", tag, "--", url, clone); err != nil {
		return "", err
	}
	where := "."
	if sub != "" {
		where = path.Clean(sub)
	}
	out, err := git(ctx, clone, "ls-tree", "-r", "-z", "--full-tree", "HEAD", "--", where)
	if err != nil {
		return "", err
	}
	n := 0
	for _, rec := range bytes.Split(out, []byte{0}) {
		meta, name, ok := bytes.Cut(rec, []byte{'\t'})
		if !ok {
			continue
		}
		n++
		switch mode := string(bytes.Fields(meta)[0]); mode {
		case "120000":
			return "", fmt.Errorf("%s at %s: %s is a symbolic link (a pack holds only files and folders)", url, tag, name)
		case "160000":
			return "", fmt.Errorf("%s at %s: %s is a submodule (a pack holds only files and folders)", url, tag, name)
		}
	}
	if n == 0 {
		return "", fmt.Errorf("%s at %s has no folder %s", url, tag, where)
	}
	// The clone's own .git is not the pack's.
	if err := os.RemoveAll(filepath.Join(clone, ".git")); err != nil {
		return "", err
	}
	src := filepath.Join(clone, filepath.FromSlash(where))
	dst := filepath.Join(tmp, "pack")
	if err := copyTree(src, dst, lim); err != nil {
		return "", fmt.Errorf("%s at %s: %v", url, tag, err)
	}
	return dst, os.RemoveAll(clone)
}
