package pgo

import (
	"context"
	"path/filepath"

	"github.com/squashgo/squash/internal/compare"
	"github.com/squashgo/squash/internal/gotool"
	"github.com/squashgo/squash/internal/report"
)

// An Effect is what a CPU profile's optimisation does to the benchmarks of
// some packages: a report of a build without it, a report of a build with
// it, and the two side by side.
type Effect struct {
	// Profile is the profile's path, as -pgo was given it or as auto found
	// it.
	Profile string
	// Off and On are the reports of the builds with -pgo=off and with
	// -pgo=Profile.
	Off, On *report.Report
	// Comparison has each benchmark's figures tested as benchstat tests
	// them, and its sites matched: those gone are the allocations that
	// PGO removed, those new the ones it added.
	Comparison *compare.Comparison
	// Sites are the sites that changed, with the compiler's records of
	// each build.
	Sites []Site
	// Interleaved is the number of timing runs of each build whose
	// figures the reports hold, made with the two builds' runs
	// alternating; 0 where each report's figures are its own runs'.
	Interleaved int
}

// Measure measures the packages cfg names twice, built with -pgo=off and
// with the profile at pgo ("auto" for the default.pgo that Auto finds), and
// joins the two. cfg.PGO is ignored. Each build is measured as squash
// report measures it, one after the other; with cfg.Bench.Count above 1,
// the reports' figures are then those of Count runs of each build made
// with the two builds' runs alternating, as timings are compared only
// between runs made at the same time.
func Measure(ctx context.Context, cfg report.Config, pgo string) (*Effect, error) {
	if pgo == "auto" {
		pkgs, err := gotool.Resolve(ctx, cfg.Dir, cfg.Patterns)
		if err != nil {
			return nil, err
		}
		if pgo, err = Auto(ctx, cfg.Dir, pkgs); err != nil {
			return nil, err
		}
	}
	if err := Check(pgo); err != nil {
		return nil, err
	}
	abs, err := filepath.Abs(pgo)
	if err != nil {
		return nil, err
	}
	off, on := cfg, cfg
	off.PGO, on.PGO = "off", abs
	count := max(cfg.Bench.Count, 1)
	if count > 1 {
		// One timing run each: the runs that count come later.
		off.Bench.Count, on.Bench.Count = 1, 1
	}
	off.Progress, on.Progress = prefixed(cfg.Progress, "-pgo=off: "), prefixed(cfg.Progress, "-pgo="+filepath.Base(pgo)+": ")
	offRep, err := report.Make(ctx, off)
	if err != nil {
		return nil, err
	}
	onRep, err := report.Make(ctx, on)
	if err != nil {
		return nil, err
	}
	e := &Effect{Profile: pgo, Off: offRep, On: onRep}
	if count > 1 {
		if err := interleave(ctx, cfg, abs, count, offRep, onRep); err != nil {
			return nil, err
		}
		e.Interleaved = count
	}
	e.Comparison = compare.Compare(offRep, onRep, "-pgo=off", "-pgo="+pgo)
	e.Sites = join(e.Comparison, offRep, onRep)
	return e, nil
}
