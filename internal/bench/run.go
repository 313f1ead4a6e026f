package bench

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"golang.org/x/perf/benchfmt"
	"golang.org/x/perf/benchmath"

	"github.com/squashgo/squash/internal/gotool"
)

// Options control how benchmarks are run. The zero value runs every
// benchmark with the go command's defaults.
type Options struct {
	Bench     string // -test.bench regexp; "" means "."
	Benchtime string // -test.benchtime for the timing run; "" means 1s
	Count     int    // -test.count for the timing run; 0 means 1
	// Processes runs each of the Count timing runs in a test binary of
	// its own, not all in one: a benchmark whose allocations depend on the
	// collector (a pooled object that survives a collection or not)
	// carries its state from one run to the next within a process. The CPU
	// profile is the last process's.
	Processes bool

	// Record bounds how many allocations the two attribution runs of a
	// benchmark record one by one: 0 means DefaultRecord, a negative value
	// no bound. A benchmark that would make more in those runs is recorded
	// at a sampling rate that records about that many (see
	// Result.MemProfileRate), as recording each allocation costs a few
	// microseconds: a benchmark of five million allocations an op would
	// take minutes.
	Record int

	// Progress, if not nil, receives one line per step.
	Progress io.Writer
}

// CheckBenchtime returns an error if t is not a -benchtime the testing
// package accepts: a positive duration (1s, 500ms) or a positive count of
// iterations (100x), as its flag parses them. Checking it first saves
// building a test binary that would refuse it.
func CheckBenchtime(t string) error {
	if n, ok := strings.CutSuffix(t, "x"); ok {
		i, err := strconv.ParseInt(n, 10, 0)
		switch {
		case err == nil && i > 0:
			return nil
		case err == nil:
			return fmt.Errorf("-benchtime %q: a count of iterations must be at least 1x", t)
		}
	} else if d, err := time.ParseDuration(t); err == nil && d > 0 {
		return nil
	} else if err == nil {
		return fmt.Errorf("-benchtime %q: a duration must be above 0", t)
	}
	return fmt.Errorf("-benchtime %q is neither a duration (1s, 500ms) nor a count of iterations (100x)", t)
}

// CheckBench returns an error if the -bench regexp pattern is one the
// testing package would refuse: it splits the pattern at each slash and
// bar outside brackets and parentheses, as it does, and compiles each
// element as it rewrites it. Checking it first saves building a test binary
// that would fail.
func CheckBench(pattern string) error {
	i := 0
	for _, alt := range benchAlternatives(pattern) {
		for _, e := range alt {
			i++
			if _, err := regexp.Compile(rewrite(e)); err != nil {
				return fmt.Errorf("-bench %q: element %d, %q, is not a regexp: %v", pattern, i, e, strings.TrimPrefix(err.Error(), "error parsing regexp: "))
			}
		}
	}
	return nil
}

// rewrite makes an element of a -bench pattern what the testing package
// compiles: blanks become underscores, as in benchmark names, and other
// characters that do not print are quoted.
func rewrite(e string) string {
	var b strings.Builder
	for _, r := range e {
		switch {
		case unicode.IsSpace(r):
			b.WriteByte('_')
		case !strconv.IsPrint(r):
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// benchAlternatives splits a -bench pattern as the testing package does:
// into alternatives at the bars, and each into elements, one per level of
// sub-benchmarks, at the slashes, both outside brackets and parentheses.
func benchAlternatives(s string) [][]string {
	var alts [][]string
	var elems []string
	brackets, parens := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '[':
			brackets++
		case ']':
			brackets = max(brackets-1, 0) // an unmatched ] is legal
		case '(':
			if brackets == 0 {
				parens++
			}
		case ')':
			if brackets == 0 {
				parens--
			}
		case '\\':
			i++
		case '/', '|':
			if brackets == 0 && parens == 0 {
				elems = append(elems, s[:i])
				if s[i] == '|' {
					alts, elems = append(alts, elems), nil
				}
				s, i = s[i+1:], -1
			}
		}
	}
	return append(alts, append(elems, s))
}

// A Result is the measurement of one benchmark.
type Result struct {
	// Name is the benchmark's full name as go test prints it, without the
	// GOMAXPROCS suffix: BenchmarkEncode/n=10/impl=binenc.
	Name  string
	Procs int // GOMAXPROCS

	// Medians over the -count runs of the timing run.
	NsPerOp     float64
	BytesPerOp  float64
	AllocsPerOp float64
	Runs        int // how many timing runs (-count)
	Iters       int // iterations of the last timing run

	// Each run's B/op and allocs/op, in order. They differ where a run's
	// allocations depend on the collector, such as a pooled object that
	// survives a collection in some runs and not in others.
	BytesPerOpRuns, AllocsPerOpRuns []float64

	// NsPerOpLow and NsPerOpHigh bound the 95% confidence interval of the
	// median ns/op when Runs > 1 (golang.org/x/perf/benchmath, no
	// distribution assumed); both equal NsPerOp otherwise.
	NsPerOpLow, NsPerOpHigh float64

	// CPUProfile is the CPU profile of the timing run.
	CPUProfile string

	// With are the other benchmarks that run when this one does: where a
	// sub-benchmark's name holds a slash, the testing package takes it for
	// levels, and the -test.bench regexp of a name that is a prefix of
	// others' (route:/a of route:/a/b) selects them too, while that of the
	// longer name runs the shorter one to look for sub-benchmarks (and, if
	// it uses b.Loop, all the way, with no result). The timing run's
	// figures are this benchmark's own, but a profile would hold theirs as
	// well: no allocations are recorded then.
	With []string

	// Needs are the sub-benchmarks before this one, under the same parent,
	// that it fails without: run alone it failed, with Alone the lines go
	// test printed, and run after them, as go test runs them all, it
	// passed. Its figures are its own, from that run; the CPU profile is of
	// the run with them, and the run is in With too, so no allocations are
	// recorded.
	Needs []string
	Alone string

	// MemProfile and MemBaseProfile are heap profiles with every allocation
	// recorded, of runs of MemIters and BaseIters iterations. Their
	// difference holds exactly the allocations of MemIters-BaseIters
	// iterations: set-up and the testing package's own allocations cancel
	// (go tool pprof -diff_base=MemBaseProfile MemProfile). Both are empty
	// when the benchmark does not allocate. Where MemProfileRate is above 1,
	// they hold a sample, and the difference estimates those allocations.
	MemProfile, MemBaseProfile string
	MemIters, BaseIters        int

	// MemProfileRate is the -test.memprofilerate of the attribution runs:
	// 1 records every allocation, and the profiles' counts are exact; above
	// 1, the runtime records one allocation per MemProfileRate bytes
	// allocated, on average, and the profiles hold estimates (their counts
	// scaled up as pprof does), as Options.Record asked. 0 when there were
	// no attribution runs.
	MemProfileRate int
}

// Benchmarks lists the benchmarks that opts.Bench selects, with their
// sub-benchmarks, by running each once (-test.benchtime=1x), the ones that
// failed, and the ones that skipped themselves, with their reasons. A
// failure does not hide the others: where one stopped the test binary (a
// panic), each top-level benchmark that did not run then is run on its own.
// The error is for what left nothing to list; the skipped are returned with
// it.
func (b *Binary) Benchmarks(ctx context.Context, opts Options) ([]string, []Failure, []Skip, error) {
	re := benchRegexp(opts.Bench)
	names, failed, skipped, err := b.discover(ctx, re)
	if err != nil {
		return nil, nil, nil, err
	}
	if len(failed) > 0 {
		var alone []Failure // failures of benchmarks run on their own
		for _, top := range b.listed(ctx, opts.Bench) {
			if covers(top, names) || covers(top, failedNames(failed)) {
				continue
			}
			n, f, sk, err := b.discover(ctx, only(top, re))
			if err != nil {
				return nil, nil, nil, err
			}
			for _, s := range sk {
				if !slices.Contains(skipped, s) {
					skipped = append(skipped, s)
				}
			}
			for i := range f {
				if f[i].Name == "" {
					f[i].Name = top
				}
			}
			for _, name := range n {
				if !slices.Contains(names, name) {
					names = append(names, name)
				}
			}
			alone = append(alone, f...)
		}
		if len(alone) > 0 {
			// The failure the first run could not name is among them.
			failed = slices.DeleteFunc(failed, func(f Failure) bool { return f.Name == "" })
		}
		for _, f := range alone {
			if !slices.Contains(failedNames(failed), f.Name) {
				failed = append(failed, f)
			}
		}
	}
	if len(names) == 0 && len(failed) == 0 && len(skipped) > 0 {
		return nil, nil, skipped, fmt.Errorf("%w in %s: %s", ErrNoneRan, b.Package.ImportPath, skipSummary(skipped, opts.Bench, re, b.Package.ImportPath))
	}
	if len(names) == 0 && len(failed) == 0 {
		// A regexp with a level for sub-benchmarks may match a benchmark
		// and none of its sub-benchmarks: that is the "match" case below.
		if listed := b.listed(ctx, opts.Bench); len(listed) > 0 && !strings.Contains(opts.Bench, "/") {
			verb := "skipped itself"
			if len(listed) > 1 {
				verb = "skipped themselves"
			}
			return nil, nil, skipped, fmt.Errorf("%w in %s: %s %s (b.Skip) or did not run an iteration; run 'go test -run '^$' -bench '%s' -v %s' to see why", ErrNoneRan, b.Package.ImportPath, strings.Join(listed, ", "), verb, re, b.Package.ImportPath)
		}
		return nil, nil, nil, &NoBenchmarksError{Where: b.Package.ImportPath, Bench: opts.Bench}
	}
	return names, failed, skipped, nil
}

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
	text := fmt.Sprintf("%s skipped itself (%s)", s.Name, reason)
	levels := 0
	for _, alt := range benchAlternatives(bench) {
		levels = max(levels, len(alt))
	}
	if len(skipped) == 1 && strings.Count(s.Name, "/")+1 < levels {
		text += fmt.Sprintf(", before any sub-benchmark that -bench %q may select", bench)
	}
	if n := len(skipped) - 1; n > 0 {
		text += fmt.Sprintf(", and %d more skipped too: run 'go test -run '^$' -bench '%s' -v %s' to see why", n, re, pkg)
	}
	return text
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

// discover runs the benchmarks that the -test.bench regexp re selects once
// each, with -test.v, and returns those that printed a result, those that
// failed and those that skipped themselves.
func (b *Binary) discover(ctx context.Context, re string) ([]string, []Failure, []Skip, error) {
	out, err := b.run(ctx, "-test.run=^$", "-test.bench="+re, "-test.benchtime=1x", "-test.v")
	var failed []Failure
	if f := (*Failure)(nil); errors.As(err, &f) {
		failed = b.failures(string(out))
	} else if err != nil {
		return nil, nil, nil, err
	}
	// Leniently: -test.v prints each benchmark's name on a line of its own.
	results, err := parse(bytes.NewReader(out), "discovery", true)
	if err != nil {
		return nil, nil, nil, err
	}
	var names []string
	for _, r := range results {
		// A benchmark that panicked may have printed a result line of
		// its own first: of 0 iterations and NaN ns/op, or of 1 and no
		// figures, which the lenient parse skips.
		if r.Iters > 0 && !slices.Contains(names, r.Name) && !slices.Contains(failedNames(failed), r.Name) {
			names = append(names, r.Name)
		}
	}
	return names, failed, skips(string(out)), nil
}

// only returns the -test.bench pattern that selects, of what pattern
// selects, the top-level benchmark top and its sub-benchmarks: each
// alternative of pattern whose first element matches top, with that element
// replaced by top's exact name.
func only(top, pattern string) string {
	var alts []string
	for _, alt := range benchAlternatives(pattern) {
		if re, err := regexp.Compile(rewrite(alt[0])); err == nil && re.MatchString(top) {
			alts = append(alts, strings.Join(append([]string{ExactRegexp(top)}, alt[1:]...), "/"))
		}
	}
	if len(alts) == 0 {
		return ExactRegexp(top)
	}
	return strings.Join(alts, "|")
}

// SelectsAll reports whether go test -bench pattern runs every benchmark:
// "" (squash's default) or ".".
func SelectsAll(pattern string) bool { return pattern == "" || pattern == "." }

// A NoBenchmarksError says that packages have no benchmark that the
// -bench pattern selects, and what to do.
type NoBenchmarksError struct {
	Where string // the packages, as the go command takes them
	Bench string // the -bench pattern; "" selects all
	// Or, when set, is another way out than adding a benchmark, as the
	// command that measures names it: "pass -profile FILE".
	Or string
}

// Error says where no benchmark was found for the -bench pattern, and what
// to do: "no benchmarks in ./x: add a `func BenchmarkX…`" where it selects
// all, "no benchmarks in ./x match -bench "B": run 'go test -list . ./x' to
// see them" otherwise.
func (e *NoBenchmarksError) Error() string {
	if !SelectsAll(e.Bench) {
		return fmt.Sprintf("no benchmarks in %s match -bench %q: run 'go test -list . %s' to see them", e.Where, e.Bench, e.Where)
	}
	msg := fmt.Sprintf("no benchmarks in %s: add a `func BenchmarkX(b *testing.B)` in a _test.go file", e.Where)
	if e.Or != "" {
		msg += " or " + e.Or
	}
	return msg
}

// Unwrap returns ErrNoBenchmarks.
func (e *NoBenchmarksError) Unwrap() error { return ErrNoBenchmarks }

// Selects reports whether go test -bench pattern runs the benchmark name
// (BenchmarkX/a): whether, in an alternative of the pattern, each element
// matches the name's level of the same depth, and the name has a level for
// each element. It is sure of a name none of whose sub-benchmarks' names
// hold a slash, which the testing package takes for levels too.
func Selects(pattern, name string) bool {
	if SelectsAll(pattern) {
		return true
	}
	levels := strings.Split(name, "/")
	for _, alt := range benchAlternatives(pattern) {
		if len(alt) > len(levels) {
			continue
		}
		all := true
		for i, e := range alt {
			re, err := regexp.Compile(rewrite(e))
			if err != nil || !re.MatchString(levels[i]) {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}

// covers reports whether one of names is the benchmark top or one of its
// sub-benchmarks.
func covers(top string, names []string) bool {
	return slices.ContainsFunc(names, func(n string) bool { return n == top || strings.HasPrefix(n, top+"/") })
}

func failedNames(fs []Failure) []string {
	var names []string
	for _, f := range fs {
		names = append(names, f.Name)
	}
	return names
}

// ErrNoBenchmarks is wrapped by every error that says that packages have
// no benchmark to measure: a NoBenchmarksError, when there is none that
// -bench selects, and ErrNoneRan, which wraps it, when -bench selects some
// but none of them ran an iteration.
var (
	ErrNoBenchmarks = errors.New("no benchmarks")
	ErrNoneRan      = fmt.Errorf("%w ran", ErrNoBenchmarks)
)

// listed returns the top-level benchmarks the test binary lists that the
// first level of one of the -bench regexp's alternatives matches, or nil if
// listing fails.
func (b *Binary) listed(ctx context.Context, bench string) []string {
	var firsts []string
	for _, alt := range benchAlternatives(benchRegexp(bench)) {
		firsts = append(firsts, "(?:"+rewrite(alt[0])+")")
	}
	out, err := b.run(ctx, "-test.list="+strings.Join(firsts, "|"))
	if err != nil {
		return nil
	}
	var names []string
	for line := range strings.Lines(string(out)) {
		if name := strings.TrimSpace(line); strings.HasPrefix(name, "Benchmark") {
			names = append(names, name)
		}
	}
	return names
}

// Measure runs the benchmark called name (as returned by Benchmarks): once
// for timing with a CPU profile at the normal memory-profile rate, then, if
// it allocates and the testing package can run it alone (see Result.With:
// listed are the other benchmarks the listing found), twice recording every
// allocation (or a sample, as opts.Record says), with two iteration counts
// (see Result.MemProfile and Result.MemProfileRate). The
// profiles are written into dir. If the benchmark fails, the error is a
// *Failure.
func (b *Binary) Measure(ctx context.Context, name string, listed []string, dir string, opts Options) (*Result, error) {
	re := ExactRegexp(name)
	benchtime := opts.Benchtime
	if benchtime == "" {
		benchtime = "1s"
	}
	count := max(opts.Count, 1)
	dir, err := os.MkdirTemp(dir, sanitize(name)+"-")
	if err != nil {
		return nil, err
	}
	base := filepath.Join(dir, "bench")

	progress(opts.Progress, "timing %s", name)
	cpu := base + ".cpu.pprof"
	runs, perRun := 1, count
	if opts.Processes {
		runs, perRun = count, 1
	}
	timing := func(re string) ([]byte, error) {
		return b.run(ctx, "-test.run=^$", "-test.bench="+re, "-test.benchmem",
			"-test.benchtime="+benchtime, fmt.Sprintf("-test.count=%d", perRun), "-test.cpuprofile="+cpu)
	}
	var results []Result
	var needs []string
	var alone *Failure
	for range runs {
		out, err := timing(re)
		if f := (*Failure)(nil); errors.As(named(err, name), &f) && f.Name == name && len(results) == 0 {
			// It passed in the listing, after its siblings: it may need
			// what one of them leaves behind. Run them with it.
			if group, sibs := withSiblings(name, listed); len(sibs) > 0 {
				if o, gerr := timing(group); gerr == nil {
					re, out, err, needs, alone = group, o, nil, sibs, f
				}
			}
		}
		if err != nil {
			return nil, named(err, name)
		}
		rs, err := Parse(bytes.NewReader(out), name)
		if err != nil {
			return nil, err
		}
		results = append(results, rs...)
	}
	res, err := summarize(name, results)
	if err != nil {
		return nil, err
	}
	res.CPUProfile = cpu
	if alone != nil {
		res.Needs, res.Alone = needs, alone.Output
	}
	for _, r := range results {
		if r.Name != name && !slices.Contains(res.With, r.Name) {
			res.With = append(res.With, r.Name)
		}
	}
	for _, l := range listed {
		// A benchmark whose name is a prefix of this one's, in levels,
		// runs with it too, without a result of its own when it uses
		// b.Loop.
		if l != name && covers(l, []string{name}) && !slices.Contains(res.With, l) {
			res.With = append(res.With, l)
		}
	}

	if res.AllocsPerOp == 0 || len(res.With) > 0 {
		return res, nil // nothing to attribute, or no run of it alone
	}
	res.BaseIters, res.MemIters, res.MemProfileRate = attribution(res, opts.Record)
	sample := ""
	if res.MemProfileRate > 1 {
		sample = fmt.Sprintf(", one per %d bytes", res.MemProfileRate)
	}
	progress(opts.Progress, "recording allocations of %s%s", name, sample)
	for _, run := range []struct {
		iters int
		path  *string
	}{{res.BaseIters, &res.MemBaseProfile}, {res.MemIters, &res.MemProfile}} {
		prof := fmt.Sprintf("%s.mem%d.pprof", base, run.iters)
		if _, err := b.run(ctx, "-test.run=^$", "-test.bench="+re, "-test.benchmem",
			fmt.Sprintf("-test.benchtime=%dx", run.iters), fmt.Sprintf("-test.memprofilerate=%d", res.MemProfileRate), "-test.memprofile="+prof); err != nil {
			return nil, named(err, name)
		}
		*run.path = prof
	}
	return res, nil
}

// withSiblings returns, for a sub-benchmark name, the -test.bench regexp
// that runs it after the sub-benchmarks of the same parent that run before
// it (in listed, the benchmarks that printed results, in the order go test
// ran them), and their names; none for a top-level benchmark or a first
// sub-benchmark.
func withSiblings(name string, listed []string) (string, []string) {
	i := strings.LastIndex(name, "/")
	at := slices.Index(listed, name)
	if i < 0 || at < 0 {
		return "", nil
	}
	parent := name[:i]
	var sibs, last []string
	for _, l := range listed[:at] {
		rest, ok := strings.CutPrefix(l, parent+"/")
		if !ok {
			continue
		}
		// A sibling with sub-benchmarks of its own is listed by them.
		sib, _, _ := strings.Cut(rest, "/")
		if q := regexp.QuoteMeta(sib); !slices.Contains(last, q) {
			sibs = append(sibs, parent+"/"+sib)
			last = append(last, q)
		}
	}
	if len(sibs) == 0 {
		return "", nil
	}
	last = append(last, regexp.QuoteMeta(name[i+1:]))
	return ExactRegexp(parent) + "/^(?:" + strings.Join(last, "|") + ")$", sibs
}

// Bounds of the attribution runs: recording every allocation costs about a
// microsecond each, so the longer run records about maxRecorded allocations
// and runs about maxRecordNs of the benchmark's own time.
const (
	maxRecorded = 200_000
	maxRecordNs = 500e6
)

// DefaultRecord is Options.Record's default: about a million allocations,
// a few seconds of recording.
const DefaultRecord = 1_000_000

// attributionRate picks the memory-profile rate of the attribution runs of
// r, of base and n iterations: 1, every allocation, if the two runs make
// at most record allocations (by r's allocs/op; each also runs one
// iteration first, with b.N=1), or else the power of two of bytes that
// records about record of them at most. A negative record is no bound; 0
// is DefaultRecord.
func attributionRate(r *Result, base, n, record int) int {
	if record == 0 {
		record = DefaultRecord
	}
	iters := float64(base + n + 2)
	if record < 0 || r.AllocsPerOp*iters <= float64(record) {
		return 1
	}
	per := r.BytesPerOp * iters / float64(record) // bytes per recorded allocation
	if per <= 1 {
		return 1
	}
	rate := 2
	for float64(rate) < per && rate < 1<<30 {
		rate *= 2
	}
	return rate
}

// attributionIters picks the iteration counts of the two attribution runs.
// Both are above 1 so that both runs have the same shape (the testing
// package runs b.N=1 first, then b.N=N); what is not per iteration (set-up,
// the testing package) is the same in both and cancels in their difference.
func attributionIters(r *Result) (base, n int) {
	n = int(min(maxRecorded/max(r.AllocsPerOp, 1), maxRecordNs/max(r.NsPerOp, 1)))
	n = max(n, 3) // a heavy benchmark: one iteration of difference is plenty
	return max(2, n/4), n
}

// attribution picks the iteration counts and the memory-profile rate of
// the attribution runs of r, as attributionIters and attributionRate say.
// Runs recorded by sample record no more allocations for more iterations,
// so they run as many as the time allows (sampledIters), at the rate that
// records about as many in all.
func attribution(r *Result, record int) (base, n, rate int) {
	base, n = attributionIters(r)
	if attributionRate(r, base, n, record) > 1 {
		base, n = sampledIters(r)
	}
	return base, n, attributionRate(r, base, n, record)
}

// sampledIters picks the iteration counts of attribution runs that record
// by sample, by time alone (attributionIters bounds them by allocations
// too). Their difference is the per-op figure, and its sampling error is
// that of all the samples of both runs: about the square root of their
// number, with the bound on recorded allocations fixed, against a signal
// of the iterations' difference times the samples per iteration. Its
// relative error goes as the runs' iterations over their difference,
// (base+1+n+1)/(n-base): 7 for the floor of 2 and 3, 2 or less from 13 and
// 50 up.
func sampledIters(r *Result) (base, n int) {
	n = max(3, int(maxRecordNs/max(r.NsPerOp, 1)))
	return max(2, n/4), n
}

// run executes the test binary in the package directory, as go test does,
// and returns its output. If the binary fails, the error is a *Failure, the
// first that the output shows, and the output is returned too.
func (b *Binary) run(ctx context.Context, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, b.Path, args...)
	cmd.Dir = b.Package.Dir
	gotool.InterruptOnCancel(cmd)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	if err != nil {
		if exit := (*exec.ExitError)(nil); errors.As(err, &exit) {
			f := b.failures(out.String())[0]
			return out.Bytes(), &f
		}
		return nil, fmt.Errorf("running the test binary of %s: %w", b.Package.ImportPath, err)
	}
	return out.Bytes(), nil
}

// A Failure is a benchmark that failed (b.Error, b.Fatal, a panic), or a run
// of a test binary that failed where go test's output names no benchmark.
type Failure struct {
	Package string // import path
	Name    string // the benchmark's full name, without the -GOMAXPROCS suffix; "" if unknown
	Output  string // the lines of go test's output that say why, at most 20
}

// Error names the benchmark and quotes its output, indented.
func (f *Failure) Error() string {
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
	for _, r := range results {
		if r.Name != name {
			continue
		}
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
	thr := benchmath.DefaultThresholds
	s := benchmath.AssumeNothing.Summary(benchmath.NewSample(ns, &thr), 0.95)
	res.NsPerOp, res.NsPerOpLow, res.NsPerOpHigh = s.Center, s.Lo, s.Hi
	res.BytesPerOp = benchmath.AssumeNothing.Summary(benchmath.NewSample(bytes, &thr), 0.95).Center
	res.AllocsPerOp = benchmath.AssumeNothing.Summary(benchmath.NewSample(allocs, &thr), 0.95).Center
	res.BytesPerOpRuns, res.AllocsPerOpRuns = bytes, allocs
	return &res, nil
}

// benchRegexp returns the -test.bench value for a user's -bench flag.
func benchRegexp(bench string) string {
	if bench == "" {
		return "."
	}
	return bench
}

// ExactRegexp returns the -test.bench regexp that selects exactly the
// benchmark with the given full name, sub-benchmarks included:
// BenchmarkA/n=1 becomes ^BenchmarkA$/^n=1$.
func ExactRegexp(name string) string {
	parts := strings.Split(name, "/")
	for i, p := range parts {
		parts[i] = "^" + regexp.QuoteMeta(p) + "$"
	}
	return strings.Join(parts, "/")
}

var unsafeName = regexp.MustCompile(`[^A-Za-z0-9_.=-]+`)

func sanitize(name string) string {
	return unsafeName.ReplaceAllString(name, "_")
}

func progress(w io.Writer, format string, args ...any) {
	if w != nil {
		fmt.Fprintf(w, "squash: "+format+"\n", args...)
	}
}
