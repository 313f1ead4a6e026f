package fix

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/squashgo/squash/internal/bench"
	"github.com/squashgo/squash/internal/compare"
	"github.com/squashgo/squash/internal/gotool"
	"github.com/squashgo/squash/internal/lint"
	"github.com/squashgo/squash/internal/report"
	"github.com/squashgo/squash/internal/text"
	"golang.org/x/perf/benchfmt"
)

// A verifier builds, vets, tests and benchmarks code beside the user's
// tree, against the baseline.
type verifier struct {
	cfg      Config
	dir      string // absolute, where the go command runs
	work     string // squash fix's temporary directory
	count    int    // runs of each side
	progress interface{ Write([]byte) (int, error) }

	bins      map[string]*bench.Binary // the baseline's, by import path
	vet       map[string][]string      // the baseline's vet findings, by import path
	importers map[string][]gotool.Package
	n         int // overlays made
}

func (v *verifier) step(format string, args ...any) {
	if v.progress != nil {
		fmt.Fprintf(v.progress, "squash: "+format+"\n", args...)
	}
}

// An outcome is what verify found of one change.
type outcome struct {
	verdict    Verdict
	reason     string
	benchmarks []Benchmark
	comparison *compare.Comparison
	runs       [2][]*benchfmt.Result // the result lines of each side's runs
}

// baseline builds the baseline's test binaries and vets it, for the
// packages the candidates change, and lists the packages that import them.
func (v *verifier) baseline(ctx context.Context, cands []Candidate) error {
	v.bins, v.vet, v.importers = map[string]*bench.Binary{}, map[string][]string{}, map[string][]gotool.Package{}
	for _, c := range cands {
		p := c.pkg
		if _, ok := v.bins[p.ImportPath]; ok {
			continue
		}
		v.step("building the baseline of %s", p.ImportPath)
		bin, err := bench.Build(ctx, p, v.work)
		if err != nil {
			return err
		}
		v.bins[p.ImportPath] = bin
		if v.vet[p.ImportPath], err = gotool.Vet(ctx, p); err != nil {
			return err
		}
		paths, err := gotool.Importers(ctx, p.Root, p.ImportPath)
		if err != nil {
			return err
		}
		if len(paths) > 0 {
			if v.importers[p.ImportPath], err = gotool.Resolve(ctx, p.Root, paths); err != nil {
				return err
			}
		}
	}
	return nil
}

// overlay writes files, by absolute path, where go -overlay reads them,
// and returns its flag.
func (v *verifier) overlay(files map[string][]byte) (string, error) {
	v.n++
	dir := filepath.Join(v.work, fmt.Sprintf("overlay-%d", v.n))
	if err := os.Mkdir(dir, 0o755); err != nil {
		return "", err
	}
	replace := map[string]string{}
	for path, data := range files {
		name := filepath.Join(dir, fmt.Sprintf("%d-%s", len(replace), filepath.Base(path)))
		if err := os.WriteFile(name, data, 0o644); err != nil {
			return "", err
		}
		replace[path] = name
	}
	js, err := json.Marshal(map[string]any{"Replace": replace})
	if err != nil {
		return "", err
	}
	name := filepath.Join(dir, "overlay.json")
	if err := os.WriteFile(name, js, 0o644); err != nil {
		return "", err
	}
	return "-overlay=" + name, nil
}

// A target is a package whose code a change touches, and the benchmarks of
// its sites.
type target struct {
	pkg   gotool.Package
	names []string
}

// verify builds, vets and tests the targets' packages with files in place
// of the user's, and times their benchmarks against the baseline's.
func (v *verifier) verify(ctx context.Context, files map[string][]byte, targets []target) (outcome, error) {
	pkgs := make([]gotool.Package, 0, len(targets))
	for _, t := range targets {
		pkgs = append(pkgs, t.pkg)
	}
	flag, err := v.overlay(files)
	if err != nil {
		return outcome{}, err
	}
	bins := map[string]*bench.Binary{}
	for _, p := range pkgs {
		bin, err := bench.Build(ctx, p, v.work, flag)
		if err != nil {
			if ctx.Err() != nil {
				return outcome{}, ctx.Err()
			}
			return outcome{verdict: NoBuild, reason: "does not build: " + firstLine(err.Error(), p.ImportPath)}, nil
		}
		bins[p.ImportPath] = bin
		found, err := gotool.Vet(ctx, p, flag)
		if err != nil {
			return outcome{}, err
		}
		if added := newFindings(v.vet[p.ImportPath], found); len(added) > 0 {
			return outcome{verdict: NewVet, reason: "go vet reports what it did not before: " + added[0]}, nil
		}
	}
	for _, p := range pkgs {
		for _, q := range slices.Concat([]gotool.Package{p}, v.importers[p.ImportPath]) {
			fail, err := v.test(ctx, q, flag)
			if err != nil {
				return outcome{}, err
			}
			if fail != "" {
				return outcome{verdict: TestsFail, reason: "tests fail: " + fail}, nil
			}
		}
	}
	return v.time(ctx, targets, bins)
}

// time runs each benchmark named, of each package, count times on each
// side, interleaved (baseline, candidate, baseline, …), so that both see
// the same machine, and judges the change as benchstat would.
func (v *verifier) time(ctx context.Context, targets []target, bins map[string]*bench.Binary) (outcome, error) {
	before, after := &report.Report{}, &report.Report{}
	var runs [2][]*benchfmt.Result
	opts := bench.Options{Benchtime: v.cfg.Bench.Benchtime, Count: 1}
	for _, t := range targets {
		p := t.pkg
		rb, ra := report.Package{Path: p.ImportPath}, report.Package{Path: p.ImportPath}
		for _, name := range t.names {
			b, a := report.Benchmark{Name: name}, report.Benchmark{Name: name}
			for range v.count {
				for i, side := range []struct {
					bin *bench.Binary
					to  *report.Benchmark
				}{{v.bins[p.ImportPath], &b}, {bins[p.ImportPath], &a}} {
					res, err := side.bin.Time(ctx, name, nil, v.work, opts)
					if err != nil {
						if ctx.Err() != nil {
							return outcome{}, ctx.Err()
						}
						if side.to == &a {
							return outcome{verdict: TestsFail, reason: "the benchmark fails: " + firstLine(err.Error(), "")}, nil
						}
						return outcome{}, err
					}
					side.to.NsPerOpRuns = append(side.to.NsPerOpRuns, res.NsPerOp)
					side.to.BytesPerOpRuns = append(side.to.BytesPerOpRuns, res.BytesPerOp)
					side.to.AllocsPerOpRuns = append(side.to.AllocsPerOpRuns, res.AllocsPerOp)
					runs[i] = append(runs[i], res.Records...)
				}
			}
			rb.Benchmarks, ra.Benchmarks = append(rb.Benchmarks, b), append(ra.Benchmarks, a)
		}
		before.Packages, after.Packages = append(before.Packages, rb), append(after.Packages, ra)
	}
	c := compare.Compare(before, after, "before", "after")
	out := judge(c)
	out.runs = runs
	return out, nil
}

// judge gives the verdict of a comparison: slower if any benchmark's ns/op
// rose, as benchstat tells; allocates more if any's allocs/op or B/op rose;
// kept if one's allocs/op or B/op fell; else no gain.
func judge(c *compare.Comparison) outcome {
	out := outcome{comparison: c}
	var gains []string
	for _, p := range c.Packages {
		for _, b := range p.Benchmarks {
			fb := Benchmark{Package: p.Path, Name: b.Name}
			for _, m := range b.Metrics {
				fb.Metrics = append(fb.Metrics, Metric{
					Unit: m.Unit, Before: m.Old.Center, After: m.New.Center,
					BeforePct: m.Old.PctRangeString(), AfterPct: m.New.PctRangeString(),
					Delta: m.Delta(), P: m.Comparison.P, N: m.N1,
				})
				up := m.Significant() && m.New.Center > m.Old.Center
				down := m.Significant() && m.New.Center < m.Old.Center
				what := fmt.Sprintf("%s %s %s → %s (%s, p=%.3f n=%d)", b.Name, m.Unit, text.Num(m.Old.Center), text.Num(m.New.Center), m.Delta(), m.Comparison.P, m.N1)
				switch {
				case m.Unit == "ns/op" && up && out.verdict == "":
					out.verdict, out.reason = Slower, "slower: "+what
				case m.Unit != "ns/op" && up && (out.verdict == "" || out.verdict == More):
					if out.verdict == "" {
						out.verdict, out.reason = More, "allocates more: "+what
					}
				case m.Unit != "ns/op" && down:
					gains = append(gains, what)
				}
			}
			out.benchmarks = append(out.benchmarks, fb)
		}
	}
	if out.verdict == Slower && len(gains) > 0 {
		out.reason += "; it allocates less (" + gains[0] + ")"
	}
	switch {
	case out.verdict != "":
	case len(gains) == 0:
		out.verdict, out.reason = NoGain, "no gain: allocs/op and B/op did not fall"
	default:
		out.verdict, out.reason = Kept, strings.Join(gains, "; ")
	}
	return out
}

// newFindings returns the lines of after that before does not hold, their
// positions left out, as fixes move lines.
func newFindings(before, after []string) []string {
	seen := map[string]int{}
	for _, l := range before {
		seen[unpositioned(l)]++
	}
	var out []string
	for _, l := range after {
		if k := unpositioned(l); seen[k] > 0 {
			seen[k]--
		} else {
			out = append(out, l)
		}
	}
	return out
}

var position = regexp.MustCompile(`^\S+?\.go:\d+(:\d+)?: `)

func unpositioned(l string) string { return position.ReplaceAllString(l, "") }

// failLine finds go test's first failing test.
var failLine = regexp.MustCompile(`(?m)^\s*--- FAIL: (\S+)`)

// test runs the tests of p, with the overlay flag if not "", and returns
// the first test that failed, or what go test said where none is named;
// "" if they passed.
func (v *verifier) test(ctx context.Context, p gotool.Package, flag string) (string, error) {
	args := []string{"test", "-count=1", "-vet=off"}
	if flag != "" {
		args = append(args, flag)
	}
	cmd := gotool.Command(ctx, p.Dir, append(args, "--", p.ImportPath)...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	if ctx.Err() != nil {
		return "", ctx.Err()
	}
	if err == nil {
		return "", nil
	}
	if exit := (*exec.ExitError)(nil); !errors.As(err, &exit) {
		return "", fmt.Errorf("cannot run the tests of %s: %w", p.ImportPath, err)
	}
	if m := failLine.FindStringSubmatch(out.String()); m != nil {
		return m[1] + " in " + p.ImportPath, nil
	}
	return firstLine(out.String(), p.ImportPath), nil
}

// firstLine returns the first line of msg that says something: not a
// package's header, nor the line that names the package.
func firstLine(msg, pkg string) string {
	for l := range strings.Lines(msg) {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "#") || strings.HasPrefix(l, "FAIL") || pkg != "" && strings.HasPrefix(l, pkg) {
			continue
		}
		return l
	}
	return strings.TrimSpace(msg)
}

// together verifies the fixes kept, all at once, and sets res from what
// they do. A fix whose edits overlap those of one ranked above it is
// dropped; so is the last one, while the set is rejected.
func (v *verifier) together(ctx context.Context, res *Result, measured map[string][]byte, kept []int) error {
	for len(kept) > 0 {
		var edits []lint.Edit
		var set []int
		for _, i := range kept {
			c := &res.Candidates[i]
			trial := slices.Concat(edits, c.edits)
			if _, err := edited(measured, trial); err != nil {
				c.Verdict, c.Reason = Dropped, "dropped: its edits overlap those of a fix ranked above it"
				continue
			}
			edits, set = trial, append(set, i)
		}
		files, err := edited(measured, edits)
		if err != nil {
			return err
		}
		v.step("verifying the %d fixes kept, together", len(set))
		out, err := v.verify(ctx, files, targets(res.Candidates, set))
		if err != nil {
			return err
		}
		if out.verdict == Kept || len(set) == 1 && out.verdict != Kept {
			if out.verdict != Kept {
				c := &res.Candidates[set[0]]
				c.Verdict, c.Reason = Dropped, "dropped: verified again, "+out.reason
				return nil
			}
			res.Kept, res.Benchmarks, res.Comparison, res.runs = set, out.benchmarks, out.comparison, out.runs
			res.files = map[string]file{}
			for path, data := range files {
				res.files[path] = file{was: measured[path], fixed: data}
			}
			res.Diff = diff(res.dir, measured, files)
			return nil
		}
		last := set[len(set)-1]
		res.Candidates[last].Verdict = Dropped
		res.Candidates[last].Reason = "dropped: with it, the fixes kept together were rejected (" + out.reason + ")"
		kept = set[:len(set)-1]
	}
	return nil
}

// targets merges the targets of the candidates at the indexes set.
func targets(cands []Candidate, set []int) []target {
	var out []target
	for _, i := range set {
		c := cands[i]
		k := slices.IndexFunc(out, func(t target) bool { return t.pkg.ImportPath == c.pkg.ImportPath })
		if k < 0 {
			out = append(out, target{pkg: c.pkg})
			k = len(out) - 1
		}
		for _, n := range c.names {
			if !slices.Contains(out[k].names, n) {
				out[k].names = append(out[k].names, n)
			}
		}
	}
	return out
}
