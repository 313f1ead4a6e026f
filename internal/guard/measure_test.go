package guard

import (
	"bytes"
	"testing"

	"github.com/squashgo/squash/internal/budget"
	"github.com/squashgo/squash/internal/report"
)

func TestFromReport(t *testing.T) {
	rep := &report.Report{Packages: []report.Package{{
		Path: "example.com/m/dec",
		Benchmarks: []report.Benchmark{{
			Name: "BenchmarkDecode/n=10", AllocsPerOp: 3, BytesPerOp: 96,
			Sites: []report.Site{
				{File: "dec/dec.go", Line: 12, Function: "example.com/m/dec.(*Decoder).Decode", Code: "out := make([]R, 0)", AllocsPerOp: 2},
				{File: "dec/dec.go", Line: 20, Function: "example.com/m/dec.Map[go.shape.struct { a example.com/m/x.T }].func1", Code: "f()", AllocsPerOp: 1},
				{File: "v5/mux.go", Line: 87, Function: "github.com/go-chi/chi/v5.(*Mux[go.shape.int]).ServeHTTP", Code: "r = r.WithContext(ctx)", AllocsPerOp: 1,
					Package: "chi", PackagePath: "github.com/go-chi/chi/v5"},
			},
		}},
	}}}
	got := fromReport(rep)
	if len(got) != 1 || got[0].ID() != "example.com/m/dec BenchmarkDecode/n=10" || got[0].AllocsPerOp != 3 || got[0].BytesPerOp != 96 {
		t.Fatalf("FromReport = %+v", got)
	}
	if fn := got[0].Sites[0].Function; fn != "dec.(*Decoder).Decode" {
		t.Errorf("function %q, want dec.(*Decoder).Decode", fn)
	}
	if fn := got[0].Sites[1].Function; fn != "dec.Map[go.shape.struct{aexample.com/m/x.T}].func1" {
		t.Errorf("function %q, want the type arguments kept without blanks", fn)
	}
	if fn := got[0].Sites[2].Function; fn != "chi.(*Mux[go.shape.int]).ServeHTTP" {
		t.Errorf("function %q, want the package's name, chi, not v5", fn)
	}
	if got[0].Unrecorded != "" {
		t.Errorf("Unrecorded = %q for a benchmark whose sites were recorded", got[0].Unrecorded)
	}
	var buf bytes.Buffer
	if err := budget.Write(&buf, &budget.Budget{Benchmarks: got}); err != nil {
		t.Errorf("the measured benchmark cannot be written: %v", err)
	}
	rep.Packages[0].Benchmarks[0].RunsWith = []string{"BenchmarkDecode/n=10/x"}
	if u := fromReport(rep)[0].Unrecorded; u != "go test cannot run it without BenchmarkDecode/n=10/x" {
		t.Errorf("Unrecorded = %q for a benchmark that runs with another", u)
	}
}

// TestFromReportRange: a measurement keeps the lowest allocs/op of its runs,
// which Compare judges, and the highest, so that a check can say its runs
// differed.
func TestFromReportRange(t *testing.T) {
	rep := &report.Report{Packages: []report.Package{{
		Path: "example.com/m/tree",
		Benchmarks: []report.Benchmark{
			{Name: "BenchmarkRandom", AllocsPerOp: 8, AllocsPerOpMin: 6, AllocsPerOpMax: 12, AllocsPerOpRuns: []float64{6, 8, 8, 9, 12},
				BytesPerOp: 2500, BytesPerOpMin: 2100, BytesPerOpMax: 2900, BytesPerOpRuns: []float64{2100, 2400, 2500, 2700, 2900}},
			{Name: "BenchmarkOneRun", AllocsPerOp: 3, BytesPerOp: 96},
		},
	}}}
	got := fromReport(rep)
	if r := got[0]; r.AllocsPerOp != 6 || r.HighAllocsPerOp != 12 || r.RecordAllocsPerOp != 9 {
		t.Errorf("runs of 6 to 12 allocs/op: lowest %v, highest %v, recorded %v; want 6, 12, 9", r.AllocsPerOp, r.HighAllocsPerOp, r.RecordAllocsPerOp)
	}
	if r := got[1]; r.AllocsPerOp != 3 || r.HighAllocsPerOp != 3 {
		t.Errorf("one run of 3 allocs/op: lowest %v, highest %v; want 3, 3", r.AllocsPerOp, r.HighAllocsPerOp)
	}
	b := &budget.Budget{}
	b.Update(nil, got, nil)
	if h := b.Benchmarks[1].HighAllocsPerOp; h != 0 {
		t.Errorf("a budget keeps the measurement's highest figure, %v", h)
	}
}
