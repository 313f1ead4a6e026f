// Package old is a module at Go 1.20, before the builtin max: a count that
// may be negative cannot be wrapped in max(0, n), so it is not reported; a
// length still is.
package old

func countedParam(n int) []int {
	var out []int
	for i := 0; i < n; i++ {
		out = append(out, i)
	}
	return out
}

func rangeSlice(xs []int) []int {
	var out []int // want `out grows once per iteration of a loop of len\(xs\) iterations`
	for _, x := range xs {
		out = append(out, x)
	}
	return out
}
