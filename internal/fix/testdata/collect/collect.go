// Package collect is a module for squash fix's tests: its functions
// allocate as their slices grow, in loops that may end early.
package collect

// Collect returns the items of xs before the first negative one; nil if
// there are none.
func Collect(xs []int) []int {
	var out []int
	for _, x := range xs {
		if x < 0 {
			break
		}
		out = append(out, x)
	}
	return out
}

// Count counts the items of xs before the first negative one, keeping
// them in a slice as it goes.
func Count(xs []int) int {
	var seen []int
	for _, x := range xs {
		if x < 0 {
			break
		}
		seen = append(seen, x)
	}
	return len(seen)
}
