// Package inl has one allocation whose fate depends on where it is inlined.
package inl

// T is a small struct.
type T struct{ a int }

var sink *T

// mk returns a new T: compiled on its own, &T escapes through the result.
func mk(a int) *T {
	return &T{a: a}
}

// Sum inlines mk; its T never leaves Sum, so it stays on the stack.
func Sum(n int) int {
	s := 0
	for i := range n {
		s += mk(i).a
	}
	return s
}

// Keep inlines mk too, but stores the T in a global: it escapes.
func Keep(n int) {
	sink = mk(n)
}
