package a

import "context"

// errKind is a kind of error.
type errKind string

func (e errKind) Error() string { return string(e) }

// Unallocated boxes values that the compiler says escape, and that are not
// allocated all the same: a constant of a named type, a literal of
// constants, a boolean, and values of size zero (context.Background's too).
//
//squash:noalloc
func Unallocated(n int) error {
	sink = T{1, 2}
	sink = n > 3
	sink = struct{}{}
	sink = context.Background()
	if n < 0 {
		return errKind("negative")
	}
	return nil
}

// Allocated boxes a literal that is not all constants.
//
//squash:noalloc
func Allocated(n int) {
	sink = T{n, 2} // want `T\{\.\.\.\} escapes to heap`
}
