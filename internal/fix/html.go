package fix

import (
	"bytes"
	"fmt"
	"html/template"
	"io"
	"slices"
	"strings"

	"github.com/squashgo/squash/internal/compare"
	"github.com/squashgo/squash/internal/text"
)

// sectionTemplates are the parts of fix's page that squash diff's lacks:
// a chart of each benchmark before and after the fixes kept, every
// candidate's verdict, and the diff.
var sectionTemplates = template.Must(template.New("").Parse(`
{{define "charts"}}{{range .}}
<h3>{{.Name}}</h3>
<svg class="chart" viewBox="0 0 100 {{.Height}}" role="img" aria-label="{{.Label}}">
{{range .Rows}}<text x="0" y="{{.TextY}}">{{.Unit}}: {{.Before}} → {{.After}} ({{.Delta}})</text>
<rect class="before" x="0" y="{{.BeforeY}}" width="{{.BeforeW}}" height="2.5"><title>before: {{.Before}}</title></rect>
<rect class="after{{if .Worse}} worse{{end}}" x="0" y="{{.AfterY}}" width="{{.AfterW}}" height="2.5"><title>after: {{.After}}</title></rect>
{{end}}</svg>
{{end}}{{end}}
{{define "verdicts"}}<table class="sites">
<caption>Each fix was tried alone, then those kept together; largest sites first</caption>
<thead><tr><th scope="col" data-sort="text">verdict</th><th scope="col" data-sort="text">fix</th><th scope="col" data-sort="text">where</th><th scope="col">why</th></tr></thead>
<tbody>
{{range .}}<tr class="{{if eq .Verdict "kept"}}gone{{else}}same{{end}}"><td data-value="{{.Verdict}}">{{.Verdict}}</td><td>{{.Pass}}{{if .Guided}} (profile-guided){{end}}</td><td data-value="{{.File}}:{{printf "%08d" .Line}}">{{.File}}:{{.Line}}</td><td>{{.Reason}}</td></tr>
{{end}}</tbody>
</table>{{end}}
{{define "diff"}}<pre class="udiff">{{range .}}<span class="{{.Class}}">{{.Text}}</span>
{{end}}</pre>{{end}}
`))

type chart struct {
	Name, Label string
	Height      int
	Rows        []chartRow
}

type chartRow struct {
	Unit, Before, After, Delta string
	TextY, BeforeY, AfterY     int
	BeforeW, AfterW            string
	Worse                      bool
}

type diffLine struct{ Class, Text string }

// WriteHTML writes res as one self-contained page: the figures of the
// fixes kept against the baseline and the sites that changed, as squash
// diff draws them, a chart of each benchmark before and after, every
// candidate's verdict, and the diff.
func WriteHTML(w io.Writer, res *Result) error {
	var sections []compare.Section
	add := func(heading, name string, data any) error {
		var buf bytes.Buffer
		if err := sectionTemplates.ExecuteTemplate(&buf, name, data); err != nil {
			return err
		}
		sections = append(sections, compare.Section{Heading: heading, Body: template.HTML(buf.String())})
		return nil
	}
	if len(res.Benchmarks) > 0 {
		if err := add("Before and after", "charts", charts(res.Benchmarks)); err != nil {
			return err
		}
	}
	if err := add("Candidates", "verdicts", res.Candidates); err != nil {
		return err
	}
	if res.Diff != "" {
		var lines []diffLine
		for l := range strings.Lines(res.Diff) {
			l = strings.TrimSuffix(l, "\n")
			class := ""
			switch {
			case strings.HasPrefix(l, "+++"), strings.HasPrefix(l, "---"), strings.HasPrefix(l, "@@"):
				class = "hunk"
			case strings.HasPrefix(l, "+"):
				class = "add"
			case strings.HasPrefix(l, "-"):
				class = "del"
			}
			lines = append(lines, diffLine{class, l})
		}
		if err := add("The fixes kept", "diff", lines); err != nil {
			return err
		}
	}
	c := res.Comparison
	if c == nil { // no fix was kept: there is nothing to compare
		c = &compare.Comparison{Old: "before", New: "after"}
	}
	return compare.WritePage(w, "squash fix", c, sections)
}

// charts draws each benchmark's figures before and after as bars, each
// figure's two bars scaled to the larger.
func charts(bs []Benchmark) []chart {
	out := slices.Grow[[]chart](nil, len(bs))
	for _, b := range bs {
		ch := chart{Name: b.Name}
		label := slices.Grow[[]string](nil, len(b.Metrics))
		for i, m := range b.Metrics {
			top := max(m.Before, m.After)
			width := func(v float64) string {
				if top <= 0 {
					return "0"
				}
				return fmt.Sprintf("%.2f", 100*v/top)
			}
			y := i * 11
			ch.Rows = append(ch.Rows, chartRow{
				Unit: m.Unit, Before: text.Num(m.Before), After: text.Num(m.After), Delta: m.Delta,
				TextY: y + 3, BeforeY: y + 4, AfterY: y + 7,
				BeforeW: width(m.Before), AfterW: width(m.After),
				Worse: m.Delta != "~" && m.After > m.Before,
			})
			label = append(label, fmt.Sprintf("%s %s before, %s after", m.Unit, text.Num(m.Before), text.Num(m.After)))
			ch.Height = y + 10
		}
		ch.Label = b.Name + ": " + strings.Join(label, "; ")
		out = append(out, ch)
	}
	return out
}
