package budget

import (
	"bufio"
	"cmp"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/mod/module"

	"github.com/squashgo/squash/internal/bench"
)

// FileName is the name of the budget file at a module's root.
const FileName = "squash.budget"

// version is the line that starts every budget this package writes.
const version = "squash budget v1"

// A Budget is the allowed allocations of a module's benchmarks.
type Budget struct {
	// Benchtime is the -benchtime the figures were measured with ("100x"),
	// or "" when the file does not say. Allocations amortised over
	// iterations (a slice that grows, a pool that fills) give other
	// allocs/op at another benchtime, so a check should use the same.
	Benchtime string

	Benchmarks []Benchmark // sorted by package, then name
}

// A Benchmark is one benchmark's budget or measurement.
type Benchmark struct {
	Package string // import path
	Name    string // BenchmarkX/key=value, without the -GOMAXPROCS suffix
	// AllocsPerOp and BytesPerOp are the budget's figures or, in a
	// measurement, the lowest of its runs, which Compare judges: a
	// benchmark is over budget only when every run is.
	AllocsPerOp float64
	BytesPerOp  float64
	// RecordAllocsPerOp and RecordBytesPerOp are, in a measurement, what
	// Update records: the second highest figure of its runs (the highest of
	// fewer than three), so that a figure seen in all runs but one is in
	// the budget, and one run's stray allocation is not. 0 in a budget.
	RecordAllocsPerOp, RecordBytesPerOp float64
	// HighAllocsPerOp is, in a measurement, the highest allocs/op of its
	// runs: above AllocsPerOp when they differ, as those of a benchmark
	// whose input is random do. 0 in a budget.
	HighAllocsPerOp float64
	Sites           []Site // sorted by file, then line
	// Unrecorded, in a measurement, says why it has no sites although it
	// allocates: go test cannot run it alone (see report.Benchmark's
	// RunsWith). "" when its sites were recorded. Not in a budget.
	Unrecorded string
}

// A Site is a line of code that allocated in a benchmark.
type Site struct {
	AllocsPerOp float64 // estimated share of the benchmark's allocs/op
	File        string  // relative to the module root, slash-separated
	Line        int
	Function    string // package name and function: decoder.(*Reader).Next
	Code        string // the source line, trimmed
	// Tiny says that AllocsPerOp is a lower bound: some of what the site
	// allocates are values under 16 bytes without pointers, which the
	// runtime packs into shared blocks that a heap profile records once
	// each (report.Site.Tiny). A measurement's alone: the file does not
	// record it.
	Tiny bool
}

// Key identifies a site across edits that move it: its function and its
// source text with runs of blanks folded to one. A site whose source line
// could not be read is identified by its file and line instead.
func (s Site) Key() string {
	code := strings.Join(strings.Fields(s.Code), " ")
	if code == "" {
		return s.Function + "\x00" + s.File + ":" + strconv.Itoa(s.Line)
	}
	return s.Function + "\x00" + code
}

// Where returns the site's file:line.
func (s Site) Where() string {
	return s.File + ":" + strconv.Itoa(s.Line)
}

// ID returns the benchmark's package and name, the key it is budgeted by.
func (b Benchmark) ID() string {
	return b.Package + " " + b.Name
}

// Find returns the budget of the benchmark called name in pkg, or nil.
func (b *Budget) Find(pkg, name string) *Benchmark {
	i, ok := slices.BinarySearchFunc(b.Benchmarks, Benchmark{Package: pkg, Name: name}, compareBenchmarks)
	if !ok {
		return nil
	}
	return &b.Benchmarks[i]
}

// A Skip is a benchmark that skipped itself (b.Skip) where it was
// measured: its budget, and those of its sub-benchmarks, can be neither
// checked nor said to be gone.
type Skip struct {
	Package, Name string
	Reason        string // what it logged last, as go test prints it; "" if nothing
}

// Covers reports whether s is the benchmark name of pkg, or its parent.
func (s Skip) Covers(pkg, name string) bool {
	return pkg == s.Package && (name == s.Name || strings.HasPrefix(name, s.Name+"/"))
}

// SkipOf returns the skip in skips that covers the benchmark name of pkg.
func SkipOf(skips []Skip, pkg, name string) (Skip, bool) {
	i := slices.IndexFunc(skips, func(s Skip) bool { return s.Covers(pkg, name) })
	if i < 0 {
		return Skip{}, false
	}
	return skips[i], true
}

// Update records measured in b: it drops every budget of the packages pkgs
// (whose benchmarks were all measured) and of the measured benchmarks, but
// those of benchmarks that skipped themselves, keeps the others, adds
// measured (with its figures to record, see Benchmark), and sorts the
// result. measured need not be sorted; Update sorts its sites, folds their
// blanks, and drops those that round to 0 allocs/op.
func (b *Budget) Update(pkgs []string, measured []Benchmark, skipped []Skip) {
	ids := make(map[string]bool, len(measured))
	for _, m := range measured {
		ids[m.ID()] = true
	}
	b.Benchmarks = slices.DeleteFunc(b.Benchmarks, func(x Benchmark) bool {
		_, skip := SkipOf(skipped, x.Package, x.Name)
		return slices.Contains(pkgs, x.Package) && !skip || ids[x.ID()]
	})
	for _, m := range measured {
		// Near the highest of the runs: a budget that one of them
		// exceeds fails an unchanged tree whenever the check's runs are
		// all like that one.
		m.AllocsPerOp, m.BytesPerOp = max(m.AllocsPerOp, m.RecordAllocsPerOp), max(m.BytesPerOp, m.RecordBytesPerOp)
		m.RecordAllocsPerOp, m.RecordBytesPerOp, m.HighAllocsPerOp = 0, 0, 0
		// A site that rounds to 0 allocs/op is noise (a pool refilled in
		// one attribution run and not the other), which would come and go
		// from one -write to the next; a site the budget does not list
		// counts as 0 all the same.
		m.Sites = slices.DeleteFunc(slices.Clone(m.Sites), func(s Site) bool { return round(s.AllocsPerOp) == 0 })
		for i := range m.Sites {
			m.Sites[i].Code = strings.Join(strings.Fields(m.Sites[i].Code), " ")
		}
		slices.SortStableFunc(m.Sites, compareSites)
		b.Benchmarks = append(b.Benchmarks, m)
	}
	slices.SortStableFunc(b.Benchmarks, compareBenchmarks)
	b.Benchmarks = slices.CompactFunc(b.Benchmarks, func(x, y Benchmark) bool { return compareBenchmarks(x, y) == 0 })
}

func compareBenchmarks(x, y Benchmark) int {
	return cmp.Or(strings.Compare(x.Package, y.Package), strings.Compare(x.Name, y.Name))
}

func compareSites(x, y Site) int {
	return cmp.Or(strings.Compare(x.File, y.File), cmp.Compare(x.Line, y.Line), strings.Compare(x.Function, y.Function), strings.Compare(x.Code, y.Code))
}

// header is written before the version line.
const header = `# squash allocation budget: written by 'squash guard -write', checked by
# 'squash guard'. One benchmark a line: package, name, allocs/op, B/op; below
# it, indented, the sites that allocated when it was written. Lower a figure
# by hand to tighten a budget. The format is documented in package
# github.com/squashgo/squash/internal/budget.
`

// Write writes b in the format described in the package documentation. It
// fails, writing nothing, when a name cannot be written so that Parse reads it
// back (a blank in a package or benchmark name, a line break in a site).
func Write(w io.Writer, b *Budget) error {
	var sb strings.Builder
	sb.WriteString(header)
	sb.WriteString(version + "\n")
	if b.Benchtime != "" {
		if err := checkName("benchtime", b.Benchtime); err != nil {
			return err
		}
		sb.WriteString("benchtime " + b.Benchtime + "\n")
	}
	sb.WriteString("\n")
	for _, bm := range b.Benchmarks {
		if err := checkPackage(bm.Package); err != nil {
			return err
		}
		if err := checkName("benchmark", bm.Name); err != nil {
			return fmt.Errorf("%s: %w", bm.Package, err)
		}
		if !valid(bm.AllocsPerOp) || !valid(bm.BytesPerOp) {
			return fmt.Errorf("%s: figures must be finite and not negative, not %v allocs/op %v B/op", bm.ID(), bm.AllocsPerOp, bm.BytesPerOp)
		}
		fmt.Fprintf(&sb, "%s %s %s allocs/op %s B/op\n", bm.Package, bm.Name, number(bm.AllocsPerOp), number(bm.BytesPerOp))
		for _, s := range bm.Sites {
			if err := checkSite(s); err != nil {
				return fmt.Errorf("%s: %w", bm.ID(), err)
			}
			s.AllocsPerOp = round(s.AllocsPerOp)
			s.Code = strings.Join(strings.Fields(s.Code), " ")
			sb.WriteString(siteLine(s))
		}
	}
	_, err := io.WriteString(w, sb.String())
	return err
}

func checkName(what, name string) error {
	if name == "" || strings.ContainsFunc(name, isBlank) || strings.HasPrefix(name, "#") {
		return fmt.Errorf("cannot record %s name %q: it is empty, has blanks or starts with #", what, name)
	}
	return nil
}

// checkPackage reports whether path can be recorded as a package.
func checkPackage(path string) error {
	if err := module.CheckImportPath(path); err != nil {
		return fmt.Errorf("cannot record package name %q: it is not an import path", path)
	}
	return nil
}

// checkSite reports whether s can be written so that Parse reads it back.
func checkSite(s Site) error {
	if !valid(s.AllocsPerOp) {
		return fmt.Errorf("cannot record site %s: allocs/op %v", s.Where(), s.AllocsPerOp)
	}
	s.AllocsPerOp = round(s.AllocsPerOp)
	s.Code = strings.Join(strings.Fields(s.Code), " ")
	s.Tiny = false // not recorded
	back, err := parseSite(strings.TrimSpace(siteLine(s)))
	if err != nil || back != s {
		return fmt.Errorf("cannot record site %s in %q: the file or function name would not read back", s.Where(), s.Function)
	}
	return nil
}

// siteLine formats a site whose figure is rounded and code folded.
func siteLine(s Site) string {
	sep := ": "
	if s.Code == "" {
		sep = ":"
	}
	return fmt.Sprintf("\t%s allocs/op %s %s%s%s\n", number(s.AllocsPerOp), s.Where(), s.Function, sep, s.Code)
}

func isBlank(r rune) bool {
	return r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\v' || r == '\f'
}

func valid(v float64) bool { return v >= 0 && !math.IsInf(v, 0) && !math.IsNaN(v) }

// number formats v in its shortest exact form: 12, 0.5.
func number(v float64) string {
	return strconv.FormatFloat(v, 'f', -1, 64)
}

// round keeps two decimals of a site's estimate, so that rewriting a budget
// from a slightly different run changes no line for nothing.
func round(v float64) float64 {
	return math.Round(v*100) / 100
}

// A SyntaxError is a line of a budget file that cannot be read.
type SyntaxError struct {
	File string // as given to Parse
	Line int
	Msg  string // what is wrong, with no next step and no closing punctuation
	Fix  string // the next step; "" for the usual one, fix the line
}

// Error reads "FILE:LINE: what is wrong: the next step".
func (e *SyntaxError) Error() string {
	fix := e.Fix
	if fix == "" {
		fix = "fix the line, which squash guard -write must read to keep it"
	}
	return fmt.Sprintf("%s:%d: %s: %s", e.File, e.Line, e.Msg, fix)
}

// rewrite is the way out of a file that is no budget.
const rewrite = "delete it and record budgets with 'squash guard -write'"

// Parse reads a budget in the format described in the package documentation.
// fileName names the input in errors. An error is a *SyntaxError naming the
// first line that is wrong and what is wrong with it.
func Parse(r io.Reader, fileName string) (*Budget, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20)
	b := &Budget{}
	n := 0
	sawVersion := false
	seen := map[string]int{} // benchmark ID -> line
	bad := func(format string, args ...any) *SyntaxError {
		return &SyntaxError{File: fileName, Line: n, Msg: fmt.Sprintf(format, args...)}
	}
	for sc.Scan() {
		n++
		raw := sc.Text()
		if n == 1 {
			// A byte-order mark, as some editors on Windows write.
			raw = strings.TrimPrefix(raw, "\ufeff")
		}
		line := strings.TrimSuffix(raw, "\r")
		trimmed := strings.TrimSpace(line)
		if trimmed == "" || strings.HasPrefix(trimmed, "#") {
			continue
		}
		if !sawVersion {
			if trimmed != version {
				err := bad("want %q before anything else, found %q", version, clip(trimmed))
				err.Fix = "check that this is a squash budget, or " + rewrite
				return nil, err
			}
			sawVersion = true
			continue
		}
		if rest, ok := strings.CutPrefix(line, "benchtime "); ok {
			bt := strings.TrimSpace(rest)
			switch {
			case len(b.Benchmarks) > 0:
				return nil, bad("the benchtime line must come before the benchmark lines")
			case b.Benchtime != "":
				err := bad("a second benchtime line")
				err.Fix = "keep one of them, as squash guard -write does not choose"
				return nil, err
			case checkName("benchtime", bt) != nil:
				return nil, bad("want \"benchtime T\" with T as go test -benchtime takes it (100x, 1s), found %q", clip(line))
			}
			if err := bench.CheckBenchtime(bt); err != nil {
				// In the words of this line, "benchtime T", and with one
				// colon, before the next step.
				msg := err.Error()
				if why, ok := strings.CutPrefix(msg, fmt.Sprintf("-benchtime %q: ", bt)); ok {
					msg = fmt.Sprintf("benchtime %q is out of range, as %s", bt, why)
				}
				return nil, bad("%s", strings.TrimPrefix(msg, "-"))
			}
			b.Benchtime = bt
			continue
		}
		if isBlank(rune(line[0])) {
			if len(b.Benchmarks) == 0 {
				return nil, bad("an indented site line comes before any benchmark line")
			}
			s, err := parseSite(trimmed)
			if err != nil {
				return nil, bad("%v", err)
			}
			last := &b.Benchmarks[len(b.Benchmarks)-1]
			last.Sites = append(last.Sites, s)
			continue
		}
		bm, err := parseBenchmark(line)
		if err != nil {
			return nil, bad("%v", err)
		}
		if prev, dup := seen[bm.ID()]; dup {
			err := bad("%q is budgeted twice, here and on line %d", bm.ID(), prev)
			err.Fix = "keep one of the lines, as squash guard -write does not choose"
			return nil, err
		}
		seen[bm.ID()] = n
		b.Benchmarks = append(b.Benchmarks, bm)
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, &SyntaxError{File: fileName, Line: n + 1, Msg: "line longer than 1MB"}
		}
		return nil, fmt.Errorf("reading %s: %w", fileName, err)
	}
	if !sawVersion {
		return nil, &SyntaxError{File: fileName, Line: max(n, 1), Msg: fmt.Sprintf("no %q line, so the file is empty or not a squash budget", version),
			Fix: "check that this is a squash budget, or " + rewrite}
	}
	slices.SortStableFunc(b.Benchmarks, compareBenchmarks)
	for i := range b.Benchmarks {
		slices.SortStableFunc(b.Benchmarks[i].Sites, compareSites)
	}
	return b, nil
}

// parseBenchmark reads "PKG NAME A allocs/op B B/op".
func parseBenchmark(line string) (Benchmark, error) {
	f := strings.Fields(line)
	if len(f) != 6 || f[3] != "allocs/op" || f[5] != "B/op" {
		return Benchmark{}, fmt.Errorf("want \"PACKAGE BENCHMARK N allocs/op N B/op\", found %q", clip(line))
	}
	if err := module.CheckImportPath(f[0]); err != nil {
		return Benchmark{}, fmt.Errorf("want a package path, found %q", clip(f[0]))
	}
	if !strings.HasPrefix(f[1], "Benchmark") {
		return Benchmark{}, fmt.Errorf("want a benchmark name, which starts with Benchmark, found %q", clip(f[1]))
	}
	allocs, err := figure(f[2], "allocs/op")
	if err != nil {
		return Benchmark{}, err
	}
	bytes, err := figure(f[4], "B/op")
	if err != nil {
		return Benchmark{}, err
	}
	return Benchmark{Package: f[0], Name: f[1], AllocsPerOp: allocs, BytesPerOp: bytes}, nil
}

// parseSite reads "N allocs/op FILE:LINE FUNCTION: CODE" (trimmed).
func parseSite(line string) (Site, error) {
	num, rest, ok := strings.Cut(line, " allocs/op ")
	if !ok {
		return Site{}, fmt.Errorf("want \"N allocs/op FILE:LINE FUNCTION: CODE\" on an indented site line, found %q", clip(line))
	}
	allocs, err := figure(num, "site allocs/op")
	if err != nil {
		return Site{}, err
	}
	// The file ends at the first ":LINE " (file names may hold blanks).
	var s Site
	s.AllocsPerOp = allocs
	for i := 0; i < len(rest); i++ {
		if rest[i] != ':' {
			continue
		}
		j := i + 1
		for j < len(rest) && rest[j] >= '0' && rest[j] <= '9' {
			j++
		}
		if j == i+1 || j >= len(rest) || rest[j] != ' ' {
			continue
		}
		line, err := strconv.Atoi(rest[i+1 : j])
		if err != nil || line < 1 || i == 0 {
			return Site{}, fmt.Errorf("bad line number in %q", clip(rest[:j]))
		}
		s.File, s.Line = rest[:i], line
		if strings.TrimSpace(s.File) != s.File {
			return Site{}, fmt.Errorf("site file %q starts or ends with a blank", clip(s.File))
		}
		fn, code, ok := strings.Cut(rest[j+1:], ":")
		if !ok || fn == "" || strings.ContainsFunc(fn, isBlank) {
			return Site{}, fmt.Errorf("want \"FUNCTION: CODE\" after %q on a site line, found %q", s.Where(), clip(rest[j+1:]))
		}
		if code != "" && code[0] != ' ' {
			return Site{}, fmt.Errorf("want a blank after %q on a site line", fn+":")
		}
		s.Function, s.Code = fn, strings.TrimSpace(code)
		return s, nil
	}
	return Site{}, fmt.Errorf("want \"FILE:LINE\" after \"allocs/op\" on a site line, found %q", clip(rest))
}

// figure parses a per-op figure.
func figure(s, unit string) (float64, error) {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || !valid(v) {
		return 0, fmt.Errorf("%s must be a number that is not negative, not %q", unit, clip(s))
	}
	return v, nil
}

// clip shortens what an error quotes.
func clip(s string) string {
	const n = 80
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
