package diag

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// testChecks are codes of this package's tests only.
var (
	testChecks = NewCatalogue("test-")
	codeUnused = testChecks.Declare(Code{ID: "test-unused", Severity: Warning, Summary: "A tag no unit uses (a test's warning)."})
)

func sample() List {
	var l List
	d := l.Add(CodeUnknownRef, Pos{File: "units/red.yaml", Line: 3, Col: 8}, "unknown tag %q", "Flyng")
	d.Hint = `did you mean "flying"?`
	l.Add(codeUnused, Pos{File: "tags/a.yaml", Line: 1, Col: 1}, "tag %q is used by no unit", "haste")
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
		Version     int              `json:"version"`
		Diagnostics []map[string]any `json:"diagnostics"`
		Errors      int              `json:"errors"`
		Warnings    int              `json:"warnings"`
	}
	if err := json.Unmarshal(b.Bytes(), &r); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, b.String())
	}
	if r.Version != 2 || r.Errors != 2 || r.Warnings != 1 || len(r.Diagnostics) != 3 {
		t.Fatalf("report = %+v", r)
	}
	d := r.Diagnostics[2]
	pos, _ := d["pos"].(map[string]any)
	if d["code"] != "unknown-ref" || d["severity"] != "error" || pos["file"] != "units/red.yaml" || pos["line"] != 3.0 || pos["col"] != 8.0 || d["hint"] != `did you mean "flying"?` {
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
		"::warning file=tags/a.yaml,line=1,col=1,title=test-unused::tag \"haste\" is used by no unit",
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

// related is a duplicate id with the place of the first definition.
func related() List {
	var l List
	d := l.Add(CodeDuplicateID, Pos{File: "units/b.yaml", Line: 4, Col: 5}, "duplicate unit id %q", "chrom")
	d.Related = []Related{{Pos: Pos{File: "annas-base:units/blue.yaml", Line: 30, Col: 5}, Message: `unit "chrom" is first defined here`}}
	d.Notes = []string{"1 more problem follows"}
	return l
}

func TestSARIFRelatedAndRuleMetadata(t *testing.T) {
	var b bytes.Buffer
	if err := Print(&b, "sarif", related(), nil); err != nil {
		t.Fatal(err)
	}
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Rules []struct {
						ID                   string `json:"id"`
						HelpURI              string `json:"helpUri"`
						FullDescription      struct{ Text string }
						DefaultConfiguration struct {
							Level string `json:"level"`
						} `json:"defaultConfiguration"`
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			Results []struct {
				RuleIndex        int `json:"ruleIndex"`
				Message          struct{ Text string }
				RelatedLocations []struct {
					ID               int `json:"id"`
					Message          struct{ Text string }
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string } `json:"artifactLocation"`
						Region           struct {
							StartLine int `json:"startLine"`
						} `json:"region"`
					} `json:"physicalLocation"`
				} `json:"relatedLocations"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(b.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	rule := log.Runs[0].Tool.Driver.Rules[0]
	if rule.ID != "duplicate-id" || rule.HelpURI != DocsURL+"#duplicate-id" || rule.FullDescription.Text != "Two entities of one kind share an id." || rule.DefaultConfiguration.Level != "error" {
		t.Errorf("rule = %+v", rule)
	}
	res := log.Runs[0].Results[0]
	if len(res.RelatedLocations) != 1 {
		t.Fatalf("related = %+v", res.RelatedLocations)
	}
	rl := res.RelatedLocations[0]
	if rl.ID != 1 || rl.Message.Text != `unit "chrom" is first defined here` || rl.PhysicalLocation.ArtifactLocation.URI != "annas-base:units/blue.yaml" || rl.PhysicalLocation.Region.StartLine != 30 {
		t.Errorf("related location = %+v", rl)
	}
	if res.RuleIndex != 0 || res.Message.Text != "duplicate unit id \"chrom\"\nnote: 1 more problem follows" {
		t.Errorf("result = %+v", res)
	}
}

func TestGitHubCarriesRelated(t *testing.T) {
	var b bytes.Buffer
	if err := Print(&b, "github", related(), nil); err != nil {
		t.Fatal(err)
	}
	want := "::error file=units/b.yaml,line=4,col=5,title=duplicate-id::duplicate unit id \"chrom\"%0Aannas-base:units/blue.yaml:30:5: unit \"chrom\" is first defined here%0Anote: 1 more problem follows\n"
	if b.String() != want {
		t.Errorf("got  %q\nwant %q", b.String(), want)
	}
}
