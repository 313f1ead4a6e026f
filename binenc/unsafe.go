//go:build !purego

package binenc

import "unsafe"

// This is the only file that uses package unsafe; purego.go replaces it in
// builds with the tag purego.

// sizeOf returns the size of one T in bytes, a constant in each instance.
func sizeOf[T Number]() int {
	var zero T
	return int(unsafe.Sizeof(zero))
}

// view returns the memory of s as bytes: its encoding in the host's order.
// Numbers have no padding and every bit pattern is a valid number, so
// writing through the view is as safe as writing through s.
func view[T Number](s []T) ([]byte, bool) {
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), len(s)*sizeOf[T]()), true
}
