package guard

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/squashgo/squash/internal/annotation"
	"github.com/squashgo/squash/internal/bench"
	"github.com/squashgo/squash/internal/budget"
	"github.com/squashgo/squash/internal/noalloc"
)

// guardModule copies testdata/guard to a temporary directory, so that
// budgets written there stay out of the repository, and returns it.
func guardModule(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("testdata", "guard"))); err != nil {
		t.Fatal(err)
	}
	return dir
}

const (
	countLine  = "example.com/guard/dec BenchmarkCount 0 allocs/op 0 B/op"
	decodeLine = "example.com/guard/dec BenchmarkDecode 4 allocs/op 232 B/op"
	splitSite  = "\t1 allocs/op dec/dec.go:14 dec.Decode: parts := strings.Split(s, \",\")"
	appendSite = "\t3 allocs/op dec/dec.go:17 dec.Decode: out = append(out, Record{Name: p, N: len(p)})"
)

// TestGuardUnrecordedSites: a benchmark over budget whose sites go test
// cannot record (chi's BenchmarkMux/route:/sharing/z/aBc, a name with
// slashes) says so, not that no site is new.
func TestGuardUnrecordedSites(t *testing.T) {
	b, err := budget.Parse(strings.NewReader("squash budget v1\nexample.com/r BenchmarkMux/route:/a 5 allocs/op 64 B/op\n"), "squash.budget")
	if err != nil {
		t.Fatal(err)
	}
	measured := []budget.Benchmark{{Package: "example.com/r", Name: "BenchmarkMux/route:/a", AllocsPerOp: 7, BytesPerOp: 64,
		Unrecorded: "go test cannot run it without BenchmarkMux/route:/a/b"}}
	run := &check{cfg: Config{Tolerance: 0.1}, root: t.TempDir(), pkgs: []string{"example.com/r"}, budget: b, measured: measured, noalloc: &noalloc.Result{}}
	var stdout, stderr bytes.Buffer
	if failed, _ := run.print(&stdout, &stderr); !failed {
		t.Fatalf("passed, want a failure\n%s%s", stdout.String(), stderr.String())
	}
	out := stdout.String()
	if !strings.Contains(out, "its sites are not recorded: go test cannot run it without BenchmarkMux/route:/a/b") || strings.Contains(out, "no new site") {
		t.Errorf("stdout:\n%s", out)
	}
}

// TestGuardVerdicts measures the fixture's benchmarks once and judges them
// against budgets written by hand.
func TestGuardVerdicts(t *testing.T) {
	dir := guardModule(t)
	t.Chdir(dir)
	cfg := Config{Tolerance: 0.1, Bench: bench.Options{Bench: ".", Benchtime: "100x", Count: 3}, Patterns: []string{"./..."}}
	measured, _, err := measureBudgets(context.Background(), cfg, []string{"example.com/guard/dec"})
	if err != nil {
		t.Fatal(err)
	}
	if len(measured) != 2 {
		t.Fatalf("measured %d benchmarks, want 2: %+v", len(measured), measured)
	}
	for _, tc := range []struct {
		name   string
		budget []string
		cfg    func(*Config)
		failed bool
		want   []string // in stdout
	}{
		{name: "within", budget: []string{countLine, decodeLine, splitSite, appendSite},
			failed: false, want: []string{"budgets: 0 over, 2 within\n"}},
		{name: "tighter allocs", budget: []string{countLine, strings.Replace(decodeLine, " 4 allocs", " 3 allocs", 1), splitSite, appendSite},
			failed: true, want: []string{"FAIL example.com/guard/dec BenchmarkDecode: 4 allocs/op or more in all 3 runs, budget 3\n", "no new site and no site grew"}},
		{name: "bytes over tolerance", budget: []string{countLine, strings.Replace(decodeLine, " 232 B", " 200 B", 1), splitSite, appendSite},
			failed: true, want: []string{"BenchmarkDecode: 232 B/op or more in all 3 runs, budget 200 + 10%"}},
		{name: "bytes within a wider tolerance", budget: []string{countLine, strings.Replace(decodeLine, " 232 B", " 200 B", 1), splitSite, appendSite},
			cfg: func(c *Config) { c.Tolerance = 0.2 }, failed: false},
		{name: "site grew", budget: []string{countLine, strings.Replace(decodeLine, " 4 allocs", " 3 allocs", 1), splitSite, strings.Replace(appendSite, "3 allocs", "2 allocs", 1)},
			failed: true, want: []string{"site 3 allocs/op (budget 2) at dec/dec.go:17 dec.Decode"}},
		{name: "new site", budget: []string{countLine, strings.Replace(decodeLine, " 4 allocs", " 1 allocs", 1), splitSite},
			failed: true, want: []string{"new site 3 allocs/op at dec/dec.go:17 dec.Decode\n          out = append(out, Record{Name: p, N: len(p)})\n",
				"budgets: 1 over, 1 within\nover budget: remove the allocations named above or, if they are meant, record them as the budget with 'squash guard -write ./...'\n"}},
		{name: "next step keeps the check's selection", budget: []string{countLine, strings.Replace(decodeLine, " 4 allocs", " 1 allocs", 1), splitSite},
			cfg: func(c *Config) {
				c.Bench.Bench, c.Budget, c.BenchtimeSet = "Decode$", "my budget", true
			}, failed: true, want: []string{"record them as the budget with 'squash guard -write -bench 'Decode$' -benchtime 100x -budget 'my budget' ./...'\n"}},
		{name: "looser budget", budget: []string{countLine, strings.Replace(decodeLine, " 4 allocs", " 9 allocs", 1)},
			failed: false, want: []string{"(1 now allocates less: 'squash guard -write ./...' tightens it)"}},
		{name: "not budgeted", budget: []string{countLine},
			failed: false, want: []string{"new  example.com/guard/dec BenchmarkDecode: 4 allocs/op 232 B/op, not in squash.budget", "1 not budgeted"}},
		{name: "not budgeted, strict", budget: []string{countLine}, cfg: func(c *Config) { c.Strict = true },
			failed: true, want: []string{"FAIL example.com/guard/dec BenchmarkDecode: 4 allocs/op 232 B/op, not in squash.budget: run 'squash guard -write ./...' to record it (-strict)"}},
		{name: "gone", budget: []string{countLine, decodeLine, "example.com/guard/dec BenchmarkGone 1 allocs/op 8 B/op"},
			failed: false, want: []string{"gone example.com/guard/dec BenchmarkGone is in squash.budget but no longer exists: run 'squash guard -write ./...' to drop it", "1 gone"}},
		{name: "package gone", budget: []string{countLine, decodeLine, "example.com/guard/old BenchmarkOld 1 allocs/op 8 B/op"},
			cfg: func(c *Config) { c.Bench.Bench = "Decode" }, failed: false, want: []string{"gone example.com/guard/old BenchmarkOld is in squash.budget"}},
		{name: "gone is not judged under -bench", budget: []string{countLine, decodeLine, "example.com/guard/dec BenchmarkGone 1 allocs/op 8 B/op"},
			cfg: func(c *Config) { c.Bench.Bench = "Decode" }, failed: false, want: []string{"budgets: 0 over, 2 within\n"}},
		{name: "annotations", budget: []string{countLine, strings.Replace(decodeLine, " 4 allocs", " 1 allocs", 1), splitSite},
			cfg: func(c *Config) { c.GitHub = true }, failed: true,
			want: []string{"::error file=dec/dec.go,line=17::new allocation site in BenchmarkDecode: out = append(out, Record{Name: p, N: len(p)}) (example.com/guard/dec BenchmarkDecode: 4 allocs/op or more in all 3 runs, budget 1)\n"}},
		{name: "annotations for gone and new", budget: []string{decodeLine, "example.com/guard/dec BenchmarkGone 1 allocs/op 8 B/op"},
			cfg: func(c *Config) { c.GitHub = true }, failed: false,
			want: []string{"::warning::example.com/guard/dec BenchmarkCount: 0 allocs/op 0 B/op, not in squash.budget", "::warning::example.com/guard/dec BenchmarkGone is in squash.budget"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := cfg
			if tc.cfg != nil {
				tc.cfg(&c)
			}
			c.Workspace = dir
			stdout := printVerdict(t, c, dir, measured, tc.budget, tc.failed)
			for _, w := range tc.want {
				if !strings.Contains(stdout, w) {
					t.Errorf("stdout lacks %q:\n%s", w, stdout)
				}
			}
			if !c.GitHub && strings.Contains(stdout, "::") {
				t.Errorf("annotations outside GitHub Actions:\n%s", stdout)
			}
		})
	}

	// A benchmark whose runs differ says so when it fails: the failure may
	// be chance, not a regression.
	varying := slices.Clone(measured)
	for i := range varying {
		if varying[i].Name == "BenchmarkDecode" {
			varying[i].HighAllocsPerOp = varying[i].AllocsPerOp + 2
		}
	}
	stdout := printVerdict(t, cfg, dir, varying, []string{countLine, strings.Replace(decodeLine, " 4 allocs", " 3 allocs", 1), splitSite, appendSite}, true)
	if want := "     its 3 runs gave 4 to 6 allocs/op: allocations that differ from run to run (a random input seeded by the clock, timing) can fail a budget by chance; make them the same in every run\n"; !strings.Contains(stdout, want) {
		t.Errorf("stdout lacks %q:\n%s", want, stdout)
	}
	if stdout := printVerdict(t, cfg, dir, measured, []string{countLine, strings.Replace(decodeLine, " 4 allocs", " 3 allocs", 1), splitSite, appendSite}, true); strings.Contains(stdout, "differ from run to run") {
		t.Errorf("runs that agree are said to differ:\n%s", stdout)
	}

	// GitHub places an annotation by its file relative to the repository's
	// root, the workspace: never an absolute path, which it places on no
	// file. Where the module is not under the workspace, or there is none,
	// the module root stands for the repository's.
	github := cfg
	github.GitHub = true
	for _, tc := range []struct{ name, workspace, file string }{
		{"module below the workspace", filepath.Dir(dir), filepath.Base(dir) + "/dec/dec.go"},
		{"module outside the workspace", "/home/runner/work/other/other", "dec/dec.go"},
		{"no workspace", "", "dec/dec.go"},
	} {
		t.Run("annotation file, "+tc.name, func(t *testing.T) {
			github.Workspace = tc.workspace
			stdout := printVerdict(t, github, dir, measured, []string{countLine, strings.Replace(decodeLine, " 4 allocs", " 1 allocs", 1), splitSite}, true)
			if want := "::error file=" + tc.file + ",line=17::new allocation site in BenchmarkDecode: "; !strings.Contains(stdout, want) {
				t.Errorf("stdout lacks %q:\n%s", want, stdout)
			}
			if strings.Contains(stdout, "file=/") {
				t.Errorf("an annotation names an absolute path:\n%s", stdout)
			}
		})
	}
}

// printVerdict judges measured, the benchmarks of the module at dir,
// against a budget of the given lines, checks the exit status, and returns
// what guard prints on stdout.
func printVerdict(t *testing.T, cfg Config, dir string, measured []budget.Benchmark, lines []string, wantFailed bool) string {
	t.Helper()
	b, err := budget.Parse(strings.NewReader("squash budget v1\n"+strings.Join(lines, "\n")+"\n"), "squash.budget")
	if err != nil {
		t.Fatal(err)
	}
	run := &check{cfg: cfg, root: dir, file: filepath.Join(dir, "squash.budget"), pkgs: []string{"example.com/guard/dec"},
		budget: b, measured: measured, noalloc: &noalloc.Result{}}
	run.gone = gonePackages(context.Background(), dir, b, run.pkgs)
	var stdout, stderr bytes.Buffer
	if failed, _ := run.print(&stdout, &stderr); failed != wantFailed {
		t.Fatalf("failed %v, want %v\nstdout:\n%s\nstderr:\n%s", failed, wantFailed, stdout.String(), stderr.String())
	}
	return stdout.String()
}

func TestFailedBenchmarkError(t *testing.T) {
	for _, tc := range []struct {
		f    failedBenchmark
		want string
	}{
		{failedBenchmark{pkg: "example.com/m/p", name: "BenchmarkA/n=1", output: "--- FAIL: BenchmarkA/n=1\n    a_test.go:3: boom", benchtime: "100x"},
			"benchmark BenchmarkA/n=1 failed in example.com/m/p: see its output below, or all of it with 'go test -run '^$' -bench '^BenchmarkA$/^n=1$' -benchtime 100x example.com/m/p'\n" +
				"\t--- FAIL: BenchmarkA/n=1\n\t    a_test.go:3: boom"},
		{failedBenchmark{pkg: "example.com/m/p", name: "BenchmarkB", benchtime: "1s"},
			"benchmark BenchmarkB failed in example.com/m/p: see its output with 'go test -run '^$' -bench '^BenchmarkB$' -benchtime 1s example.com/m/p'"},
		{failedBenchmark{pkg: "example.com/m/p", output: "panic: x", benchtime: "100x"},
			"a benchmark failed in example.com/m/p: see its output below, or all of it with 'go test -run '^$' -bench . -benchtime 100x example.com/m/p'\n\tpanic: x"},
	} {
		if got := tc.f.Error(); got != tc.want {
			t.Errorf("%+v:\n got %q\nwant %q", tc.f, got, tc.want)
		}
	}
}

// TestGuardAllocatesLess: the summary counts a benchmark as allocating less
// only when -write would record less than its budget. valyala/fastjson's
// BenchmarkMarshalTo/canada, whose set-up is undone by a collection in some
// runs, gave 1 to 1143 allocs/op against a budget of 1143; the check said
// it now allocated less and that 'squash guard -write' would tighten it,
// which wrote 1143 again.
func TestGuardAllocatesLess(t *testing.T) {
	budgeted := budget.Benchmark{Package: "p", Name: "BenchmarkB", AllocsPerOp: 1143}
	for _, tc := range []struct {
		name     string
		measured budget.Benchmark
		want     string
	}{
		{"runs differ", budget.Benchmark{AllocsPerOp: 1, RecordAllocsPerOp: 1143, HighAllocsPerOp: 1143}, "budgets: 0 over, 1 within\n"},
		{"every run less", budget.Benchmark{AllocsPerOp: 1, RecordAllocsPerOp: 2, HighAllocsPerOp: 3}, "budgets: 0 over, 1 within (1 now allocates less: 'squash guard -write' tightens it)\n"},
	} {
		var buf bytes.Buffer
		g := &printer{w: &buf}
		v := &budget.Verdict{Within: []budget.Overrun{{Budget: budgeted, Measured: tc.measured}}}
		g.verdict(v, Config{}, "squash.budget", nil)
		if buf.String() != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, buf.String(), tc.want)
		}
	}
}

// TestGuardViolationNoPlace: a step of a flow that the compiler gives no
// place is printed without one, not as 'at __unnamed__:0' (rs/zerolog's
// var buf bytes.Buffer, globals.go:97, ends 'flow: {heap} ← *{temp}').
func TestGuardViolationNoPlace(t *testing.T) {
	var buf bytes.Buffer
	g := &printer{w: &buf, root: "/m"}
	g.violation(noalloc.Violation{
		Pos:    noalloc.Position{File: "/m/a.go", Line: 97, Column: 6},
		Reason: "moved to heap: buf",
		Flow: []noalloc.Step{
			{Pos: noalloc.Position{File: "/m/a.go", Line: 98}, Text: "from buf.Write(p) (call parameter)"},
			{Text: "flow: {heap} ← *{temp}"},
		},
	})
	want := "a.go:97:6: moved to heap: buf\n\tfrom buf.Write(p) (call parameter) at a.go:98\n\tflow: {heap} ← *{temp}\n"
	if buf.String() != want {
		t.Errorf("got\n%s\nwant\n%s", buf.String(), want)
	}
}

// TestGuardAnnotations: annotations are printed in GitHub Actions only.
func TestGuardAnnotations(t *testing.T) {
	for _, github := range []bool{false, true} {
		var buf bytes.Buffer
		g := &printer{w: &buf, root: "/mod", github: github, ann: annotation.Printer{W: &buf, Root: "/mod", Workspace: "/ws"}}
		g.annotate("error", "/ws/a.go", 1, 1, "m")
		if want := map[bool]string{true: "::error file=a.go,line=1,col=1::m\n"}[github]; buf.String() != want {
			t.Errorf("github %v: %q, want %q", github, buf.String(), want)
		}
	}
}

// TestVaryingRuns: -write warns of each benchmark whose runs gave different
// allocs/op, whose budget may fail an unchanged tree.
func TestVaryingRuns(t *testing.T) {
	var stderr bytes.Buffer
	warnVarying(&stderr, []budget.Benchmark{
		{Package: "example.com/tree", Name: "BenchmarkRandom", AllocsPerOp: 6, HighAllocsPerOp: 12, RecordAllocsPerOp: 8},
		{Package: "example.com/tree", Name: "BenchmarkSteady", AllocsPerOp: 3, HighAllocsPerOp: 3, RecordAllocsPerOp: 3},
	}, 5)
	want := "squash: example.com/tree BenchmarkRandom gave 6 to 12 allocs/op in 5 runs, and its budget of 8 can fail a check of an unchanged tree: seed a random input, and keep set-up out of the count (b.ResetTimer after it, or a for b.Loop() loop), so that every run allocates the same\n"
	if stderr.String() != want {
		t.Errorf("stderr:\n%s\nwant:\n%s", stderr.String(), want)
	}
}

// TestGuardTinySite: a new site whose count is a lower bound, as values
// under 16 bytes share blocks that the profile records once each, says so.
// klauspost/compress's zstd with an escaping int in EncodeNoHist failed at
// 1 allocs/op with 'new site 0.5 allocs/op' at that line, its only
// allocation.
func TestGuardTinySite(t *testing.T) {
	site := budget.Site{AllocsPerOp: 0.5, File: "zstd/enc_fast.go", Line: 300, Function: "zstd.(*fastEncoder).EncodeNoHist", Code: "m := len(src)"}
	for _, tiny := range []bool{false, true} {
		site.Tiny = tiny
		var buf bytes.Buffer
		g := &printer{w: &buf}
		g.overrun(budget.Overrun{
			Budget:   budget.Benchmark{Package: "p", Name: "BenchmarkE"},
			Measured: budget.Benchmark{Package: "p", Name: "BenchmarkE", AllocsPerOp: 1},
			Allocs:   true, NewSites: []budget.Site{site},
		}, Config{Tolerance: 0.1, Bench: bench.Options{Count: 5}})
		want := "     new site 0.5 allocs/op at zstd/enc_fast.go:300 zstd.(*fastEncoder).EncodeNoHist\n"
		if tiny {
			want = "     new site at least 0.5 allocs/op at zstd/enc_fast.go:300 zstd.(*fastEncoder).EncodeNoHist\n"
		}
		if !strings.Contains(buf.String(), want) {
			t.Errorf("tiny=%v: got\n%s\nwant a line\n%s", tiny, buf.String(), want)
		}
	}
}
