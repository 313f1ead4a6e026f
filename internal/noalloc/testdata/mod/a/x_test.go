package a_test

import (
	"testing"

	"example.com/noalloc/a"
)

var xsink any

// box is in the external test package.
//
//squash:noalloc
func box(n int) {
	xsink = n // want `n escapes to heap`
}

func TestBox(t *testing.T) {
	box(1000)
	_ = a.T{}
}
