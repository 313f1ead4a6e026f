package bench

import (
	"flag"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

const sampleOutput = `goos: linux
goarch: amd64
pkg: github.com/squashgo/squash/examples/decoder
cpu: AMD EPYC
BenchmarkSimple-2              	  500000	      2410 ns/op	    1080 B/op	      64 allocs/op
BenchmarkSimple-2              	  500000	      2390 ns/op	    1080 B/op	      64 allocs/op
BenchmarkSimple-2              	  500000	      2500 ns/op	    1080 B/op	      64 allocs/op
BenchmarkEncode/n=10/impl=binary.Write-2 	 1000000	      101.5 ns/op	      80 B/op	       1 allocs/op
BenchmarkNoProcs 	 100	      10 ns/op
PASS
ok  	github.com/squashgo/squash/examples/decoder	3.1s
`

func TestParse(t *testing.T) {
	got, err := Parse(strings.NewReader(sampleOutput), "sample")
	if err != nil {
		t.Fatal(err)
	}
	want := []Result{
		{Name: "BenchmarkSimple", Procs: 2, Iters: 500000, NsPerOp: 2410, BytesPerOp: 1080, AllocsPerOp: 64},
		{Name: "BenchmarkSimple", Procs: 2, Iters: 500000, NsPerOp: 2390, BytesPerOp: 1080, AllocsPerOp: 64},
		{Name: "BenchmarkSimple", Procs: 2, Iters: 500000, NsPerOp: 2500, BytesPerOp: 1080, AllocsPerOp: 64},
		{Name: "BenchmarkEncode/n=10/impl=binary.Write", Procs: 2, Iters: 1000000, NsPerOp: 101.5, BytesPerOp: 80, AllocsPerOp: 1},
		{Name: "BenchmarkNoProcs", Procs: 0, Iters: 100, NsPerOp: 10},
	}
	if len(got) != len(want) {
		t.Fatalf("got %d results, want %d: %+v", len(got), len(want), got)
	}
	for i, w := range want {
		g := got[i]
		if g.Name != w.Name || g.Procs != w.Procs || g.Iters != w.Iters ||
			!near(g.NsPerOp, w.NsPerOp) || g.BytesPerOp != w.BytesPerOp || g.AllocsPerOp != w.AllocsPerOp {
			t.Errorf("result %d = %+v, want %+v", i, g, w)
		}
	}
}

// TestParseNsPerOp: ns/op reads as go test printed it, not as a round
// trip through sec/op (846.4000000000001).
func TestParseNsPerOp(t *testing.T) {
	for _, ns := range []float64{846.4, 0.2917, 101.5, 2410, 1.234e9} {
		out := fmt.Sprintf("BenchmarkX-2   \t     100\t%s ns/op\n", strconv.FormatFloat(ns, 'f', -1, 64))
		got, err := Parse(strings.NewReader(out), "x")
		if err != nil || len(got) != 1 {
			t.Fatalf("%q: %v, %d results", out, err, len(got))
		}
		if got[0].NsPerOp != ns {
			t.Errorf("%q: NsPerOp = %v", out, got[0].NsPerOp)
		}
	}
}

func near(a, b float64) bool { return a-b < 1e-6 && b-a < 1e-6 }

func TestSummarizeMedians(t *testing.T) {
	results, err := Parse(strings.NewReader(sampleOutput), "sample")
	if err != nil {
		t.Fatal(err)
	}
	r, err := summarize("BenchmarkSimple", results)
	if err != nil {
		t.Fatal(err)
	}
	if r.Runs != 3 || !near(r.NsPerOp, 2410) || r.AllocsPerOp != 64 {
		t.Errorf("summary = %+v, want 3 runs, median 2410 ns/op, 64 allocs/op", r)
	}
	if r.NsPerOpLow > r.NsPerOp || r.NsPerOpHigh < r.NsPerOp {
		t.Errorf("interval [%v, %v] does not hold the median %v", r.NsPerOpLow, r.NsPerOpHigh, r.NsPerOp)
	}
	if _, err := summarize("BenchmarkMissing", results); err == nil {
		t.Error("summarize of a benchmark without results: no error")
	}
}

func TestParseSyntaxError(t *testing.T) {
	_, err := Parse(strings.NewReader("BenchmarkX-2 100 ns/op\n"), "bad")
	if err == nil {
		t.Fatal("no error for a result line without an iteration count")
	}
	if !strings.Contains(err.Error(), "bad:1") {
		t.Errorf("error %q does not name the line", err)
	}
}

func TestExactRegexp(t *testing.T) {
	for _, tc := range []struct{ name, want string }{
		{"BenchmarkSimple", "^BenchmarkSimple$"},
		{"BenchmarkEncode/n=10/impl=binary.Write", "^BenchmarkEncode$/^n=10$/^impl=binary\\.Write$"},
		{"BenchmarkA/x+y(1)", `^BenchmarkA$/^x\+y\(1\)$`},
	} {
		if got := ExactRegexp(tc.name); got != tc.want {
			t.Errorf("ExactRegexp(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
}

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
		// 426 MB/op, about a second an op: the floor of 2 and 3 either way.
		{"yaml", 1.2e9, 5693852, 425520813, 0, 2, 3, 4096},
		// 200,000 allocs/op, 5 MB/op, 6 ms an op: 2 and 3 would record
		// 1.4M; sampled, it runs 20 and 83 iterations, at one allocation
		// per 1 KiB (their 538 MB over a million, rounded up).
		{"heavy, fast", 6e6, 2e5, 5.12e6, 0, 20, 83, 1024},
		{"the same, exact", 6e6, 2e5, 5.12e6, -1, 2, 3, 1},
		{"usual", 2000, 64, 4096, 0, 781, 3125, 1},
		// Bounded to 1000 recorded allocations: by time alone, 62,500 and
		// 250,000 iterations, one allocation per 2 MiB (1.28 GB over 1000).
		{"small bound", 2000, 64, 4096, 1000, 62500, 250000, 1 << 21},
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
		// about 107 s to record each, against 4 s at one per 4 KiB.
		{"yaml", 5693852, 425520813, 2, 3, 0, 4096},
		{"at the bound", 1e5, 8e6, 2, 3, 700_000, 1},
		{"just above, rounded up to a power of two", 142858, 142858 * 64, 2, 3, 0, 128},
		{"usual", 64, 4096, 781, 3125, 0, 1},
		{"no bound", 5693852, 425520813, 2, 3, -1, 1},
		{"smaller bound", 64, 4096, 781, 3125, 1000, 16384}, // 16 MB over 1000
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

func FuzzParse(f *testing.F) {
	f.Add([]byte(sampleOutput))
	f.Add([]byte("BenchmarkX-2 100 ns/op\n"))
	f.Add([]byte("BenchmarkX/a=b-8 \t 10 \t 1e309 ns/op 3 B/op\n"))
	f.Add([]byte("Benchmark 1 1 x\nkey: value\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		results, err := Parse(strings.NewReader(string(data)), "fuzz")
		if err != nil && results != nil {
			t.Fatalf("results and an error: %v", err)
		}
		for _, r := range results {
			if !strings.HasPrefix(r.Name, "Benchmark") {
				t.Fatalf("result name %q lacks the Benchmark prefix", r.Name)
			}
		}
	})
}

func TestOnly(t *testing.T) {
	for _, tc := range []struct{ top, pattern, want string }{
		{"BenchmarkA", ".", "^BenchmarkA$"},
		{"BenchmarkA", "A/n=1", "^BenchmarkA$/n=1"},
		{"BenchmarkAltX", "Panic|AltX/x|^BenchmarkA$", "^BenchmarkAltX$/x"},
		{"BenchmarkA", "Panic|AltX/x|^BenchmarkA$", "^BenchmarkA$"},
		{"BenchmarkZ", "AltX/x|Panic|Z", "^BenchmarkZ$"},
		{"BenchmarkX", "[/]|X", "^BenchmarkX$"},
		{"Benchmark.Odd", "Nope", `^Benchmark\.Odd$`},
	} {
		if got := only(tc.top, tc.pattern); got != tc.want {
			t.Errorf("only(%q, %q) = %q, want %q", tc.top, tc.pattern, got, tc.want)
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

func TestCheckBench(t *testing.T) {
	for _, tc := range []struct {
		pattern string
		ok      bool
	}{
		{".", true}, {"", true}, {"Decode/n=10", true}, {"A|B/x", true}, {"[/]", true}, {"(a/b)", true}, {`a\/b`, true}, {"]", true},
		{"[", false}, {"A/(", false}, {"A|*", false}, {"a(b", false},
		{"[!- ]", true}, // a blank is an underscore: [!-_] is a range
		{"[_-!]", false}, {"[ -!]", false},
	} {
		if err := CheckBench(tc.pattern); (err == nil) != tc.ok {
			t.Errorf("CheckBench(%q) = %v", tc.pattern, err)
		} else if err != nil && !strings.Contains(err.Error(), strconv.Quote(tc.pattern)) {
			t.Errorf("error %q does not name %q", err, tc.pattern)
		}
	}
}

// FuzzCheckBench: CheckBench never panics; it accepts a pattern only if
// every element compiles, and a pattern with no separator or bracket
// exactly when regexp accepts it.
func FuzzCheckBench(f *testing.F) {
	for _, s := range []string{".", "[", "A/B|C", "[/]", "(a/b", `\`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, p string) {
		err := CheckBench(p)
		if err == nil {
			for _, alt := range benchAlternatives(p) {
				for _, e := range alt {
					if _, cerr := regexp.Compile(rewrite(e)); cerr != nil {
						t.Errorf("CheckBench(%q) accepted element %q: %v", p, e, cerr)
					}
				}
			}
		}
		if !strings.ContainsAny(p, "/|[]()\\") && rewrite(p) == p {
			if _, cerr := regexp.Compile(p); (cerr == nil) != (err == nil) {
				t.Errorf("CheckBench(%q) = %v, regexp says %v", p, err, cerr)
			}
		}
	})
}

func TestCheckBenchtime(t *testing.T) {
	for bt, ok := range map[string]bool{
		"1s": true, "500ms": true, "1m30s": true, "100x": true, "1x": true,
		"+5x": true, "0100x": true, "+1s": true,
		"": false, "xyz": false, "0x": false, "-5x": false, "x": false,
		"0s": false, "-1s": false, "10": false, "1.5x": false, "100X": false,
	} {
		if err := CheckBenchtime(bt); (err == nil) != ok {
			t.Errorf("CheckBenchtime(%q) = %v, want ok %v", bt, err, ok)
		}
	}
}

// FuzzCheckBenchtime: CheckBenchtime accepts exactly what this test
// binary's own -test.benchtime flag accepts, and its error names what it
// refuses.
func FuzzCheckBenchtime(f *testing.F) {
	for _, s := range []string{"1s", "100x", "xyz", "0x", "-1s", "+5x", "1.5x", "9999999999999999999999x"} {
		f.Add(s)
	}
	fl := flag.Lookup("test.benchtime")
	if fl == nil {
		f.Fatal("no -test.benchtime flag in this test binary")
	}
	old := fl.Value.String()
	f.Fuzz(func(t *testing.T, bt string) {
		err := CheckBenchtime(bt)
		goErr := fl.Value.Set(bt)
		if err := fl.Value.Set(old); err != nil {
			t.Fatal(err)
		}
		if (err == nil) != (goErr == nil) {
			t.Errorf("CheckBenchtime(%q) = %v, but the testing flag says %v", bt, err, goErr)
		}
		if err != nil && !strings.Contains(err.Error(), strconv.Quote(bt)) {
			t.Errorf("error %q does not name %q", err, bt)
		}
	})
}

func TestFailure(t *testing.T) {
	for _, tc := range []struct {
		name, out     string
		want, display string // the benchmark named, the first line shown
	}{
		{"panic", "goos: linux\nBenchmarkOK" + procsSuffix + "       \t       1\t       752.0 ns/op\nBenchmarkPanics/size-64" + procsSuffix + "   \tpanic: assignment to entry in nil map\n\ngoroutine 3 [running]:\n",
			"BenchmarkPanics/size-64", "panic: assignment to entry in nil map"},
		{"panic in the first call", "panic: assignment to entry in nil map\n\ngoroutine 17 [running]:\nexample.com/pan.helper(...)\n\t/tmp/pan/pan_test.go:5\nexample.com/pan.BenchmarkPanics.func1(0x38aaeeebc308)\n\t/tmp/pan/pan_test.go:7 +0x34\ntesting.(*B).runN(0x38aaeeebc308, 0x1)\n",
			"BenchmarkPanics", "panic: assignment to entry in nil map"},
		{"panic in a log line", "goos: linux\nretrying after panic: fine\n--- FAIL: BenchmarkLog\n    x_test.go:3: gave up\n",
			"BenchmarkLog", "--- FAIL: BenchmarkLog"},
		{"fatal", "goos: linux\n--- FAIL: BenchmarkFails\n    pan_test.go:9: the input file is missing\nFAIL\n",
			"BenchmarkFails", "--- FAIL: BenchmarkFails"},
		{"unnamed", "goos: linux\nsomething went wrong\nFAIL\texample.com/pan\t0.01s\n", "", "FAIL\texample.com/pan\t0.01s"},
		{"nothing recognised", "exit status 3\n", "", "exit status 3"},
	} {
		fs := failures(tc.out)
		if len(fs) != 1 {
			t.Errorf("%s: %d failures, want 1: %+v", tc.name, len(fs), fs)
			continue
		}
		name, lines := fs[0].Name, fs[0].Output
		first, _, _ := strings.Cut(lines, "\n")
		if name != tc.want || first != tc.display {
			t.Errorf("%s: failure = %q, first line %q; want %q, %q", tc.name, name, first, tc.want, tc.display)
		}
	}
}

// TestFailures: every benchmark that failed is named once, with its own
// lines; a parent that failed because its sub-benchmark did is not.
func TestFailures(t *testing.T) {
	out := "goos: linux\n" +
		"BenchmarkA" + procsSuffix + "       \t       1\t      3357 ns/op\n" +
		"BenchmarkFatal" + procsSuffix + "   \t--- FAIL: BenchmarkFatal" + procsSuffix + "\n" +
		"    fb_test.go:3: boom at N>1\n" +
		"BenchmarkSub/n=1" + procsSuffix + " \t       1\t      2094 ns/op\n" +
		"--- FAIL: BenchmarkSub/n=2\n" +
		"    fb_test.go:8: sub err\n" +
		"    fb_test.go:9: and again\n" +
		"BenchmarkSub/n=3" + procsSuffix + " \t       1\t      2936 ns/op\n" +
		"--- FAIL: BenchmarkSub\n" +
		"BenchmarkPanics" + procsSuffix + "   \tpanic: boom\n\ngoroutine 3 [running]:\n" +
		"--- FAIL: BenchmarkNotReached\n"
	want := []Failure{
		{Name: "BenchmarkFatal", Output: "--- FAIL: BenchmarkFatal" + procsSuffix + "\n    fb_test.go:3: boom at N>1"},
		{Name: "BenchmarkSub/n=2", Output: "--- FAIL: BenchmarkSub/n=2\n    fb_test.go:8: sub err\n    fb_test.go:9: and again"},
		{Name: "BenchmarkPanics", Output: "panic: boom\ngoroutine 3 [running]:\n--- FAIL: BenchmarkNotReached"},
	}
	if got := failures(out); !slices.Equal(got, want) {
		t.Errorf("failures =\n%+v\nwant\n%+v", got, want)
	}
	// The lenient parse still reads the results between them.
	results, err := parse(strings.NewReader(out), "out", true)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, r := range results {
		names = append(names, r.Name)
	}
	if want := []string{"BenchmarkA", "BenchmarkSub/n=1", "BenchmarkSub/n=3"}; !slices.Equal(names, want) {
		t.Errorf("results %q, want %q", names, want)
	}
}

// TestFailuresVerbose: in the output of a run with -test.v (go1.26's, as
// discovery runs), where go test prints a benchmark's log entries as they
// come and its name on a line of its own when it starts, each failure gets
// the entries it logged before its "--- FAIL:" line, no one else's, and a
// panic is named by the line of the sub-benchmark that was running.
func TestFailuresVerbose(t *testing.T) {
	out := "goos: linux\n" +
		"BenchmarkF\nBenchmarkF/x\n    f_test.go:6: before\n    f_test.go:6: broken\n--- FAIL: BenchmarkF/x\n" +
		"BenchmarkF/y\n    f_test.go:7: also\n--- FAIL: BenchmarkF/y\n--- FAIL: BenchmarkF\n" +
		"BenchmarkSilent\n--- FAIL: BenchmarkSilent\n" +
		"BenchmarkP\nBenchmarkP/sub\n    p_test.go:6: x\npanic: boom\n\ngoroutine 18 [running]:\n"
	want := []Failure{
		{Name: "BenchmarkF/x", Output: "--- FAIL: BenchmarkF/x\n    f_test.go:6: before\n    f_test.go:6: broken"},
		{Name: "BenchmarkF/y", Output: "--- FAIL: BenchmarkF/y\n    f_test.go:7: also"},
		{Name: "BenchmarkSilent", Output: "--- FAIL: BenchmarkSilent"},
		{Name: "BenchmarkP/sub", Output: "panic: boom\ngoroutine 18 [running]:"},
	}
	if got := failures(out); !slices.Equal(got, want) {
		t.Errorf("failures =\n%+v\nwant\n%+v", got, want)
	}
	// testing's deferred calls let the next benchmark start, and go test
	// print its name, while the panic is on its way: the frame on the
	// panicking goroutine's stack names the one that panicked, with or
	// without -test.v (seen in 4 of 40 runs of cmd/squash's
	// TestReportPartialFailure on a loaded machine). A sub-benchmark's line
	// is kept when the frame is its parent's function literal.
	trace := "\ngoroutine 8 [running]:\nexample.com/sq/partfail.BenchmarkPanics(0x1dc6809d2608?)\n\t/x/partfail_test.go:17 +0x28\n" +
		"testing.(*B).runN(0x1dc6809d2608, 0x1)\n\t/usr/local/go/src/testing/benchmark.go:219 +0x190\n\n" +
		"goroutine 1 [chan receive]:\nexample.com/sq/partfail.BenchmarkLater(0x1)\n"
	for _, out := range []string{
		"BenchmarkBefore\nBenchmarkPanics\nBenchmarkLater\npanic: boom\n" + trace,
		"BenchmarkPanics" + procsSuffix + " \t       1\t 5 ns/op\nBenchmarkLater" + procsSuffix + "   \tpanic: boom\n" + trace,
	} {
		if got := failures(out); len(got) != 1 || got[0].Name != "BenchmarkPanics" {
			t.Errorf("failures(%q) = %+v, want one of BenchmarkPanics", out, got)
		}
	}
	out = "BenchmarkS\nBenchmarkS/n=1\npanic: boom\n\ngoroutine 9 [running]:\nexample.com/p.BenchmarkS.func1(0x1)\n"
	if got := failures(out); len(got) != 1 || got[0].Name != "BenchmarkS/n=1" {
		t.Errorf("failures(%q) = %+v, want one of BenchmarkS/n=1", out, got)
	}
	// Without -test.v, a failure that logged nothing does not take the
	// entries of the one before.
	out = "--- FAIL: BenchmarkA\n    a_test.go:3: a's\n--- FAIL: BenchmarkB\n"
	want = []Failure{
		{Name: "BenchmarkA", Output: "--- FAIL: BenchmarkA\n    a_test.go:3: a's"},
		{Name: "BenchmarkB", Output: "--- FAIL: BenchmarkB"},
	}
	if got := failures(out); !slices.Equal(got, want) {
		t.Errorf("without -test.v: failures =\n%+v\nwant\n%+v", got, want)
	}
}

// FuzzFailure: failures never panics, returns at least one, shows at most
// 20 lines of each (and "…" for the rest), and names a benchmark with one
// word: what follows "--- FAIL:", or a Benchmark name in front of a panic.
func FuzzFailure(f *testing.F) {
	f.Add("BenchmarkPanics-2   \tpanic: boom\n\ngoroutine 3 [running]:\n")
	f.Add("--- FAIL: BenchmarkFails\n    x_test.go:9: missing\nFAIL\n")
	f.Add("--- FAIL: \n")
	f.Add(strings.Repeat("FAIL\n", 30))
	f.Fuzz(func(t *testing.T, out string) {
		fs := failures(out)
		if len(fs) == 0 {
			t.Fatal("no failure")
		}
		for _, f := range fs {
			name, lines := f.Name, f.Output
			if ls := strings.Split(lines, "\n"); len(ls) > 21 || len(ls) == 21 && ls[20] != "…" {
				t.Errorf("%d lines shown:\n%s", len(ls), lines)
			}
			if name != "" && (strings.ContainsAny(name, " \t\r\n") || !strings.Contains(out, "--- FAIL: ") && !strings.HasPrefix(name, "Benchmark")) {
				t.Errorf("named %q", name)
			}
		}
	})
}

// TestSkips: each "--- SKIP:" line of a -test.v run is a skipped
// benchmark, with the last entry it logged before as the reason (output of
// go1.26 on benchmarks that call b.Skip, b.SkipNow, b.Log then b.Skipf of
// two lines, and b.Skip in sub-benchmarks).
func TestSkips(t *testing.T) {
	out := "goos: linux\ngoarch: amd64\npkg: example.com/skx\ncpu: AMD EPYC\n" +
		"BenchmarkNeedsDB\n    skx_test.go:13: needs a database\n--- SKIP: BenchmarkNeedsDB\n" +
		"BenchmarkNow\n--- SKIP: BenchmarkNow\n" +
		"BenchmarkRuns\nBenchmarkRuns" + procsSuffix + "   \t       1\t       741.0 ns/op\n" +
		"BenchmarkMulti\n    skx_test.go:15: line one\n    skx_test.go:15: two\n        lines\n--- SKIP: BenchmarkMulti\n" +
		"BenchmarkAllSub\nBenchmarkAllSub/a\n    skx_test.go:21: no a\n--- SKIP: BenchmarkAllSub/a\n" +
		"BenchmarkDeep\nBenchmarkDeep/a\nBenchmarkDeep/a/b\n    skx_test.go:24: deep\n--- SKIP: BenchmarkDeep/a/b\n" +
		"--- SKIP: \nPASS\n"
	want := []Skip{
		{"BenchmarkNeedsDB", "skx_test.go:13: needs a database"},
		{"BenchmarkNow", ""},
		{"BenchmarkMulti", "skx_test.go:15: two\nlines"},
		{"BenchmarkAllSub/a", "skx_test.go:21: no a"},
		{"BenchmarkDeep/a/b", "skx_test.go:24: deep"},
	}
	if got := skips(out); !slices.Equal(got, want) {
		t.Errorf("skips =\n%q\nwant\n%q", got, want)
	}
}

// FuzzSkips: skips never panics and names each skipped benchmark with one
// word of the output, after a "--- SKIP: ".
func FuzzSkips(f *testing.F) {
	f.Add("BenchmarkNeedsDB\n    x_test.go:13: needs a database\n--- SKIP: BenchmarkNeedsDB\n")
	f.Add("--- SKIP: \n        x\n    y\n--- SKIP: B\r\n")
	f.Fuzz(func(t *testing.T, out string) {
		for _, s := range skips(out) {
			_, after, _ := strings.Cut(out, "--- SKIP: ")
			if w := strings.Fields(s.Name); len(w) != 1 || w[0] != s.Name || !strings.Contains(after, s.Name) {
				t.Errorf("named %q", s.Name)
			}
		}
	})
}

// TestSkipSummary: when every benchmark selected skipped itself, the error
// names the first with its reason, and counts the others.
func TestSkipSummary(t *testing.T) {
	db := Skip{Name: "BenchmarkDB", Reason: "db_test.go:9: needs a database\nmore"}
	for _, tc := range []struct {
		skipped []Skip
		bench   string
		want    string
	}{
		{[]Skip{db}, ".", "BenchmarkDB skipped itself (db_test.go:9: needs a database)"},
		{[]Skip{{Name: "BenchmarkX/n=2"}}, "X/n=2", "BenchmarkX/n=2 skipped itself (b.Skip, with nothing logged)"},
		{[]Skip{db}, "DB/fast", `BenchmarkDB skipped itself (db_test.go:9: needs a database), before any sub-benchmark that -bench "DB/fast" may select`},
		{[]Skip{db, {Name: "BenchmarkY"}}, ".", "BenchmarkDB skipped itself (db_test.go:9: needs a database), and 1 more skipped too: run 'go test -run '^$' -bench '.' -v p' to see why"},
	} {
		if got := skipSummary(tc.skipped, tc.bench, tc.bench, "p"); got != tc.want {
			t.Errorf("skipSummary(%v, %q) = %q, want %q", tc.skipped, tc.bench, got, tc.want)
		}
	}
}

func TestSelects(t *testing.T) {
	for _, tc := range []struct {
		pattern, name string
		want          bool
	}{
		{".", "BenchmarkMarshalTo/small", true},
		{"Marshal/(small|medium)$", "BenchmarkMarshalTo/small", true},
		{"Marshal/(small|medium)$", "BenchmarkMarshalTo/large", false},
		{"Marshal/(small|medium)$", "BenchmarkMarshalTo", false}, // a level for each element
		{"Parse$|ObjectGet", "BenchmarkObjectGet/items_10/lookups_0", true},
		{"Parse$|ObjectGet", "BenchmarkParseRawString", false},
		{"Parse$/small/fastjson$", "BenchmarkParse/small/fastjson-get", false},
		{"Decode with spaces", "BenchmarkDecode_with_spaces", true},
	} {
		if got := Selects(tc.pattern, tc.name); got != tc.want {
			t.Errorf("Selects(%q, %q) = %v, want %v", tc.pattern, tc.name, got, tc.want)
		}
	}
}
