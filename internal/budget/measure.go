package budget

import (
	"math"
	"strings"

	"github.com/squashgo/squash/internal/report"
)

// FromReport returns the benchmarks of a squash report as budget entries,
// each with its sites, and its B/op as loopBytes gives it.
func FromReport(r *report.Report) []Benchmark {
	var out []Benchmark
	for _, p := range r.Packages {
		for _, b := range p.Benchmarks {
			bm := Benchmark{Package: p.Path, Name: b.Name, AllocsPerOp: b.AllocsPerOp, BytesPerOp: loopBytes(&b)}
			for _, s := range b.Sites {
				bm.Sites = append(bm.Sites, Site{
					AllocsPerOp: s.AllocsPerOp,
					File:        s.File,
					Line:        s.Line,
					Function:    packageLocal(s.Function),
					Code:        s.Code,
				})
			}
			out = append(out, bm)
		}
	}
	return out
}

// loopBytes returns the B/op guard records and checks: the smaller of go
// test's figure (the median of the timing runs) and, where report recorded
// a difference of two profiles with sites in it, that difference's bytes
// per recorded iteration, rounded to a whole byte. Each errs upward in its
// own way. go test's holds the set-up's bytes divided by b.N: at the 100
// iterations guard runs, a b.RunParallel benchmark's goroutines moved a 16
// B/op figure to 18–27 from run to run. The difference cancels set-up, but
// is one run, and over the few iterations of a heavy op it caught stray
// allocations: examples/binwrite's 1,000,000-element putuint64 (8 B/op)
// measured 10, 12 and once 55. A larger loop raises both.
func loopBytes(b *report.Benchmark) float64 {
	if b.RecordedIterations <= 0 || len(b.Sites) == 0 {
		return b.BytesPerOp
	}
	sum := float64(b.OutsideBytes) / float64(b.RecordedIterations)
	for _, s := range b.Sites {
		sum += s.BytesPerOp
	}
	return min(b.BytesPerOp, math.Round(sum))
}

// packageLocal drops the directories of a function's import path:
// example.com/m/decoder.(*R).Next -> decoder.(*R).Next. Type arguments,
// which may hold slashes of their own, are kept whole, without blanks,
// which the budget format does not allow in a name.
func packageLocal(fn string) string {
	name := fn
	if i := strings.IndexByte(name, '['); i >= 0 {
		name = name[:i]
	}
	return strings.Join(strings.Fields(fn[strings.LastIndexByte(name, '/')+1:]), "")
}
