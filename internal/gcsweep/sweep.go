package gcsweep

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"

	"golang.org/x/perf/benchmath"

	"github.com/squashgo/squash/internal/bench"
	"github.com/squashgo/squash/internal/gotool"
	"github.com/squashgo/squash/internal/profile"

	pprof "github.com/google/pprof/profile"
)

// Config says what to sweep.
type Config struct {
	Dir      string   // where the go command runs; "" means the current directory
	Patterns []string // package patterns; none means "."
	// Bench selects the benchmarks and their benchtime; Count is the
	// number of runs of each setting, each in a process of its own.
	Bench    bench.Options
	Settings []Setting // none means DefaultGOGC
	Progress io.Writer
}

// A Result is a sweep of every benchmark measured.
type Result struct {
	GoVersion string   `json:"go_version,omitempty"`
	Sweeps    []*Sweep `json:"sweeps"`
}

// A Sweep is one benchmark under each setting.
type Sweep struct {
	Package   string  `json:"package"`
	Benchmark string  `json:"benchmark"`
	Points    []Point `json:"points"` // in the order of the settings
	// Knee is the index in Points of the knee (see Knee), or -1.
	Knee int `json:"knee"`
}

// A Point is a benchmark's figures under one setting: medians of its runs.
type Point struct {
	Setting
	Runs        int       `json:"runs"`
	NsPerOp     float64   `json:"ns_per_op"` // go test
	NsPerOpRuns []float64 `json:"ns_per_op_runs"`
	BytesPerOp  float64   `json:"bytes_per_op"`
	AllocsPerOp float64   `json:"allocs_per_op"`
	// GCCPU and AllocCPU are the shares of the CPU profile's time in the
	// collector and in the allocator, as squash report splits them, but
	// for the assists that allocations make, which count as collecting.
	GCCPU      float64 `json:"gc_cpu"`
	AllocCPU   float64 `json:"alloc_cpu"`
	CPUSamples int     `json:"cpu_samples"`
	// GCsPerOp are the collections the runtime started on its own in the
	// round of iterations go test reports, by gctrace, over its
	// Iterations.
	GCsPerOp   float64 `json:"gcs_per_op"`
	GCs        int     `json:"gcs"`
	Iterations int     `json:"iterations"`
	// PeakRSS is the process's peak resident set in bytes (wait4's
	// rusage); 0 where the system gives none.
	PeakRSS int64 `json:"peak_rss_bytes"`
	// PeakHeap is the largest heap gctrace printed at a collection's end
	// in that round, in bytes, rounded down to a megabyte by the runtime;
	// 0 where none ran.
	PeakHeap int64 `json:"peak_heap_bytes,omitzero"`
}

// Run sweeps the benchmarks of the packages cfg names. Temporary files are
// removed before it returns.
func Run(ctx context.Context, cfg Config) (*Result, error) {
	pkgs, err := gotool.Resolve(ctx, cfg.Dir, cfg.Patterns)
	if err != nil {
		return nil, err
	}
	settings := cfg.Settings
	if len(settings) == 0 {
		settings = Settings(DefaultGOGC, nil)
	}
	work, err := os.MkdirTemp("", "squash-gc-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(work)
	res := &Result{Sweeps: []*Sweep{}}
	var none []error
	for _, pkg := range pkgs {
		progress(cfg.Progress, "building %s", pkg.ImportPath)
		bin, err := bench.Build(ctx, pkg, work)
		if errors.Is(err, bench.ErrNoBenchmarks) && len(pkgs) > 1 {
			none = append(none, err)
			continue
		}
		if err != nil {
			return nil, err
		}
		res.GoVersion = bin.GoVersion
		names, failed, _, err := bin.Benchmarks(ctx, cfg.Bench)
		if err != nil && len(pkgs) > 1 && errors.Is(err, bench.ErrNoBenchmarks) {
			none = append(none, err)
			continue
		}
		if err != nil {
			return nil, err
		}
		if len(failed) > 0 {
			return nil, &failed[0]
		}
		for _, name := range names {
			s, err := sweep(ctx, bin, name, settings, work, cfg)
			if err != nil {
				return nil, err
			}
			res.Sweeps = append(res.Sweeps, s)
		}
	}
	if len(res.Sweeps) == 0 {
		if len(none) > 0 {
			return nil, none[0]
		}
		return nil, &bench.NoBenchmarksError{Where: pkgs[0].ImportPath, Bench: cfg.Bench.Bench}
	}
	return res, nil
}

// sweep runs benchmark name under each setting, Count times, the settings
// interleaved so that a change of the machine's load falls on all of them.
func sweep(ctx context.Context, bin *bench.Binary, name string, settings []Setting, work string, cfg Config) (*Sweep, error) {
	runs := make([][]*bench.Process, len(settings))
	count := max(cfg.Bench.Count, 1)
	for r := range count {
		for i, s := range settings {
			progress(cfg.Progress, "%s under %s (%d of %d)", name, s, r*len(settings)+i+1, count*len(settings))
			prof := filepath.Join(work, fmt.Sprintf("cpu-%d-%d.pprof", i, r))
			p, err := bin.TimeIn(ctx, name, s.env(), cfg.Bench.Benchtime, prof)
			if err != nil {
				return nil, fmt.Errorf("%s under %s: %w", name, s, err)
			}
			runs[i] = append(runs[i], p)
		}
	}
	sw := &Sweep{Package: bin.Package.ImportPath, Benchmark: name}
	for i, s := range settings {
		pt, err := point(s, runs[i])
		if err != nil {
			return nil, fmt.Errorf("%s under %s: %w", name, s, err)
		}
		sw.Points = append(sw.Points, pt)
	}
	sw.Knee = Knee(sw.Points)
	return sw, nil
}

// point folds the runs of one setting into medians.
func point(s Setting, runs []*bench.Process) (Point, error) {
	var ns, bytes, allocs, gc, alloc, gcs, rss, heap []float64
	pt := Point{Setting: s, Runs: len(runs)}
	for _, p := range runs {
		r := p.Result
		ns, bytes, allocs = append(ns, r.NsPerOp), append(bytes, r.BytesPerOp), append(allocs, r.AllocsPerOp)
		data, err := os.ReadFile(r.CPUProfile)
		if err != nil {
			return pt, fmt.Errorf("the benchmark wrote no CPU profile: %w", err)
		}
		cpu, err := pprof.ParseData(data)
		if err != nil {
			return pt, fmt.Errorf("its CPU profile: %w", err)
		}
		share, err := profile.CollectorShare(cpu)
		if err != nil {
			return pt, err
		}
		gc, alloc = append(gc, share.GC), append(alloc, share.Alloc)
		pt.CPUSamples += share.Samples
		round := LastRound(ParseTrace(p.Stderr))
		own, peak := 0, int64(0)
		for _, c := range round {
			if !c.Forced {
				own++
			}
			peak = max(peak, c.HeapEnd)
		}
		pt.GCs += own
		pt.Iterations += r.Iters
		gcs = append(gcs, float64(own)/float64(max(r.Iters, 1)))
		rss, heap = append(rss, float64(p.MaxRSS)), append(heap, float64(peak))
	}
	pt.NsPerOp, pt.NsPerOpRuns = median(ns), ns
	pt.BytesPerOp, pt.AllocsPerOp = median(bytes), median(allocs)
	pt.GCCPU, pt.AllocCPU = median(gc), median(alloc)
	pt.GCsPerOp = median(gcs)
	pt.PeakRSS, pt.PeakHeap = int64(median(rss)), int64(median(heap))
	return pt, nil
}

// median returns the median of xs, as benchstat takes it.
func median(xs []float64) float64 {
	thr := benchmath.DefaultThresholds
	return benchmath.AssumeNothing.Summary(benchmath.NewSample(slices.Clone(xs), &thr), 0.95).Center
}

// minSaving is the least fall of the collector's CPU share over a sweep
// for it to have a knee: below it the collector costs too little for a
// knob to matter.
const minSaving = 0.01

// Knee returns the index of the knee of points, or -1. With the points
// ordered by memory, on a scale of the logarithm of memory (each GOGC
// step doubles it) against the collector's share of CPU, both stretched to
// [0, 1], the knee is the point farthest below the straight line from the
// first point to the last: the most CPU saved for the memory it takes,
// past which more memory buys less (the Kneedle method, Satopää et al.,
// 2011). There is none where the share falls by less than a point in all,
// or where no point lies below the line.
func Knee(points []Point) int {
	order := byMemory(points)
	if len(order) < 3 {
		return -1
	}
	lo, hi := points[order[0]].GCCPU, points[order[0]].GCCPU
	for _, i := range order {
		lo, hi = min(lo, points[i].GCCPU), max(hi, points[i].GCCPU)
	}
	first, last := points[order[0]], points[order[len(order)-1]]
	if first.GCCPU-last.GCCPU < minSaving || memory(last) <= memory(first) {
		return -1
	}
	x := func(p Point) float64 {
		return (math.Log(float64(memory(p))) - math.Log(float64(memory(first)))) / (math.Log(float64(memory(last))) - math.Log(float64(memory(first))))
	}
	y := func(p Point) float64 { return (p.GCCPU - lo) / (hi - lo) }
	knee, far := -1, 0.0
	for _, i := range order[1 : len(order)-1] {
		p := points[i]
		line := y(first) + (y(last)-y(first))*x(p)
		if d := line - y(p); d > far {
			knee, far = i, d
		}
	}
	return knee
}

// byMemory returns the indexes of the points whose memory is known, in
// the order of their memory.
func byMemory(points []Point) []int {
	order := make([]int, 0, len(points))
	for i, p := range points {
		if memory(p) > 0 {
			order = append(order, i)
		}
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(memory(points[a]), memory(points[b])) })
	return order
}

// memory is a point's memory figure: its peak RSS, or, where the system
// gives none, its peak heap.
func memory(p Point) int64 {
	if p.PeakRSS > 0 {
		return p.PeakRSS
	}
	return p.PeakHeap
}

func progress(w io.Writer, format string, args ...any) {
	if w != nil {
		fmt.Fprintf(w, "squash: "+format+"\n", args...)
	}
}

// mib formats bytes in mebibytes, as the table prints them.
func mib(n int64) string {
	return strconv.FormatFloat(float64(n)/(1<<20), 'f', 1, 64)
}
