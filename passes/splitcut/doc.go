// Package splitcut defines an Analyzer that reports strings.Split whose
// result is only ranged over, and rewrites the loop with strings.Cut.
//
// # Analyzer splitcut
//
// splitcut: range over strings.Cut instead of a slice from strings.Split
//
// strings.Split allocates a slice of every part before the loop reads the
// first one. Where the slice is only ranged over, strings.Cut hands out
// the parts one at a time and allocates nothing:
//
//	for _, tok := range strings.Split(s, " ") {
//		use(tok)
//	}
//
// becomes
//
//	for rest, more := s, true; more; {
//		var tok string
//		tok, rest, more = strings.Cut(rest, " ")
//		use(tok)
//	}
//
// The loop visits the same parts in the same order, an empty s included.
// It is reported where the separator is a non-empty constant and the loop
// does not use the index. A slice held in a variable is rewritten too,
// where the loop right after its declaration is its only use.
//
// squash lint does not run it: the loop it writes is longer than the one it
// replaces, which pays only where a profile shows the Split. squash fix
// tries it where a benchmark's allocations are, and keeps it where the
// benchmarks show that it helps.
package splitcut
