package bench

import (
	"slices"
	"testing"
)

func TestAttributionIters(t *testing.T) {
	for _, tc := range []struct {
		ns, allocs float64
		base, n    int
	}{
		{ns: 2000, allocs: 64, base: 781, n: 3125},    // bounded by recorded allocations
		{ns: 3e6, allocs: 4, base: 41, n: 166},        // bounded by time
		{ns: 2e9, allocs: 1, base: 2, n: 3},           // very slow: the floor
		{ns: 3e6, allocs: 1.56e6, base: 2, n: 3},      // allocates heavily (yaml's DeepSlice)
		{ns: 5e5, allocs: 20000, base: 2, n: 10},      // n/4 is still 2
		{ns: 10, allocs: 0.5, base: 50000, n: 200000}, // fewer than one alloc per op
	} {
		base, n := attributionIters(&Result{NsPerOp: tc.ns, AllocsPerOp: tc.allocs})
		if base != tc.base || n != tc.n {
			t.Errorf("attributionIters(%v ns/op, %v allocs/op) = %d, %d; want %d, %d", tc.ns, tc.allocs, base, n, tc.base, tc.n)
		}
		if base < 2 || n <= base {
			t.Errorf("iteration counts %d, %d: want 2 <= base < n", base, n)
		}
	}
}

func TestAttribution(t *testing.T) {
	for _, tc := range []struct {
		name          string
		ns            float64
		allocs, bytes float64
		record        int
		base, n, rate int
	}{
		// Benchmark1000KB100Aliases of gopkg.in/yaml.v3: 5.7M allocs/op,
		// 426 MB/op, about a second an op: sampled, 2 and 6 iterations,
		// the fewest that keep the error factor (10/4) at 2.5, at one
		// allocation per 4256 bytes (their 4.26 GB over a million).
		{"yaml", 1.2e9, 5693852, 425520813, 0, 2, 6, 4256},
		// 200,000 allocs/op, 5 MB/op, 6 ms an op: 2 and 3 would record
		// 1.4M; sampled, it runs 2 and 83 iterations, half a second, at
		// one allocation per 446 bytes (their 445 MB over a million,
		// rounded up).
		{"heavy, fast", 6e6, 2e5, 5.12e6, 0, 2, 83, 446},
		{"the same, exact", 6e6, 2e5, 5.12e6, -1, 2, 3, 1},
		{"usual", 2000, 64, 4096, 0, 781, 3125, 1},
		// Bounded to 1000 recorded allocations: by time alone, 2 and
		// 250,000 iterations, one allocation per 1,024,017 bytes (1.02 GB
		// over 1000, rounded up).
		{"small bound", 2000, 64, 4096, 1000, 2, 250000, 1024017},
	} {
		r := &Result{NsPerOp: tc.ns, AllocsPerOp: tc.allocs, BytesPerOp: tc.bytes}
		if base, n, rate := attribution(r, tc.record); base != tc.base || n != tc.n || rate != tc.rate {
			t.Errorf("%s: attribution(%v ns/op, %v allocs/op, %v B/op, record %d) = %d, %d, %d; want %d, %d, %d",
				tc.name, tc.ns, tc.allocs, tc.bytes, tc.record, base, n, rate, tc.base, tc.n, tc.rate)
		}
	}
}

func TestAttributionRate(t *testing.T) {
	for _, tc := range []struct {
		name          string
		allocs, bytes float64
		base, n       int
		record, want  int
	}{
		// Benchmark1000KB100Aliases of gopkg.in/yaml.v3: 5.7M allocs/op,
		// 426 MB/op, at the floor of 2 and 3 iterations: 39.9M allocations,
		// about 107 s to record each, against 4 s at one per 2979 bytes.
		{"yaml", 5693852, 425520813, 2, 3, 0, 2979},
		{"at the bound", 1e5, 8e6, 2, 3, 700_000, 1},
		{"just above, rounded up", 142858, 142858 * 64, 2, 3, 0, 65},
		{"usual", 64, 4096, 781, 3125, 0, 1},
		{"no bound", 5693852, 425520813, 2, 3, -1, 1},
		{"smaller bound", 64, 4096, 781, 3125, 1000, 16008}, // 16 MB over 1000
		{"bytes too few to sample", 1e7, 0, 2, 3, 0, 1},
		{"huge", 1e9, 1e15, 2, 3, 0, 1 << 30},
	} {
		r := &Result{AllocsPerOp: tc.allocs, BytesPerOp: tc.bytes}
		if got := attributionRate(r, tc.base, tc.n, tc.record); got != tc.want {
			t.Errorf("%s: attributionRate(%v allocs/op, %v B/op, %d+%d iterations, record %d) = %d, want %d",
				tc.name, tc.allocs, tc.bytes, tc.base, tc.n, tc.record, got, tc.want)
		}
	}
}

func TestWithSiblings(t *testing.T) {
	listed := []string{"BenchmarkA/fill", "BenchmarkA/x/1", "BenchmarkA/x/2", "BenchmarkA/use", "BenchmarkB", "BenchmarkC/a.b", "BenchmarkC/c"}
	for _, tc := range []struct {
		name, want string
		sibs       []string
	}{
		{"BenchmarkA/use", "^BenchmarkA$/^(?:fill|x|use)$", []string{"BenchmarkA/fill", "BenchmarkA/x"}},
		{"BenchmarkA/x/2", "^BenchmarkA$/^x$/^(?:1|2)$", []string{"BenchmarkA/x/1"}},
		{"BenchmarkC/c", `^BenchmarkC$/^(?:a\.b|c)$`, []string{"BenchmarkC/a.b"}},
		{"BenchmarkA/fill", "", nil}, // the first: nothing runs before it
		{"BenchmarkA/x/1", "", nil},
		{"BenchmarkB", "", nil},   // top-level
		{"BenchmarkD/z", "", nil}, // not listed
	} {
		got, sibs := withSiblings(tc.name, listed)
		if got != tc.want || !slices.Equal(sibs, tc.sibs) {
			t.Errorf("withSiblings(%q) = %q, %q; want %q, %q", tc.name, got, sibs, tc.want, tc.sibs)
		}
	}
}
