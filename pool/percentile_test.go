package pool

import (
	"fmt"
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

// BenchmarkPercentile justifies DefaultPercentile. The default capacity
// only matters for a fresh buffer: one made when the pool is empty (at
// start, after the collector emptied it, when more uses are in flight than
// buffers pooled, after a large one was dropped). So each op here is a use
// on a fresh buffer from a pool calibrated with the given percentile on the
// same sizes: Get (which allocates the default capacity), then write the
// size in 256-byte pieces as an encoder does. B/op is the cost of a fresh
// use: the default allocation plus every reallocation while growing; a low
// percentile grows most uses several times, a high one allocates a large
// buffer for every small use.
func BenchmarkPercentile(b *testing.B) {
	sizes := paretoSizes(1 << 14)
	piece := make([]byte, 256)
	for _, pct := range []float64{0.5, 0.75, 0.9, 0.95, 0.99} {
		b.Run(fmt.Sprintf("pct=%v", pct), func(b *testing.B) {
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
				// Not put back: the next Get makes a fresh buffer.
			}
			b.ReportMetric(float64(def), "default-B")
		})
	}
}
