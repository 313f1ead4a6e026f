package sampled

import "testing"

func BenchmarkAllocate(b *testing.B) {
	for b.Loop() {
		Allocate()
	}
}
