package collect

import (
	"slices"
	"testing"
)

func TestCollect(t *testing.T) {
	if got, want := Collect([]int{1, 0, 2, -1, 3}), []int{1, 0, 2}; !slices.Equal(got, want) {
		t.Errorf("Collect = %v, want %v", got, want)
	}
	if got := Count([]int{1, 0, 2, -1, 3}); got != 3 {
		t.Errorf("Count = %d, want 3", got)
	}
}

var (
	sink  []int
	count int
)

// long ends early, as the callers' slices usually do: a capacity of its
// length is far too much.
var long = func() []int {
	xs := make([]int, 1<<16)
	xs[10] = -1
	return xs
}()

func BenchmarkCollect(b *testing.B) {
	for b.Loop() {
		sink = Collect(long)
	}
}

func BenchmarkCount(b *testing.B) {
	for b.Loop() {
		count = Count(long)
	}
}
