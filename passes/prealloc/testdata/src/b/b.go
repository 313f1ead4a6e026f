package b

// max shadows the builtin: a count that may be negative cannot be wrapped
// in max(0, n), so it is not reported; a length still is.
func max(a, b int) int {
	if a > b {
		return a
	}
	return b
}

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
