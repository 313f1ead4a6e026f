package gcsweep

import (
	"context"
	"testing"

	"github.com/squashgo/squash/internal/bench"
)

// TestSweepTrend: on examples/sexpr's parse of 4 KiB onto the heap, which
// collects every 30 operations at the default GOGC, a higher GOGC
// collects less often, spends less of the CPU collecting, and takes more
// memory. The settings are ten times apart, so that the trend stands
// above the noise of a short run on a loaded machine; the figures are not
// checked, only their order.
func TestSweepTrend(t *testing.T) {
	if testing.Short() {
		t.Skip("runs benchmarks")
	}
	res, err := Run(context.Background(), Config{
		Dir:      "../../examples/sexpr",
		Bench:    bench.Options{Bench: "Parse/bytes=4096/alloc=heap", Benchtime: "1s"},
		Settings: Settings([]string{"20", "200", "2000"}, nil),
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Sweeps) != 1 {
		t.Fatalf("%d sweeps, want 1", len(res.Sweeps))
	}
	ps := res.Sweeps[0].Points
	for _, p := range ps {
		t.Logf("%s: %.0f ns/op, GC CPU %.1f%% (%d samples), %.3f GCs/op, peak RSS %s MiB, peak heap %s MiB", p.Setting, p.NsPerOp, 100*p.GCCPU, p.CPUSamples, p.GCsPerOp, mib(p.PeakRSS), heapMiB(p.PeakHeap))
	}
	// Collections per op and the heap follow GOGC at every step.
	for i := 1; i < len(ps); i++ {
		p, q := ps[i], ps[i-1]
		if p.GCsPerOp >= q.GCsPerOp {
			t.Errorf("%.3f GCs/op under %s, not below %.3f under %s", p.GCsPerOp, p.Setting, q.GCsPerOp, q.Setting)
		}
		if p.PeakHeap <= q.PeakHeap {
			t.Errorf("peak heap %s MiB under %s, not above %s MiB under %s", heapMiB(p.PeakHeap), p.Setting, heapMiB(q.PeakHeap), q.Setting)
		}
	}
	// The CPU shares are samples, and the settings past the default
	// differ by a few points, which the scavenger's work on a larger heap
	// can undo: the share is highest at the lowest GOGC, and a third
	// lower at the highest. The process's own 17 MiB or so hides a heap
	// of a few: of peak RSS too, only the ends are compared.
	first, last := ps[0], ps[len(ps)-1]
	for _, p := range ps[1:] {
		if p.GCCPU >= first.GCCPU {
			t.Errorf("GC CPU %.1f%% under %s, not below %.1f%% under %s", 100*p.GCCPU, p.Setting, 100*first.GCCPU, first.Setting)
		}
	}
	if last.GCCPU > first.GCCPU*2/3 {
		t.Errorf("GC CPU %.1f%% under %s, not a third below %.1f%% under %s", 100*last.GCCPU, last.Setting, 100*first.GCCPU, first.Setting)
	}
	if last.PeakRSS <= first.PeakRSS {
		t.Errorf("peak RSS %s MiB under %s, not above %s MiB under %s", mib(last.PeakRSS), last.Setting, mib(first.PeakRSS), first.Setting)
	}
}
