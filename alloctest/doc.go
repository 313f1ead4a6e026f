// Package alloctest asserts in tests how often a function allocates, and
// says where it did when it allocates too often.
//
//	func TestDecodeDoesNotAllocate(t *testing.T) {
//		var d dec.Decoder
//		alloctest.AtMost(t, 0, func() { d.Decode(input) })
//	}
//
// AtMost counts with testing.AllocsPerRun. When the count is over, it runs
// the function again with every allocation recorded in the runtime's memory
// profile, keeps only the samples taken inside that function, and lists
// them by line of your code, the way `go tool pprof -alloc_objects -lines`
// would, with no profile file to read:
//
//	alloctest_test.go:21: f allocated 2 times per run, want at most 0; where (every allocation of 100 runs recorded):
//	    1 allocs/run     48 B/run  dec.go:14 example.com/m/dec.(*Decoder).Decode via strings.genSplit
//	    1 allocs/run     64 B/run  dec.go:15 example.com/m/dec.(*Decoder).Decode
//
// A line of your code is the deepest frame of the main module (the module
// whose tests run); "via" names the deepest frame outside the runtime when
// that is somewhere else, such as the standard library.
//
// The profile records what the runtime samples: tiny pointer-free objects
// (under 16 bytes) that share one 16-byte block are recorded once, so a
// line allocating them may show fewer allocs/run than AllocsPerRun counts.
//
// Like testing.AllocsPerRun, AtMost and Sites measure the whole process:
// do not call them from parallel tests. Sites sets runtime.MemProfileRate to
// 1 while it runs and restores it; it is not safe for concurrent use.
package alloctest
