package main

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/squashgo/squash/internal/bench"
	"github.com/squashgo/squash/internal/report"
)

func init() {
	register(&command{
		name:    "report",
		summary: "run benchmarks and blame every allocation on a line (the default)",
		run:     runReport,
	})
}

func runReport(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("squash report", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var (
		cfg     report.Config
		asJSON  = fs.Bool("json", false, "print the report as JSON (schema in README.md)")
		html    = fs.String("html", "", "also write the report as one self-contained HTML page to `FILE`")
		top     = fs.Int("top", 0, "show at most `N` sites per benchmark (default 10 in text, all in JSON)")
		seconds = fs.Int("seconds", 0, "with a -profile URL, ask the server for the allocations of the next `N` seconds (net/http/pprof serves the difference of two profiles), not those since it started, as go tool pprof -seconds")
		bySrc   = fs.Bool("by-source", false, "with several -profile, split each site by the profile it came from")
		noLint  = fs.Bool("nolint", false, "do not run the analyzers (squash lint) to attach their findings to sites")
		pgoFile = fs.String("pgo", "", "measure the benchmarks built with -pgo=off and with the CPU profile in `FILE` (auto: default.pgo), side by side")
		exact   = fs.Bool("exact", false, "record every allocation, however many: a benchmark whose attribution runs make more than about a million allocations is otherwise recorded by sample, and its sites' figures are estimates")
	)
	fs.StringVar(&cfg.Bench.Bench, "bench", ".", "run only the benchmarks matching `regexp`, as go test -bench")
	fs.StringVar(&cfg.Bench.Benchtime, "benchtime", "1s", "run each benchmark for `t` (a duration or Nx), as go test -benchtime")
	fs.IntVar(&cfg.Bench.Count, "count", 1, "run each benchmark `n` times and report medians")
	var profiles profileList
	fs.Var(&profiles, "profile", "attribute the allocation profile in `FILE` or at URL instead of running benchmarks; repeat it to merge several of one program, such as a fleet's replicas")
	setTimeout := timeoutFlag(fs, "; with -profile, the longest a fetch may take (default 60s, or -seconds and half again)")
	fs.StringVar(&cfg.Keep, "keep", "", "keep what was measured in `DIR`: the report's JSON, every run in the Go benchmark format, and the profiles")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: squash [report] [flags] [packages]")
		fmt.Fprintln(stderr, "\nRuns the packages' benchmarks and blames every allocation on a line of their code.")
		fmt.Fprintln(stderr)
		fs.PrintDefaults()
	}
	if code, ok := parseFlags(fs, args, stderr); !ok {
		return code
	}
	if err := checkBenchFlags(cfg.Bench); err != nil {
		return fail(ctx, stderr, err)
	}
	if *top < 0 {
		return fail(ctx, stderr, fmt.Errorf("-top must not be negative"))
	}
	if *pgoFile != "" {
		if err := pgoFlags(fs); err != nil {
			return fail(ctx, stderr, err)
		}
	}
	if len(profiles) > 0 && cfg.Keep != "" {
		return fail(ctx, stderr, fmt.Errorf("-keep keeps what the benchmarks measure, and -profile runs none: drop one of them"))
	}
	if len(profiles) > 0 {
		// These flags shape the benchmark runs, which -profile replaces:
		// one given with it would be silently ignored.
		var ignored []string
		fs.Visit(func(f *flag.Flag) {
			switch f.Name {
			case "bench", "benchtime", "count", "exact":
				ignored = append(ignored, "-"+f.Name)
			}
		})
		switch len(ignored) {
		case 0:
		case 1:
			return fail(ctx, stderr, fmt.Errorf("%s shapes the benchmark runs, which -profile replaces: drop it or -profile", ignored[0]))
		default:
			return fail(ctx, stderr, fmt.Errorf("%s shape the benchmark runs, which -profile replaces: drop them or -profile", strings.Join(ignored, " and ")))
		}
	}
	if err := checkOutput("-html", *html); err != nil {
		return fail(ctx, stderr, err)
	}
	cfg.Patterns = fs.Args()
	cfg.Profiles = profiles
	cfg.BySource = *bySrc
	if err := profileFlags(fs, &cfg, *seconds, setTimeout); err != nil {
		return fail(ctx, stderr, err)
	}
	if *exact {
		cfg.Bench.Record = -1
	}
	if !*noLint && len(profiles) == 0 {
		lc, err := lintConfig(nil)
		if err != nil {
			return fail(ctx, stderr, err)
		}
		cfg.Lint = &lc
	}
	if isTerminal(stderr) {
		cfg.Progress = stderr
	}
	if *pgoFile != "" {
		return runPGO(ctx, cfg, *pgoFile, *asJSON, *html, stdout, stderr)
	}
	rep, err := report.Make(ctx, cfg)
	if nb := (*bench.NoBenchmarksError)(nil); errors.As(err, &nb) && len(profiles) == 0 {
		nb.Or = "pass -profile FILE"
	}
	if err != nil {
		return fail(ctx, stderr, err)
	}
	text := func(w io.Writer, r *report.Report) error {
		return report.WriteText(w, r, report.TextOptions{Top: *top})
	}
	json := func(w io.Writer, r *report.Report) error {
		if *top > 0 {
			r.Trim(*top)
		}
		return report.WriteJSON(w, r)
	}
	if err := present(stdout, *html, *asJSON, rep, report.WriteHTML, text, json); err != nil {
		return fail(ctx, stderr, err)
	}
	if rep.Failures() != nil {
		// The report shows what go test printed; the others were measured.
		for _, p := range rep.Packages {
			for _, f := range p.Failed {
				if f.TimedOut {
					fmt.Fprintf(stderr, "squash: benchmark %s failed in %s: %s\n", cmp.Or(f.Name, "(unnamed)"), p.Path, f.Output)
					continue
				}
				fmt.Fprintf(stderr, "squash: benchmark %s failed in %s: its output is in the report\n", cmp.Or(f.Name, "(unnamed)"), p.Path)
			}
		}
		return exitError
	}
	return exitClean
}

// isTerminal reports whether w is a terminal, where progress is shown. A
// variable so that tests can pretend.
var isTerminal = func(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// checkOutput returns an error where the file that flag names is to be in
// a directory that does not exist: said before the benchmarks run, not
// after.
func checkOutput(flag, file string) error {
	if file == "" {
		return nil
	}
	dir := filepath.Dir(file)
	if info, err := os.Stat(dir); err != nil || !info.IsDir() {
		return fmt.Errorf("%s %s: no directory %s: create it, or name a file in one that exists", flag, file, dir)
	}
	return nil
}

// present writes a command's result: its page to the file that -html
// names, if any, then its text, or its JSON with -json, to stdout.
func present[T any](stdout io.Writer, html string, asJSON bool, res T, page, text, json func(io.Writer, T) error) error {
	if html != "" {
		if err := report.WriteFile(html, func(w io.Writer) error { return page(w, res) }); err != nil {
			return fmt.Errorf("-html: %w", err)
		}
	}
	if asJSON {
		return json(stdout, res)
	}
	return text(stdout, res)
}
