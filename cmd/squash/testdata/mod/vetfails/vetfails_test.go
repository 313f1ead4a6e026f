package vetfails

import "testing"

var sink []byte

// ExampleReset names a function the package does not have: go vet's tests
// check rejects it, and go test stops there.
func ExampleReset() {}

func BenchmarkBuffer(b *testing.B) {
	for b.Loop() {
		sink = Buffer()
	}
}
