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

// Field boxes a struct field: the compiler prints it as it does r.M, and
// the types tell them apart.
//
//squash:noalloc
func Field(r R) {
	sink = r.n // want `^r\.n escapes to heap$`
}

// RuneRange ranges over a []rune conversion, which goes to the heap above
// 32 runes (testing.AllocsPerRun: 1 for 100 runes).
//
//squash:noalloc
func RuneRange(s string) int {
	n := 0
	for _, r := range []rune(s) { // want `^\[\]rune\(s\), which does not escape, goes to the heap above 32 runes$`
		n += int(r)
	}
	return n
}

// RuneCount counts runes in place (runtime.countrunes): it allocates
// nothing (testing.AllocsPerRun: 0 for 100 runes).
//
//squash:noalloc
func RuneCount(s string) int {
	return len([]rune(s))
}

//go:noinline
func keepAll(vs ...any) { sink = vs[0] }

// Variadic boxes n into a ...any argument, as fmt's functions take theirs.
//
//squash:noalloc
func Variadic(n int) {
	keepAll(n) // want `^n escapes to heap$`
}
