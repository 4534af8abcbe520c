package skill

import (
	"regexp"
	"sync"
)

// lazyRE compiles its pattern on first use: the package holds over a hundred
// patterns, and compiling them at init cost every roundtable command (not only
// Cipher's) several milliseconds at start-up.
type lazyRE struct {
	src  string
	once sync.Once
	re   *regexp.Regexp
}

func lazy(src string) *lazyRE { return &lazyRE{src: "(?i)" + src} }

func (l *lazyRE) get() *regexp.Regexp {
	l.once.Do(func() { l.re = regexp.MustCompile(l.src) })
	return l.re
}

func (l *lazyRE) MatchString(s string) bool            { return l.get().MatchString(s) }
func (l *lazyRE) FindString(s string) string           { return l.get().FindString(s) }
func (l *lazyRE) FindStringSubmatch(s string) []string { return l.get().FindStringSubmatch(s) }
func (l *lazyRE) FindAllStringSubmatch(s string, n int) [][]string {
	return l.get().FindAllStringSubmatch(s, n)
}
func (l *lazyRE) ReplaceAllString(s, repl string) string {
	return l.get().ReplaceAllString(s, repl)
}
func (l *lazyRE) FindStringSubmatchIndex(s string) []int { return l.get().FindStringSubmatchIndex(s) }
