package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"os"

	"github.com/squashgo/squash/internal/guard"
	"github.com/squashgo/squash/internal/version"
)

func init() {
	register(&command{
		name:    "guard",
		summary: "check allocation budgets and //squash:noalloc functions (-write records budgets)",
		run:     runGuard,
	})
}

func runGuard(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("squash guard", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var cfg guard.Config
	fs.BoolVar(&cfg.Write, "write", false, "record the benchmarks' allocs/op, B/op and sites in the budget file instead of checking them")
	fs.BoolVar(&cfg.Strict, "strict", false, "fail when a benchmark has no budget, or a //squash:noalloc generic function is instantiated nowhere")
	fs.Float64Var(&cfg.Tolerance, "tolerance", 0.10, "fail when B/op exceeds its budget by more than this `fraction` (allocs/op has none)")
	fs.BoolVar(&cfg.Noalloc, "noalloc", true, "check functions marked //squash:noalloc")
	fs.StringVar(&cfg.Budget, "budget", "", "the budget `file` (default squash.budget at the module root)")
	fs.StringVar(&cfg.Bench.Bench, "bench", ".", "run only the benchmarks matching `regexp`, as go test -bench")
	fs.StringVar(&cfg.Bench.Benchtime, "benchtime", guard.DefaultBenchtime, "run each benchmark for `t`; allocs/op is exact after a few iterations. Unset, the budget's benchtime line, if any, replaces the default")
	asJSON := fs.Bool("json", false, "print the check, or what -write wrote, as JSON (-format json)")
	fs.StringVar(&cfg.Format, "format", "text", "print the check as `text`, json or sarif (a SARIF 2.1.0 log, for code scanning)")
	setTimeout := timeoutFlag(fs, "")
	fs.IntVar(&cfg.Bench.Count, "count", 5, "run each benchmark `n` times, each in a test binary of its own: -write records the second highest allocs/op and B/op of the runs, and a check fails only when every run is over")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: squash guard [-write] [flags] [packages]")
		fmt.Fprintln(stderr, "\nChecks the packages' benchmarks against the allocation budget in squash.budget")
		fmt.Fprintln(stderr, "and the functions marked //squash:noalloc against the compiler's escape analysis.")
		fmt.Fprintln(stderr, "Exit status 1 when a budget is exceeded or a marked function allocates.")
		fmt.Fprintln(stderr)
		fs.PrintDefaults()
	}
	if code, ok := parseFlags(fs, args, stderr); !ok {
		return code
	}
	if !(cfg.Tolerance >= 0) || math.IsInf(cfg.Tolerance, 0) {
		return fail(ctx, stderr, fmt.Errorf("-tolerance must not be negative, NaN or infinite: 0.1 allows 10%% more B/op"))
	}
	if err := checkBenchFlags(cfg.Bench); err != nil {
		return fail(ctx, stderr, err)
	}
	if err := setTimeout(&cfg.Bench); err != nil {
		return fail(ctx, stderr, err)
	}
	if _, err := outputFormat(&cfg.Format, *asJSON); err != nil {
		return fail(ctx, stderr, err)
	}
	if cfg.Write && cfg.Format == "sarif" {
		return fail(ctx, stderr, fmt.Errorf("-format sarif reports a check, and -write records budgets: drop one"))
	}
	cfg.Tool = version.Read().Tool()
	cfg.Patterns = fs.Args()
	fs.Visit(func(f *flag.Flag) { cfg.BenchtimeSet = cfg.BenchtimeSet || f.Name == "benchtime" })
	cfg.GitHub = os.Getenv("GITHUB_ACTIONS") == "true" && cfg.Format == "text"
	cfg.Workspace = os.Getenv("GITHUB_WORKSPACE")
	if isTerminal(stderr) {
		cfg.Bench.Progress = stderr
	}
	failed, err := guard.Run(ctx, cfg, stdout, stderr)
	switch {
	case err != nil:
		return fail(ctx, stderr, err)
	case failed:
		return exitFindings
	}
	return exitClean
}
