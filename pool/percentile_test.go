package pool

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// paretoSizes is a fixed draw from a bounded Pareto distribution (shape 1,
// 64 B to 1 MiB): most uses small, a long tail of large ones.
func paretoSizes(n int) []int {
	const lo, hi = 64.0, 1 << 20
	r := rand.New(rand.NewPCG(3, 4))
	sizes := make([]int, n)
	for i := range sizes {
		sizes[i] = int(lo / (1 - r.Float64()*(1-lo/hi)))
	}
	return sizes
}

// BenchmarkPercentile measures what the Percentile setting trades, on two
// size distributions (a heavy Pareto tail, and sizes spread one octave
// around a typical 1 KiB), for pools calibrated on the same sizes with each
// percentile. Each op is one use: Get, then write the size in 256-byte
// pieces, as an encoder does. default-B is the calibrated default capacity:
// what every use at or below it holds.
//
//   - use=steady puts the buffer back, as a server does between requests. A
//     use larger than the default grows by swapping with a larger pooled
//     buffer (a copy of what was written and two pool operations), so a low
//     percentile costs time, not allocations.
//   - use=fresh does not put it back, so every Get makes a new buffer, as
//     after a collection emptied the pool or when more uses are in flight
//     than buffers pooled. B/op is the default allocation plus every
//     reallocation while growing (and the 48-byte holder); a low percentile
//     grows more uses, a high one allocates a large buffer for every small
//     use.
func BenchmarkPercentile(b *testing.B) {
	dists := []struct {
		name  string
		sizes []int
	}{
		{"pareto", paretoSizes(1 << 14)},
		{"lognormal", lognormalSizes(1 << 14)},
	}
	piece := make([]byte, 256)
	for _, d := range dists {
		for _, use := range []string{"steady", "fresh"} {
			for _, pct := range []float64{0.5, 0.75, 0.9, 0.95, 0.99} {
				sizes := d.sizes
				b.Run(fmt.Sprintf("dist=%s/use=%s/pct=%v", d.name, use, pct), func(b *testing.B) {
					var p Buffers
					if err := p.SetCalibration(Calibration{Percentile: pct, MaxPercentile: max(pct, DefaultMaxPercentile)}); err != nil {
						b.Fatal(err)
					}
					for i := range 2*DefaultWindow + firstWindow {
						buf := p.Get()
						buf.Write(make([]byte, sizes[i%len(sizes)]))
						p.Put(buf)
					}
					def, _ := p.Limits()
					b.ReportAllocs()
					i := 0
					for b.Loop() {
						buf := p.Get()
						for n := sizes[i%len(sizes)]; n > 0; n -= len(piece) {
							buf.Write(piece[:min(n, len(piece))])
						}
						i++
						if use == "steady" {
							p.Put(buf)
						}
					}
					b.ReportMetric(float64(def), "default-B")
				})
			}
		}
	}
}

// lognormalSizes is a fixed draw of sizes around a typical size: median
// 1 KiB, one octave of spread, clipped to 64 B..1 MiB.
func lognormalSizes(n int) []int {
	r := rand.New(rand.NewPCG(5, 6))
	sizes := make([]int, n)
	for i := range sizes {
		sizes[i] = min(max(int(1024*math.Exp2(r.NormFloat64())), 64), 1<<20)
	}
	return sizes
}
