package skipping

import "testing"

func BenchmarkNeedsDB(b *testing.B) {
	b.Skip("needs a database")
}
