// Package fix tries the analyzers' fixes where a benchmark allocates, and
// keeps those that the tests and the benchmarks prove: squash fix.
//
// It measures the packages as squash report does, takes every fix that
// touches a function holding a measured site (the profile-guided tier
// included), and verifies each alone, beside the user's tree (go test
// -overlay): it must build, add no vet finding, pass the tests of its
// package and of the packages of the module that import it, and allocate
// less in the benchmarks whose sites it touches without being slower, as
// x/perf/benchmath tells from runs of the baseline and the candidate
// interleaved. The fixes kept are verified together once more, as fixes
// interact. Only Apply writes to the user's files.
package fix

import (
	"cmp"
	"context"
	"crypto/sha256"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/squashgo/squash/internal/bench"
	"github.com/squashgo/squash/internal/compare"
	"github.com/squashgo/squash/internal/gotool"
	"github.com/squashgo/squash/internal/lint"
	"github.com/squashgo/squash/internal/report"
	"github.com/squashgo/squash/internal/text"
	"golang.org/x/perf/benchfmt"
)

// DefaultCount is how many runs of each side a benchmark gets when
// Config.Bench.Count is 0: as many as benchstat needs to tell a change at
// alpha 0.05.
const DefaultCount = 6

// A Config says what to fix and how hard to try.
type Config struct {
	Dir      string   // where the go command runs; "" means the current directory
	Patterns []string // package patterns; none means "."
	// Bench selects the benchmarks (Bench), how long each run is
	// (Benchtime) and how many runs of each side are compared (Count).
	Bench bench.Options
	// Lint runs the analyzers (its Tool and Env); its Dir and Patterns
	// are set from the above.
	Lint lint.Config
	// Timeout bounds the time spent on candidates, which are tried in
	// order of the allocations they touch: those left when it runs out
	// are not tried. The fixes kept are still verified together. 0 means
	// no bound.
	Timeout time.Duration
	// Progress, if not nil, receives a line per step, with an estimate of
	// the time left.
	Progress io.Writer

	// Keep, when set, is a directory where Run keeps what it measured:
	// the baseline's report as squash report -keep keeps it, under
	// "baseline", and the runs of the fixes kept against the baseline, in
	// the Go benchmark format (see Keep).
	Keep string

	// candidates, when not nil, stands for lint.Candidates in tests.
	candidates func(context.Context, lint.Config) ([]lint.Candidate, error)
}

// A Result is what Run found: the candidates with their verdicts, and the
// fixes kept, verified together.
type Result struct {
	Candidates []Candidate `json:"candidates"`
	// Kept are the indexes in Candidates of the fixes kept together,
	// which Diff holds.
	Kept []int `json:"kept"`
	// Benchmarks compare the baseline with all the fixes kept, as
	// benchstat does; none when none was kept.
	Benchmarks []Benchmark `json:"benchmarks"`
	// Diff is the unified diff of the fixes kept, relative to Dir.
	Diff string `json:"diff"`

	// Comparison is Benchmarks as squash diff prints them.
	Comparison *compare.Comparison `json:"-"`

	dir   string
	files map[string]file // by absolute path: the files the fixes kept change
	// runs are the result lines of the last verification of the fixes
	// kept: the baseline's, then the fixed code's.
	runs [2][]*benchfmt.Result
}

// A file is one of the user's files: as it was measured, and as the fixes
// kept leave it.
type file struct {
	was, fixed []byte
}

// A Candidate is one fix tried.
type Candidate struct {
	Pass    string `json:"pass"`
	Message string `json:"message"`
	Fix     string `json:"fix"`
	File    string `json:"file"` // relative to Dir
	Line    int    `json:"line"`
	// Guided reports that the fix is of the profile-guided tier, which
	// squash lint does not print.
	Guided bool `json:"guided,omitempty"`
	// AllocsPerOp is what the sites in the fix's function allocate, summed
	// over the benchmarks that reach them: what ranks it.
	AllocsPerOp float64 `json:"allocs_per_op"`
	// Benchmarks are those whose sites the fix touches, which verify it.
	Benchmarks []Benchmark `json:"benchmarks"`
	// Verdict is what the verification said: Kept, or why not.
	Verdict Verdict `json:"verdict"`
	// Reason says why it was rejected, in a sentence with the figures.
	Reason string `json:"reason,omitempty"`
	// Diff is the fix's own unified diff.
	Diff string `json:"diff"`

	edits []lint.Edit
	pkg   gotool.Package
	names []string // of Benchmarks, before they are measured
}

// A Verdict is the outcome of a candidate's verification.
type Verdict string

// The verdicts, in the order of the steps that give them.
const (
	Kept       Verdict = "kept"
	NotApplied Verdict = "does not apply" // its edits overlap, or lie outside the file
	NoBuild    Verdict = "does not build"
	NewVet     Verdict = "new vet finding"
	TestsFail  Verdict = "tests fail"
	Slower     Verdict = "slower"
	More       Verdict = "allocates more"
	NoGain     Verdict = "no gain"
	NotTried   Verdict = "not tried" // the -timeout ran out first
	Dropped    Verdict = "dropped"   // kept alone, but not with the others
)

// A Benchmark is one benchmark before and after a fix: ns/op, B/op and
// allocs/op, each with its runs' median, the 95% interval and the p-value
// of the change, as benchstat gives them.
type Benchmark struct {
	Package string   `json:"package"`
	Name    string   `json:"name"`
	Metrics []Metric `json:"metrics"`
}

// A Metric is one figure of a Benchmark.
type Metric struct {
	Unit      string  `json:"unit"` // "ns/op", "B/op", "allocs/op"
	Before    float64 `json:"before"`
	After     float64 `json:"after"`
	BeforePct string  `json:"before_range"` // "± 3%"'s number, as benchstat prints it
	AfterPct  string  `json:"after_range"`
	Delta     string  `json:"delta"` // "-25.00%", or "~" where the test cannot tell
	P         float64 `json:"p"`
	N         int     `json:"n"`
}

// Run measures, tries the candidates and verifies the fixes kept. It
// changes no file: Apply writes what it kept.
func Run(ctx context.Context, cfg Config) (*Result, error) {
	dir, err := filepath.Abs(cmp.Or(cfg.Dir, "."))
	if err != nil {
		return nil, err
	}
	pkgs, err := gotool.Resolve(ctx, cfg.Dir, cfg.Patterns)
	if err != nil {
		return nil, err
	}
	pkgs = slices.DeleteFunc(pkgs, func(p gotool.Package) bool { return !p.Main })
	if len(pkgs) == 0 {
		return nil, fmt.Errorf("no package of this module in %s: squash fix changes only the module it runs in", strings.Join(patternsOrDot(cfg.Patterns), " "))
	}
	measured, err := snapshot(pkgs)
	if err != nil {
		return nil, err
	}
	work, err := os.MkdirTemp("", "squash-fix-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(work)
	v := &verifier{cfg: cfg, dir: dir, work: work, progress: cfg.Progress, count: cmp.Or(cfg.Bench.Count, DefaultCount)}

	// The baseline must pass its tests: a failure after a fix would say
	// nothing of the fix.
	v.step("running the tests before any change")
	if err := gotool.Compiles(ctx, pkgs...); err != nil {
		return nil, err
	}
	for _, p := range pkgs {
		if fail, err := v.test(ctx, p, ""); err != nil {
			return nil, err
		} else if fail != "" {
			return nil, fmt.Errorf("the tests of %s fail before any change (%s): squash fix needs a passing baseline; fix them first", p.ImportPath, fail)
		}
	}
	lc := cfg.Lint
	lc.Dir, lc.Patterns = cfg.Dir, cfg.Patterns
	opts := cfg.Bench
	opts.Count = 1 // the report finds the sites; the verification times
	opts.Progress = cfg.Progress
	rc := report.Config{Dir: cfg.Dir, Patterns: cfg.Patterns, Bench: opts, Lint: &lc, Progress: cfg.Progress}
	if cfg.Keep != "" {
		rc.Keep = filepath.Join(cfg.Keep, KeptBaseline)
	}
	rep, err := report.Make(ctx, rc)
	if err != nil {
		return nil, err
	}
	find := lint.Candidates
	if cfg.candidates != nil {
		find = cfg.candidates
	}
	v.step("running the analyzers and their profile-guided tier")
	found, err := find(ctx, lc)
	if err != nil {
		return nil, err
	}
	if err := unchanged(measured, dir); err != nil {
		return nil, err
	}
	cands, err := rank(found, rep, pkgs, dir)
	if err != nil {
		return nil, err
	}
	res := &Result{Candidates: cands, Kept: []int{}, Benchmarks: []Benchmark{}, dir: dir}
	if len(cands) == 0 {
		return res, nil
	}
	if err := v.baseline(ctx, cands); err != nil {
		return nil, err
	}

	tryCtx, cancel := ctx, context.CancelFunc(func() {})
	if cfg.Timeout > 0 {
		tryCtx, cancel = context.WithTimeout(ctx, cfg.Timeout)
	}
	defer cancel()
	start := time.Now()
	var kept []int
	for i := range cands {
		c := &cands[i]
		if tryCtx.Err() != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			c.Verdict, c.Reason = NotTried, "not tried: the -timeout ran out first"
			continue
		}
		left := ""
		if i > 0 {
			per := time.Since(start) / time.Duration(i)
			left = fmt.Sprintf("; about %s left", (per * time.Duration(len(cands)-i+1)).Round(time.Second))
		}
		v.step("candidate %d of %d, %s at %s:%d%s", i+1, len(cands), c.Pass, c.File, c.Line, left)
		files, err := edited(measured, c.edits)
		if err != nil {
			c.Verdict, c.Reason = NotApplied, "does not apply: "+err.Error()
			continue
		}
		c.Diff = diff(dir, measured, files)
		out, err := v.verify(tryCtx, files, []target{{c.pkg, c.names}})
		if err != nil {
			if tryCtx.Err() != nil && ctx.Err() == nil {
				c.Verdict, c.Reason = NotTried, "not tried: the -timeout ran out first"
				continue
			}
			return nil, err
		}
		c.Verdict, c.Reason, c.Benchmarks = out.verdict, out.reason, out.benchmarks
		if c.Verdict == Kept {
			kept = append(kept, i)
		}
	}
	if err := v.together(ctx, res, measured, kept); err != nil {
		return nil, err
	}
	if err := unchanged(measured, dir); err != nil {
		return nil, err
	}
	if cfg.Keep != "" {
		if err := keep(cfg.Keep, res); err != nil {
			return nil, err
		}
	}
	return res, nil
}

func patternsOrDot(p []string) []string {
	if len(p) == 0 {
		return []string{"."}
	}
	return p
}

// snapshot reads the Go files of pkgs: what is measured, and what the
// fixes' offsets are of.
func snapshot(pkgs []gotool.Package) (map[string][]byte, error) {
	files := map[string][]byte{}
	for _, p := range pkgs {
		for _, f := range slices.Concat(p.GoFiles, p.XTestGoFiles) {
			path := filepath.Join(p.Dir, f)
			data, err := os.ReadFile(path)
			if err != nil {
				return nil, err
			}
			files[path] = data
		}
	}
	return files, nil
}

// unchanged returns an error naming the first of files that no longer
// holds what it held.
func unchanged(files map[string][]byte, dir string) error {
	for _, path := range slices.Sorted(maps.Keys(files)) {
		now, err := os.ReadFile(path)
		if err != nil || sha256.Sum256(now) != sha256.Sum256(files[path]) {
			return &ChangedError{File: text.Rel(dir, path)}
		}
	}
	return nil
}

// A ChangedError names a file that changed after squash fix measured it,
// and the files written before it was found, if any.
type ChangedError struct {
	File    string
	Written []string
}

func (e *ChangedError) Error() string {
	if len(e.Written) > 0 {
		return e.File + " changed while squash fix wrote its fixes: " + strings.Join(e.Written, ", ") + " hold theirs, and no other file; run squash fix again"
	}
	return e.File + " changed since squash fix measured it: nothing was written; run squash fix again"
}

// edited returns the files that edits change, as they leave them.
func edited(measured map[string][]byte, edits []lint.Edit) (map[string][]byte, error) {
	byFile := map[string][]lint.Edit{}
	for _, e := range edits {
		byFile[e.File] = append(byFile[e.File], e)
	}
	out := map[string][]byte{}
	for path, es := range byFile {
		src, ok := measured[path]
		if !ok {
			return nil, fmt.Errorf("it edits %s, outside the packages measured", path)
		}
		fixed, err := lint.Edited(src, es)
		if err != nil {
			return nil, err
		}
		out[path] = fixed
	}
	return out, nil
}

// diff returns the unified diff of files against what was measured, with
// git's headers, relative to dir.
func diff(dir string, measured, files map[string][]byte) string {
	var b strings.Builder
	for _, path := range slices.Sorted(maps.Keys(files)) {
		rel := filepath.ToSlash(text.Rel(dir, path))
		b.WriteString(lint.Unified("a/"+rel, "b/"+rel, string(measured[path]), string(files[path])))
	}
	return b.String()
}

// A funcSpan is the lines of one function declaration.
type funcSpan struct{ from, to int }

// spans returns the functions of the file at path by their lines.
func spans(path string, src []byte) []funcSpan {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, src, parser.SkipObjectResolution)
	if err != nil {
		return nil
	}
	var out []funcSpan
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok {
			out = append(out, funcSpan{fset.Position(fd.Pos()).Line, fset.Position(fd.End()).Line})
		}
	}
	return out
}

// rank keeps the candidates whose finding lies in a function that holds a
// measured site, with the benchmarks of those sites, ordered by what the
// sites allocate, most first.
func rank(found []lint.Candidate, rep *report.Report, pkgs []gotool.Package, dir string) ([]Candidate, error) {
	byPath := make(map[string]gotool.Package, len(pkgs))
	for _, p := range pkgs {
		byPath[p.ImportPath] = p
	}
	funcs := map[string][]funcSpan{}
	within := func(path string, line int) funcSpan {
		fs, ok := funcs[path]
		if !ok {
			src, _ := os.ReadFile(path)
			fs = spans(path, src)
			funcs[path] = fs
		}
		for _, f := range fs {
			if f.from <= line && line <= f.to {
				return f
			}
		}
		return funcSpan{}
	}
	var out []Candidate
	for _, f := range found {
		if len(f.Edits) == 0 {
			continue
		}
		c := Candidate{Pass: f.Pass, Message: f.Message, Fix: f.Fix, File: text.Rel(dir, f.File), Line: f.Line, Guided: f.Guided, edits: f.Edits, Benchmarks: []Benchmark{}}
		span := within(f.File, f.Line)
		for _, p := range rep.Packages {
			pkg, ok := byPath[p.Path]
			if !ok {
				continue
			}
			for _, b := range p.Benchmarks {
				touched := false
				for _, s := range b.Sites {
					path := filepath.Join(pkg.Root, filepath.FromSlash(s.File))
					if path != f.File {
						continue
					}
					if slices.Contains(f.Lines, s.Line) || span != (funcSpan{}) && within(path, s.Line) == span {
						touched = true
						c.AllocsPerOp += s.AllocsPerOp
					}
				}
				if touched && len(b.RunsWith) == 0 {
					c.pkg = pkg
					c.names = append(c.names, b.Name)
				}
			}
		}
		if len(c.names) > 0 {
			out = append(out, c)
		}
	}
	slices.SortStableFunc(out, func(a, b Candidate) int { return cmp.Compare(b.AllocsPerOp, a.AllocsPerOp) })
	return out, nil
}
