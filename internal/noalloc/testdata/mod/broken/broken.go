// Package broken does not compile.
package broken

// F returns the wrong type.
//
//squash:noalloc
func F() int {
	return "not an int"
}
