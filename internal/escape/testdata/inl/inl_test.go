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
