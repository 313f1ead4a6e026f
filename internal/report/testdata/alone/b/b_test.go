package b

import (
	"testing"

	"example.com/alone/lock"
)

func BenchmarkJoin(b *testing.B) {
	lock.Alone(b)
	for b.Loop() {
		Join(20)
	}
}
