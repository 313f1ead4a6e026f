package report

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"sync"

	"github.com/squashgo/squash/internal/bench"
	"github.com/squashgo/squash/internal/escape"
	"github.com/squashgo/squash/internal/gotool"
	"github.com/squashgo/squash/internal/profile"
)

// A measurement is what a report learns of one package's benchmarks. It is
// made in three steps: prepare builds the test binary, lists the
// benchmarks and reads the compiler's records; time runs each benchmark
// for its figures; record runs it again to blame its allocations on lines.
// Only time measures time, so it runs alone. The other steps run beside
// one another, as go test builds several packages at once.
type measurement struct {
	pkg   gotool.Package
	pgo   string // the build's -pgo, "" for the go command's default
	bin   *bench.Binary
	ix    *escape.Index
	names []string   // the benchmarks listed
	runs  []benchRun // by names
	// out holds the benchmarks that skipped themselves and those that
	// failed in the listing, once listed.
	out *Package
	err error
}

// A benchRun is one benchmark of a measurement: its timing run's result,
// or its failure, and what the report says of it once recorded.
type benchRun struct {
	res  *bench.Result
	fail *bench.Failure
	b    *Benchmark
}

// measure measures the benchmarks of pkgs, one measurement each, in their
// order. It calls beside, if not nil, in a goroutine of its own once the
// timing runs are over, and returns after beside does. Its error stops the
// report: a package's own error, unless it is bench.ErrNoBenchmarks among
// several packages, which its measurement holds.
func measure(ctx context.Context, ld *gotool.Loader, pkgs []gotool.Package, work string, opts bench.Options, pgo string, beside func(context.Context)) ([]*measurement, error) {
	if opts.Progress != nil {
		opts.Progress = &lockedWriter{w: opts.Progress}
	}
	stops := func(m *measurement) error {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if m.err != nil && !(len(pkgs) > 1 && errors.Is(m.err, bench.ErrNoBenchmarks)) {
			return m.err
		}
		return nil
	}

	// The first build runs alone: with a cold build cache, go commands side
	// by side would compile the same packages of the standard library. The
	// others run at once, up to one per processor, and each package's
	// listing run follows its build.
	procs := make(chan struct{}, runtime.GOMAXPROCS(0))
	ms := make([]*measurement, len(pkgs))
	var wg sync.WaitGroup
	built := false
	for i, pkg := range pkgs {
		m := &measurement{pkg: pkg, pgo: pgo}
		ms[i] = m
		if !built {
			if m.build(ctx, work, opts); m.err == nil {
				built = true
				wg.Go(func() { m.prepare(ctx, opts) })
			} else if err := stops(m); err != nil {
				return nil, err
			}
			continue
		}
		wg.Go(func() {
			procs <- struct{}{}
			defer func() { <-procs }()
			if m.build(ctx, work, opts); m.err == nil {
				m.prepare(ctx, opts)
			}
		})
	}
	wg.Wait()
	for _, m := range ms {
		if err := stops(m); err != nil {
			return nil, err
		}
	}

	// The timing runs run alone, one after the other, as go test runs
	// benchmarks.
	timed := false
	for _, m := range ms {
		if m.err != nil {
			continue
		}
		if err := m.time(ctx, work, opts); err != nil {
			return nil, err
		}
		timed = timed || m.timed()
	}

	// Attribution runs measure no time. Those of one test binary run one
	// after the other. Those of several packages run at once, up to one
	// per processor, and beside runs with them.
	rctx, cancel := context.WithCancel(ctx)
	defer cancel()
	if beside != nil && timed {
		wg.Go(func() { beside(rctx) })
	}
	errs := make([]error, len(ms))
	for i, m := range ms {
		if m.err != nil || !m.timed() {
			continue
		}
		wg.Go(func() {
			procs <- struct{}{}
			defer func() { <-procs }()
			if errs[i] = m.record(rctx, ld, opts); errs[i] != nil {
				cancel() // the report stops: the others need not finish
			}
		})
	}
	wg.Wait()
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	for _, err := range errs {
		// A package cancelled because another failed has no error of its
		// own to give.
		if err != nil && !errors.Is(err, context.Canceled) {
			return nil, err
		}
	}
	return ms, nil
}

// build builds m's test binary into work.
func (m *measurement) build(ctx context.Context, work string, opts bench.Options) {
	if !m.pkg.HasTests { // Make checked that it compiles
		m.err = &bench.NoBenchmarksError{Where: m.pkg.ImportPath}
		return
	}
	progressf(opts.Progress, "building %s", m.pkg.ImportPath)
	m.bin, m.err = bench.BuildPGO(ctx, m.pkg, work, m.pgo)
	if m.bin != nil {
		m.bin.Timeout = opts.Timeout
	}
}

// prepare reads the compiler's records of m's build, and lists its
// benchmarks.
func (m *measurement) prepare(ctx context.Context, opts bench.Options) {
	// The escape decisions of exactly the code that runs. record marks
	// those of values that are not allocated all the same, so that no
	// site cites them.
	ix, err := escape.Load(m.bin.DiagDir)
	if err != nil {
		m.err = err
		return
	}
	names, failed, skips, err := m.bin.Benchmarks(ctx, opts)
	if err != nil && !errors.Is(err, bench.ErrNoneRan) {
		m.err = err
		return
	}
	m.out = &Package{Path: m.pkg.ImportPath, Benchmarks: []Benchmark{}, Vet: m.bin.Vet}
	for _, s := range skips {
		m.out.Skipped = append(m.out.Skipped, Skip{Name: s.Name, Reason: s.Reason})
	}
	if err != nil {
		m.err = err // none ran: out says which skipped
		return
	}
	for _, f := range failed {
		progressf(opts.Progress, "%s failed", f.Name)
		m.out.Failed = append(m.out.Failed, Failure{Name: f.Name, Output: f.Output, TimedOut: f.TimedOut})
	}
	m.ix, m.names, m.runs = ix, names, make([]benchRun, len(names))
}

// time runs the timing runs of m's benchmarks. A benchmark that fails is
// a failure of its own; the error is for what stops the report.
func (m *measurement) time(ctx context.Context, work string, opts bench.Options) error {
	for i, name := range m.names {
		progressf(opts.Progress, "benchmark %d of %d in %s", i+1, len(m.names), m.pkg.ImportPath)
		res, err := m.bin.Time(ctx, name, m.names, work, opts)
		if f := (*bench.Failure)(nil); errors.As(err, &f) {
			progressf(opts.Progress, "%s failed", f.Name)
			m.runs[i].fail = f // it passed once, in the listing: a failure all the same
			continue
		}
		if err != nil {
			return err
		}
		m.runs[i].res = res
	}
	return nil
}

// timed reports whether some benchmark of m has a timing run's result.
func (m *measurement) timed() bool {
	for _, r := range m.runs {
		if r.res != nil {
			return true
		}
	}
	return false
}

// record runs the attribution runs of m's timed benchmarks, and blames
// their allocations on lines. It reads the types of the code where the
// compiler's records need them beside the first runs, which do not.
func (m *measurement) record(ctx context.Context, ld *gotool.Loader, opts bench.Options) error {
	typed := make(chan error, 1)
	go func() { typed <- escape.ReadTypes(ctx, ld, m.pkg.Dir, m.ix) }()
	waited := false
	wait := func() error {
		if waited {
			return nil
		}
		waited = true
		return <-typed
	}
	defer wait() // nothing of m is written once record returns

	src := newSources(m.pkg.Root, m.pkg.Module)
	scope := profile.Scope{m.pkg.Scope()}
	for i := range m.runs {
		r := &m.runs[i]
		if r.res == nil {
			continue
		}
		err := m.bin.Record(ctx, r.res, opts)
		if f := (*bench.Failure)(nil); errors.As(err, &f) {
			progressf(opts.Progress, "%s failed", f.Name)
			r.fail = f
			continue
		}
		if err != nil {
			return err
		}
		if err := wait(); err != nil {
			return err
		}
		b, err := benchmarkFrom(ctx, r.res, scope, src, m.ix, ld, m.pkg.Dir)
		if err != nil {
			return fmt.Errorf("%s: %w", r.res.Name, err)
		}
		b.UnrecordedAllocsPerOp = b.unrecorded()
		r.b = b
	}
	return nil
}

// result returns m's package as the report shows it: its benchmarks and
// their failures in the order listed, after those of the listing.
func (m *measurement) result() Package {
	out := *m.out
	out.ix = m.ix
	for _, r := range m.runs {
		switch {
		case r.fail != nil:
			out.Failed = append(out.Failed, Failure{Name: r.fail.Name, Output: r.fail.Output, TimedOut: r.fail.TimedOut})
		case r.b != nil:
			out.Benchmarks = append(out.Benchmarks, *r.b)
		}
	}
	return out
}

// A lockedWriter writes the progress lines of work that runs at once, one
// line at a time.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}
