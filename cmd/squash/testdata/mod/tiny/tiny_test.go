// Package tiny has benchmarks whose recorded allocations do not add up to
// go test's allocs/op by a little: tiny allocations that share a block, and
// go test's truncation to a whole number.
package tiny

import "testing"

var (
	sink       []byte
	sinkA      *int64
	sinkB      *int64
	iterations int
)

// BenchmarkTiny makes 400 allocations an op and two tiny ones, which the
// runtime packs into one 16-byte block and the profile records once: one
// allocation an op in 402, under 0.5%, is not recorded.
func BenchmarkTiny(b *testing.B) {
	for b.Loop() {
		for range 400 {
			sink = make([]byte, 64)
		}
		sinkA, sinkB = new(int64), new(int64)
	}
}

// BenchmarkHalf makes one allocation an op and another every second op:
// go test prints 1 allocs/op for 1.5.
func BenchmarkHalf(b *testing.B) {
	for b.Loop() {
		sink = make([]byte, 64)
		if iterations++; iterations%2 == 0 {
			sink = make([]byte, 64)
		}
	}
}
