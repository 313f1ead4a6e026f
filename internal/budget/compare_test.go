package budget

import (
	"slices"
	"testing"
)

func TestCompare(t *testing.T) {
	split := Site{AllocsPerOp: 1, File: "p/p.go", Line: 8, Function: "p.F", Code: `parts := strings.Split(s, ",")`}
	grow := Site{AllocsPerOp: 4, File: "p/p.go", Line: 11, Function: "p.F", Code: "out = append(out, x)"}
	budget := &Budget{Benchmarks: []Benchmark{
		{Package: "p", Name: "BenchmarkF", AllocsPerOp: 5, BytesPerOp: 1000, Sites: []Site{split, grow}},
		{Package: "p", Name: "BenchmarkGone", AllocsPerOp: 1},
		{Package: "q", Name: "BenchmarkOther", AllocsPerOp: 1},
	}}
	moved := func(s Site, line int) Site { s.Line = line; return s }
	for _, tc := range []struct {
		name       string
		m          Benchmark
		over       bool
		allocs     bool
		bytes      bool
		newSites   []string // file:line
		grown      []string
		unbudgeted bool
	}{
		{name: "same", m: Benchmark{Package: "p", Name: "BenchmarkF", AllocsPerOp: 5, BytesPerOp: 1000, Sites: []Site{split, grow}}},
		{name: "fewer", m: Benchmark{Package: "p", Name: "BenchmarkF", AllocsPerOp: 1, BytesPerOp: 100}},
		{name: "bytes within tolerance", m: Benchmark{Package: "p", Name: "BenchmarkF", AllocsPerOp: 5, BytesPerOp: 1100}},
		{name: "bytes over tolerance", m: Benchmark{Package: "p", Name: "BenchmarkF", AllocsPerOp: 5, BytesPerOp: 1101, Sites: []Site{split, grow}},
			over: true, bytes: true},
		{name: "new site after lines moved", over: true, allocs: true,
			m: Benchmark{Package: "p", Name: "BenchmarkF", AllocsPerOp: 6, BytesPerOp: 1000, Sites: []Site{
				moved(split, 9), moved(grow, 12), {AllocsPerOp: 1, File: "p/p.go", Line: 10, Function: "p.F", Code: "b := make([]byte, n)"}}},
			newSites: []string{"p/p.go:10"}},
		{name: "a site under half an allocation per op is not new", over: true, allocs: true,
			m: Benchmark{Package: "p", Name: "BenchmarkF", AllocsPerOp: 6, BytesPerOp: 1000, Sites: []Site{
				split, grow, {AllocsPerOp: 0.4, File: "p/p_test.go", Line: 8, Function: "p.BenchmarkF", Code: "for b.Loop() {"}}}},
		{name: "known site grew", over: true, allocs: true,
			m:     Benchmark{Package: "p", Name: "BenchmarkF", AllocsPerOp: 7, BytesPerOp: 1000, Sites: []Site{split, {AllocsPerOp: 6, File: "p/p.go", Line: 11, Function: "p.F", Code: "out  =  append(out, x)"}}},
			grown: []string{"p/p.go:11"}},
		{name: "not budgeted", m: Benchmark{Package: "p", Name: "BenchmarkNew", AllocsPerOp: 100}, unbudgeted: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := Compare(budget, []Benchmark{tc.m}, Options{ByteTolerance: 0.1, Packages: []string{"p"}})
			if got := len(v.Over) == 1; got != tc.over {
				t.Fatalf("over = %v, want %v: %+v", got, tc.over, v)
			}
			if v.Failed(false) != tc.over || v.Failed(true) != (tc.over || tc.unbudgeted) {
				t.Errorf("Failed(false) = %v, Failed(true) = %v", v.Failed(false), v.Failed(true))
			}
			if got := len(v.Unbudgeted) == 1; got != tc.unbudgeted {
				t.Errorf("unbudgeted = %v, want %v", got, tc.unbudgeted)
			}
			if !tc.over && !tc.unbudgeted && len(v.Within) != 1 {
				t.Errorf("within = %d, want 1", len(v.Within))
			}
			// BenchmarkGone was not measured in package p; q was not checked.
			stale := slices.Grow[[]string](nil, len(v.Stale))
			for _, s := range v.Stale {
				stale = append(stale, s.Name)
			}
			wantStale := []string{"BenchmarkGone"}
			if tc.unbudgeted {
				wantStale = []string{"BenchmarkF", "BenchmarkGone"}
			}
			if !equal(stale, wantStale) {
				t.Errorf("stale = %v, want %v", stale, wantStale)
			}
			if !tc.over {
				return
			}
			o := v.Over[0]
			if o.Allocs != tc.allocs || o.Bytes != tc.bytes {
				t.Errorf("allocs, bytes over = %v, %v; want %v, %v", o.Allocs, o.Bytes, tc.allocs, tc.bytes)
			}
			var gotNew, gotGrown []string
			for _, s := range o.NewSites {
				gotNew = append(gotNew, s.Where())
			}
			for _, g := range o.Grown {
				gotGrown = append(gotGrown, g.Site.Where())
				if g.Was != 4 || g.Site.AllocsPerOp != 6 {
					t.Errorf("growth %+v, want 4 -> 6", g)
				}
			}
			if !equal(gotNew, tc.newSites) || !equal(gotGrown, tc.grown) {
				t.Errorf("new %v grown %v; want new %v grown %v", gotNew, gotGrown, tc.newSites, tc.grown)
			}
		})
	}
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestCompareZeroAllocBytes: the B/op of a benchmark with no allocation per
// op, in its budget and now, is set-up spread over the iterations and is not
// judged; as soon as either has one, B/op is.
func TestCompareZeroAllocBytes(t *testing.T) {
	budget := &Budget{Benchmarks: []Benchmark{ // sorted, as Find expects
		{Package: "p", Name: "BenchmarkOne", AllocsPerOp: 1, BytesPerOp: 16},
		{Package: "p", Name: "BenchmarkZero", AllocsPerOp: 0, BytesPerOp: 15},
	}}
	for _, tc := range []struct {
		name          string
		m             Benchmark
		allocs, bytes bool
	}{
		{"zero allocs, more set-up bytes", Benchmark{Package: "p", Name: "BenchmarkZero", AllocsPerOp: 0, BytesPerOp: 48}, false, false},
		{"now one alloc", Benchmark{Package: "p", Name: "BenchmarkZero", AllocsPerOp: 1, BytesPerOp: 48}, true, true},
		{"one alloc, more bytes", Benchmark{Package: "p", Name: "BenchmarkOne", AllocsPerOp: 1, BytesPerOp: 48}, false, true},
		{"budgeted one alloc, now none but bytes", Benchmark{Package: "p", Name: "BenchmarkOne", AllocsPerOp: 0, BytesPerOp: 48}, false, true},
	} {
		v := Compare(budget, []Benchmark{tc.m}, Options{ByteTolerance: 0.1})
		over := tc.allocs || tc.bytes
		if got := len(v.Over) == 1; got != over {
			t.Errorf("%s: over = %v, want %v", tc.name, got, over)
			continue
		}
		if over && (v.Over[0].Allocs != tc.allocs || v.Over[0].Bytes != tc.bytes) {
			t.Errorf("%s: allocs, bytes over = %v, %v; want %v, %v", tc.name, v.Over[0].Allocs, v.Over[0].Bytes, tc.allocs, tc.bytes)
		}
	}
}

// TestCompareMinByteOverrun: a small benchmark's B/op fails only when it is
// over both the tolerance and MinByteOverrun bytes.
func TestCompareMinByteOverrun(t *testing.T) {
	budget := &Budget{Benchmarks: []Benchmark{{Package: "p", Name: "BenchmarkSmall", AllocsPerOp: 1, BytesPerOp: 10}}}
	for _, tc := range []struct {
		bytes float64
		over  bool
	}{{12, false}, {25, false}, {26, true}} {
		v := Compare(budget, []Benchmark{{Package: "p", Name: "BenchmarkSmall", AllocsPerOp: 1, BytesPerOp: tc.bytes}}, Options{ByteTolerance: 0.1})
		if got := len(v.Over) == 1 && v.Over[0].Bytes; got != tc.over {
			t.Errorf("%v B/op against 10: over = %v, want %v", tc.bytes, got, tc.over)
		}
	}
}

// TestCompareSkipped: the budget of a benchmark that skipped itself, or of
// a sub-benchmark of one, is skipped, not stale. golang/snappy's
// benchmarks skip themselves without their testdata, and a check said such
// a budget 'no longer exists: run squash guard -write to drop it'.
func TestCompareSkipped(t *testing.T) {
	b := &Budget{Benchmarks: []Benchmark{
		{Package: "p", Name: "BenchmarkData/file=a", AllocsPerOp: 1},
		{Package: "p", Name: "BenchmarkDataGone", AllocsPerOp: 1},
		{Package: "p", Name: "BenchmarkRan", AllocsPerOp: 1},
	}}
	measured := []Benchmark{{Package: "p", Name: "BenchmarkRan", AllocsPerOp: 1}}
	skips := []Skip{{Package: "p", Name: "BenchmarkData", Reason: "p_test.go:9: no testdata"}}
	for _, opts := range []Options{
		{Packages: []string{"p"}, Skipped: skips},
		{Selected: func(pkg, name string) bool { return true }, Skipped: skips},
	} {
		v := Compare(b, measured, opts)
		var stale, skipped []string
		for _, s := range v.Stale {
			stale = append(stale, s.Name)
		}
		for _, s := range v.Skipped {
			skipped = append(skipped, s.Name)
		}
		if !equal(stale, []string{"BenchmarkDataGone"}) || !equal(skipped, []string{"BenchmarkData/file=a"}) || len(v.Within) != 1 || v.Failed(true) {
			t.Errorf("stale %v, skipped %v, within %d, failed %v; want [BenchmarkDataGone], [BenchmarkData/file=a], 1, false", stale, skipped, len(v.Within), v.Failed(true))
		}
	}
}
