package render

import (
	"strings"
	"testing"
)

func TestTable(t *testing.T) {
	if got := Table([][]string{{"a", "b"}, {"c"}}); got != "a|b\nc\n" {
		t.Errorf("Table: %q", got)
	}
}

func BenchmarkTable(b *testing.B) {
	rows := [][]string{Labels("x", 8), Labels("y", 8), Labels("z", 8)}
	for b.Loop() {
		Table(rows)
	}
}

func BenchmarkLabels(b *testing.B) {
	for b.Loop() {
		Labels("label", 20)
	}
}

func BenchmarkConfig(b *testing.B) {
	data := []byte(strings.Repeat("a = 1,2,3\nb = 4,5\n", 10))
	for b.Loop() {
		if _, err := Config(data); err != nil {
			b.Fatal(err)
		}
	}
}
