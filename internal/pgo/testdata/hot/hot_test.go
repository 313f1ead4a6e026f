package hot

import "testing"

var sink int

func BenchmarkSum(b *testing.B) {
	for b.Loop() {
		sink = Sum(100)
	}
}

func BenchmarkAreas(b *testing.B) {
	for b.Loop() {
		sink = Areas(100)
	}
}
