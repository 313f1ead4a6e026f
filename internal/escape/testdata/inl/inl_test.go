package inl

import "testing"

func BenchmarkSum(b *testing.B) {
	for b.Loop() {
		Sum(10)
	}
}

func BenchmarkKeep(b *testing.B) {
	for b.Loop() {
		Keep(1)
	}
}

var count = 100 // not a constant, so that Count's make is not either once inlined

func BenchmarkCount(b *testing.B) {
	for b.Loop() {
		Count(count)
	}
}
