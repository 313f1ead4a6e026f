package collect

import (
	"slices"
	"testing"
)

func TestCollect(t *testing.T) {
	if got, want := Collect([]int{1, 0, 2, -1, 3}), []int{1, 0, 2}; !slices.Equal(got, want) {
		t.Errorf("Collect = %v, want %v", got, want)
	}
}

var sink []int

// BenchmarkCollect collects from a long slice that ends early, as
// Collect's callers usually do: a capacity of its length would be far too
// much.
func BenchmarkCollect(b *testing.B) {
	xs := make([]int, 1<<16)
	xs[10] = -1
	for b.Loop() {
		sink = Collect(xs)
	}
}
