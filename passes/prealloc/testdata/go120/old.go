// Package old is a module at Go 1.20, before the builtin max and package
// slices: a count that may be negative cannot be wrapped in max(0, n), so
// such a loop is reported without a fix, and the message says why; a
// length is fixed as ever. A slice that must stay nil when the loop does
// not run cannot be made with slices.Grow: it is reported without a fix;
// one that need not is fixed with make.
package old

func countedParam(n int) []int {
	var out []int // want `out grows once per iteration of a loop of n iterations: make it with that capacity \(no fix offered: n may be negative, and the builtin max that would keep the capacity from going negative needs Go 1.21, and this file is go1.20\)$`
	for i := 0; i < n; i++ {
		out = append(out, i)
	}
	return out
}

func rangeSlice(xs []int) []int {
	var out []int // want `out grows once per iteration of a loop of len\(xs\) iterations: make it with that capacity \(no fix offered: slices.Grow\[\[\]int\]\(nil, len\(xs\)\) keeps out nil when the loop does not run, but package slices needs Go 1.21 and this file is go1.20\)$`
	for _, x := range xs {
		out = append(out, x)
	}
	return out
}

func rangeSliceLen(xs []int) int {
	var out []int // want `out grows once per iteration of a loop of len\(xs\) iterations: make it with that capacity$`
	for _, x := range xs {
		out = append(out, x)
	}
	return len(out)
}

func madeEmpty(xs []int) []int {
	out := []int{} // want `out grows once per iteration of a loop of len\(xs\) - 1 iterations: make it with that capacity \(no fix offered: len\(xs\) - 1 may be negative, and the builtin max that would keep the capacity from going negative needs Go 1.21, and this file is go1.20\)$`
	for i := 0; i < len(xs)-1; i++ {
		out = append(out, xs[i+1]-xs[i])
	}
	return out
}

// A count that cannot be negative needs no max: fixed.
func nonNegative(xs []int) []int {
	n := len(xs)
	out := []int{} // want `out grows once per iteration of a loop of n iterations: make it with that capacity$`
	for i := 0; i < n; i++ {
		out = append(out, xs[i])
	}
	return out
}

// A loop that runs at least once leaves the slice non-nil, whatever the
// code after it does: fixed with make (buger/jsonparser, a module at
// go1.13, had its parser_error_test.go:65, a loop of 128 iterations,
// reported without a fix, as if slices.Grow were needed to keep it nil).
func constantCount() []string {
	var keys []string // want `keys grows once per iteration of a loop of 128 iterations: make it with that capacity$`
	for i := 0; i < 128; i++ {
		keys = append(keys, "k")
	}
	return keys
}

func positiveLocal() []string {
	depth := 64
	var keys []string // want `keys grows once per iteration of a loop of depth iterations: make it with that capacity$`
	for i := 0; i < depth; i++ {
		keys = append(keys, "a")
	}
	return keys
}

func countedDownFrom(xs []int) []int {
	n := len(xs)
	var out []int // want `out grows once per iteration of a loop of n \+ 1 iterations: make it with that capacity$`
	for i := n; i >= 0; i-- {
		out = append(out, i)
	}
	return out
}

func array(a [4]int) []int {
	var out []int // want `out grows once per iteration of a loop of len\(a\) iterations: make it with that capacity$`
	for _, x := range a {
		out = append(out, x)
	}
	return out
}

// Not fixed: a local once positive but assigned since, an empty array.
func reassignedLocal(xs []int) []int {
	depth := 64
	depth = len(xs)
	var out []int // want `out grows once per iteration of a loop of depth iterations: make it with that capacity \(no fix offered: depth may be negative`
	for i := 0; i < depth; i++ {
		out = append(out, i)
	}
	return out
}

func emptyArray(a [0]int) []int {
	var out []int // want `out grows once per iteration of a loop of len\(a\) iterations: make it with that capacity \(no fix offered: slices.Grow`
	for _, x := range a {
		out = append(out, x)
	}
	return out
}
