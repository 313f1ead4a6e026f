// Package tags has marked functions in files that build constraints
// choose between, as a package with an assembly fast path and a pure Go
// fallback does.
package tags

// Sum is in every build, and allocates nothing.
//
//squash:noalloc
func Sum(xs []int) int {
	n := 0
	for _, x := range xs {
		n += x
	}
	return n
}
