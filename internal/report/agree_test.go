package report

import (
	"bytes"
	"context"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/squashgo/squash/internal/bench"
	explainer "github.com/squashgo/squash/internal/explain"
)

// examplesReport returns the report of every benchmark of examples/, made
// once for the tests that read it.
func examplesReport(t *testing.T) *Report {
	t.Helper()
	if testing.Short() {
		t.Skip("runs every example benchmark")
	}
	once, _ := reports.LoadOrStore([3]string{"../..", "./examples/...", "1x"}, sync.OnceValues(func() (*Report, error) {
		return Make(context.Background(), Config{Dir: "../..", Patterns: []string{"./examples/..."}, Bench: bench.Options{Benchtime: "1x"}})
	}))
	rep, err := once.(func() (*Report, error))()
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// TestExplainAgrees: for every site of the examples' report and of the
// testdata's, squash explain on the site's line names the allocation the
// report blames there: each of the site's escape records, at its place, or
// the size rule of a line with none, in the report's words. Nor does it
// say "no compiler decision" on a line whose own code allocated. A line
// that allocated in a call is left out of that: the function called
// decides in its own body.
func TestExplainAgrees(t *testing.T) {
	reps := map[string]*Report{} // by the module root the sites' files are relative to
	for dir, rep := range map[string]*Report{
		"../..":                  examplesReport(t),
		"testdata/why":           makeReport(t, "testdata/why", ".", "."),
		"testdata/grow":          makeReport(t, "testdata/grow", ".", "."),
		"../escape/testdata/inl": makeReport(t, "../escape/testdata/inl", ".", "."),
	} {
		root, err := filepath.Abs(dir)
		if err != nil {
			t.Fatal(err)
		}
		reps[root] = rep
	}
	ctx := context.Background()
	checked := 0
	for root, rep := range reps {
		t.Chdir(root) // where explain resolves -in
		var err error
		builds := map[[2]string]*explainer.Build{}
		seen := map[string]bool{}
		for _, p := range rep.Packages {
			for _, b := range p.Benchmarks {
				for _, s := range b.Sites {
					at := s.File + ":" + strconv.Itoa(s.Line)
					if seen[at] || s.Code == "" {
						continue
					}
					seen[at] = true
					file := filepath.Join(root, filepath.FromSlash(s.File))
					in := ""
					if s.PackagePath != "" && s.PackagePath != p.Path {
						in = p.Path // the benchmark's build, as the report's hint says
					}
					key := [2]string{filepath.Dir(file), in}
					if builds[key] == nil {
						if builds[key], err = explainer.Compile(ctx, file, in); err != nil {
							t.Fatal(err)
						}
					}
					e, err := builds[key].Explain(ctx, file, s.Line, s.Line)
					if err != nil {
						t.Fatal(err)
					}
					var out bytes.Buffer
					explainer.WriteText(&out, e)
					agree(t, s, out.String())
					checked++
				}
			}
		}
	}
	if checked < 40 {
		t.Errorf("%d sites checked, want the examples' and the testdata's, over 40", checked)
	}
}

// agree checks that text, explain's of site s's line, names the
// allocation that the report blames on it.
func agree(t *testing.T, s Site, text string) {
	t.Helper()
	lines := strings.Split(text, "\n")
	for _, r := range s.Reasons {
		// explain gives places in the line's file as LINE:COL.
		where := strings.TrimPrefix(r.Pos, s.File+":")
		if r.InlinedAt != "" {
			where = strings.TrimPrefix(r.InlinedAt, s.File+":")
		}
		found := false
		for _, l := range lines {
			found = found || strings.Contains(l, where) && strings.Contains(l, r.Code+": "+r.Message)
		}
		if !found {
			t.Errorf("%s:%d: the report cites %s: %s at %s, explain does not:\n%s", s.File, s.Line, r.Code, r.Message, where, text)
		}
	}
	if strings.Contains(s.MechanismText, "with no escape record for it") && !strings.Contains(text, "\n    "+s.MechanismText+"\n") {
		t.Errorf("%s:%d: the report says %q, explain does not:\n%s", s.File, s.Line, s.MechanismText, text)
	}
	if (len(s.Reasons) > 0 || s.Mechanism == "") && strings.Contains(text, "no compiler decision on this line") {
		t.Errorf("%s:%d: the report blames the line's own code (%q), explain says no compiler decision:\n%s", s.File, s.Line, s.MechanismText, text)
	}
}
