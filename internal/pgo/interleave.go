package pgo

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"

	"golang.org/x/perf/benchmath"

	"github.com/squashgo/squash/internal/bench"
	"github.com/squashgo/squash/internal/gotool"
	"github.com/squashgo/squash/internal/report"
)

// interleave runs the timing runs of the benchmarks that both reports
// measured again, count of each build, each in a process of its own, the
// two builds' runs alternating, and puts their figures into the reports:
// ns/op of two builds is compared only between runs made at the same
// time. A benchmark that cannot run alone (see report.Benchmark.RunsWith)
// keeps its report's figures.
func interleave(ctx context.Context, cfg report.Config, profile string, count int, off, on *report.Report) error {
	pkgs, err := gotool.Resolve(ctx, cfg.Dir, cfg.Patterns)
	if err != nil {
		return err
	}
	work, err := os.MkdirTemp("", "squash-pgo-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(work)
	for _, p := range pkgs {
		offPkg, onPkg := pkg(off, p.ImportPath), pkg(on, p.ImportPath)
		if offPkg == nil || onPkg == nil || len(offPkg.Benchmarks) == 0 {
			continue
		}
		// The two builds of the reports: their packages come from the
		// build cache, and the user's, with a fresh diagnostics
		// directory, are compiled again.
		offBin, err := bench.BuildPGO(ctx, p, work, "off")
		if err != nil {
			return err
		}
		onBin, err := bench.BuildPGO(ctx, p, work, profile)
		if err != nil {
			return err
		}
		for i := range offPkg.Benchmarks {
			ob := &offPkg.Benchmarks[i]
			j := slices.IndexFunc(onPkg.Benchmarks, func(b report.Benchmark) bool { return b.Name == ob.Name })
			if j < 0 || len(ob.RunsWith) > 0 || len(onPkg.Benchmarks[j].RunsWith) > 0 {
				continue
			}
			nb := &onPkg.Benchmarks[j]
			var offRuns, onRuns []*bench.Result
			for r := range count {
				progress(cfg.Progress, "timing %s, run %d of %d of each build", ob.Name, r+1, count)
				// Which build runs first alternates, so that neither
				// always follows the other.
				bins, runs := []*bench.Binary{offBin, onBin}, []*[]*bench.Result{&offRuns, &onRuns}
				if r%2 == 1 {
					slices.Reverse(bins)
					slices.Reverse(runs)
				}
				for k, bin := range bins {
					prof := filepath.Join(work, fmt.Sprintf("cpu-%d-%d-%d.pprof", i, r, k))
					p, err := bin.TimeIn(ctx, ob.Name, nil, cfg.Bench.Benchtime, prof)
					if err != nil {
						return err
					}
					*runs[k] = append(*runs[k], p.Result)
				}
			}
			setRuns(ob, offRuns)
			setRuns(nb, onRuns)
		}
	}
	return nil
}

// setRuns puts the figures of runs into b, as medians and runs.
func setRuns(b *report.Benchmark, runs []*bench.Result) {
	var ns, bytes, allocs []float64
	for _, r := range runs {
		ns, bytes, allocs = append(ns, r.NsPerOp), append(bytes, r.BytesPerOp), append(allocs, r.AllocsPerOp)
	}
	b.NsPerOpRuns, b.BytesPerOpRuns, b.AllocsPerOpRuns = ns, bytes, allocs
	b.NsPerOp, b.BytesPerOp, b.AllocsPerOp = median(ns), median(bytes), median(allocs)
	b.BytesPerOpMin, b.BytesPerOpMax = slices.Min(bytes), slices.Max(bytes)
	b.AllocsPerOpMin, b.AllocsPerOpMax = slices.Min(allocs), slices.Max(allocs)
	b.Runs, b.Iterations = len(runs), runs[len(runs)-1].Iters
}

// median returns the median of xs, as benchstat takes it.
func median(xs []float64) float64 {
	thr := benchmath.DefaultThresholds
	return benchmath.AssumeNothing.Summary(benchmath.NewSample(slices.Clone(xs), &thr), 0.95).Center
}

func progress(w io.Writer, format string, args ...any) {
	if w != nil {
		fmt.Fprintf(w, "squash: "+format+"\n", args...)
	}
}
