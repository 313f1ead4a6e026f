package callers

import "testing"

var sink int

func BenchmarkKeys(b *testing.B) {
	ids := []int{1000, 2000, 3000}
	for b.Loop() {
		sink = Index(ids) + Lookup(4000)
	}
}
