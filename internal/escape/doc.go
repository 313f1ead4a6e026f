// Package escape reads the compiler's own account of why values live on the
// heap: the structured diagnostics that `-gcflags=-json=0,DIR` writes.
//
// The compiler writes one file of JSON lines per source file, under a
// directory per package: a header naming the file, then one LSP Diagnostic
// per decision, with 1-based lines and columns. A Record is one of them:
// "escape" (a value escapes to the heap, or a variable is moved there),
// "leak" (a parameter's content flows out of its function), and the inlining
// notes. An escape record's related information holds the flow the escape
// analysis followed ("escflow:" lines) and, when the allocation comes from a
// function inlined into the one being compiled, "inlineLoc" frames: the
// record sits at the call in the caller, and its frames point into the callee.
// An Index finds records by either position.
//
// What the records do not say, the types of the code do: ReadTypes marks the
// records of values that are not allocated after all (Record.Free), those the
// tiny allocator packs, and the names the compiler gives inlined results.
// A Store says what the types tell of a line whose text cannot tell how it
// allocates; internal/mechanism puts that in words.
//
// The records name a copy of a line inlined elsewhere only where something
// in it escapes. CompileCopies reads the others from the DWARF of the test
// binary: each a Copy, the calls the line was inlined through.
//
// The package never parses the -m text, whose wording changes between Go
// releases.
package escape
