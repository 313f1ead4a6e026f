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

// BenchmarkPercentile measures what the Percentile setting trades. The
// default capacity
// only matters for a fresh buffer: one made when the pool is empty (at
// start, after the collector emptied it, when more uses are in flight than
// buffers pooled, after a large one was dropped). So each op here is a use
// on a fresh buffer from a pool calibrated with the given percentile on the
// same sizes: Get (which allocates the default capacity), then write the
// size in 256-byte pieces as an encoder does. B/op is the cost of a fresh
// use: the default allocation plus every reallocation while growing (each
// fresh use also allocates its 48-byte holder); a low percentile grows more
// uses, a high one allocates a large buffer for every small use. Two size
// distributions: a heavy Pareto tail, and sizes spread one octave around a
// typical 1 KiB.
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
		for _, pct := range []float64{0.5, 0.75, 0.9, 0.95, 0.99} {
			sizes := d.sizes
			b.Run(fmt.Sprintf("dist=%s/pct=%v", d.name, pct), func(b *testing.B) {
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
