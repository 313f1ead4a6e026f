package compare

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"golang.org/x/perf/benchmath"

	"github.com/squashgo/squash/internal/report"
	"github.com/squashgo/squash/internal/text"
)

// WriteText writes c as benchstat lays out its tables, a table per package
// and figure, then the sites that changed, per benchmark.
func WriteText(w io.Writer, c *Comparison) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "old: %s\nnew: %s\n", c.Old, c.New)
	for _, p := range c.Packages {
		fmt.Fprintf(tw, "\npkg: %s\n", p.Path)
		for i, unit := range []string{"ns/op", "B/op", "allocs/op"} {
			if !hasMetrics(p) {
				break
			}
			fmt.Fprintf(tw, "\n%s\told\tnew\tvs old\n", unit)
			for _, b := range p.Benchmarks {
				if len(b.Metrics) == 0 {
					continue
				}
				m := b.Metrics[i]
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", b.Name, summary(m.Old), summary(m.New), delta(m))
			}
		}
		for _, b := range p.Benchmarks {
			if b.Only != "" {
				fmt.Fprintf(tw, "\n%s: only in %s\n", b.Name, b.Only)
			}
		}
		if err := tw.Flush(); err != nil {
			return err
		}
		for _, b := range p.Benchmarks {
			writeSites(tw, &b)
		}
	}
	return tw.Flush()
}

func hasMetrics(p Package) bool {
	for _, b := range p.Benchmarks {
		if len(b.Metrics) > 0 {
			return true
		}
	}
	return false
}

// summary formats a median and its interval as benchstat does: "1294 ± 3%",
// or "± ∞" where the runs are too few for an interval.
func summary(s benchmath.Summary) string {
	return text.Num(s.Center) + " ± " + s.PctRangeString()
}

// delta formats a change and its test as benchstat does:
// "-25.00% (p=0.002 n=6)", "~ (p=0.394 n=6)".
func delta(m Metric) string {
	return fmt.Sprintf("%s (%s)", m.Delta(), m.Comparison)
}

// writeSites lists the sites of b that changed, and counts those that did
// not.
func writeSites(tw *tabwriter.Writer, b *Benchmark) {
	same := 0
	var rows []Site
	for _, s := range b.Sites {
		if s.Change == Same {
			same++
			continue
		}
		rows = append(rows, s)
	}
	if len(rows) == 0 {
		return
	}
	head := b.Name + " sites"
	if b.Estimates {
		head += " (estimates from a sample)"
	}
	fmt.Fprintf(tw, "\n%s:\n", head)
	for _, s := range rows {
		site := s.New
		if site == nil {
			site = s.Old
		}
		where := fmt.Sprintf("%s:%d", site.File, site.Line)
		if s.Moved {
			where += fmt.Sprintf(" (was :%d)", s.Old.Line)
		}
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%s %s\n", s.Change, figures(s.Old, s.New, allocs, "allocs/op"), figures(s.Old, s.New, bytesOf, "B/op"), where, site.ShortName())
		if site.Code != "" {
			fmt.Fprintf(tw, "  \t\t\t%s\n", site.Code)
		}
	}
	if same > 0 {
		fmt.Fprintf(tw, "  %s the same\n", text.Plural(same, "more site", "more sites"))
	}
	tw.Flush()
}

// allocs and bytesOf return a site's objects and bytes: per op, or, for a
// profile's site, in all.
func allocs(s *report.Site) float64  { return s.AllocsPerOp + float64(s.Objects) }
func bytesOf(s *report.Site) float64 { return s.BytesPerOp + float64(s.Bytes) }

// figures formats a figure of a site on either side: "1 → 2 allocs/op", or
// one side's alone where the site is gone or new; unit may be "".
func figures(old, new *report.Site, of func(*report.Site) float64, unit string) string {
	var parts []string
	switch {
	case old == nil:
		parts = []string{text.PerOp(of(new))}
	case new == nil:
		parts = []string{text.PerOp(of(old))}
	default:
		parts = []string{text.PerOp(of(old)), "→", text.PerOp(of(new))}
	}
	if unit != "" {
		parts = append(parts, unit)
	}
	return strings.Join(parts, " ")
}
