package a

import "testing"

// newHelper is a test helper marked like any function: the test build
// compiles it, and it is checked.
//
//squash:noalloc
func newHelper() *T {
	return &T{a: 1} // want `&T\{\.\.\.\} escapes to heap`
}

// sizedHelper holds a conversion that does not escape.
//
//squash:noalloc
func sizedHelper(b []byte) int {
	s := string(b) // want `string\(b\), which does not escape, goes to the heap above 32 bytes`
	return len(s) + int(s[0])
}

func TestHelpers(t *testing.T) {
	psink = newHelper()
	_ = sizedHelper([]byte("x"))
}
