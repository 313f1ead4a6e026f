package a

import (
	"fmt"
	"strings"
)

// A slice declared with var is nil until its first append. Where the code
// after the loop cannot tell nil from empty, the fix makes it with make;
// where it can, with slices.Grow, which leaves it nil when the count is 0.

// Kept with make: len, cap, range, index, append of elements and
// assignment see the same in a nil slice and an empty one.

func onlyLen(xs []int) int {
	var out []int // want `out grows once per iteration of a loop of len\(xs\) iterations`
	for _, x := range xs {
		out = append(out, x)
	}
	return len(out) + cap(out)
}

func rangedOver(xs []int) int {
	var out []int // want `out grows once per iteration of a loop of len\(xs\) iterations`
	for _, x := range xs {
		out = append(out, x*x)
	}
	total := 0
	for _, y := range out {
		total += y
	}
	return total
}

func indexed(xs []int) int {
	var out []int // want `out grows once per iteration of a loop of len\(xs\) iterations`
	for _, x := range xs {
		out = append(out, x)
	}
	if len(out) == 0 {
		return 0
	}
	out[0] = 1
	return out[len(out)-1]
}

func appendedTo(xs []int) []int {
	var out []int // want `out grows once per iteration of a loop of len\(xs\) iterations`
	for _, x := range xs {
		out = append(out, x)
	}
	more := append(out, 0, 1)
	return more
}

func reassigned(xs, ys []int) int {
	var out []int // want `out grows once per iteration of a loop of len\(xs\) iterations`
	for _, x := range xs {
		out = append(out, x)
	}
	n := len(out)
	out = ys
	out = append(out, n)
	return len(out)
}

func unusedAfter(xs []int) {
	var out []int // want `out grows once per iteration of a loop of len\(xs\) iterations`
	for _, x := range xs {
		out = append(out, x)
	}
}

// Made with slices.Grow: each of these can tell nil from empty.

func returned(xs []int) []int {
	var out []int // want `out grows once per iteration of a loop of len\(xs\) iterations`
	for _, x := range xs {
		out = append(out, x)
	}
	return out
}

func passed(xs []int) {
	var out []int // want `out grows once per iteration of a loop of len\(xs\) iterations`
	for _, x := range xs {
		out = append(out, x)
	}
	fmt.Println(out)
}

type result struct {
	IDs  []int
	Name string
}

// The shape of hashicorp/hcl's gohcl/schema.go, whose test compares the
// struct with reflect.DeepEqual against a nil field.
func inStruct(names []string) result {
	var ids []int // want `ids grows once per iteration of a loop of len\(names\) iterations`
	for _, n := range names {
		ids = append(ids, len(n))
	}
	return result{IDs: ids, Name: strings.Join(names, ",")}
}

func storedInField(xs []int, r *result) {
	var out []int // want `out grows once per iteration of a loop of len\(xs\) iterations`
	for _, x := range xs {
		out = append(out, x)
	}
	r.IDs = out
}

func inComposite(xs []int) [][]int {
	var out []int // want `out grows once per iteration of a loop of len\(xs\) iterations`
	for _, x := range xs {
		out = append(out, x)
	}
	return [][]int{out}
}

func sliced(xs []int) []int {
	var out []int // want `out grows once per iteration of a loop of len\(xs\) iterations`
	for _, x := range xs {
		out = append(out, x)
	}
	return out[:len(out)]
}

func captured(xs []int) func() int {
	var out []int // want `out grows once per iteration of a loop of len\(xs\) iterations`
	for _, x := range xs {
		out = append(out, x)
	}
	return func() int { return len(out) }
}

func addressed(xs []int) *[]int {
	var out []int // want `out grows once per iteration of a loop of len\(xs\) iterations`
	for _, x := range xs {
		out = append(out, x)
	}
	return &out
}

func converted(xs []float64) IDs {
	var out []int // want `out grows once per iteration of a loop of len\(xs\) iterations`
	for _, x := range xs {
		out = append(out, int(x))
	}
	return IDs(out)
}

func copiedToVar(xs []int) int {
	var out []int // want `out grows once per iteration of a loop of len\(xs\) iterations`
	for _, x := range xs {
		out = append(out, x)
	}
	kept := out
	return len(kept)
}

// append(out) and append(out, ys...) return out itself when nothing is
// added.
func appendedSpread(xs, ys []int) []int {
	var out []int // want `out grows once per iteration of a loop of len\(xs\) iterations`
	for _, x := range xs {
		out = append(out, x)
	}
	return append(out, ys...)
}

func appendedNothing(xs []int) []int {
	var out []int // want `out grows once per iteration of a loop of len\(xs\) iterations`
	for _, x := range xs {
		out = append(out, x)
	}
	return append(out)
}

// Compared with nil: Grow keeps the comparison's answer, as the count is 0
// exactly when the loop does not run.
func nilMeansNone(xs []int) ([]int, bool) {
	var out []int // want `out grows once per iteration of a loop of len\(xs\) iterations`
	for _, x := range xs {
		out = append(out, x)
	}
	return out, out != nil
}

// len after the loop is not the builtin.
func lenHiddenAfter(xs []int) int {
	var out []int // want `out grows once per iteration of a loop of len\(xs\) iterations`
	for _, x := range xs {
		out = append(out, x)
	}
	len := func(s []int) int {
		if s == nil {
			return -1
		}
		return 0
	}
	return len(out)
}

// The count is not an int, which Grow takes.
func unsignedCount(n uint16) []int {
	var out []int // want `out grows once per iteration of a loop of n iterations`
	for i := range n {
		out = append(out, int(i))
	}
	return out
}

// Kept with make: a slice made empty before the loop is not nil anyway.

func emptyReturned(xs []int) []int {
	out := []int{} // want `out grows once per iteration of a loop of len\(xs\) iterations`
	for _, x := range xs {
		out = append(out, x)
	}
	return out
}

func madeReturned(xs []int) []int {
	out := make([]int, 0) // want `out grows once per iteration of a loop of len\(xs\) iterations`
	for _, x := range xs {
		out = append(out, x)
	}
	return out
}

// Not offered: a local variable hides package slices where the fix would
// name it.
func slicesHidden(xs []int) []int {
	slices := "mine"
	_ = slices
	var out []int // want `out grows once per iteration of a loop of len\(xs\) iterations: make it with that capacity \(no fix offered: slices.Grow\[\[\]int\]\(nil, len\(xs\)\) keeps out nil when the loop does not run, but the name slices is taken here\)$`
	for _, x := range xs {
		out = append(out, x)
	}
	return out
}

// A loop that runs at least once leaves the slice non-nil: make. A local
// count once positive but assigned since may be 0: slices.Grow.

func positiveCount() []int {
	n := 16
	var out []int // want `out grows once per iteration of a loop of n iterations`
	for i := 0; i < n; i++ {
		out = append(out, i)
	}
	return out
}

func positiveThenAssigned(xs []int) []int {
	n := 16
	n = len(xs)
	var out []int // want `out grows once per iteration of a loop of n iterations`
	for i := 0; i < n; i++ {
		out = append(out, xs[i])
	}
	return out
}

// A conversion to a string, the spread argument of an append and the
// arguments of copy see no element in either (dustin/go-humanize's
// ftoa_test.go:64 returned string(rv), and was fixed with slices.Grow and
// an import of slices).

func runesToString(n int, r rune) string {
	var rv []rune // want `rv grows once per iteration of a loop of n iterations`
	for i := 0; i < n; i++ {
		rv = append(rv, r)
	}
	return string(rv)
}

type name string

func bytesToNamedString(xs []byte) name {
	var out []byte // want `out grows once per iteration of a loop of len\(xs\) iterations`
	for _, x := range xs {
		out = append(out, x+1)
	}
	return name(out)
}

func spreadInto(xs, ys []int) []int {
	var out []int // want `out grows once per iteration of a loop of len\(xs\) iterations`
	for _, x := range xs {
		out = append(out, x)
	}
	return append(ys, out...)
}

func copiedFrom(xs, dst []int) int {
	var out []int // want `out grows once per iteration of a loop of len\(xs\) iterations`
	for _, x := range xs {
		out = append(out, x)
	}
	return copy(dst, out)
}
