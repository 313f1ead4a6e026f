package gcsweep

import (
	"bytes"
	"strings"
	"testing"
)

// TestWriteHTML: the page draws one curve per sweep, one point per
// setting, marks the knee, and escapes what comes from go test.
func TestWriteHTML(t *testing.T) {
	pt := func(gogc string, gc float64, mib int64) Point {
		return Point{Setting: Setting{GOGC: gogc}, GCCPU: gc, PeakRSS: mib << 20, PeakHeap: mib << 19}
	}
	s := &Sweep{Package: "example.com/p", Benchmark: "BenchmarkX/<b>", Points: []Point{
		pt("25", 0.30, 16), pt("50", 0.20, 20), pt("100", 0.08, 32), pt("200", 0.05, 64), pt("off", 0.01, 800),
	}}
	s.Knee = Knee(s.Points)
	var buf bytes.Buffer
	if err := WriteHTML(&buf, &Result{GoVersion: "go1.26.0", Sweeps: []*Sweep{s}}); err != nil {
		t.Fatal(err)
	}
	page := buf.String()
	if n := strings.Count(page, "<circle "); n != 5 {
		t.Errorf("%d points drawn, want 5", n)
	}
	if !strings.Contains(page, `class="knee"`) || !strings.Contains(page, "GOGC=100 (knee)") {
		t.Error("the knee, GOGC=100, is not marked")
	}
	if strings.Contains(page, "<b>") || !strings.Contains(page, "BenchmarkX/&lt;b&gt;") {
		t.Error("the benchmark's name is not escaped")
	}
	if !strings.Contains(page, "Content-Security-Policy") {
		t.Error("the page has no Content-Security-Policy")
	}
}
