package diag

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// Formats names the printers, for flag help and validation.
var Formats = []string{"text", "json", "github", "sarif"}

// Sources returns the bytes of a content file by its printed name, or nil.
type Sources func(file string) []byte

// Print renders the list in one format. Every format prints the same list in
// the same order.
func Print(w io.Writer, format string, l List, src Sources) error {
	switch format {
	case "text", "":
		return printText(w, l, src)
	case "json":
		return printJSON(w, l)
	case "github":
		return printGitHub(w, l)
	case "sarif":
		return printSARIF(w, l)
	}
	return fmt.Errorf("unknown format %q (want one of %s)", format, strings.Join(Formats, ", "))
}

// PrintText prints the text format, in colour when color (ANSI: the
// severity, the code, the caret and the hint; for a terminal).
func PrintText(w io.Writer, l List, src Sources, color bool) error {
	return printTextStyled(w, l, src, color)
}

func printText(w io.Writer, l List, src Sources) error { return printTextStyled(w, l, src, false) }

// ANSI styles of the text format.
const (
	ansiReset  = "\x1b[0m"
	ansiRed    = "\x1b[1;31m"
	ansiYellow = "\x1b[1;33m"
	ansiBold   = "\x1b[1m"
	ansiGreen  = "\x1b[32m"
	ansiCyan   = "\x1b[36m"
	ansiDim    = "\x1b[2m"
)

func printTextStyled(w io.Writer, l List, src Sources, color bool) error {
	paint := func(style, s string) string {
		if !color || s == "" {
			return s
		}
		return style + s + ansiReset
	}
	var b bytes.Buffer
	shown, omitted := l.Shown()
	lines := lineIndex{src: src}
	for _, d := range shown {
		// A did-you-mean belongs on the headline, where grep and editors see it.
		hint, headline := Clip(d.Hint, MaxMessage), d.Message
		if strings.HasPrefix(hint, "did you mean") {
			headline += " (" + hint + ")"
			hint = ""
		}
		sev := paint(ansiRed, d.Severity.String())
		if d.Severity == Warning {
			sev = paint(ansiYellow, d.Severity.String())
		}
		fmt.Fprintf(&b, "%s: %s[%s]: %s\n", paint(ansiBold, d.Pos.String()), sev, paint(ansiBold, d.Code), headline)
		if line, ok := lines.line(d.Pos); ok {
			fmt.Fprintf(&b, "    %s\n", line)
			if d.Pos.Col > 0 {
				fmt.Fprintf(&b, "    %s%s\n", caretPad(line, d.Pos.Col), paint(ansiGreen, "^"))
			}
		}
		if hint != "" {
			fmt.Fprintf(&b, "    %s %s\n", paint(ansiCyan, "hint:"), hint)
		}
		for _, r := range d.Related {
			fmt.Fprintf(&b, "    %s: %s\n", paint(ansiDim, r.Pos.String()), r.Message)
		}
		for _, n := range d.Notes {
			fmt.Fprintf(&b, "    %s %s\n", paint(ansiCyan, "note:"), n)
		}
	}
	if omitted > 0 {
		fmt.Fprintln(&b, MoreLine(l, omitted))
	}
	_, err := w.Write(b.Bytes())
	return err
}

// lineIndex finds source lines by number: the offsets of each file's line
// starts are found once, so printing is linear in the diagnostics and the
// files (scanning from the first byte per diagnostic made 100,000
// diagnostics in one file quadratic).
type lineIndex struct {
	src    Sources
	starts map[string][]int // file -> offset of each line's first byte
	data   map[string][]byte
}

func (x *lineIndex) line(p Pos) (string, bool) {
	if x.src == nil || p.Line == 0 {
		return "", false
	}
	starts, ok := x.starts[p.File]
	if !ok {
		data := x.src(p.File)
		if data != nil {
			starts = []int{0}
			for i, c := range data {
				if c == '\n' {
					starts = append(starts, i+1)
				}
			}
		}
		if x.starts == nil {
			x.starts, x.data = map[string][]int{}, map[string][]byte{}
		}
		x.starts[p.File], x.data[p.File] = starts, data
	}
	if p.Line > len(starts) {
		return "", false
	}
	data := x.data[p.File][starts[p.Line-1]:]
	if j := bytes.IndexByte(data, '\n'); j >= 0 {
		data = data[:j]
	}
	if len(data) > 200 {
		return "", false
	}
	line := strings.TrimRight(string(data), "\r")
	if !utf8.ValidString(line) {
		return "", false
	}
	return line, true
}

// caretPad keeps tabs so the caret lines up under the column.
func caretPad(line string, col int) string {
	var b strings.Builder
	for i, r := range []rune(line) {
		if i >= col-1 {
			break
		}
		if r == '\t' {
			b.WriteByte('\t')
		} else {
			b.WriteByte(' ')
		}
	}
	return b.String()
}

// JSONVersion is the version of check's JSON shape (docs/schema/check.schema.json).
// Version 2: every position is {file, line, col} under "pos"; notes.
const JSONVersion = 2

// JSONDiagnostic is the documented JSON shape of one diagnostic.
type JSONDiagnostic struct {
	Code     string    `json:"code"`
	Severity string    `json:"severity"`
	Pos      Pos       `json:"pos"`
	Message  string    `json:"message"`
	Hint     string    `json:"hint,omitempty"`
	Related  []Related `json:"related,omitempty"`
	Notes    []string  `json:"notes,omitempty"`
}

// JSONReport is the documented top-level JSON shape.
type JSONReport struct {
	Version     int              `json:"version"`
	Diagnostics []JSONDiagnostic `json:"diagnostics"`
	Errors      int              `json:"errors"`
	Warnings    int              `json:"warnings"`
	// Omitted counts the diagnostics after the first MaxShown, which are
	// left out (Errors and Warnings count them).
	Omitted int `json:"omitted,omitempty"`
}

// ToJSON converts the list to its documented JSON shape.
func ToJSON(l List) JSONReport {
	shown, omitted := l.Shown()
	r := JSONReport{Version: JSONVersion, Diagnostics: []JSONDiagnostic{}, Errors: l.Errors(), Warnings: l.Warnings(), Omitted: omitted}
	for _, d := range shown {
		r.Diagnostics = append(r.Diagnostics, JSONDiagnostic{
			Code: d.Code, Severity: d.Severity.String(), Pos: d.Pos,
			Message: d.Message, Hint: Clip(d.Hint, MaxMessage), Related: d.Related, Notes: d.Notes,
		})
	}
	return r
}

func printJSON(w io.Writer, l List) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(ToJSON(l))
}

// GitHub workflow commands need %, CR and LF escaped in messages, and also
// , and : in properties.
func ghEscape(s string, prop bool) string {
	s = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
	if prop {
		s = strings.NewReplacer(",", "%2C", ":", "%3A").Replace(s)
	}
	return s
}

func printGitHub(w io.Writer, l List) error {
	var b bytes.Buffer
	shown, omitted := l.Shown()
	for _, d := range shown {
		msg := d.Message
		if d.Hint != "" {
			msg += " (" + Clip(d.Hint, MaxMessage) + ")"
		}
		// An annotation has one place: the others go into its message,
		// one line each, where the reviewer reads them.
		for _, r := range d.Related {
			msg += "\n" + r.Pos.String() + ": " + r.Message
		}
		for _, n := range d.Notes {
			msg += "\nnote: " + n
		}
		fmt.Fprintf(&b, "::%s file=%s", d.Severity, ghEscape(d.Pos.File, true))
		if d.Pos.Line > 0 {
			fmt.Fprintf(&b, ",line=%d", d.Pos.Line)
		}
		if d.Pos.Col > 0 {
			fmt.Fprintf(&b, ",col=%d", d.Pos.Col)
		}
		fmt.Fprintf(&b, ",title=%s::%s\n", ghEscape(d.Code, true), ghEscape(msg, false))
	}
	if omitted > 0 {
		fmt.Fprintf(&b, "::notice::%s\n", ghEscape(MoreLine(l, omitted), false))
	}
	_, err := w.Write(b.Bytes())
	return err
}

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool    sarifTool     `json:"tool"`
	Results []sarifResult `json:"results"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	InformationURI string      `json:"informationUri"`
	Rules          []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID                   string       `json:"id"`
	ShortDescription     sarifMessage `json:"shortDescription"`
	FullDescription      sarifMessage `json:"fullDescription"`
	HelpURI              string       `json:"helpUri"`
	DefaultConfiguration sarifConfig  `json:"defaultConfiguration"`
}

type sarifConfig struct {
	Level string `json:"level"`
}

type sarifMessage struct {
	Text string `json:"text"`
}

type sarifResult struct {
	RuleID           string          `json:"ruleId"`
	RuleIndex        int             `json:"ruleIndex"`
	Level            string          `json:"level"`
	Message          sarifMessage    `json:"message"`
	Locations        []sarifLocation `json:"locations"`
	RelatedLocations []sarifLocation `json:"relatedLocations,omitempty"`
}

type sarifLocation struct {
	ID               *int          `json:"id,omitempty"`
	PhysicalLocation sarifPhysical `json:"physicalLocation"`
	Message          *sarifMessage `json:"message,omitempty"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           *sarifRegion  `json:"region,omitempty"`
}

type sarifArtifact struct {
	URI string `json:"uri"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
}

func printSARIF(w io.Writer, l List) error {
	run := sarifRun{
		Tool: sarifTool{Driver: sarifDriver{
			Name:           "roundtable",
			InformationURI: DocsURL,
			Rules:          []sarifRule{},
		}},
		Results: []sarifResult{},
	}
	rule := map[string]int{}
	shown, omitted := l.Shown()
	if omitted > 0 {
		// The last result says how many were left out.
		shown = append(shown[:len(shown):len(shown)], CodeTooMany.At(Pos{}, "%s", MoreLine(l, omitted)))
	}
	for _, d := range shown {
		idx, ok := rule[d.Code]
		if !ok {
			idx = len(run.Tool.Driver.Rules)
			rule[d.Code] = idx
			c, _ := Lookup(d.Code)
			full := c.Summary
			if len(c.Reads) > 0 {
				full += " Folded under the error of a broken document it reads (" + strings.Join(c.Reads, ", ") + ")."
			}
			run.Tool.Driver.Rules = append(run.Tool.Driver.Rules, sarifRule{
				ID: d.Code, ShortDescription: sarifMessage{c.Summary}, FullDescription: sarifMessage{full},
				HelpURI: DocURL(d.Code), DefaultConfiguration: sarifConfig{sarifLevel(c.Severity)},
			})
		}
		msg := d.Message
		if d.Hint != "" {
			msg += " (" + Clip(d.Hint, MaxMessage) + ")"
		}
		for _, n := range d.Notes {
			msg += "\nnote: " + n
		}
		res := sarifResult{RuleID: d.Code, RuleIndex: idx, Level: sarifLevel(d.Severity), Message: sarifMessage{msg}, Locations: []sarifLocation{sarifLoc(d.Pos)}}
		for i, r := range d.Related {
			loc := sarifLoc(r.Pos)
			id := i + 1
			loc.ID, loc.Message = &id, &sarifMessage{r.Message}
			res.RelatedLocations = append(res.RelatedLocations, loc)
		}
		run.Results = append(run.Results, res)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(sarifLog{
		Schema:  "https://json.schemastore.org/sarif-2.1.0.json",
		Version: "2.1.0",
		Runs:    []sarifRun{run},
	})
}

func sarifLevel(s Severity) string {
	if s == Warning {
		return "warning"
	}
	return "error"
}

func sarifLoc(p Pos) sarifLocation {
	loc := sarifLocation{PhysicalLocation: sarifPhysical{ArtifactLocation: sarifArtifact{URI: p.File}}}
	if p.Line > 0 {
		loc.PhysicalLocation.Region = &sarifRegion{StartLine: p.Line, StartColumn: p.Col}
	}
	return loc
}
