package gcsweep

import (
	"bytes"
	_ "embed"
	"fmt"
	"io"

	"github.com/squashgo/squash/internal/report"
	"github.com/squashgo/squash/internal/text"
)

//go:embed html/gc.tmpl
var gcTemplate string

// WriteHTML writes r as one self-contained page: per benchmark, the curve
// of the collector's share of CPU against peak memory, one point per
// setting, with its knee, and the table of every figure.
func WriteHTML(w io.Writer, r *Result) error {
	t, err := report.PageTemplate(gcTemplate)
	if err != nil {
		return err
	}
	p := gcPage{Title: "squash gc", GoVersion: r.GoVersion, Sources: Sources}
	for _, s := range r.Sweeps {
		ps := gcSweep{Benchmark: s.Benchmark, Package: s.Package, Knee: KneeText(s), Curve: Curve(s)}
		for _, pt := range s.Points {
			ps.Rows = append(ps.Rows, gcRow{Setting: pt.Setting.String(), Ns: text.Num(pt.NsPerOp), GC: pct(pt.GCCPU), Alloc: pct(pt.AllocCPU), GCs: perOp(pt.GCsPerOp), RSS: mib(pt.PeakRSS), Heap: heapMiB(pt.PeakHeap)})
		}
		p.Sweeps = append(p.Sweeps, ps)
	}
	var buf bytes.Buffer
	if err := t.ExecuteTemplate(&buf, "page", p); err != nil {
		return err
	}
	_, err = buf.WriteTo(w)
	return err
}

// Curve returns s's curve: the collector's share of CPU against peak
// memory, one point per setting, in the order of memory.
func Curve(s *Sweep) *report.Curve {
	c := &report.Curve{
		Label:  fmt.Sprintf("%s: GC CPU against peak RSS, one point per setting. %s", s.Benchmark, KneeText(s)),
		XLabel: "peak RSS (MiB, log scale)",
		YLabel: "GC CPU",
		Knee:   -1,
	}
	for _, i := range byMemory(s.Points) {
		p := s.Points[i]
		if i == s.Knee {
			c.Knee = len(c.Points)
		}
		c.Points = append(c.Points, report.CurvePoint{Label: p.Setting.String(), X: float64(memory(p)) / (1 << 20), Y: p.GCCPU, XText: mib(memory(p)) + " MiB", YText: pct(p.GCCPU)})
	}
	c.Draw()
	return c
}

type gcPage struct {
	Title, GoVersion, Sources string
	Sweeps                    []gcSweep
}

type gcSweep struct {
	Benchmark, Package, Knee string
	Curve                    *report.Curve
	Rows                     []gcRow
}

type gcRow struct {
	Setting, Ns, GC, Alloc, GCs, RSS, Heap string
}
