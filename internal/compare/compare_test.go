package compare

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/squashgo/squash/internal/report"
)

func compared(t *testing.T) *Comparison {
	t.Helper()
	c, err := Files("testdata/old.json", "testdata/new.json")
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestCompareBenchmarks: each figure's runs are compared as benchstat does:
// a clear change has its percentage and p-value, noise reads ~, and a
// benchmark in one report only is named.
func TestCompareBenchmarks(t *testing.T) {
	c := compared(t)
	if len(c.Packages) != 1 || len(c.Packages[0].Benchmarks) != 4 {
		t.Fatalf("%d packages, want 1 with 4 benchmarks: %+v", len(c.Packages), c.Packages)
	}
	var got []string
	for _, b := range c.Packages[0].Benchmarks {
		if b.Only != "" {
			got = append(got, b.Name+" only in "+b.Only)
		}
		for _, m := range b.Metrics {
			got = append(got, fmt.Sprintf("%s %s %s %s (%s)", b.Name, m.Unit, summary(m.Old), m.Delta(), m.Comparison))
		}
	}
	want := []string{
		"BenchmarkSimple ns/op 2002 ± 1% -24.97% (p=0.002 n=6)",
		"BenchmarkSimple B/op 1808 ± 0% -53.54% (p=0.002 n=6)",
		"BenchmarkSimple allocs/op 4 ± 0% -25.00% (p=0.002 n=6)",
		"BenchmarkNoAlloc ns/op 300 ± 3% ~ (p=0.669 n=6)",
		"BenchmarkNoAlloc B/op 0 ± 0% ~ (p=1.000 n=6)",
		"BenchmarkNoAlloc allocs/op 0 ± 0% ~ (p=1.000 n=6)",
		"BenchmarkRemoved only in old",
		"BenchmarkAdded only in new",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestCompareSites: sites are matched by file, line and function, by
// function and code where their line moved, and by file, line and code
// where their code went into a closure; a count that moved by 1% or less is
// the same.
func TestCompareSites(t *testing.T) {
	var got []string
	for _, s := range compared(t).Packages[0].Benchmarks[0].Sites {
		var old, new string
		if s.Old != nil {
			old = fmt.Sprintf("%d:%v", s.Old.Line, s.Old.AllocsPerOp)
		}
		if s.New != nil {
			new = fmt.Sprintf("%d:%v", s.New.Line, s.New.AllocsPerOp)
		}
		got = append(got, fmt.Sprintf("%s %s %s moved=%v", s.Change, old, new, s.Moved))
	}
	want := []string{
		"gone 35:1  moved=false",
		"new  70:0.5 moved=false",
		"grown 48:1 48:3.5 moved=false",
		"shrunk 60:2 60:1 moved=false",
		"same 30:1 31:1 moved=true",
		"same 34:1 35:1.004 moved=true",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestWriteText(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteText(&buf, compared(t)); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, want := range []string{
		"pkg: example.com/m/dec\n",
		"BenchmarkSimple   2002 ± 1%  1502 ± 1%  -24.97% (p=0.002 n=6)\n",
		"BenchmarkSimple sites:\n",
		"  gone    1 allocs/op        1024 B/op      dec/dec.go:35 dec.Simple\n",
		"  grown   1 → 3.5 allocs/op  64 → 120 B/op  dec/dec.go:48 dec.Simple-range1\n",
		"  2 more sites the same\n",
		"BenchmarkRemoved: only in old\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestWriteHTML(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteHTML(&buf, compared(t)); err != nil {
		t.Fatal(err)
	}
	flat := strings.Join(strings.Fields(buf.String()), " ")
	for _, want := range []string{
		`<td class="n better">-24.97%</td><td class="n">p=0.002 n=6</td>`,
		`<tr class="gone"><td data-value="gone">gone</td><td class="n">1</td><td class="n">1024</td>`,
		`<td class="n">1 → 3.5</td>`,
		`<td colspan="5">only in new</td>`,
	} {
		if !strings.Contains(flat, want) {
			t.Errorf("the page lacks %s", want)
		}
	}
}

// TestWriteJSON: the JSON holds benchstat's row of each figure, with
// its p-value, and each site's change with the sites of both reports.
func TestWriteJSON(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteJSON(&buf, compared(t)); err != nil {
		t.Fatal(err)
	}
	var got comparisonJSON
	if err := json.Unmarshal(buf.Bytes(), &got); err != nil {
		t.Fatalf("%v\n%s", err, buf.Bytes())
	}
	var metric *metricJSON
	var gone *siteJSON
	for _, p := range got.Packages {
		for _, b := range p.Benchmarks {
			for i, m := range b.Metrics {
				if m.Delta == "-24.97%" {
					metric = &b.Metrics[i]
				}
			}
			for i, s := range b.Sites {
				if s.Change == Gone && gone == nil {
					gone = &b.Sites[i]
				}
			}
		}
	}
	if metric == nil || metric.P == nil || *metric.P > 0.05 || !metric.Significant || metric.Old.N != 6 || metric.New.Median >= metric.Old.Median {
		t.Errorf("no significant row of -24.97%% with its p-value and runs: %+v\n%s", metric, buf.Bytes())
	}
	if gone == nil || gone.Old == nil || gone.New != nil || gone.Old.AllocsPerOp != 1 {
		t.Errorf("no gone site of 1 allocs/op with its old side alone: %+v", gone)
	}
}

// TestRead: a directory of -keep is read through its report, and what is
// not a report gets one line that says what to give.
func TestRead(t *testing.T) {
	dir := t.TempDir()
	data, err := os.ReadFile("testdata/old.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, report.KeptReport), data, 0o644); err != nil {
		t.Fatal(err)
	}
	if r, err := Read(dir); err != nil || len(r.Packages) != 1 {
		t.Errorf("Read of a -keep directory: %v", err)
	}
	for _, tc := range []struct{ data, want string }{
		{"", "is not a squash report"},
		{"BenchmarkX 1 2 ns/op", "is not a squash report"},
		{`{"schema_version": 99, "packages": []}`, "is of schema version 99, newer than this squash's 1"},
		{`{"findings": []}`, `has no "packages"`},
		{`{"packages": []} {"packages": []}`, "more than one JSON value"},
		{`{"packages": [{"benchmarks": [{"ns_per_op": "fast"}]}]}`, "is not a squash report"},
	} {
		if _, err := Parse([]byte(tc.data), "x.json"); err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("Parse(%q) = %v, want one line with %q", tc.data, err, tc.want)
		}
	}
	if _, err := Read(t.TempDir()); err == nil || !strings.Contains(err.Error(), "holds no report.json") {
		t.Errorf("Read of an empty directory: %v", err)
	}
}

// FuzzParse: any input is a report or an error, and a report compares
// with itself without a panic.
func FuzzParse(f *testing.F) {
	for _, name := range []string{"testdata/old.json", "testdata/new.json"} {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(`{"packages": [{"path": "p", "benchmarks": [{"name": "profile", "sites": [{"objects": 3}]}]}]}`))
	f.Add([]byte(`{"packages": [{"benchmarks": [{"name": "B", "ns_per_op_runs": [1e308, -1e308, 0]}]}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := Parse(data, "fuzz")
		if err != nil {
			return
		}
		c := Compare(r, r, "a", "b")
		var buf bytes.Buffer
		if err := WriteText(&buf, c); err != nil {
			t.Fatal(err)
		}
		if err := WriteHTML(&buf, c); err != nil {
			t.Fatal(err)
		}
	})
}
