// Package gen has generic marked functions: the compiler decides on their
// bodies in the packages that instantiate them (genuser), not here.
package gen

// Box boxes v: an int instance allocates.
//
//squash:noalloc
func Box[T any](v T) any {
	return v // want `v escapes to heap`
}

// Same returns v: no instance allocates.
//
//squash:noalloc
func Same[T any](v T) T { return v }

// Stack is a generic type with a marked method.
type Stack[T any] struct{ items []T }

// Top returns the last item.
//
//squash:noalloc
func (s *Stack[T]) Top() T { return s.items[len(s.items)-1] }

// Unused is instantiated nowhere: it cannot be checked.
//
//squash:noalloc
func Unused[T any](v T) any { return v }

// Fill makes a buffer of a size known at run time, which does not escape
// in any instance: above 32 bytes it goes to the heap all the same, which
// the source shows whether anything instantiates Fill or not.
//
//squash:noalloc
func Fill[T any](v T, n int) int {
	buf := make([]byte, n) // want `does not escape`
	return len(buf)
}

// Pair is a generic type whose marked method, small enough to inline, the
// compiler also inlines into each instantiation's wrapper, whose records
// are at the method's declaration.
type Pair[T any] struct{ a, b *T }

// Clone copies the pair and its values: a, b and out go to the heap.
//
//squash:noalloc
func (p *Pair[T]) Clone() *Pair[T] {
	a := *p.a              // want `a escapes to heap`
	b := *p.b              // want `b escapes to heap`
	out := Pair[T]{&a, &b} // want `out escapes to heap`
	return &out
}
