package b

import (
	"fmt"
	"regexp"
	"testing"
)

// Not reported: test functions, examples and TestMain run once per test
// run, their subtests once each.

func TestHot(t *testing.T) {
	re := regexp.MustCompile(`^t+$`)
	t.Run("sub", func(t *testing.T) {
		if !regexp.MustCompile(`^s+$`).MatchString("ss") || !re.MatchString("t") {
			t.Fatal("no match")
		}
	})
}

func Test(t *testing.T) {
	_ = regexp.MustCompile(`^u+$`)
}

func TestMain(m *testing.M) {
	_ = regexp.MustCompile(`^v+$`)
	m.Run()
}

func ExampleHot() {
	_ = regexp.MustCompile(`^w+$`)
}

// Reported: helpers may be called by many tests, benchmarks and fuzz
// targets run many times, and Testable is not a test.

func matches(s string) bool {
	return regexp.MustCompile(`^x+$`).MatchString(s) // want `regexp.MustCompile of a constant pattern runs on every call of matches`
}

func BenchmarkHot(b *testing.B) {
	for b.Loop() {
		_ = regexp.MustCompile(`^y+$`) // want `regexp.MustCompile of a constant pattern runs on every call of BenchmarkHot`
	}
}

func FuzzHot(f *testing.F) {
	f.Fuzz(func(t *testing.T, s string) {
		_ = regexp.MustCompile(`^z+$`).MatchString(s) // want `regexp.MustCompile of a constant pattern runs on every call of the function literal in FuzzHot`
	})
}

func Testable(t *testing.T) {
	_ = regexp.MustCompile(`^a+$`) // want `regexp.MustCompile of a constant pattern runs on every call of Testable`
}

// Not reported: the set-up of a benchmark, outside its loop, runs once a
// run and is not timed per op.
func BenchmarkSetUp(b *testing.B) {
	re := regexp.MustCompile(`^w+$`)
	for b.Loop() {
		_ = re.MatchString("www")
	}
}

// Not reported: a loop around b.Run, or any loop but a timed one, runs a
// sub-benchmark's set-up. Reported: the timed loops, b.Loop, b.N and
// RunParallel's pb.Next, and loops within them.
func BenchmarkSubs(b *testing.B) {
	for _, n := range []int{1, 2} {
		re := regexp.MustCompile(`^q+$`)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			re2 := regexp.MustCompile(`^r+$`)
			for i := 0; i < b.N; i++ {
				_ = regexp.MustCompile(`^s+$`) // want `runs on every call of the function literal in BenchmarkSubs`
			}
			for range b.N {
				for range n {
					_ = regexp.MustCompile(`^t+$`) // want `runs on every call of the function literal in BenchmarkSubs`
				}
			}
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					_ = regexp.MustCompile(`^u+$`) // want `runs on every call of the function literal in BenchmarkSubs`
				}
			})
			_, _ = re, re2
		})
	}
}

// Reported: b.N loops written otherwise, counting down from b.N or up to a
// variable set from it.
func BenchmarkOldLoops(b *testing.B) {
	for n := b.N; n > 0; n-- {
		_ = regexp.MustCompile(`^v+$`) // want `runs on every call of BenchmarkOldLoops`
	}
	n := b.N
	for i := 0; i < n; i++ {
		_ = regexp.MustCompile(`^w+$`) // want `runs on every call of BenchmarkOldLoops`
	}
}
