package bench

import (
	"fmt"
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

// TestSummarizeKeepsRuns: every run's figures and result line are kept, so
// that benchstat can compare them; the medians alone cannot be compared.
func TestSummarizeKeepsRuns(t *testing.T) {
	results, err := Parse(strings.NewReader(sampleOutput), "sample")
	if err != nil {
		t.Fatal(err)
	}
	r, err := summarize("BenchmarkSimple", results)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(r.NsPerOpRuns, []float64{2410, 2390, 2500}) {
		t.Errorf("NsPerOpRuns = %v, want each run's", r.NsPerOpRuns)
	}
	if len(r.Records) != 3 {
		t.Fatalf("%d records, want one per run", len(r.Records))
	}
	for i, rec := range r.Records {
		if rec.Iters != 500000 || rec.GetConfig("pkg") != "github.com/squashgo/squash/examples/decoder" || rec.GetConfig("cpu") != "AMD EPYC" {
			t.Errorf("record %d: %d iterations, pkg %q, cpu %q; want go test's line with its configuration", i, rec.Iters, rec.GetConfig("pkg"), rec.GetConfig("cpu"))
		}
	}
	if ns, _ := r.Records[1].Value("sec/op"); !near(ns*1e9, 2390) {
		t.Errorf("record 1 has %v sec/op, want 2390 ns/op: records are not clones", ns)
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
	names := slices.Grow[[]string](nil, len(results))
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
		{[]Skip{db, {Name: "BenchmarkY"}}, ".", "BenchmarkDB skipped itself (db_test.go:9: needs a database), and 1 more skipped too: run 'go test -run '^$' -bench . -v p' to see why"},
	} {
		if got := skipSummary(tc.skipped, tc.bench, tc.bench, "p"); got != tc.want {
			t.Errorf("skipSummary(%v, %q) = %q, want %q", tc.skipped, tc.bench, got, tc.want)
		}
	}
}
