// Package noalloc checks functions marked //squash:noalloc against the
// compiler's escape analysis: such a function fails when the compiler
// reports anything in it escaping to the heap or moved to the heap, its
// parameters, receiver and named results included (recorded at their
// names), and what callees inlined into it allocate. Functions in _test.go
// files, of the package or its external test package, are checked from the
// test build.
//
// Mark a function by a line of its doc comment:
//
//	// Sum adds the fields of r.
//	//
//	//squash:noalloc
//	func Sum(r *Record) int { ... }
//
// Check builds the marked packages with the compiler's JSON diagnostics
// (-gcflags=-json=0,DIR), a structured record per escape decision, and never
// reads the -m text. That text is what regex-based tools such as gcassert
// match, and its wording moves between Go releases: on Go 1.26 a variable
// the compiler moves to the heap is printed as "moved to heap: x" and
// explained as "x escapes to heap in F:", so a check for lines ending in
// "escapes to heap:" passes it.
//
// A generic function, or a method of a generic type, is decided on where it
// is instantiated: Check builds every package the patterns name, with
// their tests, and reads the decisions on the function's body from all of
// them (one instance compiled on its own, or copies inlined into callers).
// One that none of them instantiates cannot be checked: Result.Unchecked
// lists it.
//
// The files read are those the go command builds, as GOOS, GOARCH and the
// tags in GOFLAGS choose them; a marked function in a file left out of the
// build is listed in Result.Unbuilt.
//
// What it cannot see: allocations inside a callee that is not inlined
// (fmt.Sprint's own buffer, for instance), and run-time allocations of values
// the compiler keeps off the heap only when they are small (make with a
// length not known at compile time, append growing a local slice). Guard
// those with a benchmark budget or alloctest.
package noalloc
