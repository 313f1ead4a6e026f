// Package c declares slices itself: the fix that would import package
// slices is not offered, the one with make still is.
package c

func slices() {}

func returned(xs []int) []int {
	var out []int // want `out grows once per iteration of a loop of len\(xs\) iterations: make it with that capacity \(no fix offered: .* but the name slices is taken here\)$`
	for _, x := range xs {
		out = append(out, x)
	}
	slices()
	return out
}

func counted(xs []int) int {
	var out []int // want `out grows once per iteration of a loop of len\(xs\) iterations: make it with that capacity$`
	for _, x := range xs {
		out = append(out, x)
	}
	return len(out)
}
