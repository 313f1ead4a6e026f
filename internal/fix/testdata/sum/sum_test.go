package sum

import "testing"

func TestLengths(t *testing.T) {
	for s, want := range map[string]int{"": 0, "a": 1, "ab,c": 3, ",,": 0} {
		if got := Lengths(s); got != want {
			t.Errorf("Lengths(%q) = %d, want %d", s, got, want)
		}
	}
}

func BenchmarkLengths(b *testing.B) {
	for b.Loop() {
		Lengths("alpha,beta,gamma,delta")
	}
}
