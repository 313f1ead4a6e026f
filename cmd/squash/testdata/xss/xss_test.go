package xss

import "testing"

var name, sink = "<b>bold</b>", ""

func BenchmarkTag(b *testing.B) {
	for b.Loop() {
		sink = Tag(name)
	}
}
