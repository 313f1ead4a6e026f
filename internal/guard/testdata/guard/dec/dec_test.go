package dec

import "testing"

var sink []Record

func BenchmarkDecode(b *testing.B) {
	for b.Loop() {
		sink = Decode("a,bb,ccc,dddd")
	}
}

func BenchmarkCount(b *testing.B) {
	n := 0
	for b.Loop() {
		n += Count("a,bb,ccc,dddd")
	}
	_ = n
}
