package a

// Not reported: the bound of a counted loop changes while it runs, by a
// closure, through an address, a method, a call that writes a global, or a
// store to where the bound reads (from helper-2's runs: a prealloc fix of
// such a loop made a slice of a million elements where four were used).

func firstN(n int, src []int) []int {
	pos := 0
	next := func() int {
		v := src[pos]
		pos++
		if pos == len(src) {
			n = 0
		}
		return v
	}
	var out []int
	for i := 0; i < n; i++ {
		out = append(out, next())
	}
	return out
}

func addressTaken(n int) []int {
	p := &n
	var out []int
	for i := 0; i < n; i++ {
		out = append(out, i)
		*p = 0
	}
	return out
}

type queue struct {
	items []int
	n     int
}

func (q *queue) push(v int) { q.items = append(q.items, v) }
func (q *queue) shrink()    { q.n-- }

func (q *queue) drain(adj map[int][]int) []int {
	var order []int
	for i := 0; i < len(q.items); i++ {
		order = append(order, q.items[i])
		for _, w := range adj[q.items[i]] {
			q.push(w)
		}
	}
	return order
}

func (q *queue) field() []int {
	var out []int
	for i := 0; i < q.n; i++ {
		out = append(out, i)
		q.shrink()
	}
	return out
}

func throughPointer(q *queue, p *int) []int {
	var out []int
	for i := 0; i < q.n; i++ {
		out = append(out, i)
		*p = 0
	}
	return out
}

var limit = 10

func lower() { limit = 0 }

func global() []int {
	var out []int
	for i := 0; i < limit; i++ {
		out = append(out, i)
		lower()
	}
	return out
}

func mapLen(m map[int]bool) []int {
	var out []int
	for i := 0; i < len(m); i++ {
		out = append(out, i)
		delete(m, i)
	}
	return out
}

// Reported: the bound reads memory, but the body only appends to a local
// slice; and a local bound that a closure only reads.

func (q *queue) copyItems() []int {
	var out []int // want `out grows once per iteration of a loop of len\(q.items\) iterations`
	for i := 0; i < len(q.items); i++ {
		out = append(out, q.items[i]*2)
	}
	return out
}

func readOnlyClosure(n int) []int {
	double := func(v int) int { return v * n }
	var out []int // want `out grows once per iteration of a loop of n iterations`
	for i := 0; i < n; i++ {
		out = append(out, double(i))
	}
	return out
}

// Not reported: a channel's length falls with each receive; an element the
// bound reads can be overwritten by an append to a slice sharing its array.

func drainChan(ch chan int) []int {
	var out []int
	for i := 0; i < len(ch); i++ {
		out = append(out, <-ch)
	}
	return out
}

func sharedArray(p []int) []int {
	q := p[:0]
	var out []int
	for i := 0; i < p[0]; i++ {
		out = append(out, i)
		q = append(q, 0)
	}
	return out
}

// Reported: a bound declared inside the function literal that runs the
// loop, as a test's t.Run or a goroutine declares it, is that literal's
// own local, which no other closure writes (RoaringBitmap/roaring's
// arraycontainer_test.go:168 was missed); not reported: one that a
// closure nested in the literal writes.

func inLiteral(frac float64) func(n int) []uint16 {
	return func(n int) []uint16 {
		draw := int(float64(n) * frac)
		var a []uint16 // want `a grows once per iteration of a loop of draw iterations`
		for i := 0; i < draw; i++ {
			a = append(a, uint16(i))
		}
		return a
	}
}

func inLiteralWrittenByNested(src []int) func() []int {
	return func() []int {
		n := len(src)
		shrink := func() { n-- }
		var out []int
		for i := 0; i < n; i++ {
			out = append(out, src[i])
			shrink()
		}
		return out
	}
}

// A counted loop from a constant start c counts n - c: X for n = X + c
// (sergi/go-diff's diff_test.go:336, for x := 1; x < n+1; x++, was
// missed), n - c where n is len or another signed count that cannot be
// negative. Not reported: n - c of an n that may be negative, which could
// wrap around.

func fromOne(xs []int) []int {
	var out []int // want `out grows once per iteration of a loop of len\(xs\) - 1 iterations`
	for i := 1; i < len(xs); i++ {
		out = append(out, xs[i]-xs[i-1])
	}
	return out
}

func fromOneToNPlusOne(n int) []int {
	var out []int // want `out grows once per iteration of a loop of n iterations`
	for x := 1; x < n+1; x++ {
		out = append(out, x)
	}
	return out
}

func fromTwoConstant() []int {
	var out []int // want `out grows once per iteration of a loop of 8 iterations`
	for i := 2; i < 10; i++ {
		out = append(out, i)
	}
	return out
}

func fromOneMayBeNegative(n int) []int {
	var out []int
	for i := 1; i < n; i++ {
		out = append(out, i)
	}
	return out
}

func fromPastTheEnd() []int {
	var out []int
	for i := 10; i < 10; i++ {
		out = append(out, i)
	}
	return out
}

// A loop up to n inclusive, i <= n, runs n - c + 1 times from c: n + 1
// from 0 (len(xs) for n = len(xs) - 1), n from 1, a constant's value.
// Not reported: one of a constant bound below its start, which never runs.

func inclusiveFromZero(n int) int {
	var out []int // want `out grows once per iteration of a loop of n \+ 1 iterations`
	for i := 0; i <= n; i++ {
		out = append(out, i)
	}
	return len(out)
}

func inclusiveToLast(xs []int) int {
	var out []int // want `out grows once per iteration of a loop of len\(xs\) iterations`
	for i := 0; i <= len(xs)-1; i++ {
		out = append(out, xs[i])
	}
	return len(out)
}

func inclusiveFromOne(xs []int) int {
	var out []int // want `out grows once per iteration of a loop of len\(xs\) iterations`
	for i := 1; i <= len(xs); i++ {
		out = append(out, xs[i-1])
	}
	return len(out)
}

func inclusiveFromTwo(xs []int) int {
	var out []int // want `out grows once per iteration of a loop of len\(xs\) - 1 iterations`
	for i := 2; i <= len(xs); i++ {
		out = append(out, xs[i-1])
	}
	return len(out)
}

func inclusiveConstant() int {
	var out []int // want `out grows once per iteration of a loop of 9 iterations`
	for i := 2; i <= 10; i++ {
		out = append(out, i)
	}
	return len(out)
}

func inclusiveNever() int {
	var out []int
	for i := 0; i <= -2; i++ {
		out = append(out, i)
	}
	return len(out)
}

// A conversion to a type no narrower keeps a count that is not negative
// so: int(m) of an unsigned m needs no max(0, …); int8(m) of a uint32 m
// may wrap below zero, and does.

func convertedUnsigned(m uint32, u uint) int {
	n := int(m)
	var out []int // want `out grows once per iteration of a loop of n iterations`
	for i := 0; i < n; i++ {
		out = append(out, i)
	}
	k := int(u)
	var all []uint // want `all grows once per iteration of a loop of k iterations`
	for i := 0; i < k; i++ {
		all = append(all, u)
	}
	return len(out) + len(all)
}

func convertedNarrower(m uint32) int {
	k := int8(m)
	var out []int // want `out grows once per iteration of a loop of k iterations`
	for i := int8(0); i < k; i++ {
		out = append(out, int(i))
	}
	return len(out)
}
