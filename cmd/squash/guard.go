package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"go/build/constraint"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/squashgo/squash/internal/bench"
	"github.com/squashgo/squash/internal/budget"
	"github.com/squashgo/squash/internal/gotool"
	"github.com/squashgo/squash/internal/noalloc"
	"github.com/squashgo/squash/internal/report"
)

func init() {
	register(&command{
		name:    "guard",
		summary: "check allocation budgets and //squash:noalloc functions (-write records budgets)",
		run:     runGuard,
	})
}

// guardConfig holds the flags of squash guard.
type guardConfig struct {
	write     bool
	strict    bool
	tolerance float64
	noalloc   bool
	file      string // the budget file; "" means squash.budget at the module root
	bench     bench.Options
	patterns  []string
	github    bool // print GitHub Actions annotations
	// loader keeps the types of the code that the noalloc check reads
	// for the report to read too.
	loader *gotool.Loader

	benchtimeSet bool // -benchtime was given
}

// defaultBenchtime is enough iterations for exact allocs/op and short runs.
const defaultBenchtime = "100x"

func runGuard(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("squash guard", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var cfg guardConfig
	fs.BoolVar(&cfg.write, "write", false, "record the benchmarks' allocs/op, B/op and sites in the budget file instead of checking them")
	fs.BoolVar(&cfg.strict, "strict", false, "fail when a benchmark has no budget, or a //squash:noalloc generic function is instantiated nowhere")
	fs.Float64Var(&cfg.tolerance, "tolerance", 0.10, "fail when B/op exceeds its budget by more than this `fraction` (allocs/op has none)")
	fs.BoolVar(&cfg.noalloc, "noalloc", true, "check functions marked //squash:noalloc")
	fs.StringVar(&cfg.file, "budget", "", "the budget `file` (default squash.budget at the module root)")
	fs.StringVar(&cfg.bench.Bench, "bench", ".", "run only the benchmarks matching `regexp`, as go test -bench")
	fs.StringVar(&cfg.bench.Benchtime, "benchtime", defaultBenchtime, "run each benchmark for `t`; allocs/op is exact after a few iterations. Unset, the budget's benchtime line, if any, replaces the default")
	fs.IntVar(&cfg.bench.Count, "count", 5, "run each benchmark `n` times, each in a test binary of its own: -write records the second highest allocs/op and B/op of the runs, and a check fails only when every run is over")
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
	if cfg.tolerance < 0 {
		return fail(stderr, fmt.Errorf("-tolerance must not be negative: 0.1 allows 10%% more B/op"))
	}
	if cfg.bench.Count < 1 {
		return fail(stderr, fmt.Errorf("-count must be at least 1"))
	}
	if err := bench.CheckBenchtime(cfg.bench.Benchtime); err != nil {
		return fail(stderr, err)
	}
	if err := bench.CheckBench(cfg.bench.Bench); err != nil {
		return fail(stderr, err)
	}
	cfg.patterns = fs.Args()
	// Runs in one process tend to repeat one outcome where allocations
	// depend on the collector: gorilla/websocket's pooled compressor gave
	// 106 B/op in all three runs of 4 processes in 7, 12152 in others.
	cfg.bench.Processes = true
	fs.Visit(func(f *flag.Flag) { cfg.benchtimeSet = cfg.benchtimeSet || f.Name == "benchtime" })
	cfg.github = os.Getenv("GITHUB_ACTIONS") == "true"
	cfg.loader = &gotool.Loader{}
	if isTerminal(stderr) {
		cfg.bench.Progress = stderr
	}
	code, err := guard(ctx, cfg, stdout, stderr)
	if err != nil {
		if ctx.Err() != nil {
			fmt.Fprintln(stderr, "squash: interrupted")
			return exitError
		}
		return fail(stderr, err)
	}
	return code
}

// guard runs squash guard and returns its exit status.
func guard(ctx context.Context, cfg guardConfig, stdout, stderr io.Writer) (int, error) {
	pkgs, err := gotool.Resolve(ctx, "", cfg.patterns)
	if err != nil {
		return 0, err
	}
	root := pkgs[0].Root
	for _, p := range pkgs {
		if p.Standard || p.Root != root {
			return 0, fmt.Errorf("%s is not in the module at %s: guard one module at a time", p.ImportPath, root)
		}
	}
	file := cfg.file
	if file == "" {
		file = filepath.Join(root, budget.FileName)
	}
	old, err := readBudget(file)
	switch {
	case err != nil && cfg.write && !errors.Is(err, fs.ErrNotExist):
		// -write is the way out that the error names: say only what was wrong.
		if se := (*budget.SyntaxError)(nil); errors.As(err, &se) {
			fmt.Fprintf(stderr, "squash: rewriting %s, whose line %d could not be read: %s\n", file, se.Line, se.Msg)
		} else {
			fmt.Fprintf(stderr, "squash: rewriting %s, which could not be read: %v\n", file, err)
		}
		old = &budget.Budget{}
	case errors.Is(err, fs.ErrNotExist) && cfg.file != "" && !cfg.write:
		// A file named and not there is a mistake, not a module without
		// budgets: in CI, it would turn the check off.
		return 0, fmt.Errorf("-budget %s: no such file: check the path, or record budgets there with 'squash guard -write -budget %s'", cfg.file, shellWord(cfg.file))
	case errors.Is(err, fs.ErrNotExist):
		old = nil
	case err != nil:
		return 0, err
	}
	if cfg.write {
		if old != nil && old.Benchtime != "" && old.Benchtime != cfg.bench.Benchtime && len(old.Benchmarks) > 0 {
			fmt.Fprintf(stderr, "squash: %s was measured with -benchtime %s, now %s: budgets not measured now keep their figures\n", relativeTo(root, file), old.Benchtime, cfg.bench.Benchtime)
		}
		return exitClean, writeBudget(ctx, cfg, pkgs, old, file, stdout, stderr)
	}
	if old != nil && old.Benchtime != "" && old.Benchtime != cfg.bench.Benchtime {
		if cfg.benchtimeSet {
			fmt.Fprintf(stderr, "squash: %s was measured with -benchtime %s, checking with %s: amortised allocations may count differently\n", relativeTo(root, file), old.Benchtime, cfg.bench.Benchtime)
		} else {
			cfg.bench.Benchtime = old.Benchtime // budget.Parse checked it
		}
	}

	// Measure everything before printing anything, so that an error leaves
	// no half report.
	run := &guardRun{cfg: cfg, root: root, file: file, budget: old, noalloc: &noalloc.Result{}}
	run.pkgs = guardImportPaths(pkgs)
	if cfg.noalloc {
		if cfg.bench.Progress != nil {
			fmt.Fprintln(cfg.bench.Progress, "squash: checking //squash:noalloc functions")
		}
		if run.noalloc, err = noalloc.Check(ctx, cfg.loader, "", cfg.patterns); err != nil {
			return 0, err
		}
	}
	if old == nil && !run.noalloc.Marked() {
		return 0, fmt.Errorf("nothing to guard: no %s at %s and no function marked //squash:noalloc; run 'squash guard -write' to record budgets", budget.FileName, root)
	}
	if old != nil {
		if run.measured, run.skipped, err = measureBudgets(ctx, cfg, run.pkgs); err != nil {
			return 0, err
		}
		run.gone = gonePackages(ctx, root, old, run.pkgs)
	}
	return run.print(stdout, stderr), nil
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

// A guardRun is what squash guard measured, to be judged and printed.
type guardRun struct {
	cfg      guardConfig
	root     string             // the module root
	file     string             // the budget file
	pkgs     []string           // the import paths checked
	gone     []string           // budgeted packages that no longer exist
	budget   *budget.Budget     // nil when there is no budget file
	measured []budget.Benchmark // the benchmarks as they are now
	skipped  []budget.Skip      // the benchmarks that skipped themselves
	noalloc  *noalloc.Result
}

// print judges the run, prints what fails and a summary, and returns the
// exit status.
func (r *guardRun) print(stdout, stderr io.Writer) int {
	g := &guardPrinter{w: stdout, root: r.root, github: r.cfg.github, workspace: os.Getenv("GITHUB_WORKSPACE")}
	for _, x := range r.noalloc.Violations {
		g.violation(x)
	}
	named := "."
	if len(r.cfg.patterns) > 0 {
		named = strings.Join(r.cfg.patterns, " ")
	}
	for _, f := range r.noalloc.Unchecked {
		g.line("not checked: %s", uncheckedWhy(f, named))
		g.annotate("warning", "", 0, 0, "//squash:noalloc "+f+" not checked: generic, and no package named instantiates it")
	}
	for _, u := range r.noalloc.Unbuilt {
		g.line("not checked: %s", unbuiltWhy(u, relativeTo(r.root, u.File)))
		g.annotate("warning", u.File, 0, 0, "//squash:noalloc "+u.Function+" not checked: its file is not in this build")
	}
	if len(r.noalloc.Functions) > 0 || len(r.noalloc.Unbuilt) > 0 {
		summary := fmt.Sprintf("//squash:noalloc: %d of %d functions allocate", countFuncs(r.noalloc.Violations), len(r.noalloc.Functions))
		if n := len(r.noalloc.Unchecked) + len(r.noalloc.Unbuilt); n > 0 {
			summary += fmt.Sprintf(", %d not checked", n)
		}
		g.line("%s", summary)
	}
	failed := len(r.noalloc.Violations) > 0 || r.cfg.strict && len(r.noalloc.Unchecked) > 0
	if r.budget == nil {
		fmt.Fprintf(stderr, "squash: no %s at %s: checked //squash:noalloc only; run 'squash guard -write' to record budgets\n", budget.FileName, r.root)
		return guardExit(failed)
	}
	opts := budget.Options{ByteTolerance: r.cfg.tolerance, Skipped: r.skipped}
	if bench.SelectsAll(r.cfg.bench.Bench) {
		// Every benchmark of these packages ran: budgets of others are stale.
		opts.Packages = r.pkgs
	} else {
		// Those -bench selects ran: a budget it selects and that did
		// not run is stale (a renamed benchmark's old name).
		opts.Selected = r.cfg.selected(r.pkgs)
	}
	opts.Packages = append(slices.Clip(opts.Packages), r.gone...)
	v := budget.Compare(r.budget, r.measured, opts)
	g.verdict(v, r.cfg, relativeTo(r.root, r.file), r.skipped)
	return guardExit(failed || v.Failed(r.cfg.strict))
}

// uncheckedWhy says why f, a marked generic function, was not checked by
// a check of the packages named.
func uncheckedWhy(f, named string) string {
	return fmt.Sprintf("%s is generic, and no package named (%s) instantiates it: the compiler decides on its body where it is instantiated; name such a package too", f, named)
}

// unbuiltWhy says why u, a marked function in file, was not checked.
func unbuiltWhy(u noalloc.Unbuilt, file string) string {
	by := "its file name's _GOOS or _GOARCH"
	switch {
	case u.Constraint != "" && u.Cgo:
		by = u.Constraint + `, or its import "C" with cgo off,`
	case u.Constraint != "":
		by = u.Constraint
	case u.Cgo:
		return fmt.Sprintf("%s, in %s, which imports \"C\" and so is left out of a build with cgo off: check it with CGO_ENABLED=1 and a C compiler on PATH", u.Function, file)
	}
	with := "GOOS, GOARCH or GOFLAGS=-tags=… set"
	if namesTag(u.Constraint, "race") {
		with = "GOFLAGS=-race (the race detector's builds have the race tag), or GOOS, GOARCH or GOFLAGS=-tags=… set"
	}
	return fmt.Sprintf("%s, in %s, which %s leaves out of this build: check it in a build that has the file, with %s", u.Function, file, by, with)
}

// namesTag reports whether the build constraint lines c (a //go:build line,
// or // +build lines joined by "; ") name tag.
func namesTag(c, tag string) bool {
	var names func(constraint.Expr) bool
	names = func(x constraint.Expr) bool {
		switch x := x.(type) {
		case *constraint.TagExpr:
			return x.Tag == tag
		case *constraint.NotExpr:
			return names(x.X)
		case *constraint.AndExpr:
			return names(x.X) || names(x.Y)
		case *constraint.OrExpr:
			return names(x.X) || names(x.Y)
		}
		return false
	}
	for line := range strings.SplitSeq(c, "; ") {
		if x, err := constraint.Parse(line); err == nil && names(x) {
			return true
		}
	}
	return false
}

// selected returns what budget.Options.Selected reports for a check or a
// -write of the packages pkgs with cfg's -bench.
func (cfg guardConfig) selected(pkgs []string) func(pkg, name string) bool {
	return func(pkg, name string) bool {
		return slices.Contains(pkgs, pkg) && bench.Selects(cfg.bench.Bench, name)
	}
}

func guardExit(failed bool) int {
	if failed {
		return exitFindings
	}
	return exitClean
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
// fs.ErrNotExist.
func readBudget(file string) (*budget.Budget, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return budget.Parse(f, file)
}

// measureBudgets runs the benchmarks the way report does and returns them as
// budget entries. No benchmark at all is not an error: there is nothing to
// measure, and budgets of the packages' benchmarks are then stale. paths
// are the import paths of the packages, for an error.
func measureBudgets(ctx context.Context, cfg guardConfig, paths []string) ([]budget.Benchmark, []budget.Skip, error) {
	rep, err := report.Make(ctx, report.Config{Patterns: cfg.patterns, Bench: cfg.bench, Progress: cfg.bench.Progress, Loader: cfg.loader})
	// Benchmarks that all skipped themselves are not none: their budgets
	// are neither gone nor checked, and the error says why they skipped.
	if errors.Is(err, bench.ErrNoBenchmarks) && bench.SelectsAll(cfg.bench.Bench) && !errors.Is(err, bench.ErrNoneRan) {
		return nil, nil, nil
	}
	// A -bench that matches nothing is a mistake, not a pass: in CI, it
	// would turn the check off. It is said of the packages checked, also
	// where the report's error names one without test files.
	if errors.Is(err, bench.ErrNoBenchmarks) && !errors.Is(err, bench.ErrNoneRan) {
		return nil, nil, &bench.NoBenchmarksError{Where: strings.Join(paths, " "), Bench: cfg.bench.Bench}
	}
	if err != nil {
		return nil, nil, err
	}
	if rep.Failures() != nil {
		return nil, nil, failures(rep, cfg.bench.Benchtime) // a budget is not checked, nor written, without its benchmark
	}
	var skipped []budget.Skip
	for _, p := range rep.Packages {
		for _, s := range p.Skipped {
			skipped = append(skipped, budget.Skip{Package: p.Path, Name: s.Name, Reason: s.Reason})
		}
	}
	return budget.FromReport(rep), skipped, nil
}

// failures returns an error for each benchmark of rep that failed.
func failures(rep *report.Report, benchtime string) error {
	var errs []error
	for _, p := range rep.Packages {
		for _, f := range p.Failed {
			errs = append(errs, &failedBenchmark{pkg: p.Path, name: f.Name, output: f.Output, benchtime: benchtime})
		}
	}
	return errors.Join(errs...)
}

// A failedBenchmark is a benchmark that failed while guard measured it.
type failedBenchmark struct {
	pkg, name string // name is "" when go test's output does not say
	output    string // go test's lines about it, at most 20
	benchtime string // guard's -benchtime
}

// Error is one line that names the benchmark and the go test command that
// shows all it printed, then go test's lines about it, indented.
func (f *failedBenchmark) Error() string {
	what, re := "a benchmark", "."
	if f.name != "" {
		what, re = "benchmark "+f.name, "'"+bench.ExactRegexp(f.name)+"'"
	}
	cmd := fmt.Sprintf("'go test -run '^$' -bench %s -benchtime %s %s'", re, f.benchtime, f.pkg)
	if f.output == "" {
		return fmt.Sprintf("%s failed in %s: see its output with %s", what, f.pkg, cmd)
	}
	return fmt.Sprintf("%s failed in %s: see its output below, or all of it with %s\n\t%s", what, f.pkg, cmd, strings.ReplaceAll(f.output, "\n", "\n\t"))
}

// writeBudget measures the benchmarks and records them in file, keeping the
// budgets of packages that were not measured.
func writeBudget(ctx context.Context, cfg guardConfig, pkgs []gotool.Package, old *budget.Budget, file string, stdout, stderr io.Writer) error {
	measured, skipped, err := measureBudgets(ctx, cfg, guardImportPaths(pkgs))
	if err != nil {
		return err
	}
	if len(measured) == 0 {
		return &bench.NoBenchmarksError{Where: strings.Join(guardPatterns(cfg.patterns), " ")}
	}
	if old == nil {
		old = &budget.Budget{}
	}
	paths := guardImportPaths(pkgs)
	var whole []string // the packages whose every benchmark ran
	if bench.SelectsAll(cfg.bench.Bench) {
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
	old.Benchtime = cfg.bench.Benchtime
	tmp, err := os.CreateTemp(filepath.Dir(file), ".squash.budget-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if err := budget.Write(tmp, old); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), file); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %d budgets to %s (%d measured now)\n", len(old.Benchmarks), file, len(measured))
	warnVarying(stderr, measured, cfg.bench.Count)
	return nil
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
				m.ID(), perOp(m.AllocsPerOp), perOp(m.HighAllocsPerOp), runs, perOp(max(m.AllocsPerOp, m.RecordAllocsPerOp)))
		}
	}
}

func guardImportPaths(pkgs []gotool.Package) []string {
	var out []string
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

// guardPrinter prints squash guard's findings, and GitHub Actions
// annotations when asked to.
type guardPrinter struct {
	w         io.Writer
	root      string // module root: sites' files are relative to it
	github    bool
	workspace string // GITHUB_WORKSPACE, the repository's checkout; "" if unset
}

func (g *guardPrinter) line(format string, args ...any) {
	fmt.Fprintf(g.w, format+"\n", args...)
}

// annotate prints a GitHub Actions workflow command. file is absolute or
// "", line 0 when unknown.
func (g *guardPrinter) annotate(level, file string, line, col int, msg string) {
	if !g.github {
		return
	}
	var props []string
	if file != "" {
		props = append(props, "file="+escapeProperty(g.annotationFile(file)))
		if line > 0 {
			props = append(props, fmt.Sprintf("line=%d", line))
		}
		if col > 0 {
			props = append(props, fmt.Sprintf("col=%d", col))
		}
	}
	sep := ""
	if len(props) > 0 {
		sep = " "
	}
	fmt.Fprintf(g.w, "::%s%s%s::%s\n", level, sep, strings.Join(props, ","), escapeData(msg))
}

// annotationFile returns the absolute path file as an annotation names it.
// GitHub places an annotation on a file of the diff by a path relative to
// the repository's root, and the runner makes a path under GITHUB_WORKSPACE
// (where actions/checkout puts the repository) relative to it, but leaves
// any other absolute path as it is, which places it nowhere. So the path is
// relative to GITHUB_WORKSPACE when the file is under it, else to the
// module root, the best guess at the repository's root where the workspace
// is not known; the working directory is no better guess, as a step may
// run in any directory of the repository.
func (g *guardPrinter) annotationFile(file string) string {
	if g.workspace != "" {
		if r, ok := within(g.workspace, file); ok {
			return r
		}
	}
	return relativeTo(g.root, file)
}

// escapeData and escapeProperty escape a workflow command's message and
// properties as the GitHub Actions runner expects.
func escapeData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

func escapeProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}

func (g *guardPrinter) violation(v noalloc.Violation) {
	g.line("%s:%d:%d: %s", relativeTo(g.root, v.Pos.File), v.Pos.Line, v.Pos.Column, v.Message())
	for _, s := range v.Flow {
		if !s.Pos.Known() {
			g.line("\t%s", s.Text)
			continue
		}
		g.line("\t%s at %s:%d", s.Text, relativeTo(g.root, s.Pos.File), s.Pos.Line)
	}
	g.annotate("error", v.Pos.File, v.Pos.Line, v.Pos.Column, v.Message())
}

func (g *guardPrinter) verdict(v *budget.Verdict, cfg guardConfig, file string, skipped []budget.Skip) {
	for _, o := range v.Over {
		g.overrun(o, cfg.tolerance, cfg.bench.Count)
	}
	for _, m := range v.Unbudgeted {
		// What -write would record.
		msg := fmt.Sprintf("%s %s: %s allocs/op %s B/op, not in %s: run '%s' to record it", m.Package, m.Name,
			perOp(max(m.AllocsPerOp, m.RecordAllocsPerOp)), perOp(max(m.BytesPerOp, m.RecordBytesPerOp)), file, writeCommand(cfg))
		level := "warning"
		if cfg.strict {
			level = "error"
			g.line("FAIL %s (-strict)", msg)
		} else {
			g.line("new  %s", msg)
		}
		g.annotate(level, "", 0, 0, msg)
	}
	for _, s := range v.Stale {
		msg := fmt.Sprintf("%s %s is in %s but no longer exists: run '%s' to drop it", s.Package, s.Name, file, writeCommand(cfg))
		g.line("gone %s", msg)
		g.annotate("warning", "", 0, 0, msg)
	}
	for _, b := range v.Skipped {
		msg := fmt.Sprintf("%s %s skipped itself%s: its budget is not checked, and 'squash guard -write' keeps it", b.Package, b.Name, skipReason(skipped, b))
		g.line("skip %s", msg)
		g.annotate("warning", "", 0, 0, msg)
	}
	under := 0
	for _, o := range v.Within {
		// Below the budget in what -write would record, not only in the
		// lowest run, which the check judges: runs that differ (a pool
		// emptied by a collection in some) would have it written again.
		if max(o.Measured.AllocsPerOp, o.Measured.RecordAllocsPerOp) < o.Budget.AllocsPerOp {
			under++
		}
	}
	summary := fmt.Sprintf("budgets: %d over, %d within", len(v.Over), len(v.Within))
	if under > 0 {
		if under == 1 {
			summary += " (1 now allocates less: 'squash guard -write' tightens it)"
		} else {
			summary += fmt.Sprintf(" (%d now allocate less: 'squash guard -write' tightens them)", under)
		}
	}
	if len(v.Unbudgeted) > 0 {
		summary += fmt.Sprintf(", %d not budgeted", len(v.Unbudgeted))
	}
	if len(v.Stale) > 0 {
		summary += fmt.Sprintf(", %d gone", len(v.Stale))
	}
	if len(v.Skipped) > 0 {
		summary += fmt.Sprintf(", %d skipped", len(v.Skipped))
	}
	g.line("%s", summary)
	if len(v.Over) > 0 {
		g.line("over budget: remove the allocations named above or, if they are meant, record them as the budget with '%s'", writeCommand(cfg))
	}
}

// writeCommand returns the squash guard -write that records what cfg
// checked: its benchmarks, benchtime, budget file and packages.
func writeCommand(cfg guardConfig) string {
	args := []string{"squash", "guard", "-write"}
	if !bench.SelectsAll(cfg.bench.Bench) {
		args = append(args, "-bench", shellWord(cfg.bench.Bench))
	}
	if cfg.benchtimeSet {
		args = append(args, "-benchtime", shellWord(cfg.bench.Benchtime))
	}
	if cfg.file != "" {
		args = append(args, "-budget", shellWord(cfg.file))
	}
	for _, p := range cfg.patterns {
		args = append(args, shellWord(p))
	}
	return strings.Join(args, " ")
}

// shellWord returns s as one word of a POSIX shell command: as it is when
// no character in it is special, else in single quotes.
func shellWord(s string) string {
	plain := s != "" && !strings.ContainsFunc(s, func(r rune) bool {
		return !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || strings.ContainsRune("_-./=:,+@%", r))
	})
	if plain {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// overrun prints a benchmark over budget; its figures are the lowest of
// its runs.
func (g *guardPrinter) overrun(o budget.Overrun, tolerance float64, runs int) {
	m, b := o.Measured, o.Budget
	every := ""
	if runs > 1 {
		every = fmt.Sprintf(" or more in all %d runs", runs)
	}
	var what []string
	if o.Allocs {
		what = append(what, fmt.Sprintf("%s allocs/op%s, budget %s", perOp(m.AllocsPerOp), every, perOp(b.AllocsPerOp)))
	}
	if o.Bytes {
		what = append(what, fmt.Sprintf("%s B/op%s, budget %s + %g%%", perOp(m.BytesPerOp), every, perOp(b.BytesPerOp), 100*tolerance))
	}
	head := fmt.Sprintf("%s %s: %s", m.Package, m.Name, strings.Join(what, "; "))
	g.line("FAIL %s", head)
	for _, s := range o.NewSites {
		g.line("     new site %s allocs/op at %s %s", sitePerOp(s), s.Where(), s.Function)
		if s.Code != "" {
			g.line("          %s", s.Code)
		}
		g.annotate("error", filepath.Join(g.root, filepath.FromSlash(s.File)), s.Line, 0,
			fmt.Sprintf("new allocation site in %s: %s (%s)", m.Name, s.Code, head))
	}
	for _, gr := range o.Grown {
		s := gr.Site
		g.line("     site %s allocs/op (budget %s) at %s %s", sitePerOp(s), perOp(gr.Was), s.Where(), s.Function)
		if s.Code != "" {
			g.line("          %s", s.Code)
		}
		g.annotate("error", filepath.Join(g.root, filepath.FromSlash(s.File)), s.Line, 0,
			fmt.Sprintf("allocates more in %s: %s (%s)", m.Name, s.Code, head))
	}
	if runs > 1 && m.HighAllocsPerOp > m.AllocsPerOp {
		g.line("     its %d runs gave %s to %s allocs/op: allocations that differ from run to run (a random input seeded by the clock, timing) can fail a budget by chance; make them the same in every run",
			runs, perOp(m.AllocsPerOp), perOp(m.HighAllocsPerOp))
	}
	switch {
	case m.Unrecorded != "":
		g.line("     its sites are not recorded: %s, whose allocations a profile would hold too", m.Unrecorded)
		g.annotate("error", "", 0, 0, head)
	case len(o.NewSites) == 0 && len(o.Grown) == 0:
		g.line("     no new site and no site grew by a whole allocation: run 'squash -bench %s' to see them all", bench.ExactRegexp(m.Name))
		g.annotate("error", "", 0, 0, head)
	}
}

// sitePerOp formats a measured site's allocs/op, and says when it is a
// lower bound: zstd's 'm := len(src)' escaping, an 8-byte int, read 0.5
// allocs/op in a benchmark of 1 allocs/op, as two share a 16-byte block.
func sitePerOp(s budget.Site) string {
	if s.Tiny {
		return "at least " + perOp(s.AllocsPerOp)
	}
	return perOp(s.AllocsPerOp)
}

// perOp formats a per-op figure: integers as integers, others with at most
// two decimals.
func perOp(v float64) string {
	s := fmt.Sprintf("%.2f", v)
	return strings.TrimSuffix(strings.TrimRight(s, "0"), ".")
}

// relativeTo returns path relative to dir when it lies inside it.
func relativeTo(dir, path string) string {
	if r, ok := within(dir, path); ok {
		return r
	}
	return path
}

// within returns path relative to dir, with forward slashes, and whether
// path lies inside dir.
func within(dir, path string) (string, bool) {
	r, err := filepath.Rel(dir, path)
	if err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
		return "", false
	}
	return filepath.ToSlash(r), true
}
