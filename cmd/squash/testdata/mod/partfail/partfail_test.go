package partfail

import "testing"

var sink []string

func BenchmarkBefore(b *testing.B) {
	for b.Loop() {
		sink = Fields("a,b,c")
	}
}

// BenchmarkPanics stops the test binary in its first call: the benchmarks
// after it do not run then.
func BenchmarkPanics(b *testing.B) {
	var m map[string]int
	m["x"]++
}

// BenchmarkLater fails only when it runs more than one iteration, as in a
// timing run, after it passed the run that lists the benchmarks.
func BenchmarkLater(b *testing.B) {
	if b.N > 1 {
		b.Fatal("the fixture ran out")
	}
	for range b.N {
		sink = nil
	}
}

func BenchmarkSub(b *testing.B) {
	b.Run("n=1", func(b *testing.B) { b.Error("no input for n=1") })
	b.Run("n=2", func(b *testing.B) {
		for b.Loop() {
			sink = Fields("a,b")
		}
	})
}

func BenchmarkAfter(b *testing.B) {
	for b.Loop() {
		sink = Fields("a,b,c,d")
	}
}
