package compare

import (
	"bytes"
	_ "embed"
	"html/template"
	"io"

	"github.com/squashgo/squash/internal/report"
)

//go:embed html/diff.tmpl
var diffTemplate string

// WriteHTML writes c as one self-contained page, in the style of squash
// report's: a table per package of the benchmarks' figures, with their
// changes and p-values, and a table per benchmark of the sites that
// changed.
func WriteHTML(w io.Writer, c *Comparison) error {
	return WritePage(w, "squash diff", c, nil)
}

// A Section is a part of a page that follows a comparison's tables. Its
// Body is markup that html/template wrote, and so escaped.
type Section struct {
	Heading string
	Body    template.HTML
}

// WritePage writes c as WriteHTML does, under the title, with the
// sections after its tables.
func WritePage(w io.Writer, title string, c *Comparison, sections []Section) error {
	t, err := report.PageTemplate(diffTemplate)
	if err != nil {
		return err
	}
	p := diffPage{Title: title, Comparison: c, Sections: sections}
	for _, pkg := range c.Packages {
		dp := diffPackage{Path: pkg.Path}
		for _, b := range pkg.Benchmarks {
			db := diffBenchmark{Name: b.Name, Only: b.Only, Estimates: b.Estimates}
			for _, m := range b.Metrics {
				db.Metrics = append(db.Metrics, diffMetric{Unit: m.Unit, Old: summary(m.Old), New: summary(m.New), Delta: m.Delta(), Test: m.Comparison.String(), Significant: m.Significant(), Better: m.New.Center < m.Old.Center})
			}
			for _, s := range b.Sites {
				site := s.New
				if site == nil {
					site = s.Old
				}
				ds := diffSite{Change: string(s.Change), Allocs: figures(s.Old, s.New, allocs, ""), Bytes: figures(s.Old, s.New, bytesOf, ""), File: site.File, Line: site.Line, Function: site.ShortName(), Code: site.Code}
				if s.Moved {
					ds.Was = s.Old.Line
				}
				if s.Change == Same {
					db.Same++
					continue
				}
				db.Sites = append(db.Sites, ds)
			}
			dp.Benchmarks = append(dp.Benchmarks, db)
		}
		p.Packages = append(p.Packages, dp)
	}
	var buf bytes.Buffer
	if err := t.ExecuteTemplate(&buf, "page", p); err != nil {
		return err
	}
	_, err = buf.WriteTo(w)
	return err
}

type diffPage struct {
	Title string
	*Comparison
	Packages []diffPackage
	Sections []Section
}

type diffPackage struct {
	Path       string
	Benchmarks []diffBenchmark
}

type diffBenchmark struct {
	Name, Only string
	Estimates  bool
	Metrics    []diffMetric
	Sites      []diffSite // those that changed
	Same       int
}

type diffMetric struct {
	Unit, Old, New, Delta, Test string
	Significant, Better         bool
}

type diffSite struct {
	Change, Allocs, Bytes string
	File                  string
	Line, Was             int
	Function, Code        string
}
