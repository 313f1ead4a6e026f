// Package prealloc holds the benchmarks of the preallocation articles:
// appending to a slice that grows versus one made with its final capacity,
// appending bytes one at a time versus as a whole slice, reusing a slice
// across iterations, and reusing buffers through a sync.Pool (done right:
// the pool holds pointers, so Put does not box a slice header).
//
// The functions live here, not in the tests, so that a report blames lines
// of prealloc.go:
//
//	go run ./cmd/squash ./examples/prealloc
//
// pool_test.go adds the same reuse done with squash's pool package.
package prealloc
