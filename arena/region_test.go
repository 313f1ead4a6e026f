//go:build !goexperiment.arenas

package arena_test

// retireReusedChunk does nothing in this build: Free drops every chunk.
func retireReusedChunk() {}
