package bench

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/perf/benchfmt"
	"golang.org/x/perf/benchmath"

	"github.com/squashgo/squash/internal/gotool"
	"github.com/squashgo/squash/internal/text"
)

// skipSummary says, in one line, that the benchmarks skipped skipped
// themselves: the first with its reason, and how many more, with the go
// test command (of the -test.bench regexp re, in package pkg) that shows
// theirs. A benchmark that skipped before the level of sub-benchmarks
// that the -bench pattern bench names never ran them, matching or not.
func skipSummary(skipped []Skip, bench, re, pkg string) string {
	s := skipped[0]
	reason := s.Reason
	if r, _, _ := strings.Cut(reason, "\n"); r != "" {
		reason = r
	} else {
		reason = "b.Skip, with nothing logged"
	}
	msg := fmt.Sprintf("%s skipped itself (%s)", s.Name, reason)
	levels := 0
	for _, alt := range benchAlternatives(bench) {
		levels = max(levels, len(alt))
	}
	if len(skipped) == 1 && strings.Count(s.Name, "/")+1 < levels {
		msg += fmt.Sprintf(", before any sub-benchmark that -bench %q may select", bench)
	}
	if n := len(skipped) - 1; n > 0 {
		msg += fmt.Sprintf(", and %d more skipped too: run '%s' to see why", n, verbose(re, pkg))
	}
	return msg
}

// verbose returns the go test command that runs the benchmarks re selects
// in pkg with -v, which prints what each logged and why it skipped.
func verbose(re, pkg string) string {
	return text.Command("go", "test", "-run", "^$", "-bench", re, "-v", pkg)
}

// A Skip is a benchmark that skipped itself (b.Skip, b.SkipNow).
type Skip struct {
	Name string // the full name, without the -GOMAXPROCS suffix
	// Reason is what the benchmark logged last before it skipped, as go
	// test prints it ("db_test.go:12: needs a database"), the message of
	// b.Skip; "" if it logged nothing.
	Reason string
}

// skips returns the benchmarks that out, the output of a run with -test.v,
// shows skipping: a line "--- SKIP: NAME" each. With -test.v go test prints
// a benchmark's name when it starts and its log entries as they come,
// indented by four spaces (the lines after an entry's first by eight), so
// the reason is the last entry before that line.
func skips(out string) []Skip {
	var ss []Skip
	var logged []string // entries since the last line that is not one
	for l := range strings.Lines(out) {
		l = strings.TrimRight(l, "\r\n")
		switch {
		case strings.HasPrefix(l, "--- SKIP: "):
			f := strings.Fields(strings.TrimPrefix(l, "--- SKIP: "))
			if len(f) == 0 || f[0] == procsSuffix {
				logged = nil
				continue
			}
			s := Skip{Name: strings.TrimSuffix(f[0], procsSuffix)}
			if len(logged) > 0 {
				s.Reason = logged[len(logged)-1]
			}
			ss, logged = append(ss, s), nil
		case strings.HasPrefix(l, "        ") && len(logged) > 0:
			logged[len(logged)-1] += "\n" + strings.TrimSpace(l)
		case strings.HasPrefix(l, "    "):
			logged = append(logged, strings.TrimSpace(l))
		default:
			logged = nil
		}
	}
	return ss
}

func failedNames(fs []Failure) []string {
	names := slices.Grow[[]string](nil, len(fs))
	for _, f := range fs {
		names = append(names, f.Name)
	}
	return names
}

// A Failure is a benchmark that failed (b.Error, b.Fatal, a panic), or a run
// of a test binary that failed where go test's output names no benchmark.
type Failure struct {
	Package string // import path
	Name    string // the benchmark's full name, without the -GOMAXPROCS suffix; "" if unknown
	Output  string // the lines of go test's output that say why, at most 20
	// TimedOut says that squash ended the run for running longer than
	// its timeout (Options.Timeout): Output is then one line of squash's.
	TimedOut bool
}

// Error names the benchmark and quotes its output, indented.
func (f *Failure) Error() string {
	if f.TimedOut {
		return fmt.Sprintf("benchmark %s failed in %s: %s", cmp.Or(f.Name, "(unnamed)"), f.Package, f.Output)
	}
	if f.Name == "" {
		return fmt.Sprintf("benchmark failed in %s:\n%s", f.Package, indent(f.Output))
	}
	return fmt.Sprintf("benchmark %s failed in %s:\n%s", f.Name, f.Package, indent(f.Output))
}

// named gives a *Failure of the run of benchmark name that names no
// benchmark, or a parent of name (the frame of a panic in a sub-benchmark
// names its top-level function), the name of the one that ran.
func named(err error, name string) error {
	if f := (*Failure)(nil); errors.As(err, &f) && (f.Name == "" || strings.HasPrefix(name, f.Name+"/")) {
		f.Name = name
	}
	return err
}

// failures returns the failures of b's package that out, the output of a
// failed run, shows: at least one.
func (b *Binary) failures(out string) []Failure {
	fs := failures(out)
	for i := range fs {
		fs[i].Package = b.Package.ImportPath
	}
	return fs
}

// failures returns the failures that out, the output of a failed run, shows,
// at least one; Package is left empty. Each "--- FAIL: BenchmarkX" is one,
// with the indented lines that follow it (or, in the output of a run with
// -test.v, which prints a benchmark's log entries as they come, those that
// come before it), unless a sub-benchmark of it failed too, which go test
// reports in its parent as well. A panic is one, named by go test's line of
// the benchmark that was running (on the panic's line, or, with -test.v, on
// a line of its own before the entries it logged), or, for a panic in the
// benchmark's first call, before go test printed its name, by the first
// frame of the trace that is a Benchmark function; it ends the output. That
// frame wins over a line naming another benchmark: go test may have started
// the next one, and printed its name, before the panic's lines came. With
// neither, the one failure is unnamed, and shows out from the first line
// that says FAIL.
func failures(out string) []Failure {
	ls := strings.Split(strings.TrimSpace(out), "\n")
	var fs []Failure
	for i := 0; i < len(ls); i++ {
		l := ls[i]
		if _, rest, ok := strings.Cut(l, "--- FAIL: "); ok {
			var name string
			if f := strings.Fields(rest); len(f) > 0 {
				name = strings.TrimSuffix(f[0], procsSuffix)
			}
			j := i + 1
			for j < len(ls) && strings.HasPrefix(ls[j], "    ") {
				j++
			}
			entries := ls[i+1 : j]
			if k := loggedFrom(ls, i); len(entries) == 0 && k > 0 && ls[k-1] == name && strings.HasPrefix(l, "--- FAIL: ") {
				entries = ls[k:i] // -test.v: after the line of its name
			}
			shown := append([]string{"--- FAIL: " + rest}, entries...)
			fs = append(fs, Failure{Name: name, Output: gotool.FirstLines(strings.Join(shown, "\n"), 20)})
			i = j - 1
			continue
		}
		if m := panicLine.FindStringSubmatchIndex(l); m != nil {
			var name string
			if m[2] >= 0 {
				name = strings.TrimSuffix(l[m[2]:m[3]], procsSuffix)
			} else if k := loggedFrom(ls, i); k > 0 && nameLine.MatchString(ls[k-1]) {
				name = ls[k-1]
			}
			// The benchmark's function, or a function literal of it, on
			// the panicking goroutine's stack names it when go test's line
			// does not: testing's deferred calls let the next benchmark
			// start, and print its name, while the panic is on its way.
			if fn := panicFrame(ls[i+1:]); fn != "" && name != fn && !strings.HasPrefix(name, fn+"/") {
				name = fn
			}
			shown := append([]string{l[m[4]:]}, ls[i+1:]...)
			fs = append(fs, Failure{Name: name, Output: gotool.FirstLines(strings.Join(shown, "\n"), 20)})
			break
		}
	}
	// A parent fails with its sub-benchmark: keep the sub-benchmark.
	fs = slices.DeleteFunc(fs, func(f Failure) bool {
		return f.Name != "" && slices.ContainsFunc(fs, func(g Failure) bool { return strings.HasPrefix(g.Name, f.Name+"/") })
	})
	fs = slices.CompactFunc(fs, func(f, g Failure) bool { return f.Name != "" && f.Name == g.Name })
	if len(fs) == 0 {
		for i, l := range ls {
			if strings.Contains(l, "FAIL") {
				ls = ls[i:]
				break
			}
		}
		fs = append(fs, Failure{Output: gotool.FirstLines(strings.Join(ls, "\n"), 20)})
	}
	return fs
}

// panicFrame returns the name of the first Benchmark function in trace, the
// lines after a panic's, among the frames of the goroutine that panicked
// (the first one shown), or "".
func panicFrame(trace []string) string {
	inStack := false
	for _, l := range trace {
		switch {
		case strings.HasPrefix(l, "goroutine "):
			inStack = true
		case l == "" && inStack:
			return "" // the end of its stack
		case inStack:
			if f := benchFrame.FindStringSubmatch(l); f != nil {
				return f[1]
			}
		}
	}
	return ""
}

// loggedFrom returns the first of the log entries, lines indented by four
// spaces, that end before line i of ls: i itself if there are none.
func loggedFrom(ls []string, i int) int {
	for i > 0 && strings.HasPrefix(ls[i-1], "    ") {
		i--
	}
	return i
}

// Parse reads go test benchmark output. It returns one Result per result
// line, without profiles or medians. fileName names the input in errors.
func Parse(r io.Reader, fileName string) ([]Result, error) {
	return parse(r, fileName, false)
}

// parse is Parse; if lenient, it skips the lines it cannot read, as in the
// output of a run that failed.
func parse(r io.Reader, fileName string, lenient bool) ([]Result, error) {
	rd := benchfmt.NewReader(r, fileName)
	var results []Result
	for rd.Scan() {
		switch rec := rd.Result().(type) {
		case *benchfmt.SyntaxError:
			if lenient {
				continue
			}
			return nil, fmt.Errorf("reading benchmark output: %w", rec)
		case *benchfmt.Result:
			res := Result{Name: "Benchmark" + string(rec.Name.Base()), Iters: rec.Iters, Runs: 1}
			_, parts := rec.Name.Parts()
			for _, p := range parts {
				if len(p) > 0 && p[0] == '-' {
					fmt.Sscanf(string(p[1:]), "%d", &res.Procs)
					continue
				}
				res.Name += string(p)
			}
			res.NsPerOp = nsPerOp(rec)
			res.BytesPerOp, _ = rec.Value("B/op")
			res.AllocsPerOp, _ = rec.Value("allocs/op")
			res.NsPerOpLow, res.NsPerOpHigh = res.NsPerOp, res.NsPerOp
			res.Records = []*benchfmt.Result{rec.Clone()}
			results = append(results, res)
		}
	}
	if err := rd.Err(); err != nil {
		return nil, fmt.Errorf("reading benchmark output: %w", err)
	}
	return results, nil
}

// nsPerOp returns rec's ns/op as go test printed it: benchfmt converts it
// to sec/op, and converting it back by multiplying would print 846.4 as
// 846.4000000000001.
func nsPerOp(rec *benchfmt.Result) float64 {
	for _, v := range rec.Values {
		if v.Unit == "sec/op" && v.OrigUnit == "ns/op" {
			return v.OrigValue
		}
	}
	sec, _ := rec.Value("sec/op")
	return sec * 1e9
}

// summarize folds the -count results of one benchmark into medians.
func summarize(name string, results []Result) (*Result, error) {
	var ns, bytes, allocs []float64
	var last Result
	var records []*benchfmt.Result
	for _, r := range results {
		if r.Name != name {
			continue
		}
		records = append(records, r.Records...)
		ns = append(ns, r.NsPerOp)
		bytes = append(bytes, r.BytesPerOp)
		allocs = append(allocs, r.AllocsPerOp)
		last = r
	}
	if len(ns) == 0 {
		return nil, fmt.Errorf("benchmark %s printed no result: does it call b.Skip or b.Run only conditionally?", name)
	}
	res := last
	res.Runs = len(ns)
	// NewSample sorts what it is given, and the runs are kept in order.
	thr := benchmath.DefaultThresholds
	s := benchmath.AssumeNothing.Summary(benchmath.NewSample(slices.Clone(ns), &thr), 0.95)
	res.NsPerOp, res.NsPerOpLow, res.NsPerOpHigh = s.Center, s.Lo, s.Hi
	res.BytesPerOp = benchmath.AssumeNothing.Summary(benchmath.NewSample(slices.Clone(bytes), &thr), 0.95).Center
	res.AllocsPerOp = benchmath.AssumeNothing.Summary(benchmath.NewSample(slices.Clone(allocs), &thr), 0.95).Center
	res.NsPerOpRuns, res.BytesPerOpRuns, res.AllocsPerOpRuns = ns, bytes, allocs
	res.Records = records
	return &res, nil
}

var (
	// nameLine is the line of a benchmark's name that go test prints when
	// it starts it, with -test.v.
	nameLine = regexp.MustCompile(`^Benchmark\S*$`)
	// panicLine is the first line of a panic, on its own or after the
	// name of the benchmark that was running.
	panicLine = regexp.MustCompile(`^(?:(Benchmark\S*)\s+)?(panic: .*)$`)
	// benchFrame is a frame of a Benchmark function in a trace.
	benchFrame = regexp.MustCompile(`^\S*\.(Benchmark[A-Za-z0-9_]*)[.(]`)
	// procsSuffix is the suffix go test adds to a benchmark's name when
	// GOMAXPROCS is not 1; the test binary inherits this process's.
	procsSuffix = func() string {
		if n := runtime.GOMAXPROCS(0); n != 1 {
			return "-" + strconv.Itoa(n)
		}
		return ""
	}()
)
