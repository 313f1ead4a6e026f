package a

import "strings"

// Two builders written by one loop: the Grow calls come in the builders'
// order, whatever order the fixes are merged in (go vet merges them in the
// order they are reported, analysistest in the order of their messages:
// the names here sort the other way).
func twoBuilders(ids []rune) (string, string) {
	var z strings.Builder
	var a strings.Builder
	for _, id := range ids { // want `z grows as this loop of len\(ids\) iterations writes up to 4 bytes each` `a grows as this loop of len\(ids\) iterations writes up to 1 byte each`
		z.WriteRune(id)
		a.WriteByte('x')
	}
	return z.String(), a.String()
}

// Under the loop's comment, with a statement in between.
func commented(ids []rune, f func()) (string, string) {
	var z strings.Builder
	var a strings.Builder
	f()
	// Write both.
	for _, id := range ids { // want `z grows as this loop of len\(ids\) iterations writes up to 4 bytes each` `a grows as this loop of len\(ids\) iterations writes up to 1 byte each`
		z.WriteRune(id)
		a.WriteByte('x')
	}
	return z.String(), a.String()
}
