package a

// R has a method to take the value of.
type R struct{ n int }

func (r R) M() int { return r.n }

var fsink func() int

// MethodValue stores a method value: the compiler prints it as r.M, and
// what it allocates is the closure, not a boxed r.
//
//squash:noalloc
func MethodValue(r R) {
	fsink = r.M // want `^r\.M escapes to heap$`
}

//go:noinline
func keep(v any) { sink = v }

// Passed boxes n into a call's parameter of interface type.
//
//squash:noalloc
func Passed(n int) {
	keep(n) // want `^n escapes to heap$`
}

// Captures stores a func literal that captures n.
//
//squash:noalloc
func Captures(n int) {
	fsink = func() int { return n } // want `^func literal escapes to heap$`
}
