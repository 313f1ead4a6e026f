package arena

import (
	"fmt"
	"unsafe"
)

// Sizes of the region allocator's chunks, in bytes. A request bigger than
// largeBytes would waste too much of a chunk, so it goes to the heap.
const (
	minChunkBytes = 4 << 10
	maxChunkBytes = 1 << 20
	largeBytes    = maxChunkBytes / 4
)

// Clone returns a shallow copy of *p on the heap, which may outlive the
// arena p came from. It always allocates one object, even if p is not
// from an arena. Clone(nil) returns nil.
func Clone[T any](p *T) *T {
	if p == nil {
		return nil
	}
	q := new(T)
	*q = *p
	return q
}

// CloneSlice returns a shallow copy of s on the heap, which may outlive the
// arena s came from. It makes one allocation of len(s) elements (none for
// an empty s); the copy's capacity is its length. CloneSlice(nil) returns nil.
func CloneSlice[S ~[]E, E any](s S) S {
	if s == nil {
		return nil
	}
	out := make(S, len(s))
	copy(out, s)
	return out
}

// noCopy makes go vet's copylocks check report an Arena copied by value:
// two copies would hand out the same memory twice.
type noCopy struct{}

func (*noCopy) Lock()   {}
func (*noCopy) Unlock() {}

// checkLenCap panics the way make does, so that both builds fail alike on
// a programming error.
func checkLenCap(length, capacity int) {
	if length < 0 || capacity < length {
		panic(fmt.Sprintf("arena: MakeSlice(len=%d, cap=%d): need 0 <= len <= cap", length, capacity))
	}
}

// grownCap is the capacity Append asks for when s must move: double (at
// least 4), or exactly enough if doubling is not.
func grownCap(oldCap, need int) int {
	return max(2*oldCap, need, 4)
}

// String returns a string holding a copy of b, allocated from a. It does
// not allocate except to start a new chunk. The string must not be used
// after a is freed or reset; copy it out with strings.Clone.
func String(a *Arena, b []byte) string {
	if len(b) == 0 {
		return ""
	}
	buf := MakeSlice[byte](a, len(b), len(b))
	copy(buf, b)
	return unsafe.String(&buf[0], len(buf))
}

// Append appends vals to s like the built-in append, but when s must grow
// the new backing array, of twice the capacity, comes from a. As with
// append, a grown result never shares memory with s; the old array stays
// in the region until Free or Reset. In the region allocator it does not
// allocate except to start a new chunk or for results larger than 256 KiB,
// which go to the heap.
func Append[T any](a *Arena, s []T, vals ...T) []T {
	need := len(s) + len(vals)
	if need <= cap(s) {
		return append(s, vals...)
	}
	out := MakeSlice[T](a, len(s), grownCap(cap(s), need))
	copy(out, s)
	return append(out, vals...)
}
