package report

import (
	"context"
	"runtime"
	"testing"

	"github.com/squashgo/squash/internal/bench"
)

// TestMakeRunsOneBinaryAtATime: the attribution runs of several packages
// run at once, but two runs of one test binary never do. A benchmark may
// use a file of its package's directory, as testdata/alone's do: each
// fails when another process of its test binary holds that file's lock.
func TestMakeRunsOneBinaryAtATime(t *testing.T) {
	if testing.Short() {
		t.Skip("runs benchmarks")
	}
	if runtime.GOOS == "windows" || runtime.GOOS == "plan9" {
		t.Skip("testdata/alone locks a file with flock")
	}
	rep, err := Make(context.Background(), Config{Dir: "testdata/alone", Patterns: []string{"./..."}, Bench: bench.Options{Benchtime: "1000x"}})
	if err != nil {
		t.Fatal(err)
	}
	if err := rep.Failures(); err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"example.com/alone/a": 2, "example.com/alone/b": 1}
	if len(rep.Packages) != len(want) {
		t.Fatalf("%d packages, want %d", len(rep.Packages), len(want))
	}
	for _, p := range rep.Packages {
		if len(p.Benchmarks) != want[p.Path] {
			t.Errorf("%s: %d benchmarks, want %d", p.Path, len(p.Benchmarks), want[p.Path])
		}
		for _, b := range p.Benchmarks {
			if len(b.Sites) == 0 {
				t.Errorf("%s: no sites: its allocations were not recorded", b.Name)
			}
		}
	}
}
