package report

import (
	"encoding/json"
	"errors"
	"slices"

	"github.com/squashgo/squash/internal/bench"
	"github.com/squashgo/squash/internal/escape"
	"github.com/squashgo/squash/internal/profile"
)

// SchemaVersion is the version of the JSON schema that WriteJSON writes. It
// changes when a field changes its meaning or goes away; new fields keep it.
const SchemaVersion = 1

// A Report is the result of one squash run. Its JSON form is the documented,
// stable schema of `squash -json`; field names are snake_case.
type Report struct {
	// SchemaVersion is set by WriteJSON, and read from a report's JSON.
	SchemaVersion int `json:"schema_version"`
	// GoVersion is the Go that built the test binaries (go1.26.0). GOOS,
	// GOARCH and CPU are as go test prints them before its results. All
	// four are "" for a profile read with -profile.
	GoVersion string `json:"go_version,omitempty"`
	GOOS      string `json:"goos,omitempty"`
	GOARCH    string `json:"goarch,omitempty"`
	CPU       string `json:"cpu,omitempty"`

	Packages []Package `json:"packages"`
	// Coverage of the sites of every benchmark by an escape record or a
	// named mechanism; absent for -profile reports.
	Coverage *Coverage `json:"coverage,omitempty"`
	// Unmeasured are the analyzers' findings on lines that allocated in
	// none of the benchmarks: they rank below every measured site.
	Unmeasured []Finding `json:"unmeasured_findings,omitempty"`
}

// A Finding is an analyzer's diagnostic (squash lint) on a site's lines.
type Finding struct {
	Pass    string `json:"pass"`
	Message string `json:"message"`
	Fix     string `json:"fix,omitempty"`
	// File and Line locate the finding itself (for prealloc, the slice's
	// declaration), relative to the module root.
	File string `json:"file"`
	Line int    `json:"line"`
}

// A Package holds the benchmarks of one Go package.
type Package struct {
	Path       string      `json:"path"` // import path
	Benchmarks []Benchmark `json:"benchmarks"`
	// Failed are the benchmarks that failed (b.Error, b.Fatal, a panic);
	// the others are measured all the same.
	Failed []Failure `json:"failed,omitempty"`
	// Skipped are the benchmarks that skipped themselves (b.Skip).
	Skipped []Skip `json:"skipped,omitempty"`
	// Vet is what the checks of go vet that go test runs before the tests
	// reported, a line each, such as an Example that names no identifier:
	// go test would not have run the benchmarks, and squash measured them
	// all the same.
	Vet []string `json:"vet,omitempty"`

	// ix holds the compiler's records of the build measured; nil in a
	// report read from JSON.
	ix *escape.Index
}

// A Skip is a benchmark that skipped itself, and why.
type Skip struct {
	Name string `json:"name"`
	// Reason is what it logged last before it skipped, as go test prints
	// it: the message of b.Skip ("db_test.go:12: needs a database"); "" if
	// it logged nothing.
	Reason string `json:"reason"`
}

// A Failure is a benchmark that failed, and what go test printed about it.
type Failure struct {
	Name   string `json:"name"`   // "" if go test's output does not say which
	Output string `json:"output"` // at most 20 lines
	// TimedOut says that it ran longer than -timeout: Output is one line
	// of squash's.
	TimedOut bool `json:"timed_out,omitempty"`
}

// Failures returns an error that names every benchmark in r that failed,
// with its output, or nil if none did.
func (r *Report) Failures() error {
	var errs []error
	for _, p := range r.Packages {
		for _, f := range p.Failed {
			errs = append(errs, &bench.Failure{Package: p.Path, Name: f.Name, Output: f.Output, TimedOut: f.TimedOut})
		}
	}
	return errors.Join(errs...)
}

// measured reports whether r holds a measured benchmark.
func (r *Report) measured() bool {
	return slices.ContainsFunc(r.Packages, func(p Package) bool { return len(p.Benchmarks) > 0 })
}

// A Benchmark is one benchmark's measurement and its allocation sites. For a
// profile read with -profile, the one Benchmark is named "profile" and only
// Sites are set, with absolute counts.
type Benchmark struct {
	Name string `json:"name"` // BenchmarkX/key=value, without the -GOMAXPROCS suffix

	NsPerOp     float64 `json:"ns_per_op"`     // median over -count runs
	BytesPerOp  float64 `json:"bytes_per_op"`  // median
	AllocsPerOp float64 `json:"allocs_per_op"` // median
	// The lowest and highest of the -count runs.
	BytesPerOpMin  float64 `json:"bytes_per_op_min"`
	BytesPerOpMax  float64 `json:"bytes_per_op_max"`
	AllocsPerOpMin float64 `json:"allocs_per_op_min"`
	AllocsPerOpMax float64 `json:"allocs_per_op_max"`
	// Each run's ns/op, B/op and allocs/op, in order: the samples that
	// squash diff compares.
	NsPerOpRuns     []float64 `json:"ns_per_op_runs,omitempty"`
	BytesPerOpRuns  []float64 `json:"bytes_per_op_runs,omitempty"`
	AllocsPerOpRuns []float64 `json:"allocs_per_op_runs,omitempty"`
	Runs            int       `json:"runs"`       // -count
	Iterations      int       `json:"iterations"` // b.N of the last timing run

	// AllocCPUShare is the fraction of the timing run's CPU time spent in
	// the allocator and the garbage collector (AllocCPU + GCCPU).
	AllocCPUShare float64 `json:"alloc_cpu_share"`
	AllocCPU      float64 `json:"alloc_cpu"` // under runtime.mallocgc
	GCCPU         float64 `json:"gc_cpu"`    // GC workers, sweeping, write barriers outside the allocator

	Sites []Site `json:"sites"`

	// RunsWith are the other benchmarks that go test cannot leave out when
	// it runs this one: a sub-benchmark name that holds a slash is taken
	// for levels, so route:/a selects route:/a/b too, and route:/a/b runs
	// route:/a to look for sub-benchmarks. The figures above are this
	// benchmark's own; its sites are not recorded, as a profile would hold
	// theirs too.
	RunsWith []string `json:"runs_with,omitempty"`

	// Needs are the sub-benchmarks before this one, under the same parent,
	// that it fails without: run alone, as -bench with its exact name runs
	// it, it failed (AloneFailure holds the lines go test printed), and
	// after them, as go test runs them all, it passed. Its figures are its
	// own, from that run, and its CPU shares of it; they are in RunsWith
	// too, and its sites are not recorded.
	Needs        []string `json:"needs,omitempty"`
	AloneFailure string   `json:"alone_failure,omitempty"`

	// CPUSamples is the number of CPU profile samples (one per 10ms of CPU)
	// the shares come from; with few samples they mean little.
	CPUSamples int `json:"cpu_samples"`

	// UnrecordedAllocsPerOp is what of AllocsPerOp the sites and
	// OutsideObjects/RecordedIterations do not hold, so that the three add
	// up to it exactly, always present: the runtime packs tiny pointer-free
	// allocations (under 16 bytes) into shared 16-byte blocks and records
	// one allocation per block, set-up, which the recorded difference
	// cancels, is in the timing run's figure divided by its Iterations, and
	// a benchmark whose sites are not recorded has all of its allocations
	// here. It is below zero where the recorded iterations allocated
	// more: by less than 1 where go test truncated AllocsPerOp to a whole
	// number, by more where OverRecordedAllocsPerOp is set.
	UnrecordedAllocsPerOp float64 `json:"unrecorded_allocs_per_op"`
	// UnrecordedAllocsPerOpError is the half-width of its 95% confidence
	// interval where the sites were sampled: the sample's error in the
	// sites and OutsideObjects that it subtracts. 0 where they are exact.
	UnrecordedAllocsPerOpError float64 `json:"unrecorded_allocs_per_op_error,omitzero"`

	// OverRecordedAllocsPerOp, when not 0, is what the recorded
	// iterations allocated per op (the sites and OutsideObjects), which is
	// more than go test counted in any timing run: the benchmark did more at
	// the attribution runs' iteration counts, or ran other code with it.
	// The sites then describe those runs, not the timing run.
	OverRecordedAllocsPerOp float64 `json:"over_recorded_allocs_per_op,omitzero"`

	// RecordedIterations is how many iterations the sites' counts come
	// from: the difference between two runs that recorded every allocation.
	RecordedIterations int `json:"recorded_iterations"`

	// MemProfileRate is the -test.memprofilerate of those runs: 1 when they
	// recorded every allocation, and the sites' counts are exact; above 1
	// for a benchmark that allocates too much to record each allocation
	// (bench.Options.Record): one allocation was recorded per
	// MemProfileRate bytes allocated, on average, and the sites' counts,
	// the outside counts and UnrecordedAllocsPerOp are estimates. 0 when
	// nothing was recorded.
	MemProfileRate int `json:"memprofile_rate,omitzero"`

	// OutsideObjects and OutsideBytes were allocated in those iterations
	// with no frame of the user's code on the stack (the runtime, goroutines
	// of other packages): absolute counts, not per op, and not part of the
	// sites' shares.
	OutsideObjects int64 `json:"outside_objects"`
	OutsideBytes   int64 `json:"outside_bytes"`

	// measured is what the benchmark's runs left, and scope the code its
	// allocations are blamed on: Make keeps them where -keep asks. nil
	// for a profile read with -profile, and for a report read from JSON.
	measured *bench.Result
	scope    profile.Scope
}

// A Site is one line of the user's code that allocated.
type Site struct {
	File     string `json:"file"` // relative to the module root (GOROOT/src for the standard library)
	Line     int    `json:"line"`
	Function string `json:"function"` // fully qualified
	Code     string `json:"code"`     // the source line, trimmed; "" if the file is not readable here
	// Label is Function as the text report shows it: jsoniter.NewStream
	// for github.com/json-iterator/go.NewStream. Package is the package's
	// name, from its package clause, and PackagePath the import path in
	// Function that it names; both "" when unknown.
	Label, Package, PackagePath string `json:"-"`
	// abs is the file's path on this machine, where its source was read;
	// "" in a report read from JSON.
	abs string

	// Mechanism is the function that allocated on the line's behalf (the
	// deepest frame, e.g. strings.genSplit), or "" when the line allocated
	// itself (make, append, new, a conversion).
	Mechanism  string      `json:"mechanism"`
	Mechanisms []Mechanism `json:"mechanisms,omitempty"` // breakdown when there is more than one

	// Per-op figures (benchmarks): exact counts per recorded iteration, as
	// the package doc says; always in JSON, for a benchmark's site.
	AllocsPerOp float64 `json:"allocs_per_op"`
	BytesPerOp  float64 `json:"bytes_per_op"`
	// AllocsPerOpError and BytesPerOpError are the half-widths of the 95%
	// confidence intervals of the per-op figures, where they are estimates
	// from a sample (Benchmark.MemProfileRate above 1); 0 where they are
	// exact.
	AllocsPerOpError float64 `json:"allocs_per_op_error,omitzero"`
	BytesPerOpError  float64 `json:"bytes_per_op_error,omitzero"`
	// Absolute counts (profiles read with -profile), in JSON in place of
	// the per-op figures (see MarshalJSON), and the half-widths of their
	// 95% confidence intervals where the profile was sampled.
	Objects      int64   `json:"objects,omitzero"`
	Bytes        int64   `json:"bytes,omitzero"`
	ObjectsError float64 `json:"objects_error,omitzero"`
	BytesError   float64 `json:"bytes_error,omitzero"`

	// Share is the site's fraction of the benchmark's allocated objects.
	Share float64 `json:"share"`

	// Reasons are the compiler's escape records for the code that ran here,
	// from the very build that was profiled: for a line inlined into a
	// caller, the decision for that inlined copy.
	Reasons []Reason `json:"reasons,omitempty"`
	// Tiny says that some of what the site allocates are values under 16
	// bytes without pointers (an escape record's, by its types, or memory
	// without pointers sized at run time, such as a string conversion's
	// bytes, where the profile recorded objects of 16 bytes on the line),
	// which the runtime packs into shared 16-byte blocks, and a heap
	// profile records once a block: the site's counts are then a lower
	// bound, and the rest is in the benchmark's unrecorded allocs/op.
	Tiny bool `json:"tiny,omitempty"`
	// MechanismText says in plain words how the line allocates when no
	// escape record does: "slice grows past its capacity
	// (runtime.growslice)", "allocated inside strings.genSplit, called here".
	MechanismText string `json:"mechanism_text,omitempty"`
	// Findings are the analyzers' findings that concern this line, with
	// the fix that would remove the site's allocations.
	Findings []Finding `json:"findings,omitempty"`
	// FixSaves is what the findings' fixes would save if they removed
	// the site's allocations, where one has a fix: the ceiling that
	// squash fix can reach here.
	FixSaves *Saving `json:"fix_saves,omitempty"`
	// Callers split the site's objects by the line of the user's code that
	// called its function (the next frame up the stack in the module), as
	// pprof -peek does, when there is more than one: a helper called from
	// many places is usually changed at a caller.
	Callers []Caller `json:"callers,omitempty"`
	// Sources split the site's objects and bytes by the profile they came
	// from, where several were merged and -by-source asks.
	Sources []Source `json:"by_source,omitempty"`
}

// A Saving is what removing a site's allocations would save per op: its
// allocs/op and B/op, its share of the benchmark's allocations, and
// CPUShare, an estimate of the share of CPU time it would save: that
// share of the benchmark's CPU share of allocation and GC.
type Saving struct {
	AllocsPerOp float64 `json:"allocs_per_op"`
	BytesPerOp  float64 `json:"bytes_per_op"`
	Share       float64 `json:"share"`
	CPUShare    float64 `json:"cpu_share_estimate"`
}

// A Caller is a line of the user's code that called a site's function.
type Caller struct {
	File     string `json:"file"` // relative to the module root, as Site.File
	Line     int    `json:"line"`
	Function string `json:"function"` // fully qualified
	Label    string `json:"-"`        // Function as the text report shows it
	// AllocsPerOp for a benchmark's site, Objects for a profile's, as the
	// site has them.
	AllocsPerOp float64 `json:"allocs_per_op,omitzero"`
	Objects     int64   `json:"objects,omitzero"`
	Share       float64 `json:"share"` // of the site's objects
}

// MarshalJSON writes s as its fields' tags say, but for a site of a profile
// read with -profile, which has absolute counts (Objects and Bytes, which
// no benchmark's site has) and no per-op figures: its allocs_per_op and
// bytes_per_op are left out.
func (s Site) MarshalJSON() ([]byte, error) {
	type site Site // Site's fields, without this method
	if s.Objects == 0 && s.Bytes == 0 {
		return json.Marshal(site(s))
	}
	return json.Marshal(struct {
		site
		// Fields of the same names at a shallower depth hide Site's.
		AllocsPerOp *float64 `json:"allocs_per_op,omitempty"`
		BytesPerOp  *float64 `json:"bytes_per_op,omitempty"`
	}{site: site(s)})
}

// A Reason is one escape decision of the compiler.
type Reason struct {
	Code    string `json:"code"`    // "escape"
	Message string `json:"message"` // "string(b) escapes to heap"
	// Pos is where the compiler reports it, relative to the module root
	// (file:line:col); InlinedAt is set when that is a call the site's
	// line was inlined into.
	Pos       string `json:"pos"`
	InlinedAt string `json:"inlined_at,omitempty"`
	// Summary is the message with the flow in short; Flow has every step
	// as the compiler wrote it, with its position.
	Summary string   `json:"summary"`
	Flow    []string `json:"flow,omitempty"`
}

// Coverage counts the sites that carry a compiler record or a named
// mechanism.
type Coverage struct {
	Sites     int `json:"sites"`
	Explained int `json:"explained"`
}

// A Mechanism is one of the functions that allocated on a site's behalf.
type Mechanism struct {
	Function    string  `json:"function"` // "" for the line's own allocation
	AllocsPerOp float64 `json:"allocs_per_op,omitzero"`
	Objects     int64   `json:"objects,omitzero"`
	Share       float64 `json:"share"` // of the site's objects
}

// Trim keeps at most n sites per benchmark.
func (r *Report) Trim(n int) {
	for i := range r.Packages {
		for j := range r.Packages[i].Benchmarks {
			b := &r.Packages[i].Benchmarks[j]
			if len(b.Sites) > n {
				b.Sites = b.Sites[:n]
			}
		}
	}
}
