package compare

import (
	"encoding/json"
	"io"
	"math"

	"github.com/squashgo/squash/internal/report"
)

// comparisonJSON is squash diff -json's output. Sites are as squash
// report -json writes them.
type comparisonJSON struct {
	Old      string        `json:"old"`
	New      string        `json:"new"`
	Packages []packageJSON `json:"packages"`
}

type packageJSON struct {
	Path       string          `json:"path"`
	Benchmarks []benchmarkJSON `json:"benchmarks"`
}

type benchmarkJSON struct {
	Name      string       `json:"name"`
	Only      string       `json:"only,omitempty"`
	Estimates bool         `json:"estimates,omitempty"`
	Metrics   []metricJSON `json:"metrics"`
	Sites     []siteJSON   `json:"sites"`
}

// metricJSON is one row of benchstat's table: each side's median and
// its 95% interval, the p-value of the Mann-Whitney U test, and the
// change as benchstat prints it ("~" when not significant).
type metricJSON struct {
	Unit        string      `json:"unit"`
	Old         summaryJSON `json:"old"`
	New         summaryJSON `json:"new"`
	P           *float64    `json:"p,omitempty"` // absent where there are too few runs for the test
	Alpha       float64     `json:"alpha"`
	Delta       string      `json:"delta"`
	Significant bool        `json:"significant"`
}

// summaryJSON is one side of a row: its median and 95% interval, which
// has no bound where there are too few runs (benchstat's "± ∞").
type summaryJSON struct {
	Median float64  `json:"median"`
	Lo     *float64 `json:"lo,omitempty"`
	Hi     *float64 `json:"hi,omitempty"`
	N      int      `json:"n"`
}

type siteJSON struct {
	Change Change       `json:"change"`
	Moved  bool         `json:"moved,omitempty"`
	Old    *report.Site `json:"old,omitempty"`
	New    *report.Site `json:"new,omitempty"`
}

// WriteJSON writes c as JSON.
func WriteJSON(w io.Writer, c *Comparison) error {
	out := comparisonJSON{Old: c.Old, New: c.New, Packages: make([]packageJSON, 0, len(c.Packages))}
	for _, p := range c.Packages {
		pj := packageJSON{Path: p.Path, Benchmarks: make([]benchmarkJSON, 0, len(p.Benchmarks))}
		for _, b := range p.Benchmarks {
			bj := benchmarkJSON{Name: b.Name, Only: b.Only, Estimates: b.Estimates,
				Metrics: make([]metricJSON, 0, len(b.Metrics)), Sites: make([]siteJSON, 0, len(b.Sites))}
			for _, m := range b.Metrics {
				bj.Metrics = append(bj.Metrics, metricJSON{
					Unit:        m.Unit,
					Old:         summaryJSON{Median: m.Old.Center, Lo: finite(m.Old.Lo), Hi: finite(m.Old.Hi), N: m.N1},
					New:         summaryJSON{Median: m.New.Center, Lo: finite(m.New.Lo), Hi: finite(m.New.Hi), N: m.N2},
					P:           finite(m.Comparison.P),
					Alpha:       m.Comparison.Alpha,
					Delta:       m.Delta(),
					Significant: m.Significant(),
				})
			}
			for _, s := range b.Sites {
				bj.Sites = append(bj.Sites, siteJSON{Change: s.Change, Moved: s.Moved, Old: s.Old, New: s.New})
			}
			pj.Benchmarks = append(pj.Benchmarks, bj)
		}
		out.Packages = append(out.Packages, pj)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// finite returns x, or nil where too few runs give no value: JSON has no
// NaN or infinity.
func finite(x float64) *float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return nil
	}
	return &x
}
