package a

import sl "slices"

// The file imports slices as sl: the fix uses that name.
func renamedImport(xs []int) []int {
	var out []int // want `out grows once per iteration of a loop of len\(xs\) iterations`
	for _, x := range xs {
		out = append(out, x)
	}
	return sl.Clip(out)
}

// Not offered: a local variable hides the name slices is imported under.
func renamedHidden(xs []int) []int {
	sl := 0
	_ = sl
	var out []int // want `out grows once per iteration of a loop of len\(xs\) iterations: make it with that capacity \(no fix offered: slices.Grow\[\[\]int\]\(nil, len\(xs\)\) keeps out nil when the loop does not run, but the name sl is taken here\)$`
	for _, x := range xs {
		out = append(out, x)
	}
	return out
}
