package budget

import (
	"cmp"
	"slices"
)

// Options control Compare.
type Options struct {
	// ByteTolerance is the fraction by which a benchmark's B/op may exceed
	// its budget before it fails: 0.1 allows 10% more, and at least
	// MinByteOverrun bytes more. allocs/op has no
	// tolerance. The B/op of a benchmark with 0 allocs/op in both its
	// budget and its measurement is not judged: go test truncates allocs/op,
	// so that is fewer than one allocation per op, and its B/op is mostly
	// set-up spread over the iterations (a goroutine's buffers in
	// b.RunParallel, a pool's refill after a collection), which varies by
	// tens of B/op from run to run at 100 iterations.
	ByteTolerance float64

	// Packages are the import paths whose benchmarks were all measured. A
	// budgeted benchmark of one of them that was not measured no longer
	// exists and is reported as stale. Budgets of other packages are left
	// alone.
	Packages []string
	// Selected, when not nil, reports whether a check that measured only
	// the benchmarks a -bench pattern selects ran the benchmark of
	// package pkg named name: a budgeted one it selects that was not
	// measured no longer exists either (renamed, say), and is stale.
	Selected func(pkg, name string) bool
	// Skipped are the benchmarks that skipped themselves: their budgets
	// are not stale, but skipped.
	Skipped []Skip
}

// MinByteOverrun is the fewest B/op over its budget that fail a benchmark,
// whatever the tolerance: 16, the smallest allocation the runtime does not
// pack with others. An extra allocation on every op fails on allocs/op;
// B/op is for allocations that grow. Fewer bytes per op over are within
// what set-up spread over 100 iterations varies by: a b.RunParallel
// benchmark of 1 alloc/op and 16 B/op (google/uuid's BenchmarkUUID_New)
// measured 18-27 B/op from run to run.
const MinByteOverrun = 16

// A Verdict is the outcome of checking measurements against a budget.
type Verdict struct {
	Over       []Overrun   // over budget: the check fails
	Within     []Overrun   // within budget; Measured may be below it
	Unbudgeted []Benchmark // measured but not in the budget
	Stale      []Benchmark // in the budget, but no such benchmark was measured
	Skipped    []Benchmark // in the budget, and the benchmark skipped itself
}

// An Overrun compares one benchmark's measurement with its budget.
type Overrun struct {
	Budget, Measured Benchmark

	Allocs bool // allocs/op is over budget
	Bytes  bool // B/op is over budget by more than the tolerance and MinByteOverrun, and allocs/op is not 0 in both

	// NewSites are the measured sites that the budget did not list and
	// that make at least half an allocation per op. A site below that is
	// an allocation made a few times in the whole run, such as the first
	// call of b.Loop's, spread over every op: a profile may catch it in one
	// run and not the next.
	NewSites []Site
	// Grown are the sites the budget listed that now allocate at least half
	// an allocation per op more.
	Grown []Growth
}

// A Growth is a known site that allocates more than when it was budgeted.
type Growth struct {
	Site Site    // as measured now
	Was  float64 // its allocs/op in the budget
}

// Failed reports whether the check fails: a benchmark is over budget, or
// strict is set and a benchmark is not budgeted.
func (v *Verdict) Failed(strict bool) bool {
	return len(v.Over) > 0 || strict && len(v.Unbudgeted) > 0
}

// Compare checks the measured benchmarks against b. It does not modify its
// arguments.
func Compare(b *Budget, measured []Benchmark, opts Options) *Verdict {
	v := &Verdict{}
	seen := map[string]bool{}
	for _, m := range measured {
		seen[m.ID()] = true
		want := b.Find(m.Package, m.Name)
		if want == nil {
			v.Unbudgeted = append(v.Unbudgeted, m)
			continue
		}
		o := Overrun{Budget: *want, Measured: m}
		o.Allocs = m.AllocsPerOp > want.AllocsPerOp
		o.Bytes = m.BytesPerOp > want.BytesPerOp*(1+opts.ByteTolerance) && m.BytesPerOp-want.BytesPerOp >= MinByteOverrun &&
			(m.AllocsPerOp > 0 || want.AllocsPerOp > 0)
		if !o.Allocs && !o.Bytes {
			v.Within = append(v.Within, o)
			continue
		}
		o.NewSites, o.Grown = siteChanges(want.Sites, m.Sites)
		v.Over = append(v.Over, o)
	}
	for _, want := range b.Benchmarks {
		if seen[want.ID()] {
			continue
		}
		if _, ok := SkipOf(opts.Skipped, want.Package, want.Name); ok {
			v.Skipped = append(v.Skipped, want)
		} else if slices.Contains(opts.Packages, want.Package) || opts.Selected != nil && opts.Selected(want.Package, want.Name) {
			v.Stale = append(v.Stale, want)
		}
	}
	return v
}

// siteChanges returns the sites of now whose key is not among was's, and
// those whose allocs/op grew by half an allocation or more.
func siteChanges(was, now []Site) (added []Site, grown []Growth) {
	before := map[string]float64{}
	for _, s := range was {
		before[s.Key()] += s.AllocsPerOp
	}
	after := map[string]float64{}
	first := map[string]Site{}
	var keys []string
	for _, s := range now {
		k := s.Key()
		if _, ok := first[k]; !ok {
			first[k] = s
			keys = append(keys, k)
		}
		after[k] += s.AllocsPerOp
	}
	for _, k := range keys {
		old, known := before[k] // an unlisted site was 0: it must reach half an allocation per op too
		if after[k] < old+0.5 {
			continue
		}
		s := first[k]
		s.AllocsPerOp = after[k]
		if known {
			grown = append(grown, Growth{Site: s, Was: old})
		} else {
			added = append(added, s)
		}
	}
	slices.SortStableFunc(added, func(x, y Site) int { return cmp.Compare(y.AllocsPerOp, x.AllocsPerOp) })
	slices.SortStableFunc(grown, func(x, y Growth) int {
		return cmp.Compare(y.Site.AllocsPerOp-y.Was, x.Site.AllocsPerOp-x.Was)
	})
	return added, grown
}
