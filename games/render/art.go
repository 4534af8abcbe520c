package render

import (
	"encoding/base64"
	"fmt"
	"html/template"
	"io/fs"
	"path"
	"strings"

	"github.com/roundtable-dev/roundtable/compiler/assets"
)

// artFile is a picture of an entity from a pack's art/ folder.
type artFile struct {
	mime string
	data []byte
	file string
}

// readArt indexes a pack's art/ folder: art/ID.png (or .jpg) is the art of
// the entity ID. A file that cannot be read (not a regular file, over
// assets.MaxArt) is left out, and its entity gets the placeholder; check
// reports it (asset-file).
func (l *Layouts) readArt(p Pack) {
	entries, err := fs.ReadDir(p.FS, "art")
	if err != nil {
		return // no art: placeholders
	}
	for _, e := range entries {
		ext := strings.ToLower(path.Ext(e.Name()))
		mime, ok := assets.ArtTypes[ext]
		if e.IsDir() || !ok {
			continue
		}
		rel := path.Join("art", e.Name())
		b, err := assets.Read(p.FS, rel)
		if err != nil {
			l.Skipped = append(l.Skipped, fmt.Sprintf("%s: %s", path.Join(p.Dir, rel), assets.Explain(rel, err)))
			continue
		}
		l.art[strings.TrimSuffix(e.Name(), path.Ext(e.Name()))] = artFile{mime: mime, data: b, file: path.Join(p.Dir, rel)}
	}
}

// artFunc draws the art of entity id in the box x, y, w, h: the pack's
// picture when it has one, else a clean placeholder tinted with tint and
// marked with the initials of name.
func (l *Layouts) artFunc(id, name string, x, y, w, h any, tint string) (template.HTML, error) {
	var v [4]float64
	for i, a := range []any{x, y, w, h} {
		f, err := toFloat(a)
		if err != nil {
			return "", fmt.Errorf("art: %v", err)
		}
		v[i] = f
	}
	X, Y, W, H := v[0], v[1], v[2], v[3]
	if a, ok := l.art[id]; ok {
		return template.HTML(fmt.Sprintf(`<image x="%s" y="%s" width="%s" height="%s" preserveAspectRatio="xMidYMid slice" href="data:%s;base64,%s" data-art="%s"/>`,
			num(X), num(Y), num(W), num(H), a.mime, base64.StdEncoding.EncodeToString(a.data), template.HTMLEscapeString(path.Base(a.file)))), nil
	}
	if _, _, _, ok := parseHex(tint); !ok {
		tint = l.Color(tint)
	}
	bg, _ := mix(tint, "#ffffff", 0.82)
	far, _ := mix(tint, "#ffffff", 0.55)
	near, _ := mix(tint, "#ffffff", 0.3)
	sun, _ := mix(tint, "#ffffff", 0.65)
	ink, _ := mix(tint, "#000000", 0.25)
	var b strings.Builder
	fmt.Fprintf(&b, `<g data-art="placeholder">`)
	fmt.Fprintf(&b, `<rect x="%s" y="%s" width="%s" height="%s" fill="%s"/>`, num(X), num(Y), num(W), num(H), bg)
	fmt.Fprintf(&b, `<circle cx="%s" cy="%s" r="%s" fill="%s"/>`, num(X+W*0.78), num(Y+H*0.28), num(min(W, H)*0.1), sun)
	fmt.Fprintf(&b, `<polygon points="%s,%s %s,%s %s,%s %s,%s" fill="%s"/>`,
		num(X), num(Y+H), num(X+W*0.34), num(Y+H*0.42), num(X+W*0.62), num(Y+H*0.8), num(X+W*0.62), num(Y+H), far)
	fmt.Fprintf(&b, `<polygon points="%s,%s %s,%s %s,%s" fill="%s"/>`,
		num(X+W*0.3), num(Y+H), num(X+W*0.66), num(Y+H*0.5), num(X+W), num(Y+H), near)
	if in := initials(name); in != "" {
		size := min(W, H) * 0.3
		fmt.Fprintf(&b, `<text x="%s" y="%s" font-size="%s" font-weight="bold" text-anchor="middle" fill="%s" fill-opacity="0.55">%s</text>`,
			num(X+W/2), num(Y+H/2+size*0.36), num(size), ink, template.HTMLEscapeString(in))
	}
	b.WriteString(`</g>`)
	return template.HTML(b.String()), nil
}
