// Package skipsome has benchmarks that skip themselves among one that
// runs.
package skipsome

import "testing"

var sink int

func BenchmarkRuns(b *testing.B) {
	for b.Loop() {
		sink++
	}
}

// needsDB skips the benchmark that calls it, with one reason for all.
func needsDB(b *testing.B) {
	b.Skip("needs a database")
}

func BenchmarkQuery(b *testing.B) {
	needsDB(b)
	for b.Loop() {
		sink++
	}
}

func BenchmarkInsert(b *testing.B) {
	needsDB(b)
	for b.Loop() {
		sink++
	}
}

func BenchmarkNoReason(b *testing.B) {
	b.SkipNow()
}

func BenchmarkSub(b *testing.B) {
	b.Run("n=1", func(b *testing.B) { b.Skip("no input for n=1") })
}

// BenchmarkMixed runs one sub-benchmark and skips the other: go test says
// so only with -v.
func BenchmarkMixed(b *testing.B) {
	b.Run("n=1", func(b *testing.B) {
		for b.Loop() {
			sink++
		}
	})
	b.Run("n=2", func(b *testing.B) { b.Skip("no input for n=2") })
}
