//go:build purego

package binenc

import "reflect"

// sizeOf returns the size of one T in bytes.
func sizeOf[T Number]() int {
	return int(reflect.TypeFor[T]().Size())
}

// view reports that without unsafe a []T cannot be seen as bytes: every
// caller then encodes value by value.
func view[T Number](s []T) ([]byte, bool) {
	return nil, false
}
