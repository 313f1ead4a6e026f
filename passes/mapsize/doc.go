// Package mapsize defines an Analyzer that reports maps filled once per
// iteration of a loop whose length is known before it starts.
//
// # Analyzer mapsize
//
// mapsize: size a map filled once per loop iteration
//
// A map made empty grows as it is filled, rehashing into new tables several
// times. When it gets one entry per iteration of a loop whose length is
// known before the loop starts, make it with that size:
//
//	byID := map[int]*User{}
//	for _, u := range users {
//		byID[u.ID] = u
//	}
//
// becomes
//
//	byID := make(map[int]*User, len(users))
//	for _, u := range users {
//		byID[u.ID] = u
//	}
//
// The same conditions as prealloc's apply: a loop over a slice, array, map or
// integer, or the result of a call, which the fix holds in a variable just
// before the loop as prealloc's does, or a counted for loop, one
// unconditional store per iteration, no
// early exit, no other use of the map in the loop or before it, len and
// make not declared by the code in place of the builtins, and no goto that
// the declaration, moved down to the loop, would stand in the way of.
// Duplicate keys only make the hint generous.
//
// Other statements, loops among them, may stand between the map and its
// loop if none of them mentions the map: the fix moves the declaration down
// to the loop, where the size is read just as the loop reads its length.
// It is not moved past a label that a goto from the loop or below jumps
// back to: the map would be made again, emptied, on each jump. As with
// prealloc, it goes above declarations of the loop's other variables that
// evaluate nothing (ids := []int{}) right before the loop, or stays where it
// is when only those stand between, and several maps moved down to one
// loop keep their order, as prealloc says. Where the loop ranges over a
// call and fills several slices and maps, the fix of the one declared first
// holds the call's result, and the others' wait for the next round of
// squash lint -fix, which then sizes them by the same variable.
package mapsize
