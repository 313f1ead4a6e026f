package stuck

import (
	"os"
	"testing"
	"time"
)

func BenchmarkSum(b *testing.B) {
	xs := []int{1, 2, 3}
	for b.Loop() {
		Sum(xs)
	}
}

// BenchmarkHang waits for something that never comes.
func BenchmarkHang(b *testing.B) {
	for b.Loop() {
		time.Sleep(time.Hour)
	}
}

// BenchmarkExit ends the process with status 0 before printing a result.
func BenchmarkExit(b *testing.B) {
	os.Exit(0)
}
