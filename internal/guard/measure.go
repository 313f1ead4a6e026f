package guard

import (
	"slices"
	"strings"

	"github.com/squashgo/squash/internal/budget"
	"github.com/squashgo/squash/internal/report"
)

// fromReport returns the benchmarks of a squash report as measurements,
// each with its sites: the lowest figures of its runs, the second highest,
// and the highest allocs/op.
func fromReport(r *report.Report) []budget.Benchmark {
	var out []budget.Benchmark
	for _, p := range r.Packages {
		for _, b := range p.Benchmarks {
			bm := budget.Benchmark{Package: p.Path, Name: b.Name,
				AllocsPerOp: b.AllocsPerOpMin, BytesPerOp: b.BytesPerOpMin,
				RecordAllocsPerOp: secondHighest(b.AllocsPerOpRuns, b.AllocsPerOpMax),
				RecordBytesPerOp:  secondHighest(b.BytesPerOpRuns, b.BytesPerOpMax),
				HighAllocsPerOp:   b.AllocsPerOpMax}
			if b.AllocsPerOpMax == 0 && b.BytesPerOpMax == 0 {
				// No range: a report of one run's figures, or of runs
				// that allocated nothing.
				bm.AllocsPerOp, bm.BytesPerOp, bm.HighAllocsPerOp = b.AllocsPerOp, b.BytesPerOp, b.AllocsPerOp
			}
			if len(b.RunsWith) > 0 {
				bm.Unrecorded = "go test cannot run it without " + strings.Join(b.RunsWith, ", ")
			}
			for _, s := range b.Sites {
				bm.Sites = append(bm.Sites, budget.Site{
					AllocsPerOp: s.AllocsPerOp,
					File:        s.File,
					Line:        s.Line,
					Function:    packageLocal(s.Function, s.Package, s.PackagePath),
					Code:        s.Code,
					Tiny:        s.Tiny,
				})
			}
			out = append(out, bm)
		}
	}
	return out
}

// packageLocal drops the directories of a function's import path:
// example.com/m/decoder.(*R).Next -> decoder.(*R).Next. Where the package's
// name is known (pkg, for the import path path), it replaces the import
// path: github.com/go-chi/chi/v5.(*Mux).ServeHTTP -> chi.(*Mux).ServeHTTP.
// Type arguments, which may hold slashes of their own, are kept whole,
// without blanks, which the budget format does not allow in a name.
func packageLocal(fn, pkg, path string) string {
	if rest, ok := strings.CutPrefix(fn, path+"."); ok && pkg != "" && path != "" {
		return strings.Join(strings.Fields(pkg+"."+rest), "")
	}
	name := fn
	if i := strings.IndexByte(name, '['); i >= 0 {
		name = name[:i]
	}
	return strings.Join(strings.Fields(fn[strings.LastIndexByte(name, '/')+1:]), "")
}

// secondHighest returns the second highest of runs, or high when there are
// fewer than three: one run's stray allocation, such as the runtime
// starting a thread, does not raise a budget, and a figure all runs but
// one show does.
func secondHighest(runs []float64, high float64) float64 {
	if len(runs) < 3 {
		return high
	}
	s := slices.Sorted(slices.Values(runs))
	return s[len(s)-2]
}
