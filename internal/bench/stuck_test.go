package bench

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/squashgo/squash/internal/gotool"
)

// buildStuck builds the test binary of testdata/stuck.
func buildStuck(t *testing.T) *Binary {
	t.Helper()
	if testing.Short() {
		t.Skip("builds a test binary")
	}
	ctx := context.Background()
	dir, err := filepath.Abs("testdata/stuck")
	if err != nil {
		t.Fatal(err)
	}
	pkgs, err := gotool.Resolve(ctx, dir, []string{"."})
	if err != nil {
		t.Fatal(err)
	}
	bin, err := Build(ctx, pkgs[0], t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return bin
}

// TestTimeout runs a benchmark that never ends with a short timeout: it
// fails, named, once the timeout is up, with one line that says so. The
// testing package's own -test.timeout does not cover benchmarks.
func TestTimeout(t *testing.T) {
	bin := buildStuck(t)
	bin.Timeout = time.Second
	start := time.Now()
	names, failed, _, err := bin.Benchmarks(context.Background(), Options{Bench: "Hang|Sum"})
	took := time.Since(start)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(names, []string{"BenchmarkSum"}) {
		t.Errorf("ran %q, want BenchmarkSum", names)
	}
	if len(failed) != 1 || failed[0].Name != "BenchmarkHang" {
		t.Fatalf("failed %+v, want BenchmarkHang", failed)
	}
	const want = "timed out after 1s: raise -timeout if it needs longer"
	if failed[0].Output != want {
		t.Errorf("output %q, want %q", failed[0].Output, want)
	}
	// The run that hangs, and BenchmarkSum's run on its own after it.
	if took > 10*time.Second {
		t.Errorf("took %v with a timeout of 1s", took)
	}
}

// TestExitZero runs a benchmark that calls os.Exit(0): a failure, as go
// test reports it, not a benchmark that skipped itself.
func TestExitZero(t *testing.T) {
	bin := buildStuck(t)
	names, failed, skipped, err := bin.Benchmarks(context.Background(), Options{Bench: "Exit"})
	if err != nil {
		t.Fatal(err)
	}
	if len(names) != 0 || len(skipped) != 0 {
		t.Errorf("ran %q and skipped %+v, want neither", names, skipped)
	}
	if len(failed) != 1 || failed[0].Name != "BenchmarkExit" || !strings.Contains(failed[0].Output, "unexpected call to os.Exit(0)") {
		t.Fatalf("failed %+v, want BenchmarkExit and its call to os.Exit(0)", failed)
	}
}

// TestTimeInTimeout: a run in a process of its own, as squash gc makes
// them, ends at the timeout too, with the same failure.
func TestTimeInTimeout(t *testing.T) {
	bin := buildStuck(t)
	bin.Timeout = time.Second
	start := time.Now()
	_, err := bin.TimeIn(context.Background(), "BenchmarkHang", []string{"GOGC=50"}, "1x", filepath.Join(t.TempDir(), "cpu.pprof"))
	var f *Failure
	if !errors.As(err, &f) || f.Name != "BenchmarkHang" || f.Output != "timed out after 1s: raise -timeout if it needs longer" {
		t.Fatalf("error %v, want BenchmarkHang timed out after 1s", err)
	}
	if took := time.Since(start); took > 10*time.Second {
		t.Errorf("took %v with a timeout of 1s", took)
	}
}
