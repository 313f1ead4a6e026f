package compare

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"

	"golang.org/x/perf/benchmath"

	"github.com/squashgo/squash/internal/report"
)

// maxReport bounds what Read reads: a report of thousands of sites is a
// few megabytes.
const maxReport = 256 << 20

// Read reads a report: the output of squash report -json in the file at
// path, or the report that -keep wrote into the directory at path.
func Read(path string) (*report.Report, error) {
	if info, err := os.Stat(path); err == nil && info.IsDir() {
		kept := filepath.Join(path, report.KeptReport)
		if _, err := os.Stat(kept); errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("%s holds no %s: give a directory that squash report -keep wrote", path, report.KeptReport)
		}
		path = kept
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("cannot read the report: %w", err)
	}
	defer f.Close()
	var data bytes.Buffer
	// One byte more than the bound tells a file that is too large.
	if _, err := data.ReadFrom(io.LimitReader(f, maxReport+1)); err != nil {
		return nil, fmt.Errorf("cannot read the report %s: %w", path, err)
	}
	if data.Len() > maxReport {
		return nil, fmt.Errorf("%s is over %d MiB: not a squash report", path, maxReport>>20)
	}
	return Parse(data.Bytes(), path)
}

// Parse reads a report in the JSON of squash report -json. name names it
// in errors.
func Parse(data []byte, name string) (*report.Report, error) {
	var r report.Report
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&r); err != nil {
		return nil, fmt.Errorf("%s is not a squash report (%v): give the output of squash report -json, or a directory of -keep", name, err)
	}
	if dec.More() {
		return nil, fmt.Errorf("%s holds more than one JSON value: give the output of one squash report -json", name)
	}
	if r.SchemaVersion > report.SchemaVersion {
		return nil, fmt.Errorf("%s is of schema version %d, newer than this squash's %d: compare it with a newer squash", name, r.SchemaVersion, report.SchemaVersion)
	}
	if r.Packages == nil {
		return nil, fmt.Errorf("%s has no \"packages\": give the output of squash report -json", name)
	}
	return &r, nil
}

// A Comparison is two reports side by side.
type Comparison struct {
	Old, New string // the names of the two reports
	Packages []Package
}

// A Package holds the benchmarks of one package, in either report.
type Package struct {
	Path       string
	Benchmarks []Benchmark
}

// A Benchmark is one benchmark's figures and sites in the two reports.
type Benchmark struct {
	Name string
	// Only is "old" or "new" for a benchmark that only that report has;
	// it then has no Metrics, and its sites are all gone or all new.
	Only    string
	Metrics []Metric // ns/op, B/op, allocs/op
	Sites   []Site   // gone, new, grown, shrunk, then the same
	// Estimates reports whether the sites' figures on either side are
	// estimates from a sample.
	Estimates bool
}

// A Metric is one figure of a benchmark, compared as benchstat compares it.
type Metric struct {
	Unit     string // "ns/op", "B/op", "allocs/op"
	Old, New benchmath.Summary
	N1, N2   int
	// Comparison holds the p-value of the Mann-Whitney U test of the two
	// samples and alpha, 0.05.
	Comparison benchmath.Comparison
}

// Delta returns the change of m's median as benchstat prints it: "~"
// where the test cannot tell the two samples apart, else a percentage.
func (m Metric) Delta() string { return m.Comparison.FormatDelta(m.Old.Center, m.New.Center) }

// Significant reports whether the test tells the two samples apart.
func (m Metric) Significant() bool { return m.Comparison.P <= m.Comparison.Alpha }

// A Change is what became of a site.
type Change string

// The changes of a site, in the order a comparison lists them.
const (
	Gone   Change = "gone"
	New    Change = "new"
	Grown  Change = "grown"
	Shrunk Change = "shrunk"
	Same   Change = "same"
)

var order = []Change{Gone, New, Grown, Shrunk, Same}

// A Site is a site of either report, or of both.
type Site struct {
	Change   Change
	Old, New *report.Site // nil where the site is new, or gone
	// Moved reports that the site was matched by its function and code,
	// at another line.
	Moved bool
}

// Compare sets old and new, named oldName and newName, side by side.
func Compare(old, new *report.Report, oldName, newName string) *Comparison {
	c := &Comparison{Old: oldName, New: newName}
	type key struct{ pkg, name string }
	olds := map[key]*report.Benchmark{}
	var keys []key
	for i := range old.Packages {
		p := &old.Packages[i]
		for j := range p.Benchmarks {
			k := key{p.Path, p.Benchmarks[j].Name}
			olds[k] = &p.Benchmarks[j]
			keys = append(keys, k)
		}
	}
	news := map[key]*report.Benchmark{}
	for i := range new.Packages {
		p := &new.Packages[i]
		for j := range p.Benchmarks {
			k := key{p.Path, p.Benchmarks[j].Name}
			news[k] = &p.Benchmarks[j]
			if _, ok := olds[k]; !ok {
				keys = append(keys, k)
			}
		}
	}
	for _, k := range keys {
		b := benchmark(olds[k], news[k])
		b.Name = k.name
		if i := slices.IndexFunc(c.Packages, func(p Package) bool { return p.Path == k.pkg }); i >= 0 {
			c.Packages[i].Benchmarks = append(c.Packages[i].Benchmarks, b)
		} else {
			c.Packages = append(c.Packages, Package{Path: k.pkg, Benchmarks: []Benchmark{b}})
		}
	}
	return c
}

// benchmark compares a benchmark of the two reports; one of them may be
// nil.
func benchmark(old, new *report.Benchmark) Benchmark {
	var b Benchmark
	switch {
	case old == nil:
		b.Only = "new"
	case new == nil:
		b.Only = "old"
	case old.Name != "profile":
		thr := benchmath.DefaultThresholds
		for _, m := range []struct {
			unit     string
			old, new []float64
		}{
			{"ns/op", runs(old.NsPerOpRuns, old.NsPerOp), runs(new.NsPerOpRuns, new.NsPerOp)},
			{"B/op", runs(old.BytesPerOpRuns, old.BytesPerOp), runs(new.BytesPerOpRuns, new.BytesPerOp)},
			{"allocs/op", runs(old.AllocsPerOpRuns, old.AllocsPerOp), runs(new.AllocsPerOpRuns, new.AllocsPerOp)},
		} {
			s1, s2 := benchmath.NewSample(m.old, &thr), benchmath.NewSample(m.new, &thr)
			b.Metrics = append(b.Metrics, Metric{
				Unit:       m.unit,
				Old:        benchmath.AssumeNothing.Summary(s1, 0.95),
				New:        benchmath.AssumeNothing.Summary(s2, 0.95),
				N1:         len(m.old),
				N2:         len(m.new),
				Comparison: benchmath.AssumeNothing.Compare(s1, s2),
			})
		}
	}
	var oldSites, newSites []report.Site
	if old != nil {
		oldSites = old.Sites
		b.Estimates = old.MemProfileRate > 1
	}
	if new != nil {
		newSites = new.Sites
		b.Estimates = b.Estimates || new.MemProfileRate > 1
	}
	b.Sites = sites(oldSites, newSites)
	return b
}

// runs returns a benchmark's runs of a figure, or its one figure where the
// report kept no runs, as one made before it kept ns/op's did. The runs
// are a copy: a Sample sorts them.
func runs(rs []float64, median float64) []float64 {
	if len(rs) == 0 {
		return []float64{median}
	}
	return slices.Clone(rs)
}

// sites matches the sites of two reports of one benchmark: first those at
// the same file and line, in the same function, with the same code; then,
// of the rest, those of the same function and code, whose line moved;
// those at the same file and line with the same code, in another
// function; and those at the same file and line, in the same function,
// whose code changed. The rest are gone or new.
func sites(old, new []report.Site) []Site {
	var out []Site
	used := make([]bool, len(new))
	matched := make([]bool, len(old))
	for _, pass := range []struct {
		moved bool
		same  func(a, b *report.Site) bool
	}{
		{false, func(a, b *report.Site) bool { return at(a, b) && a.Code == b.Code }},
		{true, func(a, b *report.Site) bool { return a.Function == b.Function && a.Code == b.Code && a.Code != "" }},
		// A line whose code went into a closure, such as the body of a
		// range over a function, is in another function.
		{false, func(a, b *report.Site) bool {
			return a.File == b.File && a.Line == b.Line && a.Code == b.Code && a.Code != ""
		}},
		{false, at},
	} {
		for i := range old {
			if matched[i] {
				continue
			}
			for j := range new {
				if used[j] || !pass.same(&old[i], &new[j]) {
					continue
				}
				matched[i], used[j] = true, true
				out = append(out, Site{Change: change(&old[i], &new[j]), Old: &old[i], New: &new[j], Moved: pass.moved && old[i].Line != new[j].Line})
				break
			}
		}
	}
	for i := range old {
		if !matched[i] {
			out = append(out, Site{Change: Gone, Old: &old[i]})
		}
	}
	for j := range new {
		if !used[j] {
			out = append(out, Site{Change: New, New: &new[j]})
		}
	}
	slices.SortStableFunc(out, func(a, b Site) int {
		return slices.Index(order, a.Change) - slices.Index(order, b.Change)
	})
	return out
}

// at reports whether a and b are at the same line of the same function.
func at(a, b *report.Site) bool {
	return a.File == b.File && a.Line == b.Line && a.Function == b.Function
}

// change says whether a site grew, shrank or stayed the same. Its allocs/op
// or its B/op must move by more than 1%, and, for estimates, by more than
// their errors' 95% interval, for it to have changed: a pool refilled in one
// run and not in another moves an exact count by a few objects in many
// thousands. More allocations make it grown, fewer shrunk; at the same
// count, the bytes decide.
func change(old, new *report.Site) Change {
	moved := func(a, b, errA, errB float64) float64 {
		d := b - a
		if math.Abs(d) <= 0.01*math.Max(math.Abs(a), math.Abs(b)) || math.Abs(d) <= math.Hypot(errA, errB) {
			return 0
		}
		return d
	}
	allocs := moved(old.AllocsPerOp+float64(old.Objects), new.AllocsPerOp+float64(new.Objects), old.AllocsPerOpError+old.ObjectsError, new.AllocsPerOpError+new.ObjectsError)
	bytes := moved(old.BytesPerOp+float64(old.Bytes), new.BytesPerOp+float64(new.Bytes), old.BytesPerOpError+old.BytesError, new.BytesPerOpError+new.BytesError)
	switch {
	case allocs > 0, allocs == 0 && bytes > 0:
		return Grown
	case allocs < 0, bytes < 0:
		return Shrunk
	}
	return Same
}

// Files reads the reports at the paths old and new (see Read) and compares
// them.
func Files(old, new string) (*Comparison, error) {
	o, err := Read(old)
	if err != nil {
		return nil, err
	}
	n, err := Read(new)
	if err != nil {
		return nil, err
	}
	return Compare(o, n, old, new), nil
}
