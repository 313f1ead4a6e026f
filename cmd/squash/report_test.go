package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"maps"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/squashgo/squash/internal/report"
)

// squash runs the command in-process in dir and returns its exit status,
// stdout and stderr.
func squash(t *testing.T, dir string, args ...string) (int, string, string) {
	t.Helper()
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(packageDir, dir)
	}
	t.Chdir(dir)
	var stdout, stderr bytes.Buffer
	code := dispatch(context.Background(), args, &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

const testMod = "testdata/mod"

// packageDir is the directory the tests start in, before any t.Chdir.
var packageDir, _ = os.Getwd()

func TestReportBadInput(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		want string // in the first line of stderr
	}{
		{"not a package", []string{"./nopkg"}, "no Go files"},
		{"missing directory", []string{"./nosuchdir"}, "./nosuchdir: no such directory: name a package's directory, or a pattern such as ./..."},
		{"missing directory tree", []string{"./nosuchdir/..."}, "./nosuchdir/...: no such directory: name a package's directory, or a pattern such as ./..."},
		{"wildcard within a name", []string{"./nosuch..."}, "no packages match ./nosuch..."},
		{".go files", []string{"ok/ok.go"}, "ok/ok.go: squash takes packages, not .go files: name the package's directory, ./ok"},
		{"another file", []string{"go.mod"}, "go.mod is a file, not a package: name a package's directory, or a pattern such as ./..."},
		{"no test files", []string{"./nobench"}, "no benchmarks in example.com/sq/nobench: add a `func BenchmarkX(b *testing.B)`"},
		{"benchmarks skip", []string{"./skipping"}, "no benchmarks ran in example.com/sq/skipping: BenchmarkNeedsDB skipped itself (skipping_test.go:6: needs a database)"},
		{"selected sub-benchmarks skip", []string{"-bench", "Mixed/n=2", "./skipsome"}, "no benchmarks ran in example.com/sq/skipsome: BenchmarkMixed/n=2 skipped itself (skipsome_test.go:50: no input for n=2)"},
		{"benchmarks skip, with another package", []string{"./skipping", "./nobench"}, "no benchmarks ran in example.com/sq/skipping: BenchmarkNeedsDB skipped itself"},
		{"skipped before its sub-benchmarks", []string{"-bench", "NeedsDB/zzz", "./skipping"}, `no benchmarks ran in example.com/sq/skipping: BenchmarkNeedsDB skipped itself (skipping_test.go:6: needs a database), before any sub-benchmark that -bench "NeedsDB/zzz" may select`},
		{"no sub-benchmark matches", []string{"-bench", "Mixed/zzz", "./skipsome"}, `no benchmarks in example.com/sq/skipsome match -bench "Mixed/zzz"`},
		{"tests but no benchmarks", []string{"./onlytests"}, "no benchmarks in example.com/sq/onlytests: add a `func BenchmarkX(b *testing.B)`"},
		{"no benchmark matches", []string{"-bench", "Nope", "./ok"}, `no benchmarks in example.com/sq/ok match -bench "Nope"`},
		{"no benchmark of two packages matches", []string{"-bench", "Nope", "./ok", "./tiny"}, `no benchmarks in ./ok ./tiny match -bench "Nope": run 'go test -list . ./ok ./tiny' to see them`},
		{"does not compile", []string{"./broken"}, "example.com/sq/broken does not compile:"},
		{"benchmark fails", []string{"./failing"}, "benchmark BenchmarkFails failed in example.com/sq/failing:"},
		{"bad flag", []string{"-count", "0", "./ok"}, "-count must be at least 1"},
		{"-html into no directory", []string{"-html", "nosuchdir/r.html", "./ok"}, "-html nosuchdir/r.html: no directory nosuchdir: create it, or name a file in one that exists"},
		{"-keep with -profile", []string{"-profile", "x.pprof", "-keep", "k", "./ok"}, "-keep keeps what the benchmarks measure, and -profile runs none: drop one of them"},
		{"no module provides it", []string{"github.com/nope/nope"}, "github.com/nope/nope: no required module provides package github.com/nope/nope; to add it: go get github.com/nope/nope"},
		{"bad benchtime", []string{"-benchtime", "xyz", "./ok"}, `-benchtime "xyz" is neither a duration (1s, 500ms) nor a count of iterations (100x)`},
		{"zero benchtime", []string{"-benchtime", "0x", "./ok"}, `-benchtime "0x": a count of iterations must be at least 1x`},
		{"negative benchtime", []string{"-benchtime", "-5s", "./ok"}, `-benchtime "-5s": a duration must be above 0`},
		{"bad bench regexp", []string{"-bench", "Fields/[", "./ok"}, `-bench "Fields/[": element 2, "[", is not a regexp: missing closing ]`},
		{"misspelt command", []string{"gaurd", "./ok"}, `unknown command "gaurd" (did you mean guard?): run 'squash help' for the commands`},
		{"unknown command", []string{"release"}, `unknown command "release": run 'squash help' for the commands`},
		{"corrupt profile", []string{"-profile", "go.mod", "./ok"}, "not a pprof profile"},
		{"-exact with -profile", []string{"-exact", "-profile", "x.pprof", "./ok"}, "-exact shapes the benchmark runs, which -profile replaces: drop it or -profile"},
		{"-bench and -count with -profile", []string{"-profile", "x.pprof", "-bench", "F", "-count", "3", "./ok"}, "-bench and -count shape the benchmark runs, which -profile replaces: drop them or -profile"},
		{"unreachable URL", []string{"-profile", "http://127.0.0.1:1/debug/pprof/allocs", "./ok"}, "cannot fetch profile"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := squash(t, testMod, tc.args...)
			if code != exitError {
				t.Errorf("exit status %d, want %d", code, exitError)
			}
			if stdout != "" {
				t.Errorf("stdout = %q, want nothing", stdout)
			}
			first, rest, _ := strings.Cut(stderr, "\n")
			if !strings.HasPrefix(first, "squash: ") || !strings.Contains(first, tc.want) {
				t.Errorf("stderr first line = %q, want squash: …%s…", first, tc.want)
			}
			if strings.Contains(stderr, "goroutine ") || strings.Contains(stderr, "panic:") && !strings.Contains(tc.name, "fails") {
				t.Errorf("stderr has a Go stack:\n%s", stderr)
			}
			switch tc.name {
			case "does not compile":
				if !strings.Contains(rest, `broken.go:5:13: cannot use "not an int"`) {
					t.Errorf("the compiler's lines are missing:\n%s", stderr)
				}
			case "benchmark fails":
				if !strings.Contains(rest, "the input file is missing") {
					t.Errorf("the benchmark's failure is missing:\n%s", stderr)
				}
			default:
				if strings.TrimSpace(rest) != "" {
					t.Errorf("stderr has more than one line:\n%s", stderr)
				}
			}
		})
	}
}

func TestReportJSONContract(t *testing.T) {
	code, stdout, stderr := squash(t, testMod, "-json", "-benchtime", "2000x", "./ok")
	if code != exitClean {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var raw map[string]any
	if err := json.Unmarshal([]byte(stdout), &raw); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, stdout)
	}
	requireKeys(t, "report", raw, "schema_version", "go_version", "goos", "goarch", "cpu")
	if v := raw["schema_version"]; v != float64(report.SchemaVersion) {
		t.Errorf("schema_version %v, want %d", v, report.SchemaVersion)
	}
	if v, _ := raw["go_version"].(string); !strings.HasPrefix(v, "go1.") {
		t.Errorf("go_version %q, want the Go of the test binary", v)
	}
	pkgs := raw["packages"].([]any)
	if len(pkgs) != 1 {
		t.Fatalf("%d packages, want 1", len(pkgs))
	}
	pkg := pkgs[0].(map[string]any)
	requireKeys(t, "package", pkg, "path", "benchmarks")
	var names []string
	for _, b := range pkg["benchmarks"].([]any) {
		bm := b.(map[string]any)
		requireKeys(t, "benchmark", bm, "name", "ns_per_op", "bytes_per_op", "allocs_per_op", "ns_per_op_runs", "bytes_per_op_runs", "allocs_per_op_runs", "alloc_cpu_share", "unrecorded_allocs_per_op", "sites")
		names = append(names, bm["name"].(string))
		sum := 0.0
		for _, s := range bm["sites"].([]any) {
			site := s.(map[string]any)
			requireKeys(t, "site", site, "file", "line", "function", "code", "mechanism", "allocs_per_op", "bytes_per_op", "share")
			sum += site["allocs_per_op"].(float64)
			if f := site["file"].(string); filepath.IsAbs(f) || !strings.HasPrefix(f, "ok/") {
				t.Errorf("site file %q is not relative to the module root", f)
			}
		}
		if want := bm["allocs_per_op"].(float64); want > 0 && (sum < want*0.98 || sum > want*1.02) {
			t.Errorf("%s: sites add up to %.2f allocs/op, measured %.2f", bm["name"], sum, want)
		}
	}
	wantNames := []string{"BenchmarkFields", "BenchmarkNone", "BenchmarkSub/n=3", "BenchmarkSub/n=1"}
	if !slices.Equal(names, wantNames) {
		t.Errorf("benchmarks %v, want %v", names, wantNames)
	}
}

// TestReportPartialFailure: benchmarks that fail (a panic that stops the
// test binary, b.Error in a sub-benchmark, b.Fatal only in the timing run)
// are named, with their output, and the others are measured all the same.
func TestReportPartialFailure(t *testing.T) {
	code, stdout, stderr := squash(t, testMod, "-nolint", "-benchtime", "100x", "./partfail")
	if code != exitError {
		t.Errorf("exit %d, want %d", code, exitError)
	}
	for _, want := range []string{
		"BenchmarkBefore  ", "BenchmarkSub/n=2  ", "BenchmarkAfter  ", // BenchmarkAfter runs after the panic
		"--- FAIL: BenchmarkPanics\n  panic: assignment to entry in nil map\n",
		"--- FAIL: BenchmarkSub/n=1\n      partfail_test.go:32: no input for n=1\n",
		"--- FAIL: BenchmarkLater\n",
		"partfail_test.go:24: the fixture ran out",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("the report lacks %q:\n%s", want, stdout)
		}
	}
	if strings.Contains(stdout, "--- FAIL: BenchmarkSub\n") {
		t.Errorf("the parent of a failed sub-benchmark is named as failed too:\n%s", stdout)
	}
	wantErr := ""
	for _, name := range []string{"BenchmarkPanics", "BenchmarkSub/n=1", "BenchmarkLater"} {
		wantErr += "squash: benchmark " + name + " failed in example.com/sq/partfail: its output is in the report\n"
	}
	if stderr != wantErr {
		t.Errorf("stderr =\n%s\nwant\n%s", stderr, wantErr)
	}

	code, stdout, _ = squash(t, testMod, "-nolint", "-json", "-benchtime", "100x", "./partfail")
	if code != exitError {
		t.Errorf("-json: exit %d, want %d", code, exitError)
	}
	var rep struct {
		Packages []struct {
			Benchmarks []struct{ Name string }
			Failed     []struct{ Name, Output string }
		}
	}
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil || len(rep.Packages) != 1 {
		t.Fatalf("-json: %v, %d packages:\n%s", err, len(rep.Packages), stdout)
	}
	var measured, failed []string
	for _, b := range rep.Packages[0].Benchmarks {
		measured = append(measured, b.Name)
	}
	for _, f := range rep.Packages[0].Failed {
		failed = append(failed, f.Name)
		if f.Output == "" {
			t.Errorf("-json: %s failed with no output", f.Name)
		}
	}
	slices.Sort(measured)
	slices.Sort(failed)
	if want := []string{"BenchmarkAfter", "BenchmarkBefore", "BenchmarkSub/n=2"}; !slices.Equal(measured, want) {
		t.Errorf("-json: measured %q, want %q", measured, want)
	}
	if want := []string{"BenchmarkLater", "BenchmarkPanics", "BenchmarkSub/n=1"}; !slices.Equal(failed, want) {
		t.Errorf("-json: failed %q, want %q", failed, want)
	}
}

// TestReportPartialFailureAlternatives: after a panic, the benchmarks
// that did not run are run one by one with the alternatives of -bench that
// select them, each once.
func TestReportPartialFailureAlternatives(t *testing.T) {
	code, stdout, _ := squash(t, testMod, "-nolint", "-json", "-benchtime", "100x", "-bench", "Sub/n=2|Panics|After", "./partfail")
	if code != exitError {
		t.Errorf("exit %d, want %d", code, exitError)
	}
	var rep struct {
		Packages []struct {
			Benchmarks []struct{ Name string }
			Failed     []struct{ Name string }
		}
	}
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil || len(rep.Packages) != 1 {
		t.Fatalf("%v:\n%s", err, stdout)
	}
	var measured, failed []string
	for _, b := range rep.Packages[0].Benchmarks {
		measured = append(measured, b.Name)
	}
	for _, f := range rep.Packages[0].Failed {
		failed = append(failed, f.Name)
	}
	slices.Sort(measured)
	if want := []string{"BenchmarkAfter", "BenchmarkSub/n=2"}; !slices.Equal(measured, want) || !slices.Equal(failed, []string{"BenchmarkPanics"}) {
		t.Errorf("measured %q, failed %q; want %q, [BenchmarkPanics]", measured, failed, want)
	}
}

func requireKeys(t *testing.T, what string, m map[string]any, keys ...string) {
	t.Helper()
	for _, k := range keys {
		if _, ok := m[k]; !ok {
			t.Errorf("%s lacks %q: %v", what, k, m)
		}
	}
}

func TestReportText(t *testing.T) {
	code, stdout, stderr := squash(t, testMod, "-bench", "Fields", "-benchtime", "2000x", "./ok")
	if code != exitClean {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		"example.com/sq/ok",
		"BenchmarkFields ",
		"ok/ok.go:8 ok.Fields",
		"parts := strings.Split(s, \",\")",
		"why: allocated inside strings.genSplit",
		"ok/ok.go:11 ok.Fields",
		"out = append(out, p)",
		"fix [prealloc]: out grows once per iteration of a",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
	for i, line := range strings.Split(stdout, "\n") {
		if n := len([]rune(line)); n > 80 {
			t.Errorf("line %d is %d columns wide: %q", i+1, n, line)
		}
	}
	if strings.Contains(stdout, "go vet") {
		t.Errorf("a package that go vet passes has a note of go vet's:\n%s", stdout)
	}
}

// TestInterruptLeavesNoTempFiles runs squash as a process, interrupts it
// while benchmarks run, and checks that its temporary directory is empty.
func TestInterruptLeavesNoTempFiles(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the squash binary")
	}
	exe := squashBinary(t)
	tmp := t.TempDir()
	cmd := exec.Command(exe, "-benchtime", "30s", "./ok")
	cmd.Dir = testMod
	cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Wait until a benchmark is running: its profiles' directory exists.
	deadline := time.Now().Add(2 * time.Minute)
	for {
		matches, _ := filepath.Glob(filepath.Join(tmp, "squash-*", "Benchmark*"))
		if len(matches) > 0 {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatalf("no benchmark started within 2 minutes: %s", stderr.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
	cmd.Process.Signal(syscall.SIGINT)
	err := cmd.Wait()
	if code := cmd.ProcessState.ExitCode(); code != exitError {
		t.Errorf("exit status %d (%v), want %d", code, err, exitError)
	}
	if !strings.Contains(stderr.String(), "squash: interrupted") {
		t.Errorf("stderr = %q, want it to say interrupted", stderr.String())
	}
	left, _ := os.ReadDir(tmp)
	for _, e := range left {
		t.Errorf("left behind in TMPDIR: %s", e.Name())
	}
}

// TestInterruptDuringBuild: squash interrupted while the go command builds
// leaves no work directory of the go command's behind (go-build…, which an
// interrupted go command does not remove), nor one of its own.
func TestInterruptDuringBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the squash binary")
	}
	exe := squashBinary(t)
	tmp := t.TempDir()
	cmd := exec.Command(exe, "-benchtime", "30s", "./ok")
	cmd.Dir = testMod
	cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(2 * time.Minute)
	for {
		// Under squash's own directory, or, without one, in TMPDIR.
		inner, _ := filepath.Glob(filepath.Join(tmp, "*", "go-build*"))
		outer, _ := filepath.Glob(filepath.Join(tmp, "go-build*"))
		if len(inner)+len(outer) > 0 {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatalf("no go command built within 2 minutes: %s", stderr.String())
		}
		time.Sleep(2 * time.Millisecond)
	}
	cmd.Process.Signal(syscall.SIGINT)
	cmd.Wait()
	if code := cmd.ProcessState.ExitCode(); code != exitError {
		t.Errorf("exit status %d, want %d; stderr %q", code, exitError, stderr.String())
	}
	left, _ := os.ReadDir(tmp)
	for _, e := range left {
		t.Errorf("left behind in TMPDIR: %s", e.Name())
	}
}

func TestReportProgressOnlyOnTerminal(t *testing.T) {
	code, _, stderr := squash(t, testMod, "-bench", "Fields", "-benchtime", "100x", "./ok")
	if code != exitClean || stderr != "" {
		t.Fatalf("not a terminal: exit %d, stderr %q; want 0 and nothing", code, stderr)
	}
	defer func(f func(io.Writer) bool) { isTerminal = f }(isTerminal)
	isTerminal = func(io.Writer) bool { return true }
	code, _, stderr = squash(t, testMod, "-bench", "Fields", "-benchtime", "100x", "./ok")
	if code != exitClean {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"squash: building example.com/sq/ok", "squash: timing BenchmarkFields", "squash: recording allocations of BenchmarkFields"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("progress lacks %q:\n%s", want, stderr)
		}
	}
}

// TestReportNameWithSlash: go test reads a slash in a sub-benchmark's name
// as a level, so -bench cannot select BenchmarkRoute/a without
// BenchmarkRoute/a/b, nor a/b without running a to look for its
// sub-benchmarks (all the way, as it uses b.Loop). Their figures are their
// own; their sites are not recorded, and the report says why.
func TestReportNameWithSlash(t *testing.T) {
	dir := newModule(t, "example.com/slash")
	os.WriteFile(filepath.Join(dir, "slash_test.go"), []byte(`package slash

import "testing"

var sink []byte

func BenchmarkRoute(b *testing.B) {
	for _, name := range []string{"a", "a/b"} {
		n := len(name) // a: 1 allocation an op; a/b: 3
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				for range n {
					sink = make([]byte, 64)
				}
			}
		})
	}
}
`), 0o644)
	got := benchmarksOf(t, dir, "-benchtime", "100x", ".")
	if a := got["BenchmarkRoute/a"]; a.AllocsPerOp != 1 || len(a.Sites) != 0 || !slices.Equal(a.RunsWith, []string{"BenchmarkRoute/a/b"}) {
		t.Errorf("BenchmarkRoute/a: %v allocs/op, %d sites, runs with %v; want 1, none, and a/b", a.AllocsPerOp, len(a.Sites), a.RunsWith)
	}
	// a/b runs a all the way, as a uses b.Loop: +1 allocation an op.
	if ab := got["BenchmarkRoute/a/b"]; ab.AllocsPerOp != 3 || len(ab.Sites) != 0 || !slices.Equal(ab.RunsWith, []string{"BenchmarkRoute/a"}) {
		t.Errorf("BenchmarkRoute/a/b: %v allocs/op, %d sites, runs with %v; want 3, none, and a", ab.AllocsPerOp, len(ab.Sites), ab.RunsWith)
	}
	_, text, _ := squash(t, dir, "-nolint", "-benchtime", "100x", "-bench", "Route/a$", ".")
	if flat := strings.Join(strings.Fields(text), " "); !strings.Contains(flat, "sites not recorded: go test cannot run it alone") || !strings.Contains(flat, "also runs BenchmarkRoute/a/b, whose allocations would be in its profile") {
		t.Errorf("text report:\n%s", text)
	}
}

// TestReportNeedsSiblings: a sub-benchmark that needs what an earlier one
// leaves behind fails when -bench selects it alone, and passes when go test
// runs them all. squash measures it after them: its figures, no sites, and
// the report says why; it is not a failure.
func TestReportNeedsSiblings(t *testing.T) {
	dir := newModule(t, "example.com/shared")
	os.WriteFile(filepath.Join(dir, "shared_test.go"), []byte(`package shared

import "testing"

var sink []byte

func BenchmarkShared(b *testing.B) {
	var buf []byte
	b.Run("fill", func(b *testing.B) {
		for b.Loop() {
			buf = make([]byte, 64)
		}
	})
	b.Run("use", func(b *testing.B) {
		if buf == nil {
			b.Fatal("fill did not run")
		}
		for b.Loop() {
			sink = append(append([]byte(nil), buf...), buf...)
		}
	})
}
`), 0o644)
	got := benchmarksOf(t, dir, "-benchtime", "100x", ".")
	if f := got["BenchmarkShared/fill"]; f.AllocsPerOp != 1 || len(f.Sites) != 1 || len(f.Needs) != 0 {
		t.Errorf("BenchmarkShared/fill: %v allocs/op, %d sites, needs %v; want 1, one, and nothing", f.AllocsPerOp, len(f.Sites), f.Needs)
	}
	u := got["BenchmarkShared/use"]
	if u.AllocsPerOp != 2 || len(u.Sites) != 0 || !slices.Equal(u.Needs, []string{"BenchmarkShared/fill"}) || !strings.Contains(u.AloneFailure, "fill did not run") {
		t.Errorf("BenchmarkShared/use: %v allocs/op, %d sites, needs %v, alone %q; want 2, none, fill and its failure", u.AllocsPerOp, len(u.Sites), u.Needs, u.AloneFailure)
	}
	code, text, _ := squash(t, dir, "-nolint", "-benchtime", "100x", ".")
	if flat := strings.Join(strings.Fields(text), " "); code != 0 || !strings.Contains(flat, "sites not recorded: it fails when run alone") || !strings.Contains(flat, "fill did not run), and passed after BenchmarkShared/fill") {
		t.Errorf("exit %d, text report:\n%s", code, text)
	}
}

// TestReportOverRecorded: a benchmark that allocates more at the
// attribution runs' iteration counts than in its timing runs gets its sites
// from those runs, and the report says that they add up to more than go
// test's figure.
func TestReportOverRecorded(t *testing.T) {
	dir := newModule(t, "example.com/over")
	os.WriteFile(filepath.Join(dir, "over_test.go"), []byte(`package over

import "testing"

var sink []byte

// BenchmarkGrows allocates once an op up to 50 iterations, 4 times above.
func BenchmarkGrows(b *testing.B) {
	n := 1
	if b.N > 50 {
		n = 4
	}
	for range b.N {
		for range n {
			sink = make([]byte, 64)
		}
	}
}
`), 0o644)
	b := benchmarksOf(t, dir, "-benchtime", "10x", ".")["BenchmarkGrows"]
	near4 := func(v float64) bool { return v > 3.99 && v < 4.01 } // and a stray allocation of the runs
	if b.AllocsPerOp != 1 || !near4(b.OverRecordedAllocsPerOp) || len(b.Sites) != 1 || !near4(b.Sites[0].AllocsPerOp) {
		t.Errorf("%v allocs/op, %v over-recorded, sites %+v: want 1, 4, and one site of 4", b.AllocsPerOp, b.OverRecordedAllocsPerOp, b.Sites)
	}
	_, text, _ := squash(t, dir, "-nolint", "-benchtime", "10x", ".")
	if flat := strings.Join(strings.Fields(text), " "); !strings.Contains(flat, "4 recorded an op, more than go test's 1 the ") || !strings.Contains(flat, " recorded iterations allocated more than the timing runs") {
		t.Errorf("text report:\n%s", text)
	}
}

// reportOf runs squash -json -nolint with args in dir and returns its
// report.
func reportOf(t *testing.T, dir string, args ...string) *report.Report {
	t.Helper()
	code, stdout, stderr := squash(t, dir, append([]string{"-json", "-nolint"}, args...)...)
	if code != exitClean {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var rep report.Report
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
		t.Fatal(err)
	}
	return &rep
}

// benchmarksOf runs squash -json -nolint with args in dir and returns the
// benchmarks of its first package, by name.
func benchmarksOf(t *testing.T, dir string, args ...string) map[string]report.Benchmark {
	t.Helper()
	rep := reportOf(t, dir, args...)
	got := make(map[string]report.Benchmark, len(rep.Packages[0].Benchmarks))
	for _, b := range rep.Packages[0].Benchmarks {
		got[b.Name] = b
	}
	return got
}

// TestReportSkipped: the benchmarks that skip themselves are named once
// per package with go test's reasons, in text and JSON, also for a package
// whose benchmarks all skip among others, and for a sub-benchmark that
// skips where another under its parent runs; the report exits 0 as some ran.
func TestReportSkipped(t *testing.T) {
	code, text, stderr := squash(t, testMod, "-nolint", "-benchtime", "100x", "./skipsome", "./skipping")
	if code != exitClean {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	flat := strings.Join(strings.Fields(text), " ")
	for _, want := range []string{
		"example.com/sq/skipsome BenchmarkRuns ",
		" BenchmarkMixed/n=1 ",
		"skipped: BenchmarkQuery, BenchmarkInsert (skipsome_test.go:17: needs a database) skipped: BenchmarkNoReason skipped: BenchmarkSub/n=1 (skipsome_test.go:39: no input for n=1) skipped: 1 more for other reasons (-json lists them)",
		"example.com/sq/skipping skipped: BenchmarkNeedsDB (skipping_test.go:6: needs a database)",
	} {
		if !strings.Contains(flat, want) {
			t.Errorf("the report lacks %q:\n%s", want, text)
		}
	}

	code, stdout, stderr := squash(t, testMod, "-nolint", "-json", "-benchtime", "100x", "./skipsome")
	if code != exitClean {
		t.Fatalf("-json: exit %d: %s", code, stderr)
	}
	var rep struct {
		Packages []struct {
			Skipped []map[string]string
		}
	}
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil || len(rep.Packages) != 1 {
		t.Fatalf("-json: %v:\n%s", err, stdout)
	}
	want := []map[string]string{
		{"name": "BenchmarkQuery", "reason": "skipsome_test.go:17: needs a database"},
		{"name": "BenchmarkInsert", "reason": "skipsome_test.go:17: needs a database"},
		{"name": "BenchmarkNoReason", "reason": ""},
		{"name": "BenchmarkSub/n=1", "reason": "skipsome_test.go:39: no input for n=1"},
		{"name": "BenchmarkMixed/n=2", "reason": "skipsome_test.go:50: no input for n=2"},
	}
	if got := rep.Packages[0].Skipped; !slices.EqualFunc(got, want, maps.Equal) {
		t.Errorf("-json: skipped %v, want %v", got, want)
	}
}

// TestReportAddsUp: the sites, the allocations outside the module and the
// remainder add up to go test's allocs/op in JSON, also where the remainder
// is a small part (one tiny allocation in 402) or below zero (go test
// truncates 1.5 allocs/op to 1).
func TestReportAddsUp(t *testing.T) {
	code, stdout, stderr := squash(t, testMod, "-json", "-nolint", "-benchtime", "200x", "./tiny")
	if code != exitClean {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var raw struct {
		Packages []struct{ Benchmarks []map[string]any }
	}
	if err := json.Unmarshal([]byte(stdout), &raw); err != nil || len(raw.Packages) != 1 {
		t.Fatalf("%v:\n%s", err, stdout)
	}
	rest := make(map[string]float64, len(raw.Packages[0].Benchmarks))
	for _, bm := range raw.Packages[0].Benchmarks {
		requireKeys(t, "benchmark", bm, "allocs_per_op", "recorded_iterations", "memprofile_rate", "outside_objects", "unrecorded_allocs_per_op")
		num := func(m map[string]any, key string) float64 { f, _ := m[key].(float64); return f }
		name := bm["name"].(string)
		if r := num(bm, "memprofile_rate"); r != 1 {
			t.Errorf("%s: memprofile_rate %v; want 1, every allocation recorded", name, r)
		}
		sum := num(bm, "unrecorded_allocs_per_op") + num(bm, "outside_objects")/num(bm, "recorded_iterations")
		for _, s := range bm["sites"].([]any) {
			sum += num(s.(map[string]any), "allocs_per_op")
		}
		if want := num(bm, "allocs_per_op"); math.Abs(sum-want) > 1e-9 {
			t.Errorf("%s: sites, outside and unrecorded add up to %v allocs/op, go test counted %v", name, sum, want)
		}
		rest[name] = num(bm, "unrecorded_allocs_per_op")
	}
	if r := rest["BenchmarkTiny"]; r < 0.9 || r > 1.1 {
		t.Errorf("BenchmarkTiny: %v unrecorded allocs/op, want 1 (two tiny allocations in one block)", r)
	}
	if r := rest["BenchmarkHalf"]; r > -0.4 || r < -0.6 {
		t.Errorf("BenchmarkHalf: %v unrecorded allocs/op, want -0.5 (1.5 truncated to 1)", r)
	}

	// In text, the remainder shows where it is above zero.
	_, text, _ := squash(t, testMod, "-nolint", "-benchtime", "200x", "-bench", "Tiny", "./tiny")
	r := 0.0
	if m := regexp.MustCompile(`\n\s+([0-9.]+)\s+not recorded one by one`).FindStringSubmatch(text); m != nil {
		r, _ = strconv.ParseFloat(m[1], 64)
	}
	if r < 0.9 || r > 1.1 {
		t.Errorf("the text report does not show the allocation not recorded:\n%s", text)
	}
}

// TestReportVetRejects: a package that compiles, with tests that go vet
// rejects (an Example that names no identifier), is measured, as squash
// does not vet what it measures; the report notes what go vet said, which
// go test would have stopped at.
func TestReportVetRejects(t *testing.T) {
	code, text, stderr := squash(t, testMod, "-nolint", "-benchtime", "100x", "./vetfails")
	if code != exitClean {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	flat := strings.Join(strings.Fields(text), " ")
	for _, want := range []string{
		"example.com/sq/vetfails note: go test would not run these benchmarks, as go vet reports vetfails/vetfails_test.go:9:1: ExampleReset refers to unknown identifier: Reset BenchmarkBuffer ",
		"vetfails/vetfails.go:5 vetfails.Buffer",
	} {
		if !strings.Contains(flat, want) {
			t.Errorf("the report lacks %q:\n%s", want, text)
		}
	}
	if strings.Count(text, "go vet") != 1 {
		t.Errorf("want one note of go vet's:\n%s", text)
	}
	rep := reportOf(t, testMod, "-benchtime", "100x", "./vetfails")
	want := []string{"vetfails/vetfails_test.go:9:1: ExampleReset refers to unknown identifier: Reset"}
	if p := rep.Packages[0]; !slices.Equal(p.Vet, want) || len(p.Benchmarks) != 1 || len(p.Benchmarks[0].Sites) != 1 {
		t.Errorf("-json: vet %q, %d benchmarks; want %q and BenchmarkBuffer with its site", p.Vet, len(p.Benchmarks), want)
	}
}
