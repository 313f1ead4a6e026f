// Package collect is a module for squash fix's tests: its one function
// allocates as its slice grows, in a loop that may end early.
package collect

// Collect returns the items of xs before the first negative one.
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
