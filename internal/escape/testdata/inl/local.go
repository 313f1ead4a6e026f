package inl

// Count makes a slice that never leaves it, of a size known only at run
// time: the compiler writes no escape record for it, and the slice is on
// the heap when it needs more than 32 bytes.
func Count(n int) int {
	seen := make([]bool, n)
	c := 0
	for i := range seen {
		if i%3 == 0 {
			seen[i] = true
			c++
		}
	}
	return c
}

// Flags is a slice whose name does not say so.
type Flags []bool

// Set is a map whose name does not say so.
type Set map[int]bool

// CountNamed makes the same slice by its named type, and a map: the types
// tell which is which, not the text.
func CountNamed(n int) int {
	seen := make(Flags, n)
	set := make(Set, n)
	for i := range seen {
		set[i] = i%3 == 0
	}
	return len(set)
}

// Shape is an interface that parseSquare's result goes into.
type Shape interface{ Area() float64 }

// Square is a Shape.
type Square struct{ Side float64 }

// Area is Side squared.
func (s Square) Area() float64 { return s.Side * s.Side }

//go:noinline
func parseSquare(side float64) (Square, error) { return Square{side}, nil }

var shapeSink Shape

// Assign converts a call's first result to an interface: the compiler
// holds it in a temporary, .autotmp_N, and reports that escaping.
func Assign(side float64) error {
	var g Shape
	var err error
	g, err = parseSquare(side)
	shapeSink = g
	return err
}
