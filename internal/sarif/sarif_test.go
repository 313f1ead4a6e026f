package sarif

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/squashgo/squash/internal/sarif/sariftest"
)

// TestLog: a log with rules, results at a place and without one, a fix, and
// a file outside the module is valid SARIF 2.1.0. Files under the root are
// relative to it, and columns count code points.
func TestLog(t *testing.T) {
	src := "package p\n\nvar s = \"héllo\"; var ids []int\n"
	l := New(Tool{Name: "squash", Version: "(devel)", InformationURI: "https://github.com/squashgo/squash"}, "/m", []Rule{
		{ID: "prealloc", Short: "preallocate", Help: "a slice appended to in a loop", HelpURI: "https://pkg.go.dev/x", Level: "error"},
		{ID: "budget", Short: "allocs/op over budget", Help: "a benchmark allocates more", Level: "error"},
	})
	l.ReadFile = func(string) ([]byte, error) { return []byte(src), nil }
	l.Add(Result{Rule: "prealloc", Message: "ids grows", File: "/m/a dir/p.go", Line: 3, Col: 24, EndLine: 3, EndCol: 32,
		Fixes: []Fix{{Description: "make it", Edits: []Edit{{File: "/m/a dir/p.go", Start: 33, End: 35, New: "= make([]int, 0, 4)"}}}}})
	l.Add(Result{Rule: "budget", Level: "warning", Message: "BenchmarkX: 4 allocs/op, budget 3"})
	l.Add(Result{Rule: "budget", Message: "outside", File: "/elsewhere/q.go", Line: 1})
	var buf bytes.Buffer
	if err := l.Write(&buf); err != nil {
		t.Fatal(err)
	}
	sariftest.Validate(t, buf.Bytes())
	var got struct {
		Runs []struct {
			OriginalURIBaseIDs map[string]struct{ URI string } `json:"originalUriBaseIds"`
			Results            []struct {
				RuleIndex int
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI, URIBaseID string }
						Region           struct{ StartColumn, EndColumn int }
					}
				}
				Fixes []any
			}
		}
	}
	if err := json.Unmarshal(buf.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	run := got.Runs[0]
	first := run.Results[0].Locations[0].PhysicalLocation
	if first.ArtifactLocation.URI != "a%20dir/p.go" || first.ArtifactLocation.URIBaseID != "SRCROOT" ||
		first.Region.StartColumn != 23 || first.Region.EndColumn != 31 || len(run.Results[0].Fixes) != 1 {
		t.Errorf("first result: %+v, fixes %v", first, run.Results[0].Fixes)
	}
	if run.OriginalURIBaseIDs["SRCROOT"].URI != "file:///m/" {
		t.Errorf("SRCROOT = %q", run.OriginalURIBaseIDs["SRCROOT"].URI)
	}
	if len(run.Results[1].Locations) != 0 || run.Results[1].RuleIndex != 1 {
		t.Errorf("second result: %+v", run.Results[1])
	}
	if u := run.Results[2].Locations[0].PhysicalLocation.ArtifactLocation; u.URI != "file:///elsewhere/q.go" || u.URIBaseID != "" {
		t.Errorf("a file outside the module: %+v", u)
	}
}

// TestSchemaRejects: the schema check can fail, as on a result without a
// message or a log of another version.
func TestSchemaRejects(t *testing.T) {
	c := jsonschema.NewCompiler()
	schema, err := c.Compile(sariftest.SchemaFile())
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{
		`{"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "squash"}}, "results": [{"ruleId": "x"}]}]}`,
		`{"version": "2.0.0", "runs": []}`,
		`{"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "squash"}}, "results": [{"message": {"text": "m"}, "locations": [{"physicalLocation": {"region": {"startLine": 0}}}]}]}]}`,
	} {
		doc, err := jsonschema.UnmarshalJSON(strings.NewReader(bad))
		if err != nil {
			t.Fatal(err)
		}
		if schema.Validate(doc) == nil {
			t.Errorf("the schema accepts %s", bad)
		}
	}
}

func ExampleLog() {
	l := New(Tool{Name: "squash"}, "/src/mod", []Rule{{ID: "noalloc", Short: "a //squash:noalloc function allocates", Help: "…", Level: "error"}})
	l.ReadFile = func(string) ([]byte, error) { return nil, os.ErrNotExist }
	l.Add(Result{Rule: "noalloc", Message: "Count allocates", File: "/src/mod/dec/dec.go", Line: 28, Col: 16})
	var buf bytes.Buffer
	l.Write(&buf)
	var log struct {
		Runs []struct {
			Results []struct {
				Locations []struct{ PhysicalLocation any }
			}
		}
	}
	json.Unmarshal(buf.Bytes(), &log)
	out, _ := json.Marshal(log.Runs[0].Results[0].Locations[0].PhysicalLocation)
	os.Stdout.Write(append(out, '\n'))
	// Output: {"artifactLocation":{"uri":"dec/dec.go","uriBaseId":"SRCROOT"},"region":{"startColumn":16,"startLine":28}}
}
