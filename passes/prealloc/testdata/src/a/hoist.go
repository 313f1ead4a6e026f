package a

import "strings"

// Reported: a loop over the result of a call, whose length is known once
// the call returns. The fix holds the result in a variable declared just
// before the loop, named for the loop's values (x: xs), else for the
// function, so that the call runs once, where it ran before.

func sideEffects(next func() []int) []int {
	var out []int // want `out grows once per iteration of a loop of len\(next\(\)\) iterations: make it with that capacity, the call's result held in a variable`
	for _, x := range next() {
		out = append(out, x)
	}
	return out
}

func repeatedFields(s string) int {
	words := []string{} // want `words grows once per iteration of a loop of len\(strings.Fields\(…\)\) iterations`
	for i, f := range strings.Fields(s) {
		words = append(words, strings.Repeat(f, i))
	}
	return len(words)
}

func quoted(s string) []string {
	lines := []string{} // want `lines grows once per iteration of a loop of len\(strings.SplitAfter\(…\)\) iterations`
	for i, line := range strings.SplitAfter(s, "\n") {
		lines = append(lines, strings.Repeat(">", i)+line)
	}
	return lines
}

func loadedAfterLog(load func() []int, log func(string)) int {
	// doubled holds twice each value.
	var doubled []int // want `doubled grows once per iteration of a loop of len\(load\(\)\) iterations`
	log("loading")
	for _, v := range load() {
		doubled = append(doubled, v*2)
	}
	return len(doubled)
}

// Two slices filled by one loop over a call: the first's fix holds the
// result, and the second's waits for the next round of -fix, as made again
// it would hold the result twice.
func pair(next func() []int) (int, int) {
	var evens []int // want `evens grows once per iteration of a loop of len\(next\(\)\) iterations: make it with that capacity, the call's result held in a variable$`
	var odds []int  // want `odds grows .* \(no fix offered yet: evens's, which the loop fills too, holds the result first; squash lint -fix makes this one after it\)`
	for _, x := range next() {
		evens = append(evens, 2*x)
		odds = append(odds, 2*x+1)
	}
	return len(evens), len(odds)
}

// The first's finding silenced by //squash:ignore, it makes no fix, and
// the second's holds the result (mitchellh/mapstructure's dataValKeys,
// silenced, left dataValKeysUnused's fix unmade); the map's too, as
// mapsize and prealloc wait on each other's declarations.
func pairIgnored(next func() []int) (int, int, int) {
	seen := map[int]bool{} //squash:ignore mapsize the caller adds to it
	//squash:ignore prealloc a few, appended to later
	var evens []int // want `evens grows once per iteration .*held in a variable$`
	var odds []int  // want `odds grows once per iteration of a loop of len\(next\(\)\) iterations: make it with that capacity, the call's result held in a variable$`
	for _, x := range next() {
		seen[x] = true
		evens = append(evens, 2*x)
		odds = append(odds, 2*x+1)
	}
	return len(seen), len(evens), len(odds)
}

// Not reported: a range over strings.Split, Fields and the like that uses
// no index, which modernize's stringsseq turns into a range over an
// iterator that allocates no slice at all; over a conversion, which may
// share the string's bytes where a variable would copy them; over a call
// of another type; and where both names are taken.

func upperFields(s string) int {
	var words []string
	for _, f := range strings.Fields(s) {
		words = append(words, strings.ToUpper(f))
	}
	return len(words)
}

func rangesConversion(s string) int {
	var out []byte
	for _, b := range []byte(s) {
		out = append(out, b+1)
	}
	return len(out)
}

func counted(count func() int) int {
	var out []int
	for i := range count() {
		out = append(out, i)
	}
	return len(out)
}

func namesTaken(next func() []int, xs []int) []int {
	var out []int
	for _, x := range next() {
		out = append(out, x)
	}
	return append(out, xs...)
}
