package b

// max shadows the builtin: a count that may be negative cannot be wrapped
// in max(0, n), so such a loop is reported without a fix, and the message
// says why; a length is fixed as ever.
func max(a, b int) int {
	if a > b {
		return a
	}
	return b
}

func countedParam(n int) []int {
	var out []int // want `out grows once per iteration of a loop of n iterations: make it with that capacity \(no fix offered: n may be negative, and the builtin max that would keep the capacity from going negative is hidden here by a declaration of max\)$`
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
