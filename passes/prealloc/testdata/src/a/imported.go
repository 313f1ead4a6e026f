package a

import "slices"

// The file imports slices already: the fix uses it.
func sortedCopy(xs []int) []int {
	var out []int // want `out grows once per iteration of a loop of len\(xs\) iterations`
	for _, x := range xs {
		out = append(out, x)
	}
	slices.Sort(out)
	return out
}
