package a

// Declarations filled by the same loop keep their order in the fixed code,
// whichever of them moves and in whatever order the fixes are merged (go
// vet merges them in the order they are reported, analysistest in the
// order of their messages: the names here sort the other way).

type keyTest struct{ in, out string }

// golang.org/x/text collate/collate_test.go: keys2 stands right before the
// loop and stays where it is; keys1, with only keys2 in between, does not
// move either.
func twoInPlace(keyTests []keyTest) ([][]byte, [][]byte) {
	keys1 := [][]byte{} // want `keys1 grows once per iteration of a loop of len\(keyTests\) iterations`
	keys2 := [][]byte{} // want `keys2 grows once per iteration of a loop of len\(keyTests\) iterations`
	for _, k := range keyTests {
		keys1 = append(keys1, []byte(k.in))
		keys2 = append(keys2, []byte(k.out))
	}
	return keys1, keys2
}

func threeInPlace(xs []int) ([]int, []int, []int) {
	zs := []int{} // want `zs grows once per iteration of a loop of len\(xs\) iterations`
	ms := []int{} // want `ms grows once per iteration of a loop of len\(xs\) iterations`
	as := []int{} // want `as grows once per iteration of a loop of len\(xs\) iterations`
	for _, x := range xs {
		zs = append(zs, x)
		ms = append(ms, x+1)
		as = append(as, x+2)
	}
	return zs, ms, as
}

// Both move down past f(), to just before the loop, in their order.
func twoMoved(xs []int, f func()) ([]int, []int) {
	zs := []int{} // want `zs grows once per iteration of a loop of len\(xs\) iterations`
	as := []int{} // want `as grows once per iteration of a loop of len\(xs\) iterations`
	f()
	for _, x := range xs {
		zs = append(zs, x)
		as = append(as, x+1)
	}
	return zs, as
}

func threeMoved(xs []int, f func()) ([]int, []int, []int) {
	zs := []int{} // want `zs grows once per iteration of a loop of len\(xs\) iterations`
	ms := []int{} // want `ms grows once per iteration of a loop of len\(xs\) iterations`
	as := []int{} // want `as grows once per iteration of a loop of len\(xs\) iterations`
	f()
	for _, x := range xs {
		zs = append(zs, x)
		ms = append(ms, x+1)
		as = append(as, x+2)
	}
	return zs, ms, as
}

// zs moves down past f(), to just above as, which stays.
func oneMovedOneInPlace(xs []int, f func()) ([]int, []int) {
	zs := []int{} // want `zs grows once per iteration of a loop of len\(xs\) iterations`
	f()
	as := []int{} // want `as grows once per iteration of a loop of len\(xs\) iterations`
	for _, x := range xs {
		zs = append(zs, x)
		as = append(as, x+1)
	}
	return zs, as
}

// With comments above them and after them, and one above the loop.
func commented(xs []int, f func()) ([]int, []int) {
	// zs holds the first.
	zs := []int{} // want `zs grows once per iteration of a loop of len\(xs\) iterations`
	// as holds the second.
	as := []int{} // want `as grows once per iteration of a loop of len\(xs\) iterations`
	f()

	// Fill both.
	for _, x := range xs {
		zs = append(zs, x)
		as = append(as, x+1)
	}
	return zs, as
}

// The var form, kept nil with slices.Grow, moves the same way.
func nilKept(xs []int, f func()) ([]int, []int) {
	var zs []int // want `zs grows once per iteration of a loop of len\(xs\) iterations`
	var as []int // want `as grows once per iteration of a loop of len\(xs\) iterations`
	f()
	for _, x := range xs {
		zs = append(zs, x)
		as = append(as, x+1)
	}
	return zs, as
}

// n is declared between zs and the loop, with nothing to evaluate, but the
// loop's count reads it: zs goes below it.
func countDeclaredBetween(f func()) []int {
	zs := []int{} // want `zs grows once per iteration of a loop of n iterations`
	f()
	n := 10
	for i := 0; i < n; i++ {
		zs = append(zs, i)
	}
	return zs
}

// The mutex is not the loop's: zs goes below it, as before.
func otherDeclBetween(xs []int, f func()) []int {
	zs := []int{} // want `zs grows once per iteration of a loop of len\(xs\) iterations`
	f()
	var unrelated struct{ n int }
	for _, x := range xs {
		zs = append(zs, x)
	}
	return append(zs, unrelated.n)
}
