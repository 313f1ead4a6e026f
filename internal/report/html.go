package report

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/base64"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"html/template"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/squashgo/squash/internal/text"
)

//go:embed html
var htmlFiles embed.FS

// The page's style and script, embedded whole: a page fetches nothing.
var (
	pageStyle  = mustRead("html/style.css")
	pageScript = mustRead("html/sort.js")
)

func mustRead(name string) string {
	b, err := htmlFiles.ReadFile(name)
	if err != nil {
		panic(err) // embedded: missing only if the build is broken
	}
	return string(b)
}

// PageTemplate returns the template of a page of squash's, with body as
// the template named "body" that fills it, parsed from the text body. The
// page holds its style and script, and a Content-Security-Policy that lets
// nothing else run or load. A page's data has a field Title.
func PageTemplate(body string) (*template.Template, error) {
	t, err := template.New("page").Funcs(pageFuncs).ParseFS(htmlFiles, "html/page.tmpl", "html/curve.tmpl")
	if err != nil {
		return nil, err
	}
	return t.New("body").Parse(body)
}

// pageFuncs are the functions that the templates of pages call.
var pageFuncs = template.FuncMap{
	"style":  func() template.CSS { return template.CSS(pageStyle) },
	"script": func() template.JS { return template.JS(pageScript) },
	// The policy allows the page's own style and script by their hashes:
	// markup that slipped into a page could neither run nor load a thing.
	"policy": func() string {
		return fmt.Sprintf("default-src 'none'; style-src %s; script-src %s; img-src data:", hash(pageStyle), hash(pageScript))
	},
	"percent": func(f float64) string { return fmt.Sprintf("%.1f%%", 100*f) },
	// width is a share as an SVG length, of a bar 100 wide.
	"width": func(f float64) string { return fmt.Sprintf("%.2f", 100*max(0, min(f, 1))) },
}

func hash(s string) string {
	sum := sha256.Sum256([]byte(s))
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}

// WriteHTML writes r as one self-contained HTML page: per benchmark its
// figures with their spread, a bar of the CPU split, its sites in a table
// that sorts, and each site's function with the figures of its lines in a
// margin. Everything that comes from the code, the profiles or go test is
// escaped by html/template. The tables read with JavaScript off.
func WriteHTML(w io.Writer, r *Report) error {
	body, err := htmlFiles.ReadFile("html/report.tmpl")
	if err != nil {
		return err
	}
	t, err := PageTemplate(string(body))
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := t.ExecuteTemplate(&buf, "page", newPage(r)); err != nil {
		return err
	}
	_, err = buf.WriteTo(w)
	return err
}

// A page is what the template of a report's page shows.
type page struct {
	Title    string
	Report   *Report
	Packages []pagePackage
}

type pagePackage struct {
	*Package
	Benchmarks []pageBenchmark
}

type pageBenchmark struct {
	*Benchmark
	ID       string
	Profile  bool // a profile read with -profile: absolute counts
	Sampled  bool // the sites' figures are estimates
	Ns       spread
	Bytes    spread
	Allocs   spread
	CPU      bool // enough CPU samples for the split to mean something
	Rest     float64
	Sites    []pageSite
	Sources  []*sourceView // in the order of their first sites
	Recorded string        // why no site was recorded, if none was
}

// A spread is a figure of a benchmark's runs: the median, and the lowest
// and highest run where they differ.
type spread struct {
	Median, Min, Max string
}

func spreadOf(median float64, runs []float64) spread {
	s := spread{Median: text.Num(median)}
	if len(runs) > 1 && slices.Min(runs) != slices.Max(runs) {
		s.Min, s.Max = text.Num(slices.Min(runs)), text.Num(slices.Max(runs))
	}
	return s
}

type pageSite struct {
	*Site
	// AllocsValue and BytesValue are what the table sorts by: per op, or
	// in all for a profile.
	AllocsValue, BytesValue float64
	Allocs, Bytes           string // as printed
	AllocsErr, BytesErr     string // "± 1600" where they are estimates
	Label                   string
	Notes                   []note
	Source                  string // the anchor of its line in a source view; "" if none
}

// A sourceView is a function's source with figures in a margin, as pprof
// -list shows it, and under each line that allocated what the compiler and
// the analyzers say of it, as gopls' compiler details do. Columns name the
// figures; each line has one per column. A view of one report has a
// line's allocs/op and B/op; a view of two runs, before and after a
// change, has a column of each for each run.
type sourceView struct {
	ID       string
	File     string
	Function string
	Columns  []string
	Lines    []sourceLine
}

type sourceLine struct {
	N       int
	Code    string
	Figures []string // one per column; "" where the line allocated nothing
	Heat    int      // 0 to 4, by the line's share of the benchmark's objects
	Notes   []note
	ID      string
}

// heat buckets a share of a benchmark's objects for the shading of a line.
func heat(share float64) int {
	switch {
	case share >= 0.5:
		return 4
	case share >= 0.2:
		return 3
	case share >= 0.05:
		return 2
	case share > 0:
		return 1
	}
	return 0
}

func newPage(r *Report) *page {
	p := &page{Title: "squash report", Report: r}
	files := map[string]*sourceFile{}
	for i := range r.Packages {
		pkg := &r.Packages[i]
		pp := pagePackage{Package: pkg}
		for j := range pkg.Benchmarks {
			pp.Benchmarks = append(pp.Benchmarks, newPageBenchmark(&pkg.Benchmarks[j], fmt.Sprintf("b%d-%d", i, j), pkg.Path, files))
		}
		p.Packages = append(p.Packages, pp)
	}
	return p
}

func newPageBenchmark(b *Benchmark, id, pkg string, files map[string]*sourceFile) pageBenchmark {
	pb := pageBenchmark{
		Benchmark: b,
		ID:        id,
		Profile:   b.Name == "profile",
		Sampled:   b.MemProfileRate > 1,
		Ns:        spreadOf(b.NsPerOp, b.NsPerOpRuns),
		Bytes:     spreadOf(b.BytesPerOp, b.BytesPerOpRuns),
		Allocs:    spreadOf(b.AllocsPerOp, b.AllocsPerOpRuns),
		CPU:       b.CPUSamples >= minCPUSamples,
		Rest:      max(0, 1-b.AllocCPUShare),
	}
	switch {
	case len(b.Needs) > 0:
		pb.Recorded = "Sites not recorded: it fails when run alone, and passes after " + strings.Join(b.Needs, ", ") + "."
	case len(b.RunsWith) > 0:
		pb.Recorded = "Sites not recorded: go test cannot run it without " + strings.Join(b.RunsWith, ", ") + "."
	}
	views := map[string]*sourceView{} // by file and the function's first line
	for k := range b.Sites {
		s := &b.Sites[k]
		ps := pageSite{Site: s, Label: s.ShortName(), Notes: s.notes(0, pkg)}
		a, by, aErr, bErr := siteFigures(s, pb.Profile, pb.Sampled)
		ps.Allocs, ps.Bytes, ps.AllocsErr, ps.BytesErr = a, by, aErr, bErr
		ps.AllocsValue, ps.BytesValue = s.AllocsPerOp, s.BytesPerOp
		if pb.Profile {
			ps.AllocsValue, ps.BytesValue = float64(s.Objects), float64(s.Bytes)
		}
		if v := viewOf(s, id, views, files, &pb.Sources); v != nil {
			ps.Source = v.mark(s, a, by, ps.Notes)
		}
		pb.Sites = append(pb.Sites, ps)
	}
	return pb
}

// siteFigures returns a site's objects and bytes, per op or in all, as
// printed, and their errors where they are estimates.
func siteFigures(s *Site, profile, sampled bool) (allocs, bytes, allocsErr, bytesErr string) {
	switch {
	case profile && sampled:
		allocs, allocsErr = text.Estimate(float64(s.Objects), s.ObjectsError)
		bytes, bytesErr = text.Estimate(float64(s.Bytes), s.BytesError)
	case profile:
		allocs, bytes = strconv.FormatInt(s.Objects, 10), strconv.FormatInt(s.Bytes, 10)
	case sampled:
		allocs, allocsErr = text.Estimate(s.AllocsPerOp, s.AllocsPerOpError)
		bytes, bytesErr = text.Estimate(s.BytesPerOp, s.BytesPerOpError)
	default:
		allocs, bytes = text.PerOp(s.AllocsPerOp), text.PerOp(s.BytesPerOp)
	}
	return allocs, bytes, allocsErr, bytesErr
}

// viewOf returns the view of the function that holds s's line, made on its
// first site, or nil where the source cannot be read.
func viewOf(s *Site, id string, views map[string]*sourceView, files map[string]*sourceFile, order *[]*sourceView) *sourceView {
	if s.abs == "" {
		return nil
	}
	f, ok := files[s.abs]
	if !ok {
		f = readSource(s.abs)
		files[s.abs] = f
	}
	from, to, ok := f.function(s.Line)
	if !ok {
		return nil
	}
	key := fmt.Sprintf("%s:%d", s.abs, from)
	if v, ok := views[key]; ok {
		return v
	}
	v := &sourceView{
		ID:       fmt.Sprintf("%s-src%d", id, len(views)),
		File:     s.File,
		Function: s.Function,
		Columns:  []string{"allocs/op", "B/op"},
	}
	for n := from; n <= to; n++ {
		v.Lines = append(v.Lines, sourceLine{N: n, Code: f.lines[n-1], Figures: make([]string, len(v.Columns))})
	}
	views[key] = v
	*order = append(*order, v)
	return v
}

// mark puts s's figures and notes on its line of v, and returns the
// line's anchor.
func (v *sourceView) mark(s *Site, allocs, bytes string, notes []note) string {
	for i := range v.Lines {
		l := &v.Lines[i]
		if l.N != s.Line {
			continue
		}
		l.ID = fmt.Sprintf("%s-L%d", v.ID, l.N)
		if l.Figures[0] != "" {
			// Two sites on one line: two functions inlined there. The
			// figures of the one with most objects are shown; the other
			// has its row in the table.
			l.Notes = append(l.Notes, notes...)
			return l.ID
		}
		l.Figures[0], l.Figures[1] = allocs, bytes
		l.Heat = heat(s.Share)
		l.Notes = notes
		return l.ID
	}
	return ""
}

// A sourceFile is a Go file's lines and the lines of its functions.
type sourceFile struct {
	lines []string
	funcs [][2]int // first and last line of each function declaration
}

// readSource reads and parses the file at path; a file that cannot be read
// has no lines, and one that does not parse no functions.
func readSource(path string) *sourceFile {
	data, err := os.ReadFile(path)
	if err != nil {
		return &sourceFile{}
	}
	f := &sourceFile{lines: strings.Split(string(data), "\n")}
	fset := token.NewFileSet()
	file, _ := parser.ParseFile(fset, path, data, parser.SkipObjectResolution)
	if file == nil {
		return f
	}
	for _, d := range file.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok {
			f.funcs = append(f.funcs, [2]int{fset.Position(fd.Pos()).Line, fset.Position(fd.End()).Line})
		}
	}
	return f
}

// function returns the first and last lines of the function that holds
// line n: its declaration, or, for a line outside any (a package-level
// var's initializer), the line alone.
func (f *sourceFile) function(n int) (from, to int, ok bool) {
	if n < 1 || n > len(f.lines) {
		return 0, 0, false
	}
	for _, r := range f.funcs {
		if r[0] <= n && n <= r[1] {
			return r[0], r[1], true
		}
	}
	return n, n, true
}
