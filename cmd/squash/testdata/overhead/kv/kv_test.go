package kv

import (
	"fmt"
	"strings"
	"testing"
)

func input(n int) []byte {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "# entry %d\nkey.%d = a,b,%d\n\n", i, i, i)
	}
	return []byte(b.String())
}

func TestParse(t *testing.T) {
	m, err := Parse(input(3))
	if err != nil || len(m) != 3 || m["key.2"] != "a,b,2" {
		t.Fatalf("Parse: %v, %v", m, err)
	}
	if l := Lists(m)["key.1"]; len(l) != 3 {
		t.Errorf("Lists: %q", l)
	}
}

func BenchmarkParse(b *testing.B) {
	data := input(50)
	for b.Loop() {
		if _, err := Parse(data); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkLists(b *testing.B) {
	m, _ := Parse(input(50))
	for b.Loop() {
		Lists(m)
	}
}

func BenchmarkKeys(b *testing.B) {
	m, _ := Parse(input(50))
	for b.Loop() {
		Keys(m, "key.1")
	}
}
