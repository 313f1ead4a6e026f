// Package arena batches many small allocations into regions that are
// released together.
//
// A parser, a request handler or a query planner often makes thousands of
// small objects that all die at the same moment. Allocating each one on the
// heap costs a malloc apiece and, worse, hands the garbage collector a
// graph of objects to mark again and again. An Arena hands them out of a few
// large chunks instead: allocation is a pointer bump, and the whole region
// goes away at once with [Arena.Free] or is recycled with [Arena.Reset].
//
// One API, two builds:
//
//   - In an ordinary build the region allocator is squash's own. Objects of
//     type T come from typed chunks ([]T), so the garbage collector scans
//     them like any other slice: a pointer stored inside an arena object
//     keeps its target alive, exactly as it would on the heap. Chunk sizes
//     grow geometrically from 4 KiB to 1 MiB; a request larger than
//     256 KiB is an ordinary heap allocation that the arena does not track.
//   - Built with GOEXPERIMENT=arenas (build tag goexperiment.arenas), the same
//     functions are thin wrappers over the runtime's experimental arena
//     package, which frees memory without waiting for the collector.
//
// Because Go has no generic methods, allocation is spelled as package
// functions taking the arena: [New], [MakeSlice], [Append] and [String].
// [Clone] and [CloneSlice] copy a value out to the heap so that it may
// outlive the region.
//
// An Arena is not safe for concurrent use: give each goroutine its own.
// Nothing allocated from an arena may be used after [Arena.Free] or
// [Arena.Reset]; that is the caller's promise, as with the runtime's arenas.
// In the ordinary build breaking it does not corrupt memory (Free leaves
// objects to the collector, Reset zeroes and reuses them) but it does make
// the program read values that belong to someone else.
package arena
