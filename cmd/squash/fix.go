package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"github.com/squashgo/squash/internal/fix"
)

func init() {
	register(&command{
		name:    "fix",
		summary: "try the analyzers' fixes where benchmarks allocate; keep what tests and benchmarks prove",
		run:     runFix,
	})
}

func runFix(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("squash fix", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var (
		cfg    fix.Config
		apply  = fs.Bool("apply", false, "write the fixes kept to the files (each written whole, then renamed over the original)")
		asJSON = fs.Bool("json", false, "print the verdicts, figures and diff as JSON")
		html   = fs.String("html", "", "also write the verdicts, the before/after figures and the diff as one self-contained HTML page to `FILE`")
	)
	fs.StringVar(&cfg.Keep, "keep", "", "keep the baseline's report and profiles, and the runs before and after the fixes kept, in `DIR`")
	fs.StringVar(&cfg.Bench.Bench, "bench", ".", "measure only the benchmarks matching `regexp`, as go test -bench")
	fs.StringVar(&cfg.Bench.Benchtime, "benchtime", "1s", "run each benchmark for `t` (a duration or Nx) per run, as go test -benchtime")
	fs.IntVar(&cfg.Bench.Count, "count", fix.DefaultCount, "compare `n` runs of the baseline with n of each candidate, interleaved")
	fs.DurationVar(&cfg.Timeout, "timeout", 0, "stop trying candidates after `d` (such as 10m); the fixes kept so far are still verified together")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: squash fix [-bench regexp] [-count n] [-apply] [-json] [-html FILE] [-keep DIR] [packages]")
		fmt.Fprintln(stderr, "\nMeasures the packages' benchmarks, tries each analyzer fix that touches a function where they")
		fmt.Fprintln(stderr, "allocate, and keeps those that build, pass the tests and allocate less without being slower.")
		fmt.Fprintln(stderr, "Without -apply, no file changes.")
		fmt.Fprintln(stderr)
		fs.PrintDefaults()
	}
	if code, ok := parseFlags(fs, args, stderr); !ok {
		return code
	}
	if err := checkBenchFlags(cfg.Bench); err != nil {
		return fail(ctx, stderr, err)
	}
	if err := checkOutput("-html", *html); err != nil {
		return fail(ctx, stderr, err)
	}
	if cfg.Timeout < 0 {
		return fail(ctx, stderr, fmt.Errorf("-timeout must not be negative"))
	}
	cfg.Patterns = fs.Args()
	lc, err := lintConfig(nil)
	if err != nil {
		return fail(ctx, stderr, err)
	}
	cfg.Lint = lc
	if isTerminal(stderr) {
		cfg.Progress = stderr
	}
	res, err := fix.Run(ctx, cfg)
	if err != nil {
		return fail(ctx, stderr, err)
	}
	if err := present(stdout, *html, *asJSON, res, fix.WriteHTML, fix.WriteText, fix.WriteJSON); err != nil {
		return fail(ctx, stderr, err)
	}
	if *apply {
		written, err := fix.Apply(res)
		if err != nil {
			return fail(ctx, stderr, err)
		}
		fmt.Fprintln(stderr, fix.Summary(written))
	}
	return exitClean
}
