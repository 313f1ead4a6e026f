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
