package sexpr

import (
	"testing"

	"github.com/squashgo/squash/arena"
)

// FuzzParse checks that both parsers agree on every input, that neither
// panics, and that what parses round-trips through AppendText.
func FuzzParse(f *testing.F) {
	for _, seed := range []string{
		"", "a", "(a b)", "(a (b (c)))", `"s\"t\\r\n\t"`, "; c\nx", ")", "(", `"open`, `"\q"`,
		"(define (f x) (if (< x 2) x (+ (f (- x 1)) (f (- x 2)))))",
	} {
		f.Add(seed)
	}
	var a arena.Arena
	f.Fuzz(func(t *testing.T, src string) {
		a.Reset()
		heap, herr := Parse(src)
		ar, aerr := ParseArena(&a, src)
		if (herr == nil) != (aerr == nil) || herr != nil && herr.Error() != aerr.Error() {
			t.Fatalf("parsers disagree on %q: heap %v, arena %v", src, herr, aerr)
		}
		if herr != nil {
			return
		}
		if !heap.Equal(ar) {
			t.Fatalf("parsers disagree on %q: heap %s, arena %s", src, heap, ar)
		}
		text := elements(heap)
		again, err := Parse(text)
		if err != nil {
			t.Fatalf("AppendText wrote %q, which does not parse: %v", text, err)
		}
		if !again.Equal(heap) {
			t.Fatalf("round trip of %q changed the tree: %s became %s", src, heap, again)
		}
	})
}
