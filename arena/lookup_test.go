package arena_test

import (
	"testing"

	"github.com/squashgo/squash/arena"
)

var heapSink any

// BenchmarkNew measures what one New costs, and what finding the type's
// chunks costs: types=1 always hits the cache of the last type used,
// types=4 cycles through four types and so searches for each; impl=heap is
// new(T) for comparison. In the GOEXPERIMENT=arenas build impl=squash
// measures the runtime's arena.New behind squash's wrapper.
func BenchmarkNew(b *testing.B) {
	type (
		n1 struct{ p *int }
		n2 struct{ p, q *int }
		n3 struct{ s string }
		n4 struct{ x, y int }
	)
	const batch = 1024
	b.Run("types=1/impl=squash", func(b *testing.B) {
		var a arena.Arena
		defer a.Free()
		for i := 0; b.Loop(); i++ {
			arena.New[n1](&a)
			if i%batch == batch-1 {
				a.Reset()
			}
		}
	})
	b.Run("types=4/impl=squash", func(b *testing.B) {
		var a arena.Arena
		defer a.Free()
		for i := 0; b.Loop(); i++ {
			switch i % 4 {
			case 0:
				arena.New[n1](&a)
			case 1:
				arena.New[n2](&a)
			case 2:
				arena.New[n3](&a)
			case 3:
				arena.New[n4](&a)
			}
			if i%batch == batch-1 {
				a.Reset()
			}
		}
	})
	b.Run("types=1/impl=heap", func(b *testing.B) {
		for b.Loop() {
			heapSink = new(n1)
		}
	})
}
