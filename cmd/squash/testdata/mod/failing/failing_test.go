package failing

import "testing"

func BenchmarkFails(b *testing.B) {
	b.Fatal("the input file is missing")
}
