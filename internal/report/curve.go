package report

import (
	"fmt"
	"math"
)

// A Curve is a line of points to draw as inline SVG: one point per
// setting of some knob, a figure of cost against a figure of resource.
// The page draws it with the template "curve", which PageTemplate holds.
type Curve struct {
	Label  string // what the curve shows, for readers of the page that cannot see it
	XLabel string // "peak RSS (MiB, log scale)"
	YLabel string // "GC CPU"
	Points []CurvePoint
	// Knee is the index in Points of the point to mark, or -1.
	Knee int

	// Where the template draws them, in the SVG's own units.
	Width, Height       float64
	Left, Right         float64
	Top, Bottom         float64
	XTicks, YTicks      []CurveTick
	Line                string // the polyline's points
	XLabelAt, YLabelAtY float64
}

// A CurvePoint is one point of a Curve, with its label (GOGC=100), the
// figures its axes show, and the figures as printed.
type CurvePoint struct {
	Label      string
	X, Y       float64
	XText      string
	YText      string
	Knee       bool
	CX, CY     float64 // where it is drawn
	LabelAbove bool
}

// A CurveTick is a mark on an axis, with its text.
type CurveTick struct {
	At   float64
	Text string
}

// Draw places c's points: X on a logarithmic scale, as each step of a
// knob that doubles memory is as wide as the others, and Y linear from 0.
// The points are drawn in the order given, joined by a line. X must be
// above 0.
func (c *Curve) Draw() {
	c.Width, c.Height = 560, 320
	c.Left, c.Right, c.Top, c.Bottom = 56, 500, 16, 276
	if len(c.Points) == 0 {
		return
	}
	xlo, xhi := math.Inf(1), math.Inf(-1)
	yhi := 0.0
	for _, p := range c.Points {
		if p.X > 0 {
			xlo, xhi = min(xlo, math.Log(p.X)), max(xhi, math.Log(p.X))
		}
		yhi = max(yhi, p.Y)
	}
	if math.IsInf(xlo, 1) {
		xlo, xhi = 0, 1
	}
	if xhi-xlo < 1e-9 {
		xlo, xhi = xlo-0.5, xhi+0.5
	}
	yhi = niceCeil(yhi)
	sx := func(x float64) float64 {
		if x <= 0 {
			return c.Left
		}
		return c.Left + (math.Log(x)-xlo)/(xhi-xlo)*(c.Right-c.Left)
	}
	sy := func(y float64) float64 { return c.Bottom - y/yhi*(c.Bottom-c.Top) }
	c.Line = ""
	for i := range c.Points {
		p := &c.Points[i]
		p.CX, p.CY = sx(p.X), sy(p.Y)
		p.Knee = i == c.Knee
		p.LabelAbove = p.CY > c.Top+24
		c.Line += fmt.Sprintf("%.1f,%.1f ", p.CX, p.CY)
	}
	c.XTicks = nil
	for e := math.Floor(xlo / math.Ln2); e <= math.Ceil(xhi/math.Ln2); e++ {
		v := math.Exp2(e)
		if l := math.Log(v); l >= xlo-1e-9 && l <= xhi+1e-9 {
			c.XTicks = append(c.XTicks, CurveTick{At: sx(v), Text: fmt.Sprintf("%g", v)})
		}
	}
	c.YTicks = nil
	step := 0.1
	if yhi <= 0.3 {
		step = 0.05
	}
	if yhi <= 0.1 {
		step = 0.01
	}
	for v := 0.0; v <= yhi+1e-9; v += step {
		c.YTicks = append(c.YTicks, CurveTick{At: sy(v), Text: fmt.Sprintf("%.0f%%", 100*v)})
	}
	c.XLabelAt, c.YLabelAtY = (c.Left+c.Right)/2, (c.Top+c.Bottom)/2
}

// niceCeil rounds a share up to the next tenth, or to 0.05 below it, so
// that the axis has round marks; 0.05 at least.
func niceCeil(y float64) float64 {
	if y <= 0.05 {
		return 0.05
	}
	return math.Ceil(y*10-1e-9) / 10
}
