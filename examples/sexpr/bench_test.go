package sexpr

import (
	"fmt"
	"strings"
	"testing"

	"github.com/squashgo/squash/arena"
)

// document makes a program-like S-expression source of about size bytes:
// nested definitions with symbols, numbers and strings, some with escapes.
func document(size int) string {
	var b strings.Builder
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, "(define (f%d x y)\n  (let ((s \"item %d\") (t \"tab\\there\"))\n    (if (< x %d) (list x y s) (cons (f%d (- x 1) y) (quote (a b c))))))\n", i, i, i%97, i)
	}
	return b.String()
}

// BenchmarkParse parses the same document on the heap (alloc=heap) and
// into one arena reset after every parse (alloc=arena).
func BenchmarkParse(b *testing.B) {
	for _, size := range []int{4 << 10, 1 << 20} {
		src := document(size)
		b.Run(fmt.Sprintf("bytes=%d/alloc=heap", size), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Parse(src); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("bytes=%d/alloc=arena", size), func(b *testing.B) {
			var a arena.Arena
			defer a.Free()
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := ParseArena(&a, src); err != nil {
					b.Fatal(err)
				}
				a.Reset()
			}
		})
	}
}
