package a

// Reported: statements that do not use the slice stand between it and its
// loop, loops among them. The fix moves the declaration down to the loop,
// where the capacity is read just as the loop reads its length, so what
// those statements do to the length does not matter.

type field struct {
	Name string
	ID   int
}

// The shape of hashicorp/hcl's json/structure.go: ids's loop comes after
// names's.
func namesAndIDs(fields []field) ([]string, []int) {
	var names []string // want `names grows once per iteration of a loop of len\(fields\) iterations`
	var ids []int      // want `ids grows once per iteration of a loop of len\(fields\) iterations`
	for _, f := range fields {
		names = append(names, f.Name)
	}
	for _, f := range fields {
		ids = append(ids, f.ID)
	}
	return names, ids
}

// Both declarations at the top of the block move down to the loop, and the
// blank line under them goes too: none is left under the brace.
func pairAtTop(xs []int, log func(string)) ([]int, []string) {
	ints := []int{}    // want `ints grows once per iteration of a loop of len\(xs\) iterations`
	strs := []string{} // want `strs grows once per iteration of a loop of len\(xs\) iterations`

	log("copying")
	for _, x := range xs {
		ints = append(ints, x)
		strs = append(strs, "x")
	}
	return ints, strs
}

func several(xs []int, log func(string)) ([]int, int) {
	var out []int // want `out grows once per iteration of a loop of len\(xs\) iterations`
	total := 0
	log("copying")
	for _, x := range xs {
		total += x
	}
	if total > 100 {
		log("large")
	}
	for _, x := range xs {
		out = append(out, x)
	}
	return out, total
}

func errorBetween(load func() ([]int, error)) ([]int, error) {
	var out []int // want `out grows once per iteration of a loop of len\(xs\) iterations`
	xs, err := load()
	if err != nil {
		return nil, err
	}
	for _, x := range xs {
		out = append(out, x)
	}
	return out, nil
}

func boundChanged(xs []int) []int {
	var out []int // want `out grows once per iteration of a loop of len\(xs\) iterations`
	xs = xs[1:]
	for _, x := range xs {
		out = append(out, x)
	}
	return out
}

func pushedBetween(q *queue) []int {
	var out []int // want `out grows once per iteration of a loop of len\(q.items\) iterations`
	q.push(0)
	for _, x := range q.items {
		out = append(out, x)
	}
	return out
}

// n is len(xs) where it is defined, but the loop in between may make it
// negative: the capacity is kept from going below zero.
func loopChangesCount(xs []int) []int {
	n := len(xs)
	var out []int // want `out grows once per iteration of a loop of n iterations`
	for range 3 {
		n--
	}
	for i := range n {
		out = append(out, xs[i])
	}
	return out
}

// Not reported: a statement in between uses the slice.

func addressBetween(xs []int) []int {
	var out []int
	p := &out
	for _, x := range xs {
		out = append(out, x)
	}
	return *p
}

func closedOverBetween(xs []int) []int {
	var out []int
	add := func(x int) { out = append(out, x) }
	for _, x := range xs {
		out = append(out, x)
	}
	add(0)
	return out
}

func loopReadsBetween(xs, ys []int) []int {
	var out []int
	for range ys {
		if len(out) > 0 {
			break
		}
	}
	for _, x := range xs {
		out = append(out, x)
	}
	return out
}

func loopAppendsBetween(xs, ys []int) []int {
	var out []int
	for _, y := range ys {
		if y > 0 {
			out = append(out, y)
		}
	}
	for _, x := range xs {
		out = append(out, x)
	}
	return out
}

// Not reported: moved down to the loop, the declaration would run again on
// each jump back to a label between it and the loop, and the slice would
// keep only the last pass's elements.
func gotoBackOver(xs []int) []int {
	var out []int
	pass := 0
Again:
	pass++
	for _, x := range xs {
		out = append(out, x+pass)
	}
	if pass < 2 {
		goto Again
	}
	return out
}
