package main

import (
	"encoding/json"
	"maps"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"golang.org/x/perf/benchfmt"

	"github.com/squashgo/squash/internal/report"
)

// A measured is one report of examples/decoder and of testdata/xss, made
// once for the tests that read what report writes beside its text: the
// page of -html and the files of -keep.
type measured struct {
	dir    string // holds report.html, report.txt and keep/
	stdout string
	err    string // why the run failed; "" if it did not
}

var (
	measuredOnce sync.Once
	shared       measured
)

// sharedReport runs squash report once for every test that calls it: two
// timing runs of 200000 iterations, enough for benchstat and for the 20
// CPU samples of BenchmarkSimple's CPU bar, and short enough to add a few
// seconds to the tests. A count of iterations, not a duration, as a
// machine busy with other tests gives a duration less CPU time.
func sharedReport(t *testing.T) *measured {
	t.Helper()
	measuredOnce.Do(func() {
		dir, err := os.MkdirTemp("", "squash-shared-")
		if err != nil {
			shared.err = err.Error()
			return
		}
		shared.dir = dir
		code, stdout, stderr := squash(t, filepath.Join(packageDir, "..", ".."), "-count", "2", "-benchtime", "200000x",
			"-html", filepath.Join(dir, "report.html"), "-keep", filepath.Join(dir, "keep"),
			"./examples/decoder", "./cmd/squash/testdata/xss")
		if code != exitClean {
			shared.err = "squash report: exit " + strconv.Itoa(code) + "\n" + stderr
			return
		}
		shared.stdout = stdout
		if err := os.WriteFile(filepath.Join(dir, "report.txt"), []byte(stdout), 0o644); err != nil {
			shared.err = err.Error()
		}
	})
	if shared.err != "" {
		t.Fatal(shared.err)
	}
	return &shared
}

// benchstat builds benchstat, at the version go.mod requires of
// golang.org/x/perf, into a directory of the test's.
func benchstat(t *testing.T) string {
	t.Helper()
	exe := filepath.Join(t.TempDir(), "benchstat")
	cmd := exec.Command("go", "build", "-o", exe, "golang.org/x/perf/cmd/benchstat")
	cmd.Dir = packageDir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building benchstat: %v\n%s", err, out)
	}
	return exe
}

// TestKeepBenchstat: benchstat reads what -keep keeps, every run of every
// benchmark, and the text report as it is, with no line it cannot read.
func TestKeepBenchstat(t *testing.T) {
	m := sharedReport(t)
	bench := filepath.Join(m.dir, "keep", report.KeptBench)

	f, err := os.Open(bench)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	runs := map[string]int{}
	rd := benchfmt.NewReader(f, bench)
	for rd.Scan() {
		switch rec := rd.Result().(type) {
		case *benchfmt.SyntaxError:
			t.Errorf("%s: %v", bench, rec)
		case *benchfmt.Result:
			runs[rec.GetConfig("pkg")+" "+string(rec.Name.Base())]++
		}
	}
	for _, b := range []string{"examples/decoder Simple", "examples/decoder Prealloc", "examples/decoder NoAlloc", "cmd/squash/testdata/xss Tag"} {
		if n := runs["github.com/squashgo/squash/"+b]; n != 2 {
			t.Errorf("%s: %d runs of %s, want 2, as -count asked", bench, n, b)
		}
	}

	exe := benchstat(t)
	for _, in := range []string{bench, filepath.Join(m.dir, "report.txt")} {
		cmd := exec.Command(exe, in)
		var stderr strings.Builder
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil || stderr.Len() > 0 {
			t.Errorf("benchstat %s: %v\n%s", filepath.Base(in), err, stderr.String())
			continue
		}
		for _, want := range []string{"pkg: github.com/squashgo/squash/examples/decoder", "pkg: github.com/squashgo/squash/cmd/squash/testdata/xss", "sec/op", "B/op", "allocs/op"} {
			if !strings.Contains(string(out), want) {
				t.Errorf("benchstat %s lacks %q:\n%s", filepath.Base(in), want, out)
			}
		}
		for _, name := range []string{"Simple", "Prealloc", "NoAlloc", "Dynamic", "Concurrent", "Tag"} {
			if !regexp.MustCompile(`(?m)^` + name + `(-\d+)? `).Match(out) {
				t.Errorf("benchstat %s has no row of %s:\n%s", filepath.Base(in), name, out)
			}
		}
	}
}

// pprofTop is a line of go tool pprof -top -lines: the flat count, and the
// file's base name and line.
var pprofTop = regexp.MustCompile(`(?m)^\s*(-?\d+)\s+\S+%\s+\S+%\s+\S+\s+\S+%\s+\S+ \S*/([^/\s]+:\d+)$`)

// TestKeepPprof: go tool pprof reads the allocation difference that -keep
// keeps, and where it shows only the module's frames, its top lines are
// the report's sites, each with its count over the recorded iterations.
func TestKeepPprof(t *testing.T) {
	m := sharedReport(t)
	data, err := os.ReadFile(filepath.Join(m.dir, "keep", report.KeptReport))
	if err != nil {
		t.Fatal(err)
	}
	var rep report.Report
	if err := json.Unmarshal(data, &rep); err != nil {
		t.Fatal(err)
	}
	b := rep.Packages[0].Benchmarks[0]
	if rep.Packages[0].Path != "github.com/squashgo/squash/examples/decoder" || b.Name != "BenchmarkSimple" || len(b.Sites) == 0 {
		t.Fatalf("the kept report starts with %s %s, %d sites; want examples/decoder's BenchmarkSimple and its sites", rep.Packages[0].Path, b.Name, len(b.Sites))
	}
	dir := filepath.Join(m.dir, "keep", "github.com", "squashgo", "squash", "examples", "decoder")
	cmd := exec.Command("go", "tool", "pprof", "-top", "-lines", "-sample_index=alloc_objects",
		`-show=^github\.com/squashgo/squash/examples/decoder\.`, filepath.Join(dir, "BenchmarkSimple.alloc.pprof"))
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go tool pprof -top: %v\n%s", err, out)
	}
	top := map[string]float64{}
	for _, m := range pprofTop.FindAllStringSubmatch(string(out), -1) {
		if n, _ := strconv.ParseFloat(m[1], 64); n != 0 {
			top[m[2]] = n
		}
	}
	sites := slices.Grow[[]string](nil, len(b.Sites))
	for _, s := range b.Sites {
		where := filepath.Base(s.File) + ":" + strconv.Itoa(s.Line)
		sites = append(sites, where)
		if n := top[where]; math.Abs(n-s.AllocsPerOp*float64(b.RecordedIterations)) > 0.5 {
			t.Errorf("pprof counts %v objects at %s; the report %v allocs/op over %d iterations", n, where, s.AllocsPerOp, b.RecordedIterations)
		}
	}
	lines := slices.Sorted(maps.Keys(top))
	if slices.Sort(sites); !slices.Equal(lines, sites) {
		t.Errorf("pprof's top lines are %v, the report's sites %v:\n%s", lines, sites, out)
	}
	if out, err := exec.Command("go", "tool", "pprof", "-top", filepath.Join(dir, "BenchmarkSimple.cpu.pprof")).CombinedOutput(); err != nil {
		t.Errorf("go tool pprof -top of the kept CPU profile: %v\n%s", err, out)
	}
}
