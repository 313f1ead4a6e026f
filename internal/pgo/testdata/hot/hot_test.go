package hot

import "testing"

var sink int

func BenchmarkSum(b *testing.B) {
	for b.Loop() {
		sink = Sum(100)
	}
}
