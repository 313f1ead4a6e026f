package bench

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/squashgo/squash/internal/gotool"
	"golang.org/x/perf/benchfmt"
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

	// Timeout bounds each run of the test binary, as go test's -timeout
	// does: a benchmark that hangs fails, named, when it runs out. 0
	// means DefaultTimeout, NoTimeout none.
	Timeout time.Duration

	// Progress, if not nil, receives one line per step.
	Progress io.Writer
}

// DefaultTimeout is Options.Timeout's default, go test's; NoTimeout is no
// bound, as go test -timeout 0.
const (
	DefaultTimeout = 10 * time.Minute
	NoTimeout      = time.Duration(-1)
)

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

	// NsPerOpRuns are each run's ns/op, in order: the sample that
	// benchstat compares.
	NsPerOpRuns []float64

	// Records are the result lines of the timing runs as go test printed
	// them, each with the configuration before it (goos, goarch, pkg,
	// cpu): what benchstat reads.
	Records []*benchfmt.Result

	// GoVersion is the version of Go that built the test binary.
	GoVersion string

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

	// re is the -test.bench regexp of the timing run, which Record's runs
	// reuse, and base the path that the profiles' names begin with.
	re, base string
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
			return nil, nil, skipped, fmt.Errorf("%w in %s: %s %s (b.Skip) or did not run an iteration; run '%s' to see why", ErrNoneRan, b.Package.ImportPath, strings.Join(listed, ", "), verb, verbose(re, b.Package.ImportPath))
		}
		return nil, nil, nil, &NoBenchmarksError{Where: b.Package.ImportPath, Bench: opts.Bench}
	}
	return names, failed, skipped, nil
}

// discover runs the benchmarks that the -test.bench regexp re selects once
// each, with -test.v, and returns those that printed a result, those that
// failed and those that skipped themselves.
func (b *Binary) discover(ctx context.Context, re string) ([]string, []Failure, []Skip, error) {
	out, err := b.run(ctx, "-test.run=^$", "-test.bench="+re, "-test.benchtime=1x", "-test.v")
	var failed []Failure
	if f := (*Failure)(nil); errors.As(err, &f) && f.TimedOut {
		failed = []Failure{*f}
	} else if errors.As(err, &f) {
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

// listed returns the top-level benchmarks the test binary lists that the
// first level of one of the -bench regexp's alternatives matches, or nil if
// listing fails.
func (b *Binary) listed(ctx context.Context, bench string) []string {
	alts := benchAlternatives(benchRegexp(bench))
	firsts := slices.Grow[[]string](nil, len(alts))
	for _, alt := range alts {
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
// *Failure. Measure is Time, then Record.
func (b *Binary) Measure(ctx context.Context, name string, listed []string, dir string, opts Options) (*Result, error) {
	res, err := b.Time(ctx, name, listed, dir, opts)
	if err != nil {
		return nil, err
	}
	if err := b.Record(ctx, res, opts); err != nil {
		return nil, err
	}
	return res, nil
}

// Time runs the timing runs of Measure, and returns their result, without
// the heap profiles. It measures time, so nothing else should run beside
// it.
func (b *Binary) Time(ctx context.Context, name string, listed []string, dir string, opts Options) (*Result, error) {
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
	res.GoVersion = b.GoVersion
	res.re, res.base = re, base
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

	return res, nil
}

// Record runs the attribution runs of Measure for res, a result of Time,
// and sets its heap profiles. It does nothing where res does not allocate,
// or cannot run alone (see Result.With). Its runs measure no time: other
// work may run beside them, but not another run of the same test binary,
// whose benchmarks may share files in the package's directory.
func (b *Binary) Record(ctx context.Context, res *Result, opts Options) error {
	if res.AllocsPerOp == 0 || len(res.With) > 0 {
		return nil // nothing to attribute, or no run of it alone
	}
	res.BaseIters, res.MemIters, res.MemProfileRate = attribution(res, opts.Record)
	sample := ""
	if res.MemProfileRate > 1 {
		sample = fmt.Sprintf(", one per %d bytes", res.MemProfileRate)
	}
	progress(opts.Progress, "recording allocations of %s%s", res.Name, sample)
	for _, run := range []struct {
		iters int
		path  *string
	}{{res.BaseIters, &res.MemBaseProfile}, {res.MemIters, &res.MemProfile}} {
		prof := fmt.Sprintf("%s.mem%d.pprof", res.base, run.iters)
		if _, err := b.run(ctx, "-test.run=^$", "-test.bench="+res.re, "-test.benchmem",
			fmt.Sprintf("-test.benchtime=%dx", run.iters), fmt.Sprintf("-test.memprofilerate=%d", res.MemProfileRate), "-test.memprofile="+prof); err != nil {
			return named(err, res.Name)
		}
		*run.path = prof
	}
	return nil
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
// iteration first, with b.N=1), or else the rate in bytes that records
// about record of them. A negative record is no bound; 0 is DefaultRecord.
//
// The runtime records an allocation of s bytes with probability
// 1-exp(-s/rate), close to s/rate where s is small: the runs record about
// their bytes over the rate, and the larger sites, by bytes, more.
func attributionRate(r *Result, base, n, record int) int {
	if record == 0 {
		record = DefaultRecord
	}
	iters := float64(base + n + 2)
	if record < 0 || r.AllocsPerOp*iters <= float64(record) {
		return 1
	}
	per := math.Ceil(r.BytesPerOp * iters / float64(record)) // bytes per recorded allocation
	if per <= 1 {
		return 1
	}
	return int(min(per, 1<<30))
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
// so they run as sampledIters says, at the rate that records about as many
// in all.
func attribution(r *Result, record int) (base, n, rate int) {
	base, n = attributionIters(r)
	if attributionRate(r, base, n, record) > 1 {
		base, n = sampledIters(r)
	}
	return base, n, attributionRate(r, base, n, record)
}

// minSampledIters is the fewest iterations of the longer of two runs that
// record by sample, against 2 of the shorter: see sampledIters.
const minSampledIters = 6

// sampledIters picks the iteration counts of attribution runs that record
// by sample. The samples of both runs make the error of their difference,
// and only the extra iterations' make its figure: a site's relative error
// is about (base+n+2)/(n-base) over the square root of its samples. So the
// shorter run is as short as a run can be, 2 iterations, and the longer one
// runs half a second, but at least minSampledIters, which keeps that
// factor at 2.5 or less.
func sampledIters(r *Result) (base, n int) {
	return 2, max(minSampledIters, int(maxRecordNs/max(r.NsPerOp, 1)))
}

// run executes the test binary in the package directory, as go test does,
// and returns its output. If the binary fails, the error is a *Failure, the
// first that the output shows, and the output is returned too.
func (b *Binary) run(ctx context.Context, args ...string) ([]byte, error) {
	cmd, timedOut, cancel := b.command(ctx, args...)
	defer cancel()
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	if timedOut() {
		return out.Bytes(), b.timedOut(out.String(), b.timeout())
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

// timeout is how long a run of b may take; 0 is no limit.
func (b *Binary) timeout() time.Duration { return max(0, cmp.Or(b.Timeout, DefaultTimeout)) }

// command returns the command that runs the test binary with args in the
// package directory, as go test runs it, bounded by b's timeout. timedOut
// tells, once it ran, whether it ran out of time; cancel releases it.
func (b *Binary) command(ctx context.Context, args ...string) (cmd *exec.Cmd, timedOut func() bool, cancel context.CancelFunc) {
	// As go test runs it: a benchmark that calls os.Exit(0) fails rather
	// than ending the run as if it had passed.
	args = append([]string{"-test.paniconexit0"}, args...)
	// The testing package's -test.timeout does not cover benchmarks: go
	// test ends a binary that runs too long itself, and so does squash.
	rctx, cancel := ctx, context.CancelFunc(func() {})
	if t := b.timeout(); t > 0 {
		rctx, cancel = context.WithTimeout(ctx, t)
	}
	cmd = exec.CommandContext(rctx, b.Path, args...)
	cmd.Dir = b.Package.Dir
	gotool.SignalOnCancel(cmd, func() syscall.Signal {
		if ctx.Err() == nil {
			return syscall.SIGQUIT // out of time: its stacks show where it waits
		}
		return syscall.SIGINT
	})
	return cmd, func() bool { return ctx.Err() == nil && rctx.Err() != nil }, cancel
}

func progress(w io.Writer, format string, args ...any) {
	if w != nil {
		fmt.Fprintf(w, "squash: "+format+"\n", args...)
	}
}
