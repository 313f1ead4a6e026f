// Package a is the specification of //squash:noalloc: every line with a
// "want" comment must be reported with a reason matching its regexp, and
// nothing else may be.
package a

import "strconv"

type T struct{ a, b int }

var (
	sink  any
	psink *T
	bsink []byte
)

// EscapeToHeap returns a pointer to a new T.
//
//squash:noalloc
func EscapeToHeap() *T {
	return &T{1, 2} // want `&T\{\.\.\.\} escapes to heap`
}

// MovedToHeap returns the address of a local variable: the compiler moves it
// to the heap. On Go 1.26 the -m text says "moved to heap: x" and explains it
// as "x escapes to heap in MovedToHeap:", so gcassert's noescape, which looks
// for lines ending in "escapes to heap:", passes this line.
//
//squash:noalloc
func MovedToHeap() *int {
	x := 3 //gcassert:noescape // want `x escapes to heap`
	return &x
}

// newT is inlined into its callers, with its allocation.
func newT(a int) *T {
	return &T{a: a}
}

// InlinedCallee allocates through an inlined call.
//
//squash:noalloc
func InlinedCallee(a int) {
	psink = newT(a) // want `&T\{\.\.\.\} escapes to heap`
}

// Closure returns a closure, which captures n.
//
//squash:noalloc
func Closure(n int) func() int {
	return func() int { return n + 1 } // want `func literal escapes to heap`
}

// InterfaceConversion boxes an int.
//
//squash:noalloc
func InterfaceConversion(n int) {
	sink = n // want `n escapes to heap`
}

// Conversion copies a string into a new slice.
//
//squash:noalloc
func Conversion(s string) {
	bsink = []byte(s) // want `\(\[\]byte\)\(s\) escapes to heap`
}

// Reader is a method receiver.
type Reader struct{ buf []byte }

// Grow appends to the reader's buffer, which escapes through the receiver.
//
//squash:noalloc
func (r *Reader) Grow(n int) {
	r.buf = append(r.buf, make([]byte, n)...) // want `append\(r.buf, make\(\[\]byte, n\)\.\.\.\) escapes to heap`
}

// Sum allocates nothing.
//
//squash:noalloc
func Sum(b []byte) int {
	var t T
	for _, c := range b {
		t.a += int(c)
	}
	return t.a + t.b
}

// Tail lets its parameter leak to its result, which allocates nothing:
// gcassert's noescape fails it ("leaking param: b"), noalloc does not.
//
//squash:noalloc
func Tail(b []byte) []byte {
	return b[1:]
}

// Local keeps a fixed-size buffer on the stack and formats into it.
//
//squash:noalloc
func Local(n int) int {
	var buf [20]byte
	return len(strconv.AppendInt(buf[:0], int64(n), 10))
}

// Pointer keeps its pointer local: &t does not escape.
//
//squash:noalloc
func (r Reader) Pointer() int {
	t := T{a: len(r.buf)}
	p := &t
	return p.a
}

// Unmarked allocates, and is not checked.
func Unmarked() *T {
	return &T{}
}

//squash:noalloc // want `misplaced //squash:noalloc`
type NotAFunction struct{}

// Box converts v to an interface: for a generic function the compiler
// reports on the generic body, once per shape.
//
//squash:noalloc
func Box[T any](v T) any {
	return v // want `v escapes to heap`
}

// Pair is a generic type.
type Pair[K comparable, V any] struct {
	k K
	v V
}

// Key returns the key without allocating.
//
//squash:noalloc
func (p *Pair[K, V]) Key() K {
	return p.k
}

var boxSink any

// UseBox instantiates Box and Pair with two shapes each.
func UseBox() {
	boxSink = Box(42)
	boxSink = Box("s")
	boxSink = (&Pair[int, string]{}).Key()
	boxSink = (&Pair[string, int]{}).Key()
}

// Checked panics with a constant: the compiler says that it escapes to heap,
// cut short with "...", but a constant in an interface points at read-only
// data.
//
//squash:noalloc
func Checked(n int) int {
	if n < 0 {
		panic("a: Checked was called with a negative count, which no caller is ever allowed to pass")
	}
	return n * 2
}

var calledSink []int

// CalledClosure makes a slice that escapes inside a closure it calls at
// once: the compiler's record is of the closure inlined at the call, and
// the size check must not report the make as not escaping.
//
//squash:noalloc
func CalledClosure(n int) int {
	f := func() int {
		b := make([]int, n)
		calledSink = b
		return len(b)
	}
	return f() // want `escapes to heap`
}

// Spaced looks marked, and is not: a comment with a blank after //.
//
// squash:noalloc // want `// squash:noalloc, with a blank after //, is a comment, not a directive: write //squash:noalloc`
func Spaced() *T { return &T{} }

// Block looks marked, and is not: a /* */ comment.
/*squash:noalloc*/ // want `/\*squash:noalloc\*/ is not a directive`
func Block() *T    { return &T{} }

// Suffixed looks marked, and is not.
//
//squash:noallocs // want `//squash:noallocs is not //squash:noalloc`
func Suffixed() *T { return &T{} }
