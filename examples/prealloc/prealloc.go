package prealloc

import "sync"

// AppendInts appends 0..n-1 to a slice that starts empty: it grows about
// log2(n) times, copying everything each time.
func AppendInts(n int) []int {
	var s []int
	for i := range n {
		s = append(s, i)
	}
	return s
}

// AppendIntsPrealloc appends 0..n-1 to a slice made with capacity n: one
// allocation.
func AppendIntsPrealloc(n int) []int {
	s := make([]int, 0, n)
	for i := range n {
		s = append(s, i)
	}
	return s
}

// AppendBytes appends src one byte at a time to a slice that starts empty.
func AppendBytes(src []byte) []byte {
	var b []byte
	for _, c := range src {
		b = append(b, c)
	}
	return b
}

// AppendBytesPrealloc appends src one byte at a time to a slice made with
// room for all of it.
func AppendBytesPrealloc(src []byte) []byte {
	b := make([]byte, 0, len(src))
	for _, c := range src {
		b = append(b, c)
	}
	return b
}

// AppendSlice appends src as a whole to a slice that starts empty: one
// allocation of the right size.
func AppendSlice(src []byte) []byte {
	var b []byte
	return append(b, src...)
}

// AppendSlicePrealloc copies src into a slice made with room for it.
func AppendSlicePrealloc(src []byte) []byte {
	b := make([]byte, 0, len(src))
	return append(b, src...)
}

// Squares writes the squares of 0..n-1 into a new slice on every call.
func Squares(n int) []int {
	s := make([]int, 0, n)
	for i := range n {
		s = append(s, i*i)
	}
	return s
}

// SquaresInto writes the squares of 0..n-1 into dst, reusing its capacity:
// after the first call with a given n, no allocation.
func SquaresInto(dst []int, n int) []int {
	dst = dst[:0]
	for i := range n {
		dst = append(dst, i*i)
	}
	return dst
}

// bufPool holds *[]byte: a pointer fits in an interface without an
// allocation, a slice header does not (staticcheck SA6002).
var bufPool = sync.Pool{New: func() any { b := make([]byte, 0, 1024); return &b }}

// WithPooledBuffer appends src to a buffer from a sync.Pool, calls use on
// the result and puts the buffer back.
func WithPooledBuffer(src []byte, use func([]byte)) {
	bp := bufPool.Get().(*[]byte)
	b := append((*bp)[:0], src...)
	use(b)
	*bp = b
	bufPool.Put(bp)
}

// WithNewBuffer does what WithPooledBuffer does with a new buffer each time.
func WithNewBuffer(src []byte, use func([]byte)) {
	b := make([]byte, 0, 1024)
	b = append(b, src...)
	use(b)
}
