//go:build !goexperiment.arenas

package arena

import "unsafe"

// Arena is a region of memory from which [New], [MakeSlice], [Append] and
// [String] allocate. The zero value is an empty arena ready to use; an
// Arena must not be copied after first use.
//
// An Arena is not safe for concurrent use by multiple goroutines.
type Arena struct {
	_     noCopy
	last  any       // the *slab[T] used most recently: New in a loop hits it
	slabs []slabber // one per element type, in order of first use
}

// slabber is what the arena needs of a slab without knowing its type.
type slabber interface {
	reset()
}

// Free drops every chunk of the region. Objects allocated from a are no
// longer tracked by it: the garbage collector reclaims them as soon as
// nothing points in, so Free is safe even if a stray pointer survives (the
// object then simply stays alive, and so does the chunk around it). The
// caller promises not to use them.
// a is empty and usable again afterwards. Free does not allocate.
func (a *Arena) Free() {
	clear(a.slabs)
	a.slabs = a.slabs[:0]
	a.last = nil
}

// Reset zeroes every object allocated from a and keeps the chunks, so that
// the next allocations reuse them without asking the heap. It is the fast
// way to run the same work again; the caller promises that nothing
// allocated from a is still in use, because it will be handed out again.
// Reset does not allocate; it costs a memclr of the memory used so far.
func (a *Arena) Reset() {
	for _, s := range a.slabs {
		s.reset()
	}
}

// slab hands out values of one type from typed chunks. Because the chunks
// are []T, the collector scans them with T's pointer map.
type slab[T any] struct {
	chunks [][]T // every chunk, oldest first; kept across Reset
	next   int   // index in chunks of the next chunk to use
	free   []T   // unused tail of chunks[next-1]
	size   int   // elements of the next chunk to allocate
}

func (s *slab[T]) reset() {
	if s.next == 0 {
		return
	}
	for _, c := range s.chunks[:s.next-1] {
		clear(c)
	}
	cur := s.chunks[s.next-1]
	clear(cur[:len(cur)-len(s.free)])
	s.next = 0
	s.free = nil
}

// elemSize is the size of T, counting zero-size types as 1 byte so that
// chunk arithmetic never divides by zero.
func elemSize[T any]() uintptr {
	var zero T
	return max(unsafe.Sizeof(zero), 1)
}

// refill makes s.free hold at least n elements: the next kept chunk that is
// big enough, or a new one.
func (s *slab[T]) refill(n int) {
	for s.next < len(s.chunks) {
		c := s.chunks[s.next]
		s.next++
		if len(c) >= n {
			s.free = c
			return
		}
	}
	size := elemSize[T]()
	if s.size == 0 {
		s.size = max(int(minChunkBytes/size), 1)
	}
	c := make([]T, max(s.size, n))
	s.size = min(2*s.size, max(int(maxChunkBytes/size), 1))
	s.chunks = append(s.chunks, c)
	s.next = len(s.chunks)
	s.free = c
}

// slabOf finds a's slab for T, making it on first use. The common case, the
// same type as last time, is one type assertion.
func slabOf[T any](a *Arena) *slab[T] {
	if s, ok := a.last.(*slab[T]); ok {
		return s
	}
	for _, x := range a.slabs {
		if s, ok := x.(*slab[T]); ok {
			a.last = s
			return s
		}
	}
	s := new(slab[T])
	a.slabs = append(a.slabs, s)
	a.last = s
	return s
}

// New returns a pointer to a new zero T allocated from a. It does not
// allocate except when the current chunk for T is used up: then it makes
// one chunk (4 KiB, doubling up to 1 MiB) for the many Ts that follow. A T
// larger than 256 KiB comes from the heap and is not tracked by a.
func New[T any](a *Arena) *T {
	// The fast path is small enough to inline: same type as last time and
	// room in its chunk.
	if s, ok := a.last.(*slab[T]); ok {
		if f := s.free; len(f) > 0 {
			s.free = f[1:]
			return &f[0]
		}
	}
	return newSlow[T](a)
}

func newSlow[T any](a *Arena) *T {
	if elemSize[T]() > largeBytes {
		return new(T) // never reaches a slab, so the fast path never sees T
	}
	s := slabOf[T](a)
	if len(s.free) == 0 {
		s.refill(1)
	}
	p := &s.free[0]
	s.free = s.free[1:]
	return p
}

// MakeSlice returns a zeroed []T of the given length and capacity allocated
// from a, like make([]T, length, capacity). Appending beyond its capacity
// with the built-in append moves it to the heap; use [Append] to stay in the
// arena. It does not allocate except to start a new chunk; a slice larger
// than 256 KiB comes from the heap. It panics, as make does, unless
// 0 <= length <= capacity.
func MakeSlice[T any](a *Arena, length, capacity int) []T {
	checkLenCap(length, capacity)
	if capacity == 0 {
		return []T{}
	}
	if uintptr(capacity) > largeBytes/elemSize[T]() {
		return make([]T, length, capacity)
	}
	s := slabOf[T](a)
	if len(s.free) < capacity {
		s.refill(capacity)
	}
	out := s.free[:length:capacity]
	s.free = s.free[capacity:]
	return out
}
