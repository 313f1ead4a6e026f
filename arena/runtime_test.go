//go:build goexperiment.arenas

package arena_test

import "github.com/squashgo/squash/arena"

// retireReusedChunk makes the runtime let go of the last chunk of a freed
// arena. The runtime hands that partly used chunk to the next arena instead
// of faulting it, so until it is full the collector still scans it and what
// it points to stays alive. Filling it from a fresh arena and freeing that
// retires it.
func retireReusedChunk() {
	var a arena.Arena
	for range 16 {
		arena.MakeSlice[byte](&a, 1<<20, 1<<20)
	}
	a.Free()
}
