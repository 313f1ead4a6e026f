package a

type user struct{ ID int }

type IDs []int

// Reported.

func rangeSlice(users []user) []int {
	var ids []int // want `ids grows once per iteration of a loop of len\(users\) iterations`
	for _, u := range users {
		ids = append(ids, u.ID)
	}
	return ids
}

func rangeMap(m map[string]int) []string {
	keys := []string{} // want `keys grows once per iteration of a loop of len\(m\) iterations`
	for k := range m {
		keys = append(keys, k)
	}
	return keys
}

func rangeInt(n int) []int {
	sq := make([]int, 0) // want `sq grows once per iteration of a loop of n iterations`
	for i := range n {
		sq = append(sq, i*i)
	}
	return sq
}

func countedFor(xs []float64) IDs {
	var out IDs // want `out grows once per iteration of a loop of len\(xs\) iterations`
	for i := 0; i < len(xs); i++ {
		out = append(out, int(xs[i]))
	}
	return out
}

func rangeArray(a [8]byte) []int {
	var out []int // want `out grows once per iteration of a loop of len\(a\) iterations`
	for _, b := range a {
		x := int(b)
		out = append(out, x)
		_ = x
	}
	return out
}

func declaredEarlier(load func() []user) []int {
	var ids []int // want `ids grows once per iteration of a loop of len\(users\) iterations`
	users := load()
	for _, u := range users {
		ids = append(ids, u.ID)
	}
	return ids
}

func nestedSwitchBreak(xs []int) []int {
	var out []int // want `out grows once per iteration of a loop of len\(xs\) iterations`
	for _, x := range xs {
		switch {
		case x > 0:
			break // leaves the switch only
		}
		out = append(out, x)
	}
	return out
}

func windows(data []byte) []int {
	var out []int // want `out grows once per iteration of a loop of len\(data\) - 3 iterations`
	for i := 0; i < len(data)-3; i++ {
		out = append(out, int(data[i]))
	}
	return out
}

func countedParam(n int) []int {
	var out []int // want `out grows once per iteration of a loop of n iterations`
	for i := 0; i < n; i++ {
		out = append(out, i)
	}
	return out
}

func countedLocalLen(xs []int) []int {
	n := len(xs)
	var out []int // want `out grows once per iteration of a loop of n iterations`
	for i := 0; i < n; i++ {
		out = append(out, xs[i])
	}
	return out
}

func countedSum(xs, ys []int) []int {
	var out []int // want `out grows once per iteration of a loop of len\(xs\) \+ len\(ys\) iterations`
	for i := 0; i < len(xs)+len(ys); i++ {
		out = append(out, i)
	}
	return out
}

func rangeUnsigned(n uint16) []int {
	var out []int // want `out grows once per iteration of a loop of n iterations`
	for i := range n {
		out = append(out, int(i))
	}
	return out
}

func rangeConstant() []int {
	var out []int // want `out grows once per iteration of a loop of 8 iterations`
	for i := range 8 {
		out = append(out, i)
	}
	return out
}

func commentBetween(get func() []int) []int {
	var out []int // want `out grows once per iteration of a loop of len\(items\) iterations`
	// items come from get.
	items := get()
	// Copy them.
	for _, it := range items {
		out = append(out, it)
	}
	return out
}

func commentAround(get func() []int) []int {
	// out is the result.
	var out []int // want `out grows once per iteration of a loop of len\(items\) iterations`

	items := get() // from get
	for _, it := range items {
		out = append(out, it)
	}
	return out
}

func emptyComparedWithNil(xs []int) bool {
	out := []int{} // want `out grows once per iteration of a loop of len\(xs\) iterations`
	for _, x := range xs {
		out = append(out, x)
	}
	return out == nil
}

// Not reported.

func conditional(xs []int) []int {
	var out []int
	for _, x := range xs {
		if x > 0 {
			out = append(out, x)
		}
	}
	return out
}

func skipWithContinue(xs []int) []int {
	var out []int
	for _, x := range xs {
		if x < 0 {
			continue
		}
		out = append(out, x)
	}
	return out
}

func earlyBreak(xs []int) []int {
	var out []int
	for _, x := range xs {
		out = append(out, x)
		if x == 0 {
			break
		}
	}
	return out
}

func earlyReturn(xs []int) ([]int, error) {
	var out []int
	for _, x := range xs {
		if x < 0 {
			return nil, nil
		}
		out = append(out, x)
	}
	return out, nil
}

func withGoto(xs []int) []int {
	var out []int
	for _, x := range xs {
		if x < 0 {
			goto done
		}
		out = append(out, x)
	}
done:
	return out
}

func withPanic(xs []int) []int {
	var out []int
	for _, x := range xs {
		if x < 0 {
			panic("negative")
		}
		out = append(out, x)
	}
	return out
}

func usedInBetween(xs []int) []int {
	var out []int
	out = append(out, -1)
	for _, x := range xs {
		out = append(out, x)
	}
	return out
}

func reassignedInLoop(xs []int) []int {
	var out []int
	for _, x := range xs {
		out = append(out, x)
		if len(out) > 10 {
			out = out[1:]
		}
	}
	return out
}

func twoAppends(xs []int) []int {
	var out []int
	for _, x := range xs {
		out = append(out, x)
		out = append(out, -x)
	}
	return out
}

func spread(xss [][]int) []int {
	var out []int
	for _, xs := range xss {
		out = append(out, xs...)
	}
	return out
}

func rangeString(s string) []rune {
	var out []rune
	for _, r := range s {
		out = append(out, r)
	}
	return out
}

func rangeChannel(ch chan int) []int {
	var out []int
	for x := range ch {
		out = append(out, x)
	}
	return out
}

func counterChanged(xs []int) []int {
	var out []int
	n := len(xs)
	for i := 0; i < n; i++ {
		out = append(out, xs[i])
		n--
	}
	return out
}

func alreadySized(xs []int) []int {
	out := make([]int, 0, len(xs))
	for _, x := range xs {
		out = append(out, x)
	}
	return out
}

func inClosure(xs []int) []int {
	var out []int
	for _, x := range xs {
		func() { out = append(out, x) }()
	}
	return out
}

func labelledContinue(xss [][]int) []int {
	var out []int
outer:
	for _, xs := range xss {
		for _, x := range xs {
			if x < 0 {
				continue outer
			}
		}
		out = append(out, len(xs))
	}
	return out
}

func negativeConstant() []int {
	var out []int
	for i := range -1 {
		out = append(out, i)
	}
	return out
}

func commentsBoth(get func() []int) []int {
	// out collects
	// the items.
	var out []int // want `out grows once per iteration of a loop of len\(items\) iterations`
	items := get()

	// Copy them,
	// one by one.
	for _, it := range items {
		out = append(out, it)
	}
	return out
}

func blockComment(get func() []int) []int {
	/* out is the result. */
	var out []int // want `out grows once per iteration of a loop of len\(items\) iterations`
	items := get()
	for _, it := range items {
		out = append(out, it)
	}
	return out
}

// Not reported: the fix would write len and make, which the code hides.

func lenShadowed(xs []int, len int) []int {
	var out []int
	for _, x := range xs {
		out = append(out, x+len)
	}
	return out
}

func makeShadowed(xs []int) []int {
	make := 1
	var out []int
	for _, x := range xs {
		out = append(out, x+make)
	}
	return out
}

type item int

// Not reported: a local declared between the slice and its loop hides the
// element type that the moved declaration would name.
func typeHidden(xs []int) []item {
	var out []item
	item := 0
	_ = item
	for range xs {
		out = append(out, 0)
	}
	return out
}

func blockComments(get func() []int) []int {
	/*
		out is the result,
		one per item.
	*/
	var out []int // want `out grows once per iteration of a loop of len\(items\) iterations`
	items := get()
	for _, it := range items {
		out = append(out, it)
	}
	return out
}

// A range over a slice expression of operands without side effects runs
// len of that expression times, which the capacity reads again.
func rangeSliced(args []string, lo int) []string {
	out := []string{} // want `out grows once per iteration of a loop of len\(args\[1:\]\) iterations`
	for _, a := range args[1:] {
		out = append(out, a+"!")
	}
	keep := make([]string, 0) // want `keep grows once per iteration of a loop of len\(args\[lo : lo\+2 : len\(args\)\]\) iterations`
	for _, a := range args[lo : lo+2 : len(args)] {
		keep = append(keep, a)
	}
	return append(out, keep...)
}

// Not reported: a bound of the slice expression has a side effect.
func rangeSlicedCall(args []string, next func() int) []string {
	var out []string
	for _, a := range args[next():] {
		out = append(out, a)
	}
	return out
}

// A loop that counts down from m to 0 runs m+1 times, m evaluated once,
// before it starts: nothing the body does changes that.
func countedDown(xs []int, n int) []int {
	out := []int{} // want `out grows once per iteration of a loop of len\(xs\) iterations`
	for i := len(xs) - 1; i >= 0; i-- {
		out = append(out, xs[i])
		xs = xs[:i]
	}
	rest := []int{} // want `rest grows once per iteration of a loop of n \+ 1 iterations`
	for k := n; 0 <= k; k-- {
		rest = append(rest, k)
	}
	ten := []int{} // want `ten grows once per iteration of a loop of 10 iterations`
	for k := 9; k >= 0; k-- {
		ten = append(ten, k)
	}
	return append(append(out, rest...), ten...)
}

// Not reported: an unsigned counter is never below 0, and a counter that
// the body assigns, or that starts below -1, does not count m+1.
func countedDownNot(xs []int, u uint) []int {
	out := []int{}
	for i := u; i >= 0; i-- {
		out = append(out, int(i))
	}
	skip := []int{}
	for i := len(xs) - 1; i >= 0; i-- {
		skip = append(skip, xs[i])
		i--
	}
	never := []int{}
	for i := -2; i >= 0; i-- {
		never = append(never, i)
	}
	return append(append(out, skip...), never...)
}

// A slice of a type parameter whose constraint makes it a slice of one
// element type is made as any other.
func generic[T any, S ~[]T](xs S) S {
	var out S // want `out grows once per iteration of a loop of len\(xs\) iterations`
	for _, x := range xs {
		out = append(out, x)
	}
	return out
}

type raw []byte

type byteSlices interface{ []byte | raw }

func genericUnion[B byteSlices](xs []int) B {
	out := B{} // want `out grows once per iteration of a loop of len\(xs\) iterations`
	for _, x := range xs {
		out = append(out, byte(x))
	}
	return out
}

// Not reported: moved down to the loop, the declaration would stand between
// the goto and its label, which does not compile.
func gotoOver(xs []int) []int {
	var out []int
	if len(xs) > 10 {
		goto End
	}
	xs = xs[:1]
	for _, x := range xs {
		out = append(out, x)
	}
End:
	return out
}

// A goto back to a label before the declaration does not jump over it.
func gotoBack(xs []int) []int {
	n := 0
Again:
	n++
	var out []int // want `out grows once per iteration of a loop of len\(xs\) iterations`
	if n < 2 {
		goto Again
	}
	for _, x := range xs {
		out = append(out, x)
	}
	return out
}
