// Package hot has a call that only profile-guided optimisation inlines.
package hot

// A Point is small enough to live on its caller's stack.
type Point struct{ X, Y, Z int }

// newPoint returns a pointer to a new Point. Its body costs a little more
// than the inliner's budget of 80, so without a profile it is not inlined,
// and the Point escapes to the heap through its result. A profile that
// shows the call in Sum hot raises the budget of that call, and the Point
// stays on Sum's stack.
func newPoint(a, b int) *Point {
	p := &Point{X: a, Y: b}
	for i := 0; i < 3; i++ {
		p.Z += a*i - b
		if p.Z > 1000 {
			p.Z -= 1000
		}
		if p.Z < -1000 {
			p.Z += 1000
		}
	}
	if a > b {
		p.X, p.Y = p.Y, p.X
	}
	if p.X%7 == 3 {
		p.Y += a ^ b
	}
	if p.Y%5 == 1 {
		p.X -= b &^ a
	}
	return p
}

// Sum adds up the points of n calls of newPoint. It is never inlined, so
// that the hot call is the one in its own body: inlined into the
// benchmark, its copy of the call would be another, not hot.
//
//go:noinline
func Sum(n int) int {
	s := 0
	for i := range n {
		p := newPoint(i, n-i)
		s += p.X + p.Y + p.Z
	}
	return s
}

// A Shape has an area.
type Shape interface{ Area() int }

// A Square is a Shape. Of 16 bytes, it is not one of the tiny values
// that the runtime packs into shared blocks, which a profile counts once a
// block.
type Square struct{ Side, Unit int }

// Area returns the square's area.
func (s Square) Area() int { return s.Side * s.Side * s.Unit }

// scaled calls a method of s, which the escape analysis cannot follow
// through an interface: s leaks, and a value converted to a Shape to call
// it escapes. Its cost is just over the budget; inlined at a call that
// passes a Square, the call of Area is a call of Square.Area, and the
// Square stays on the caller's stack.
func scaled(s Shape, k int) int {
	a := s.Area()
	for i := 0; i < 3; i++ {
		a += k*i - a/7
		if a > 1000 {
			a -= 1000
		}
	}
	if a%7 == 3 {
		a += k ^ 5
	}
	return a
}

// Areas adds up the scaled areas of n squares. It is never inlined, for
// the reason Sum is not.
//
//go:noinline
func Areas(n int) int {
	t := 0
	for i := range n {
		t += scaled(Square{i, 1}, i)
	}
	return t
}
