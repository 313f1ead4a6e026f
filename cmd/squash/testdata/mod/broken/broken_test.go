package broken

import "testing"

func BenchmarkX(b *testing.B) {}
