package grow

import (
	"strconv"
	"testing"
)

// count counts words in m, which grows to hold them: a map store in a test
// file.
func count(m map[string]int, words []string) {
	for _, w := range words {
		m[w] += 1
	}
}

func BenchmarkFill(b *testing.B) {
	for b.Loop() {
		m := map[int]int{}
		Fill(m, 100)
	}
}

func BenchmarkCount(b *testing.B) {
	words := make([]string, 100)
	for i := range words {
		words[i] = strconv.Itoa(i)
	}
	for b.Loop() {
		m := map[string]int{}
		count(m, words)
	}
}

var sinkLen int

func BenchmarkLocal(b *testing.B) {
	for b.Loop() {
		sinkLen = Local(100)
	}
}

func BenchmarkMembers(b *testing.B) {
	for b.Loop() {
		sinkLen = Members(100)
	}
}
