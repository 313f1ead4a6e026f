//go:build goexperiment.arenas

package arena

import goarena "arena"

// Arena is a region of memory from which [New], [MakeSlice], [Append] and
// [String] allocate. In this build (GOEXPERIMENT=arenas) it wraps the
// runtime's arena.Arena, made on first use. The zero value is an empty
// arena ready to use; an Arena must not be copied after first use.
//
// An Arena is not safe for concurrent use by multiple goroutines.
type Arena struct {
	_  noCopy
	ra *goarena.Arena
}

// runtime returns a's runtime arena, making it on first use after Free:
// three small heap allocations.
func (a *Arena) runtime() *goarena.Arena {
	if a.ra == nil {
		a.ra = goarena.NewArena()
	}
	return a.ra
}

// Free returns the region's memory to the runtime at once, without waiting
// for the garbage collector. The caller promises not to use anything
// allocated from a: in this build doing so may fault. a is empty and usable
// again afterwards (a new runtime arena is made on the next allocation).
// Free does not allocate.
//
// The runtime keeps the last, partly used 8 MiB chunk of a freed arena for
// the next arena to fill, and the collector still scans it: heap values that
// objects in it pointed to stay alive until that chunk is used up.
func (a *Arena) Free() {
	if a.ra != nil {
		a.ra.Free()
		a.ra = nil
	}
}

// Reset makes a empty so that the same work can run again; the caller
// promises that nothing allocated from a is still in use. The runtime's
// arenas cannot be rewound, so in this build Reset is [Arena.Free]: the
// runtime reuses the freed memory, the last chunk at once and the others
// after a garbage collection has found nothing pointing into them.
func (a *Arena) Reset() {
	a.Free()
}

// New returns a pointer to a new zero T allocated from a, by the runtime's
// arena.New. It allocates from the heap only when the runtime's arena needs
// a new chunk or T is too large for one.
func New[T any](a *Arena) *T {
	return goarena.New[T](a.runtime())
}

// MakeSlice returns a zeroed []T of the given length and capacity allocated
// from a by the runtime's arena.MakeSlice, like make([]T, length, capacity).
// Appending beyond its capacity with the built-in append moves it to the
// heap; use [Append] to stay in the arena. It panics, as make does, unless
// 0 <= length <= capacity.
func MakeSlice[T any](a *Arena, length, capacity int) []T {
	checkLenCap(length, capacity)
	if capacity == 0 {
		return []T{}
	}
	return goarena.MakeSlice[T](a.runtime(), length, capacity)
}
