package guard

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/squashgo/squash/internal/annotation"
	"github.com/squashgo/squash/internal/bench"
	"github.com/squashgo/squash/internal/budget"
	"github.com/squashgo/squash/internal/gotool"
	"github.com/squashgo/squash/internal/noalloc"
	"github.com/squashgo/squash/internal/report"
	"github.com/squashgo/squash/internal/sarif"
	"github.com/squashgo/squash/internal/text"
)

// A Config says what guard checks, or records, and how.
type Config struct {
	// Write records the benchmarks' allocs/op, B/op and sites in the
	// budget file instead of checking them.
	Write bool
	// Strict fails a benchmark that has no budget, and a
	// //squash:noalloc generic function that no package named
	// instantiates.
	Strict bool
	// Tolerance is the fraction by which B/op may exceed its budget;
	// allocs/op has none.
	Tolerance float64
	Noalloc   bool   // check the functions marked //squash:noalloc
	Budget    string // the budget file; "" means squash.budget at the module root
	Bench     bench.Options
	// BenchtimeSet says that Bench.Benchtime was given: otherwise the
	// budget's benchtime line, if any, replaces it.
	BenchtimeSet bool
	Patterns     []string // package patterns; none means "."

	// Format is "text" (or ""), "json", or "sarif", a SARIF 2.1.0 log
	// whose tool is Tool.
	Format string
	Tool   sarif.Tool

	// GitHub prints GitHub Actions annotations too; Workspace is
	// GITHUB_WORKSPACE, the repository's checkout, which they are
	// relative to ("" if unset).
	GitHub    bool
	Workspace string

	// Loader keeps the types of the code that the noalloc check reads
	// for the report to read too; nil means a new one.
	Loader *gotool.Loader
}

// DefaultBenchtime is enough iterations for exact allocs/op and short runs.
const DefaultBenchtime = "100x"

// Run checks the benchmarks of the packages cfg names against their budgets
// and the functions marked //squash:noalloc against the compiler's escape
// analysis, prints what fails and a summary to stdout, and reports whether
// anything failed. With cfg.Write it records the budgets instead. Warnings
// go to stderr. It measures everything before it prints anything, so that
// an error leaves no half report.
func Run(ctx context.Context, cfg Config, stdout, stderr io.Writer) (failed bool, err error) {
	// Runs in one process tend to repeat one outcome where allocations
	// depend on the collector: gorilla/websocket's pooled compressor gave
	// 106 B/op in all three runs of 4 processes in 7, 12152 in others.
	cfg.Bench.Processes = true
	if cfg.Loader == nil {
		cfg.Loader = &gotool.Loader{}
	}
	pkgs, err := gotool.Resolve(ctx, "", cfg.Patterns)
	if err != nil {
		return false, err
	}
	root := pkgs[0].Root
	for _, p := range pkgs {
		if p.Standard || p.Root != root {
			return false, fmt.Errorf("%s is not in the module at %s: guard one module at a time", p.ImportPath, root)
		}
	}
	file := cfg.Budget
	if file == "" {
		file = filepath.Join(root, budget.FileName)
	}
	old, err := readBudget(file)
	switch {
	case errors.Is(err, fs.ErrNotExist) && cfg.Budget != "" && !cfg.Write:
		// A file named and not there is a mistake, not a module without
		// budgets: in CI, it would turn the check off.
		return false, fmt.Errorf("-budget %s: no such file: check the path, or record budgets there with '%s'", cfg.Budget, writeCommand(cfg))
	case errors.Is(err, fs.ErrNotExist):
		old = nil
	case err != nil:
		return false, err
	}
	if cfg.Write {
		if old != nil && old.Benchtime != "" && old.Benchtime != cfg.Bench.Benchtime && len(old.Benchmarks) > 0 {
			fmt.Fprintf(stderr, "squash: %s was measured with -benchtime %s, now %s: budgets not measured now keep their figures\n", text.Rel(root, file), old.Benchtime, cfg.Bench.Benchtime)
		}
		return false, writeBudget(ctx, cfg, pkgs, file, stdout, stderr)
	}
	if old != nil && old.Benchtime != "" && old.Benchtime != cfg.Bench.Benchtime {
		if cfg.BenchtimeSet {
			fmt.Fprintf(stderr, "squash: %s was measured with -benchtime %s, checking with %s: amortised allocations may count differently\n", text.Rel(root, file), old.Benchtime, cfg.Bench.Benchtime)
		} else {
			cfg.Bench.Benchtime = old.Benchtime // budget.Parse checked it
		}
	}

	// Measure everything before printing anything, so that an error leaves
	// no half report.
	run := &check{cfg: cfg, root: root, file: file, budget: old, noalloc: &noalloc.Result{}}
	run.pkgs = guardImportPaths(pkgs)
	if cfg.Noalloc {
		if cfg.Bench.Progress != nil {
			fmt.Fprintln(cfg.Bench.Progress, "squash: checking //squash:noalloc functions")
		}
		if run.noalloc, err = noalloc.Check(ctx, cfg.Loader, "", cfg.Patterns); err != nil {
			return false, err
		}
	}
	if old == nil && !run.noalloc.Marked() {
		return false, fmt.Errorf("nothing to guard: no %s at %s and no function marked //squash:noalloc; run '%s' to record budgets", budget.FileName, root, writeCommand(cfg))
	}
	if old != nil {
		if run.measured, run.skipped, err = measureBudgets(ctx, cfg, run.pkgs); err != nil {
			return false, err
		}
		run.gone = gonePackages(ctx, root, old, run.pkgs)
		budgeted := slices.ContainsFunc(old.Benchmarks, func(b budget.Benchmark) bool { return slices.Contains(run.pkgs, b.Package) })
		if len(run.measured)+len(run.skipped) == 0 && !budgeted && !run.noalloc.Marked() {
			// "0 over, 0 within" would read as a pass of a check of nothing.
			return false, fmt.Errorf("nothing to guard in %s: no benchmark, no budget and no function marked //squash:noalloc; add a benchmark and record its budget with '%s', or guard another package", strings.Join(guardPatterns(cfg.Patterns), " "), writeCommand(cfg))
		}
	}
	return run.print(stdout, stderr)
}

// gonePackages returns the packages budgeted in b, other than checked, that
// the go command no longer finds in the module at root: all their budgets
// are stale.
func gonePackages(ctx context.Context, root string, b *budget.Budget, checked []string) []string {
	var gone []string
	for _, bm := range b.Benchmarks {
		if slices.Contains(checked, bm.Package) || slices.Contains(gone, bm.Package) {
			continue
		}
		if _, err := gotool.Resolve(ctx, root, []string{bm.Package}); err != nil && ctx.Err() == nil {
			gone = append(gone, bm.Package)
		}
	}
	return gone
}

// A check is what a run of guard measured, to be judged and printed.
type check struct {
	cfg      Config
	root     string             // the module root
	file     string             // the budget file
	pkgs     []string           // the import paths checked
	gone     []string           // budgeted packages that no longer exist
	budget   *budget.Budget     // nil when there is no budget file
	measured []budget.Benchmark // the benchmarks as they are now
	skipped  []budget.Skip      // the benchmarks that skipped themselves
	noalloc  *noalloc.Result
}

// print judges the check, prints what fails and a summary in the format
// cfg asks for, and reports whether anything failed.
func (r *check) print(stdout, stderr io.Writer) (bool, error) {
	failed := len(r.noalloc.Violations) > 0 || r.cfg.Strict && len(r.noalloc.Unchecked) > 0
	var v *budget.Verdict
	if r.budget == nil {
		fmt.Fprintf(stderr, "squash: no %s at %s: checked //squash:noalloc only; run '%s' to record budgets\n", budget.FileName, r.root, writeCommand(r.cfg))
	} else {
		v = r.judge()
		failed = failed || v.Failed(r.cfg.Strict)
	}
	switch r.cfg.Format {
	case "json":
		return failed, r.writeJSON(stdout, v, failed)
	case "sarif":
		return failed, r.writeSARIF(stdout, r.cfg.Tool, v)
	}
	g := &printer{w: stdout, root: r.root, github: r.cfg.GitHub, ann: annotation.Printer{W: stdout, Root: r.root, Workspace: r.cfg.Workspace}}
	for _, x := range r.noalloc.Violations {
		g.violation(x)
	}
	for _, f := range r.noalloc.Unchecked {
		g.line("not checked: %s", noalloc.WhyUnchecked(f, r.named()))
		g.annotate("warning", "", 0, 0, "//squash:noalloc "+f+" not checked: generic, and no package named instantiates it")
	}
	for _, u := range r.noalloc.Unbuilt {
		g.line("not checked: %s", u.Why(text.Rel(r.root, u.File)))
		g.annotate("warning", u.File, 0, 0, "//squash:noalloc "+u.Function+" not checked: its file is not in this build")
	}
	if len(r.noalloc.Functions) > 0 || len(r.noalloc.Unbuilt) > 0 {
		summary := fmt.Sprintf("//squash:noalloc: %d of %d functions allocate", countFuncs(r.noalloc.Violations), len(r.noalloc.Functions))
		if n := len(r.noalloc.Unchecked) + len(r.noalloc.Unbuilt); n > 0 {
			summary += fmt.Sprintf(", %d not checked", n)
		}
		g.line("%s", summary)
	}
	if v != nil {
		g.verdict(v, r.cfg, text.Rel(r.root, r.file), r.skipped)
	}
	return failed, nil
}

// judge compares the measurements with the budget.
func (r *check) judge() *budget.Verdict {
	opts := budget.Options{ByteTolerance: r.cfg.Tolerance, Skipped: r.skipped}
	if bench.SelectsAll(r.cfg.Bench.Bench) {
		// Every benchmark of these packages ran: budgets of others are stale.
		opts.Packages = r.pkgs
	} else {
		// Those -bench selects ran: a budget it selects and that did
		// not run is stale (a renamed benchmark's old name).
		opts.Selected = r.cfg.selected(r.pkgs)
	}
	opts.Packages = append(slices.Clip(opts.Packages), r.gone...)
	return budget.Compare(r.budget, r.measured, opts)
}

// selected returns what budget.Options.Selected reports for a check or a
// -write of the packages pkgs with cfg's -bench.
func (cfg Config) selected(pkgs []string) func(pkg, name string) bool {
	return func(pkg, name string) bool {
		return slices.Contains(pkgs, pkg) && bench.Selects(cfg.Bench.Bench, name)
	}
}

func countFuncs(vs []noalloc.Violation) int {
	seen := map[string]bool{}
	for _, v := range vs {
		if v.Function != "" {
			seen[v.Package+"."+v.Function] = true
		}
	}
	return len(seen)
}

// readBudget reads the budget file; a missing file is an error that wraps
// fs.ErrNotExist. It refuses what is not a regular file, as -write would,
// before reading a device such as /dev/full without end.
func readBudget(file string) (*budget.Budget, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil {
		return nil, err
	} else if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file (%s): give -budget the path of a file", file, kind(fi.Mode()))
	}
	return budget.Parse(f, file)
}

// measureBudgets runs the benchmarks the way report does and returns them as
// budget entries. No benchmark at all is not an error: there is nothing to
// measure, and budgets of the packages' benchmarks are then stale. paths
// are the import paths of the packages, for an error.
func measureBudgets(ctx context.Context, cfg Config, paths []string) ([]budget.Benchmark, []budget.Skip, error) {
	rep, err := report.Make(ctx, report.Config{Patterns: cfg.Patterns, Bench: cfg.Bench, Progress: cfg.Bench.Progress, Loader: cfg.Loader})
	// Benchmarks that all skipped themselves are not none: their budgets
	// are neither gone nor checked, and the error says why they skipped.
	if errors.Is(err, bench.ErrNoBenchmarks) && bench.SelectsAll(cfg.Bench.Bench) && !errors.Is(err, bench.ErrNoneRan) {
		return nil, nil, nil
	}
	// A -bench that matches nothing is a mistake, not a pass: in CI, it
	// would turn the check off. It is said of the packages checked, also
	// where the report's error names one without test files.
	if errors.Is(err, bench.ErrNoBenchmarks) && !errors.Is(err, bench.ErrNoneRan) {
		return nil, nil, &bench.NoBenchmarksError{Where: strings.Join(paths, " "), Bench: cfg.Bench.Bench}
	}
	if err != nil {
		return nil, nil, err
	}
	if rep.Failures() != nil {
		return nil, nil, failures(rep, cfg.Bench.Benchtime) // a budget is not checked, nor written, without its benchmark
	}
	var skipped []budget.Skip
	for _, p := range rep.Packages {
		for _, s := range p.Skipped {
			skipped = append(skipped, budget.Skip{Package: p.Path, Name: s.Name, Reason: s.Reason})
		}
	}
	return fromReport(rep), skipped, nil
}

// failures returns an error for each benchmark of rep that failed.
func failures(rep *report.Report, benchtime string) error {
	var errs []error
	for _, p := range rep.Packages {
		for _, f := range p.Failed {
			errs = append(errs, &failedBenchmark{pkg: p.Path, name: f.Name, output: f.Output, benchtime: benchtime, timedOut: f.TimedOut})
		}
	}
	return errors.Join(errs...)
}

// A failedBenchmark is a benchmark that failed while guard measured it.
type failedBenchmark struct {
	pkg, name string // name is "" when go test's output does not say
	output    string // go test's lines about it, at most 20
	benchtime string // guard's -benchtime
	timedOut  bool   // it ran longer than -timeout: output is one line of squash's
}

// Error is one line that names the benchmark and the go test command that
// shows all it printed, then go test's lines about it, indented.
func (f *failedBenchmark) Error() string {
	what, re := "a benchmark", "."
	if f.name != "" {
		what, re = "benchmark "+f.name, bench.ExactRegexp(f.name)
	}
	cmd := "'" + text.Command("go", "test", "-run", "^$", "-bench", re, "-benchtime", f.benchtime, f.pkg) + "'"
	if f.timedOut {
		return fmt.Sprintf("%s failed in %s: %s", what, f.pkg, f.output)
	}
	if f.output == "" {
		return fmt.Sprintf("%s failed in %s: see its output with %s", what, f.pkg, cmd)
	}
	return fmt.Sprintf("%s failed in %s: see its output below, or all of it with %s\n\t%s", what, f.pkg, cmd, strings.ReplaceAll(f.output, "\n", "\n\t"))
}

// writeBudget measures the benchmarks and records them in file, keeping
// the budgets of packages that were not measured. The file is read again,
// merged and written under a lock, so that two runs of -write on other
// packages both land.
func writeBudget(ctx context.Context, cfg Config, pkgs []gotool.Package, file string, stdout, stderr io.Writer) error {
	target, perm, err := writable(file)
	if err != nil {
		return err
	}
	measured, skipped, err := measureBudgets(ctx, cfg, guardImportPaths(pkgs))
	if err != nil {
		return err
	}
	if len(measured) == 0 {
		return &bench.NoBenchmarksError{Where: strings.Join(guardPatterns(cfg.Patterns), " ")}
	}
	unlock, err := lockDir(filepath.Dir(target))
	if err != nil {
		return err
	}
	defer unlock()
	old, err := readBudget(target)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		old = &budget.Budget{}
	case err != nil:
		return err
	}
	paths := guardImportPaths(pkgs)
	var whole []string // the packages whose every benchmark ran
	if bench.SelectsAll(cfg.Bench.Bench) {
		whole = slices.Clip(paths)
	} else {
		// Budgets the -bench pattern selects, in these packages, that did
		// not run are of benchmarks that are gone, as the check says.
		selected, ran := cfg.selected(paths), map[string]bool{}
		for _, m := range measured {
			ran[m.ID()] = true
		}
		old.Benchmarks = slices.DeleteFunc(old.Benchmarks, func(b budget.Benchmark) bool {
			_, skip := budget.SkipOf(skipped, b.Package, b.Name)
			return !ran[b.ID()] && selected(b.Package, b.Name) && !skip
		})
	}
	for _, b := range old.Benchmarks {
		if _, ok := budget.SkipOf(skipped, b.Package, b.Name); ok {
			fmt.Fprintf(stderr, "squash: kept the budget of %s, which skipped itself%s\n", b.ID(), skipReason(skipped, b))
		}
	}
	// The budgets of packages that are gone go, as the check says.
	old.Update(append(whole, gonePackages(ctx, pkgs[0].Root, old, paths)...), measured, skipped)
	old.Benchtime = cfg.Bench.Benchtime
	if err := writeFile(target, perm, old); err != nil {
		return err
	}
	var printed error
	if cfg.Format == "json" {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		printed = enc.Encode(map[string]any{"budget": file, "budgets": len(old.Benchmarks), "measured": len(measured)})
	} else {
		fmt.Fprintf(stdout, "wrote %d budgets to %s (%d measured now)\n", len(old.Benchmarks), file, len(measured))
	}
	warnVarying(stderr, measured, cfg.Bench.Count)
	return printed
}

// skipReason returns " (REASON)", what the benchmark of b logged before it
// skipped itself, or "".
func skipReason(skipped []budget.Skip, b budget.Benchmark) string {
	if s, ok := budget.SkipOf(skipped, b.Package, b.Name); ok && s.Reason != "" {
		return " (" + s.Reason + ")"
	}
	return ""
}

// warnVarying names each measured benchmark whose runs gave different
// allocs/op: the check judges the lowest of its runs against the second
// highest recorded, which a benchmark whose allocations depend on a random
// input (google/btree's, seeded by the clock, gave 6 to 12 allocs/op from
// one second to the next) exceeds in every run now and then.
func warnVarying(w io.Writer, measured []budget.Benchmark, runs int) {
	for _, m := range measured {
		if m.HighAllocsPerOp > m.AllocsPerOp {
			fmt.Fprintf(w, "squash: %s gave %s to %s allocs/op in %d runs, and its budget of %s can fail a check of an unchanged tree: seed a random input, and keep set-up out of the count (b.ResetTimer after it, or a for b.Loop() loop), so that every run allocates the same\n",
				m.ID(), text.PerOp(m.AllocsPerOp), text.PerOp(m.HighAllocsPerOp), runs, text.PerOp(max(m.AllocsPerOp, m.RecordAllocsPerOp)))
		}
	}
}

func guardImportPaths(pkgs []gotool.Package) []string {
	out := slices.Grow[[]string](nil, len(pkgs))
	for _, p := range pkgs {
		out = append(out, p.ImportPath)
	}
	return out
}

func guardPatterns(p []string) []string {
	if len(p) == 0 {
		return []string{"."}
	}
	return p
}
