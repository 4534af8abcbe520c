package diag

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func sample() List {
	var l List
	d := l.Add(CodeUnknownRef, Pos{File: "units/red.yaml", Line: 3, Col: 8}, "unknown tag %q", "Flyng")
	d.Hint = `did you mean "flying"?`
	l.Warn("unused", Pos{File: "tags/a.yaml", Line: 1, Col: 1}, "tag %q is used by no unit", "haste")
	l.Add(CodeDuplicateKey, Pos{File: "units/red.yaml", Line: 2, Col: 1}, "key %q appears twice, 50%% sure", "id")
	return l.Sort()
}

func TestSortOrdersByFileLineCol(t *testing.T) {
	l := sample()
	got := []string{l[0].Pos.String(), l[1].Pos.String(), l[2].Pos.String()}
	want := []string{"tags/a.yaml:1:1", "units/red.yaml:2:1", "units/red.yaml:3:8"}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("order = %v, want %v", got, want)
		}
	}
}

func TestTextShowsSourceLineAndCaret(t *testing.T) {
	src := func(string) []byte { return []byte("kind: unit\nid: x\ntags:  [Flyng]\n") }
	var b bytes.Buffer
	var l List
	l.Add(CodeUnknownRef, Pos{File: "u.yaml", Line: 3, Col: 9}, "unknown tag %q", "Flyng").Hint = "did you mean \"flying\"?"
	if err := Print(&b, "text", l, src); err != nil {
		t.Fatal(err)
	}
	want := "u.yaml:3:9: error[unknown-ref]: unknown tag \"Flyng\" (did you mean \"flying\"?)\n    tags:  [Flyng]\n            ^\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

func TestJSONShape(t *testing.T) {
	var b bytes.Buffer
	if err := Print(&b, "json", sample(), nil); err != nil {
		t.Fatal(err)
	}
	var r struct {
		Diagnostics []map[string]any `json:"diagnostics"`
		Errors      int              `json:"errors"`
		Warnings    int              `json:"warnings"`
	}
	if err := json.Unmarshal(b.Bytes(), &r); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, b.String())
	}
	if r.Errors != 2 || r.Warnings != 1 || len(r.Diagnostics) != 3 {
		t.Fatalf("report = %+v", r)
	}
	d := r.Diagnostics[2]
	if d["code"] != "unknown-ref" || d["severity"] != "error" || d["file"] != "units/red.yaml" || d["line"] != 3.0 || d["col"] != 8.0 || d["hint"] != `did you mean "flying"?` {
		t.Errorf("diagnostic = %v", d)
	}
}

func TestSARIFStructure(t *testing.T) {
	var b bytes.Buffer
	if err := Print(&b, "sarif", sample(), nil); err != nil {
		t.Fatal(err)
	}
	var log struct {
		Schema  string `json:"$schema"`
		Version string `json:"version"`
		Runs    []struct {
			Tool struct {
				Driver struct {
					Name  string `json:"name"`
					Rules []struct {
						ID string `json:"id"`
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			Results []struct {
				RuleID    string `json:"ruleId"`
				Level     string `json:"level"`
				Message   struct{ Text string }
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string } `json:"artifactLocation"`
						Region           struct {
							StartLine   int `json:"startLine"`
							StartColumn int `json:"startColumn"`
						} `json:"region"`
					} `json:"physicalLocation"`
				} `json:"locations"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(b.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	if log.Version != "2.1.0" || !strings.Contains(log.Schema, "sarif-2.1.0") || len(log.Runs) != 1 {
		t.Fatalf("header = %q %q runs=%d", log.Version, log.Schema, len(log.Runs))
	}
	run := log.Runs[0]
	if run.Tool.Driver.Name != "roundtable" || len(run.Tool.Driver.Rules) != 3 || len(run.Results) != 3 {
		t.Fatalf("run = %+v", run)
	}
	r := run.Results[2]
	loc := r.Locations[0].PhysicalLocation
	if r.RuleID != "unknown-ref" || r.Level != "error" || loc.ArtifactLocation.URI != "units/red.yaml" || loc.Region.StartLine != 3 || loc.Region.StartColumn != 8 {
		t.Errorf("result = %+v", r)
	}
	if run.Results[0].Level != "warning" {
		t.Errorf("warning level = %q", run.Results[0].Level)
	}
}

func TestGitHubAnnotationsEscape(t *testing.T) {
	var b bytes.Buffer
	if err := Print(&b, "github", sample(), nil); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	want := []string{
		"::warning file=tags/a.yaml,line=1,col=1,title=unused::tag \"haste\" is used by no unit",
		"::error file=units/red.yaml,line=2,col=1,title=duplicate-key::key \"id\" appears twice, 50%25 sure",
		"::error file=units/red.yaml,line=3,col=8,title=unknown-ref::unknown tag \"Flyng\" (did you mean \"flying\"?)",
	}
	for i := range want {
		if lines[i] != want[i] {
			t.Errorf("line %d = %s\nwant     %s", i, lines[i], want[i])
		}
	}
}

func TestUnknownFormat(t *testing.T) {
	if err := Print(&bytes.Buffer{}, "xml", nil, nil); err == nil {
		t.Error("xml accepted")
	}
}
