package report

import (
	"math"
	"testing"
)

// TestCurveDraw: memory is on a log scale, so a point at twice the memory
// of the first is halfway to one at four times; shares rise upward from
// the bottom; every point lies inside the axes.
func TestCurveDraw(t *testing.T) {
	c := &Curve{Knee: 1, Points: []CurvePoint{{Label: "a", X: 16, Y: 0.3}, {Label: "b", X: 32, Y: 0.1}, {Label: "c", X: 64, Y: 0}}}
	c.Draw()
	a, b, z := c.Points[0], c.Points[1], c.Points[2]
	if mid := (a.CX + z.CX) / 2; math.Abs(b.CX-mid) > 0.01 {
		t.Errorf("x of 32 is %.2f, want %.2f, halfway between 16 and 64 on a log scale", b.CX, mid)
	}
	if !(a.CY < b.CY && b.CY < z.CY) || z.CY != c.Bottom {
		t.Errorf("y of 30%%, 10%%, 0%%: %.1f, %.1f, %.1f; want rising shares drawn higher, 0 on the axis at %.1f", a.CY, b.CY, z.CY, c.Bottom)
	}
	for _, p := range c.Points {
		if p.CX < c.Left || p.CX > c.Right || p.CY < c.Top || p.CY > c.Bottom {
			t.Errorf("%s at (%.1f, %.1f), outside the axes", p.Label, p.CX, p.CY)
		}
	}
	if !b.Knee || a.Knee || z.Knee {
		t.Error("the knee is not the second point alone")
	}
	if len(c.XTicks) != 3 || c.XTicks[0].Text != "16" {
		t.Errorf("x ticks %+v, want 16, 32, 64", c.XTicks)
	}
}
