package a

import (
	"testing"

	"example.com/alone/lock"
)

func BenchmarkGrow(b *testing.B) {
	lock.Alone(b)
	for b.Loop() {
		Grow(100)
	}
}

func BenchmarkGrowMore(b *testing.B) {
	lock.Alone(b)
	for b.Loop() {
		Grow(1000)
	}
}
