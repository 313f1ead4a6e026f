// Package prealloc defines an Analyzer that reports slices grown by append
// once per iteration of a loop whose length is known before it starts.
//
// # Analyzer prealloc
//
// prealloc: preallocate a slice appended to once per loop iteration
//
// A slice that starts empty and is appended to once per iteration of a loop
// grows about log2(n) times, copying what it holds each time. When the
// number of iterations is known before the loop starts, one make with that
// capacity replaces all the growth:
//
//	var ids []int
//	for _, u := range users {
//		ids = append(ids, u.ID)
//	}
//
// becomes
//
//	ids := make([]int, 0, len(users))
//	for _, u := range users {
//		ids = append(ids, u.ID)
//	}
//
// The analyzer uses type information and reports only what it can prove:
// the loop ranges over a slice, array, map or integer (a slice expression
// such as args[1:] included, and a type parameter S ~[]T), or counts
// `for i := 0; i < n; i++` (or from a typed zero, such as uint(0) or
// int64(0); from a constant c, n - c times: n for `x := 1; x < n+1`, and
// len(xs) - 1 for `i := 1; i < len(xs)`, where n cannot be negative nor
// unsigned, so that n - c cannot wrap around; `i <= n` one more time: n + 1
// from 0, len(xs) for `i := 1; i <= len(xs)`) with n that nothing can
// change while the loop runs (not assigned in the body, its address not taken, not assigned by a
// closure; and if n reads a field, an element, a pointer, a package-level
// variable or a map's length, a body that calls no function and stores only
// to local variables), or counts down, `for i := len(xs) - 1; i >= 0; i--`,
// len(xs) times (m+1 times from any m, which the loop evaluates once, with
// a signed i that the body does not assign); every iteration
// appends exactly one element, at the top level of the body; the loop has no
// return, break, continue, goto or panic that could skip the append; the
// slice is not used between its declaration and the loop nor elsewhere in
// the loop; and the length can be evaluated again without side effects. A
// range over a string is not reported: it counts runes, not bytes.
//
// A range over the result of a call is reported too: the fix holds the
// result in a variable declared just before the loop, where the range
// statement evaluated it once all the same, and sizes the slice by its
// length:
//
//	var out []string
//	for _, line := range wrap(text) {
//		out = append(out, "> "+line)
//	}
//
// becomes
//
//	lines := wrap(text)
//	out := slices.Grow[[]string](nil, len(lines))
//	for _, line := range lines {
//		out = append(out, "> "+line)
//	}
//
// The variable is named for the loop's values (line: lines), else for the
// function (wrap), whichever no declaration in scope has; with neither
// free, the loop is not reported. Nor is a range over a conversion,
// []byte(s), which may read the string without a copy, nor one over
// strings.Split, Fields and the like (or bytes') that uses no index, which
// modernize's stringsseq turns into a range over an iterator that allocates
// no slice at all (Go 1.24 and later). Where the loop fills several slices
// and maps, the fix of the one declared first holds the result, and the
// others' wait for the next round of squash lint -fix.
//
// A count that may be negative, such as n or len(data)-3, only means that
// the loop does not run, but make and slices.Grow panic on a negative
// capacity: the fix makes the slice with max(0, n). Where the builtin max
// is not available (before Go 1.21, or hidden by a declaration of max) such
// a loop is reported without a fix, as the slice grows all the same, and
// the message says why. A count that is len or cap of something, a
// constant, unsigned (or such a value converted to an integer type no
// narrower, int(m) of a uint m), or a local variable set to such a value and not
// assigned since is used as it is (converted with int for slices.Grow, if
// of another type). Nor
// is a loop reported where the code declares len or make itself, hiding the
// builtins that the fix writes, or where the fix, moving the declaration
// down to the loop, would put it between a goto and its label.
//
// Other statements, loops among them, may stand between the slice and its
// loop if none of them mentions the slice: the fix moves the declaration
// down to the loop, where the capacity is read just as the loop reads its
// length. It is not moved past a label that a goto from the loop or below
// jumps back to: the slice would be made again, emptied, on each jump.
// Declarations of other variables of the loop that evaluate nothing
// (keys2 := [][]byte{}, var b strings.Builder) need not be passed: the
// declaration goes above those right before the loop, and stays where it is
// when only those stand between. Several declarations moved down to one
// loop keep their order (under go vet always; under drivers that merge
// fixes in another order, as many as the blank space before the loop has
// places for: see loops.insertion).
//
// A slice declared with var is nil until its first append, and one made
// with make is empty but not nil: when the loop runs zero times, s == nil,
// reflect.DeepEqual and json.Marshal (null, not []) tell them apart. The
// fix keeps that: where the code after the loop uses the slice only as the
// operand of len, cap, a conversion to a string or a range statement,
// indexed, assigned to, as the first argument of an append that adds
// elements, the spread argument of an append or an argument of copy, it
// makes the slice with make as above; where it uses it otherwise (returns it, passes it to
// a call, stores it, slices it, takes its address, converts it, uses it in
// a function literal), with slices.Grow, which returns nil for a count of 0
// and one allocation of at least that capacity otherwise:
//
//	var ids []int
//	for _, u := range users {
//		ids = append(ids, u.ID)
//	}
//	return ids
//
// becomes
//
//	ids := slices.Grow[[]int](nil, len(users))
//	for _, u := range users {
//		ids = append(ids, u.ID)
//	}
//	return ids
//
// The fix adds import "slices" to a file without it, and uses the name a
// file imports slices under. It is not offered, and the message says why,
// before Go 1.21 (which added package slices) or where that name is taken
// where the fix would write it (by a local variable, say). A slice made
// with []T{} or make([]T, 0), not nil to begin with, is made with make.
// A slice of a type parameter whose types are all slices of one element
// type (S ~[]T, or []byte | raw) is made as one of a slice type is: make(S,
// 0, n), or slices.Grow[S](nil, n).
// A var slice compared with nil after the loop gets slices.Grow too: as
// every iteration appends, the count is 0 exactly when the loop does not
// run, so s == nil answers as before. A loop that runs at least once (a
// constant count above zero, a local variable set to one and not assigned
// since, a range over a non-empty array) leaves the slice non-nil whatever
// follows: it is made with make, which needs no Go 1.21.
package prealloc
