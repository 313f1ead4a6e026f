package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"github.com/squashgo/squash/internal/gcsweep"
)

func init() {
	register(&command{
		name:    "gc",
		summary: "run benchmarks under a sweep of GOGC and GOMEMLIMIT: CPU against memory",
		run:     runGC,
	})
}

func runGC(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("squash gc", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var cfg gcsweep.Config
	var (
		gogc     = fs.String("gogc", "25,50,100,200,400,off", "the GOGC values, separated by commas")
		memlimit = fs.String("memlimit", "", "the GOMEMLIMIT values, such as 64MiB,256MiB; each runs with each GOGC value")
		asJSON   = fs.Bool("json", false, "print every point as JSON")
		html     = fs.String("html", "", "also write the tables and the curves as one self-contained HTML page to `FILE`")
	)
	fs.StringVar(&cfg.Bench.Bench, "bench", ".", "run only the benchmarks matching `regexp`, as go test -bench")
	fs.StringVar(&cfg.Bench.Benchtime, "benchtime", "1s", "run each benchmark for `t` under each setting, as go test -benchtime")
	fs.IntVar(&cfg.Bench.Count, "count", 1, "run each setting `n` times, each in a process of its own, and report medians")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: squash gc [-gogc list] [-memlimit list] [flags] [packages]")
		fmt.Fprintln(stderr, "\nRuns each benchmark under each setting of the collector and prints what it costs in CPU and in memory.")
		fmt.Fprintln(stderr)
		fs.PrintDefaults()
	}
	if code, ok := parseFlags(fs, args, stderr); !ok {
		return code
	}
	if err := checkBenchFlags(cfg.Bench); err != nil {
		return fail(ctx, stderr, err)
	}
	gogcs, err := gcsweep.ParseGOGC(*gogc)
	if err != nil {
		return fail(ctx, stderr, err)
	}
	var limits []string
	if *memlimit != "" {
		if limits, err = gcsweep.ParseMemLimit(*memlimit); err != nil {
			return fail(ctx, stderr, err)
		}
	}
	if err := checkOutput("-html", *html); err != nil {
		return fail(ctx, stderr, err)
	}
	cfg.Settings = gcsweep.Settings(gogcs, limits)
	cfg.Patterns = fs.Args()
	if isTerminal(stderr) {
		cfg.Progress = stderr
	}
	res, err := gcsweep.Run(ctx, cfg)
	if err != nil {
		return fail(ctx, stderr, err)
	}
	if err := present(stdout, *html, *asJSON, res, gcsweep.WriteHTML, gcsweep.WriteText, gcsweep.WriteJSON); err != nil {
		return fail(ctx, stderr, err)
	}
	return exitClean
}
