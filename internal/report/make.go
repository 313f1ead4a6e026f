package report

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strings"

	pprof "github.com/google/pprof/profile"

	"github.com/squashgo/squash/internal/bench"
	"github.com/squashgo/squash/internal/escape"
	"github.com/squashgo/squash/internal/gotool"
	"github.com/squashgo/squash/internal/lint"
	"github.com/squashgo/squash/internal/mechanism"
	"github.com/squashgo/squash/internal/profile"
)

// Config says what to measure.
type Config struct {
	Dir      string   // where the go command runs; "" means the current directory
	Patterns []string // package patterns; none means "."
	Bench    bench.Options

	// Profiles, when set, are files or URLs of allocation profiles of one
	// program, merged and attributed instead of running benchmarks (see
	// FromProfiles); Fetch says how to fetch those at URLs, and BySource
	// splits each site by the profile it came from.
	Profiles []string
	Fetch    profile.Fetch
	BySource bool

	// Progress, if not nil, receives progress lines.
	Progress io.Writer

	// Keep, when set, is a directory where Make keeps what it measured:
	// the report's JSON, every timing run's result lines, and each
	// benchmark's CPU profile and allocation difference (see keep).
	Keep string

	// Lint, when set, runs squash's analyzers over the same packages and
	// attaches their findings to the measured sites.
	Lint *lint.Config

	// PGO is the test binaries' -pgo: "off", or the path of a CPU profile;
	// "" builds as the go command does by default.
	PGO string

	// Loader type-checks the code where the report reads its types, and
	// keeps it for another stage of the same run; nil means a new one.
	Loader *gotool.Loader
}

// Make measures the benchmarks of the packages cfg names and blames their
// allocations on lines. Temporary files are removed before it returns, also
// when ctx is cancelled.
func Make(ctx context.Context, cfg Config) (*Report, error) {
	pkgs, err := gotool.Resolve(ctx, cfg.Dir, cfg.Patterns)
	if err != nil {
		return nil, err
	}
	if len(cfg.Profiles) > 0 {
		return FromProfiles(ctx, cfg, pkgs)
	}
	work, err := os.MkdirTemp("", "squash-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(work)

	opts := cfg.Bench
	opts.Progress = cfg.Progress
	ld := cfg.Loader
	if ld == nil {
		ld = &gotool.Loader{}
	}
	// The packages without test files have no test binary to build, and go
	// test fails on them too if they do not compile: all at once, first.
	var untested []gotool.Package
	for _, pkg := range pkgs {
		if !pkg.HasTests {
			untested = append(untested, pkg)
		}
	}
	if err := gotool.Compiles(ctx, untested...); err != nil {
		return nil, err
	}
	// The analyzers run beside the attribution runs, which measure no
	// time.
	var findings []lint.Finding
	var lintErr error
	var analyze func(context.Context)
	if cfg.Lint != nil {
		lc := *cfg.Lint
		lc.Dir, lc.Patterns = cfg.Dir, cfg.Patterns
		analyze = func(ctx context.Context) {
			progressf(cfg.Progress, "running the analyzers")
			findings, lintErr = lint.Run(ctx, lc)
		}
	}
	ms, err := measure(ctx, ld, pkgs, work, opts, cfg.PGO, analyze)
	if err != nil {
		return nil, err
	}
	if cfg.PGO != "" {
		if err := readCopies(ms); err != nil {
			return nil, err
		}
	}
	rep := &Report{Packages: []Package{}}
	var none []error // of the packages with nothing measured
	for _, m := range ms {
		if m.err != nil { // bench.ErrNoBenchmarks, of one of several packages
			none = append(none, m.err)
			if m.out != nil && len(m.out.Skipped) > 0 {
				rep.Packages = append(rep.Packages, *m.out) // to say which skipped
			}
			continue
		}
		rep.Packages = append(rep.Packages, m.result())
	}
	if !rep.measured() {
		if err := rep.Failures(); err != nil {
			return nil, err // nothing but failures to show
		}
		// If a package has benchmarks that did not run, say that rather
		// than that there are none.
		for _, err := range none {
			if errors.Is(err, bench.ErrNoneRan) {
				return nil, err
			}
		}
		return nil, &bench.NoBenchmarksError{Where: strings.Join(patternsOrDot(cfg.Patterns), " "), Bench: cfg.Bench.Bench}
	}
	rep.countCoverage()
	if cfg.Lint != nil {
		if lintErr != nil {
			return nil, lintErr
		}
		rep.attach(findings, pkgs)
	}
	rep.describe()
	if cfg.Keep != "" {
		if err := keep(cfg.Keep, rep); err != nil {
			return nil, err
		}
	}
	return rep, nil
}

func patternsOrDot(p []string) []string {
	if len(p) == 0 {
		return []string{"."}
	}
	return p
}

// minRecordedBytes is the fewest bytes a heap profile records for an
// allocation: the runtime records an object's size class, the smallest of
// which is 8 bytes (a tiny allocation is recorded as its 16-byte block),
// and no allocation of size zero. A sampled profile scales an allocation's
// objects and bytes alike, so that its estimates keep to it too.
const minRecordedBytes = 8

// noise reports whether objects and bytes, of a difference of two
// profiles, are noise rather than allocations (a pool refilled in one run
// and not the other, or, sampled, the sample's error): no objects, or fewer
// bytes than minRecordedBytes an object, which covers objects with no
// bytes. Objects and bytes are judged together, and dropped together, so
// that no figure is left with allocations but no bytes, nor bytes but no
// allocations.
func noise(objects, bytes int64) bool {
	return objects <= 0 || bytes < minRecordedBytes*objects
}

// positive keeps the parts of a site (its mechanisms) that the difference
// of two profiles left as allocations, and counts the site as their sum: a
// part that is noise is dropped whole, its objects and its bytes, and with
// a part at or below zero the parts' shares would leave [0, 1]. Its callers
// that are noise are dropped too; they split the same objects.
func positive(s profile.Site) profile.Site {
	s.Callers = slices.DeleteFunc(slices.Clone(s.Callers), func(c profile.Caller) bool { return noise(c.Objects, c.Bytes) })
	isNoise := func(m profile.Mechanism) bool { return noise(m.Objects, m.Bytes) }
	if !slices.ContainsFunc(s.Mechanisms, isNoise) {
		return s
	}
	s.Mechanisms = slices.DeleteFunc(slices.Clone(s.Mechanisms), isNoise)
	s.Objects, s.Bytes = 0, 0
	for _, m := range s.Mechanisms {
		s.Objects += m.Objects
		s.Bytes += m.Bytes
	}
	return s
}

// withoutNoise drops what noise left in attr, a difference of two profiles
// blamed on lines: the parts of its sites (see positive), its sites, and
// its counts outside the module, each with its objects and bytes, where
// they are not allocations (see noise). The benchmark's unrecorded
// allocs/op then holds what they held, so that the sum is kept.
func withoutNoise(attr *profile.Attribution) {
	for i := range attr.Sites {
		attr.Sites[i] = positive(attr.Sites[i])
	}
	attr.Sites = slices.DeleteFunc(attr.Sites, func(s profile.Site) bool { return noise(s.Objects, s.Bytes) })
	if noise(attr.OutsideObjects, attr.OutsideBytes) {
		attr.OutsideObjects, attr.OutsideBytes, attr.OutsideVariance = 0, 0, 0
	}
}

// benchmarkFrom reads the figures and profiles of res, and blames its
// allocations on the lines of scope, explained by ix, whose types it reads
// with ld, from dir, where a site's mechanism needs them.
func benchmarkFrom(ctx context.Context, res *bench.Result, scope profile.Scope, src *sources, ix *escape.Index, ld *gotool.Loader, dir string) (*Benchmark, error) {
	b := &Benchmark{
		Name:        res.Name,
		NsPerOp:     res.NsPerOp,
		BytesPerOp:  res.BytesPerOp,
		AllocsPerOp: res.AllocsPerOp,
		Runs:        res.Runs,
		Iterations:  res.Iters,
		Sites:       []Site{},

		BytesPerOpMin:  slices.Min(res.BytesPerOpRuns),
		BytesPerOpMax:  slices.Max(res.BytesPerOpRuns),
		AllocsPerOpMin: slices.Min(res.AllocsPerOpRuns),
		AllocsPerOpMax: slices.Max(res.AllocsPerOpRuns),
		RunsWith:       res.With,
		Needs:          res.Needs,
		AloneFailure:   res.Alone,

		NsPerOpRuns:     res.NsPerOpRuns,
		BytesPerOpRuns:  res.BytesPerOpRuns,
		AllocsPerOpRuns: res.AllocsPerOpRuns,

		measured: res,
		scope:    scope,
	}
	cpu, err := readProfile(res.CPUProfile)
	if err != nil {
		return nil, err
	}
	share, err := profile.AllocCPUShare(cpu)
	if err != nil {
		return nil, err
	}
	b.AllocCPU, b.GCCPU, b.AllocCPUShare = share.Alloc, share.GC, share.Sum()
	b.CPUSamples = share.Samples

	if res.MemProfile == "" {
		return b, nil // it does not allocate: nothing was recorded
	}
	mem, base, err := recorded(res, scope)
	if err != nil {
		return nil, err
	}
	attr, err := profile.BlameDifference(mem, base, scope)
	if err != nil {
		return nil, err
	}
	withoutNoise(attr)
	b.RecordedIterations = res.MemIters - res.BaseIters
	b.MemProfileRate = res.MemProfileRate
	b.OutsideObjects, b.OutsideBytes = attr.OutsideObjects, attr.OutsideBytes
	// Per-op figures are scaled over the allocations blamed on the user's
	// code: what has no frame of it on the stack (the testing package
	// starting up, the runtime) is not part of the measured loop.
	var objs int64
	for _, s := range attr.Sites {
		objs += s.Objects
	}
	if b.AllocsPerOp == 0 || objs == 0 || b.RecordedIterations <= 0 {
		// What the profile recorded was set-up, not the measured loop.
		return b, nil
	}
	// A store to an index expression, or a make of a type that the text
	// does not spell, is read with the types of its code, which ReadTypes
	// read only where the compiler's records asked for them: read those of
	// the sites' files that it did not.
	sites := make([]Site, len(attr.Sites))
	var files []string
	for i, s := range attr.Sites {
		sites[i] = src.site(s)
		if s.Mechanism() == "" && mechanism.ReadsTypes(sites[i].Code) {
			files = append(files, s.File)
		}
	}
	if err := escape.ReadStores(ctx, ld, dir, ix, files); err != nil {
		return nil, err
	}
	// Counts per iteration of the recorded difference: exact, or estimates
	// where it was sampled, with their errors.
	iters := float64(b.RecordedIterations)
	variance := attr.OutsideVariance
	for i, s := range attr.Sites {
		site := sites[i]
		site.AllocsPerOp = float64(s.Objects) / iters
		site.BytesPerOp = float64(s.Bytes) / iters
		site.AllocsPerOpError = interval(s.ObjectsVariance) / iters
		site.BytesPerOpError = interval(s.BytesVariance) / iters
		variance += s.ObjectsVariance
		site.Share = float64(s.Objects) / float64(objs)
		for i := range site.Mechanisms {
			site.Mechanisms[i].AllocsPerOp = float64(s.Mechanisms[i].Objects) / iters
		}
		for i := range site.Callers {
			site.Callers[i].AllocsPerOp = float64(s.Callers[i].Objects) / iters
		}
		explain(&site, s, ix, src)
		b.Sites = append(b.Sites, site)
	}
	b.UnrecordedAllocsPerOpError = interval(variance) / iters
	// go test truncates allocs/op: up to one more is its own count.
	recorded := float64(objs+b.OutsideObjects) / iters
	if high := b.AllocsPerOpMax + 1; recorded > high && recorded > 1.1*high {
		b.OverRecordedAllocsPerOp = recorded
	}
	return b, nil
}

// recorded reads the profiles of res's attribution runs as squash takes
// their difference, blamed on scope.
func recorded(res *bench.Result, scope profile.Scope) (mem, base *pprof.Profile, err error) {
	mem, err = readProfile(res.MemProfile)
	if err != nil {
		return nil, nil, err
	}
	base, err = readProfile(res.MemBaseProfile)
	if err != nil {
		return nil, nil, err
	}
	// Where they were sampled, their counts are scaled as the runtime
	// samples, which runtime/pprof does not quite do.
	mem, base = profile.Rescale(profile.WithoutInit(mem)), profile.Rescale(profile.WithoutInit(base))
	if top, _, sub := strings.Cut(res.Name, "/"); sub {
		// The set-up of a sub-benchmark's parent, which go test does
		// not count.
		mem, base = profile.WithoutParent(mem, scope, top), profile.WithoutParent(base, scope, top)
	}
	return mem, base, nil
}

// interval returns the half-width of the 95% confidence interval of an
// estimate of that variance: 1.96 standard errors, as a count of many
// samples is close to normal. benchstat's ± is a 95% interval too.
func interval(variance float64) float64 {
	return 1.96 * math.Sqrt(variance)
}

// unrecorded returns what of b's allocs/op its sites and the allocations
// outside the module (OutsideObjects over RecordedIterations) do not hold,
// so that the three add up to it exactly: tiny allocations (pointer-free,
// under 16 bytes) that share a 16-byte block, which the profile records once
// per block, set-up spread over the timing run, and all of it where no
// allocation was recorded. It is below zero where the recorded iterations
// allocated more than go test's figure, which it truncates to a whole
// number.
func (b *Benchmark) unrecorded() float64 {
	rest := b.AllocsPerOp
	for _, s := range b.Sites {
		rest -= s.AllocsPerOp
	}
	if b.RecordedIterations > 0 {
		rest -= float64(b.OutsideObjects) / float64(b.RecordedIterations)
	}
	return rest
}

// fromProfile attributes p, an allocation profile taken elsewhere (src,
// files or URLs), to the lines of pkgs' modules. Sites are grouped by the
// package of their function, each under one benchmark named "profile",
// with absolute counts. split, if not nil, gives each site's split by
// source.
func fromProfile(p *pprof.Profile, src string, pkgs []gotool.Package, split func(profile.Site) []Source) (*Report, error) {
	scope, roots := profileScope(pkgs)
	attr, err := profile.Blame(p, scope)
	if err != nil {
		return nil, err
	}
	rep := &Report{Packages: []Package{}}
	index := map[string]int{}
	for _, s := range attr.Sites {
		fpkg := s.Package
		prefix, root := scopeOf(fpkg, roots)
		src := newSources(root, prefix)
		site := src.siteIn(s, fpkg, prefix)
		site.Objects, site.Bytes = s.Objects, s.Bytes
		site.ObjectsError, site.BytesError = interval(s.ObjectsVariance), interval(s.BytesVariance)
		// The mechanisms only: the compiler's records would be of a build
		// squash made, not of the one profiled.
		explain(&site, s, nil, src)
		site.Share = float64(s.Objects) / float64(attr.Objects-attr.OutsideObjects)
		for i := range site.Mechanisms {
			site.Mechanisms[i].Objects = s.Mechanisms[i].Objects
		}
		for i := range site.Callers {
			site.Callers[i].Objects = s.Callers[i].Objects
		}
		if split != nil {
			site.Sources = split(s)
		}
		i, ok := index[fpkg]
		if !ok {
			i = len(rep.Packages)
			index[fpkg] = i
			rep.Packages = append(rep.Packages, Package{Path: fpkg, Benchmarks: []Benchmark{{Name: "profile", Sites: []Site{}, MemProfileRate: profile.SampleRate(p)}}})
		}
		b := &rep.Packages[i].Benchmarks[0]
		b.Sites = append(b.Sites, site)
	}
	if len(rep.Packages) == 0 {
		return nil, fmt.Errorf("%s recorded no allocation in %s (%d objects elsewhere): is it a profile of this code?", src, strings.Join(scope, ", "), attr.OutsideObjects)
	}
	return rep, nil
}

// profileScope returns the scope of a profile's sites, pkgs' modules, and
// the root directory of each of its prefixes.
func profileScope(pkgs []gotool.Package) (profile.Scope, map[string]string) {
	var scope profile.Scope
	roots := map[string]string{}
	for _, pkg := range pkgs {
		if _, ok := roots[pkg.Scope()]; !ok {
			scope = append(scope, pkg.Scope())
			roots[pkg.Scope()] = pkg.Root
		}
	}
	return scope, roots
}

func scopeOf(pkg string, roots map[string]string) (prefix, root string) {
	for p, r := range roots {
		if pkg == p || pkg == p+"_test" || strings.HasPrefix(pkg, p+"/") {
			return p, r
		}
	}
	return "", ""
}

func readProfile(path string) (*pprof.Profile, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("the benchmark wrote no profile: %w", err)
	}
	return profile.Parse(data)
}

func progressf(w io.Writer, format string, args ...any) {
	if w != nil {
		fmt.Fprintf(w, "squash: "+format+"\n", args...)
	}
}
