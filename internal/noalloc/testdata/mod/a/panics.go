package a

import (
	"errors"
	"reflect"
)

// negError says a count is negative.
type negError struct{ n int }

func (e *negError) Error() string { return "negative count" }

// PanicValue panics with a new error: the value is made only when the
// function panics, as the argument of the panic.
//
//squash:noalloc
func PanicValue(n int) int {
	if n < 0 {
		panic(&negError{n})
	}
	return n * 2
}

// PanicBoxed panics with an int, boxed only when it panics, and with an
// error that errors.New, inlined here, makes in the panic's argument.
//
//squash:noalloc
func PanicBoxed(n int) int {
	if n < 0 {
		panic(n)
	}
	if n > 1<<20 {
		panic(errors.New("a: count too large"))
	}
	return n * 2
}

// PanicInlined calls reflect.Value.Int, inlined here with its
// panic(&ValueError{...}) when v is not an integer (mitchellh/mapstructure's
// isEmptyValue).
//
//squash:noalloc
func PanicInlined(v reflect.Value) bool {
	return v.Int() == 0
}

// PanicHeld makes its error before it knows that it will panic: the value
// is allocated on every call, though it escapes through the panic alone.
//
//squash:noalloc
func PanicHeld(n int) int {
	e := &negError{n} // want `&negError\{\.\.\.\} escapes to heap`
	if n < 0 {
		panic(e)
	}
	return n * 2
}
