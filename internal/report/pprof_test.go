package report

import (
	"context"
	"fmt"
	"math"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/squashgo/squash/internal/bench"
	"github.com/squashgo/squash/internal/escape"
	"github.com/squashgo/squash/internal/gotool"
	"github.com/squashgo/squash/internal/profile"
)

// pprofLine matches a row of go tool pprof -top -lines:
// flat flat% sum% cum cum% function file:line [(inline)]
var pprofLine = regexp.MustCompile(`^\s*(-?\d+)\s+\S+%\s+\S+%\s+(-?\d+)\s+\S+%\s+(\S+) (\S+):(\d+)`)

// checkAgainstPprof measures one benchmark as the report does and compares
// the sites blamed on lines of file with what go tool pprof shows for the
// same two profiles: every line of file that pprof shows with a cumulative
// count must be a site with that many objects. It also checks that the sites
// account for the measured allocs/op. The target function must not call
// other functions of its package, or pprof's cumulative counts would include
// theirs.
func checkAgainstPprof(t *testing.T, dir, pattern, benchmark, file string) {
	t.Helper()
	if testing.Short() {
		t.Skip("runs benchmarks")
	}
	ctx := context.Background()
	pkg, bin, work := build(t, dir, pattern)
	res, err := bin.Measure(ctx, benchmark, nil, work, bench.Options{Benchtime: "2000x"})
	if err != nil {
		t.Fatal(err)
	}
	if res.MemProfile == "" {
		t.Fatalf("%s does not allocate", benchmark)
	}

	// What squash computes.
	mem, err := readProfile(res.MemProfile)
	if err != nil {
		t.Fatal(err)
	}
	base, err := readProfile(res.MemBaseProfile)
	if err != nil {
		t.Fatal(err)
	}
	diff, err := profile.Diff(mem, base)
	if err != nil {
		t.Fatal(err)
	}
	attr, err := profile.Blame(diff, profile.Scope{pkg.Scope()})
	if err != nil {
		t.Fatal(err)
	}
	objects := map[string]int64{}
	var total int64
	for _, s := range attr.Sites {
		if s.Objects > 0 {
			total += s.Objects
		}
		if filepath.Base(s.File) == file {
			objects[filepath.Base(s.File)+":"+strconv.Itoa(s.Line)] = s.Objects
		}
	}

	// What pprof says of the same profiles.
	out, err := exec.Command("go", "tool", "pprof", "-sample_index=alloc_objects", "-lines", "-top", "-nodecount=100000",
		"-diff_base="+res.MemBaseProfile, res.MemProfile).CombinedOutput()
	if err != nil {
		t.Fatalf("go tool pprof: %v\n%s", err, out)
	}
	seen := 0
	for line := range strings.Lines(string(out)) {
		m := pprofLine.FindStringSubmatch(line)
		if m == nil || filepath.Base(m[4]) != file {
			continue
		}
		cum, _ := strconv.ParseInt(m[2], 10, 64)
		if cum == 0 {
			continue
		}
		seen++
		t.Logf("pprof: %s:%s %d cumulative objects", file, m[5], cum)
		where := file + ":" + m[5]
		got, ok := objects[where]
		if !ok {
			t.Errorf("pprof shows %d objects under %s (%s); squash has no site there", cum, where, m[3])
			continue
		}
		if got != cum {
			t.Errorf("%s: squash blames %d objects, pprof shows %d cumulative", where, got, cum)
		}
	}
	if seen == 0 {
		t.Fatalf("pprof shows no line of %s:\n%s", file, out)
	}
	if seen != len(objects) {
		t.Errorf("squash has %d sites in %s, pprof shows %d lines", len(objects), file, seen)
	}

	// The recorded iterations account for the measured allocs/op.
	iters := res.MemIters - res.BaseIters
	perOp := float64(total) / float64(iters)
	if perOp < res.AllocsPerOp*0.98 || perOp > res.AllocsPerOp*1.02 {
		t.Errorf("sites record %.3f allocs/op over %d iterations; go test measured %.3f", perOp, iters, res.AllocsPerOp)
	}
	ix, err := escape.Load(bin.DiagDir)
	if err != nil {
		t.Fatal(err)
	}
	b, err := benchmarkFrom(context.Background(), res, profile.Scope{pkg.Scope()}, newSources(pkg.Root, pkg.Module), ix, nil, pkg.Dir)
	if err != nil {
		t.Fatal(err)
	}
	sum := 0.0
	for _, s := range b.Sites {
		sum += s.AllocsPerOp
	}
	if sum < b.AllocsPerOp*0.98 || sum > b.AllocsPerOp*1.02 {
		t.Errorf("report sites add up to %.3f allocs/op, measured %.3f", sum, b.AllocsPerOp)
	}
}

// build resolves the one package pattern names in dir and builds its test
// binary in a temporary directory, which it returns with them.
func build(t *testing.T, dir, pattern string) (gotool.Package, *bench.Binary, string) {
	t.Helper()
	ctx := context.Background()
	pkgs, err := gotool.Resolve(ctx, dir, []string{pattern})
	if err != nil {
		t.Fatal(err)
	}
	work := t.TempDir()
	bin, err := bench.Build(ctx, pkgs[0], work)
	if err != nil {
		t.Fatal(err)
	}
	return pkgs[0], bin, work
}

func TestSitesMatchPprofOnFixture(t *testing.T) {
	checkAgainstPprof(t, "../../cmd/squash/testdata/mod", "./ok", "BenchmarkFields", "ok.go")
}

// TestSitesMatchPprofOnDecoder is the check on examples/decoder's
// Simple stage, whose lines call no other decoder function.
func TestSitesMatchPprofOnDecoder(t *testing.T) {
	checkAgainstPprof(t, "../..", "./examples/decoder", "BenchmarkSimple", "decoder.go")
}

// TestSampledNearExact measures examples/decoder's Simple stage twice: once
// recording every allocation, once bounded to a sample of about 50,000, as a
// benchmark that allocates heavily is recorded. The sampled run must say so,
// and estimate each site within a quarter of its exact count (its smallest
// site, 64 bytes an op, gets about a thousand samples at 4 KiB: a standard
// error near 5%).
func TestSampledNearExact(t *testing.T) {
	if testing.Short() {
		t.Skip("runs benchmarks")
	}
	ctx := context.Background()
	pkg, bin, work := build(t, "../..", "./examples/decoder")
	ix, err := escape.Load(bin.DiagDir)
	if err != nil {
		t.Fatal(err)
	}
	sites := func(record int) (map[int]float64, *Benchmark) {
		res, err := bin.Measure(ctx, "BenchmarkSimple", nil, work, bench.Options{Benchtime: "20000x", Record: record})
		if err != nil {
			t.Fatal(err)
		}
		b, err := benchmarkFrom(ctx, res, profile.Scope{pkg.Scope()}, newSources(pkg.Root, pkg.Module), ix, nil, pkg.Dir)
		if err != nil {
			t.Fatal(err)
		}
		m := map[int]float64{}
		for _, s := range b.Sites {
			m[s.Line] += s.AllocsPerOp
		}
		return m, b
	}
	exact, eb := sites(-1)
	sampled, sb := sites(50_000)
	if eb.MemProfileRate != 1 {
		t.Errorf("with no bound, memprofilerate %d; want 1", eb.MemProfileRate)
	}
	if sb.MemProfileRate <= 1 {
		t.Fatalf("bounded to 50,000 recorded allocations, memprofilerate %d; want a sample", sb.MemProfileRate)
	}
	t.Logf("exact %v; sampled at %d bytes %v", exact, sb.MemProfileRate, sampled)
	if len(exact) == 0 {
		t.Fatal("no sites recorded")
	}
	for line, want := range exact {
		if got := sampled[line]; got < 0.75*want || got > 1.25*want {
			t.Errorf("decoder.go:%d: sampled estimate %.3f allocs/op, exactly %.3f", line, got, want)
		}
	}
}

// TestCallers: the objects of a helper called from two places are split by
// the caller's line, three to one as the benchmark calls them, in JSON and
// in text.
func TestCallers(t *testing.T) {
	if testing.Short() {
		t.Skip("runs benchmarks")
	}
	rep, err := Make(context.Background(), Config{Dir: "testdata/callers", Bench: bench.Options{Bench: ".", Benchtime: "2000x", Count: 1}})
	if err != nil {
		t.Fatal(err)
	}
	var site *Site
	for i, s := range rep.Packages[0].Benchmarks[0].Sites {
		if strings.HasSuffix(s.Code, "// the site") {
			site = &rep.Packages[0].Benchmarks[0].Sites[i]
		}
	}
	if site == nil {
		t.Fatalf("no site at key's line: %+v", rep.Packages[0].Benchmarks[0].Sites)
	}
	if len(site.Callers) != 2 {
		t.Fatalf("callers of key = %+v, want Index and Lookup", site.Callers)
	}
	index, lookup := site.Callers[0], site.Callers[1]
	if index.Function != "example.com/callers.Index" || lookup.Function != "example.com/callers.Lookup" {
		t.Errorf("callers %s, %s; want Index, then Lookup", index.Function, lookup.Function)
	}
	if math.Abs(index.Share-0.75) > 0.01 || math.Abs(lookup.Share-0.25) > 0.01 || math.Abs(index.AllocsPerOp-3*lookup.AllocsPerOp) > 0.05*index.AllocsPerOp {
		t.Errorf("callers' shares %.3f and %.3f, %.2f and %.2f allocs/op; want 3 to 1", index.Share, lookup.Share, index.AllocsPerOp, lookup.AllocsPerOp)
	}
	var buf strings.Builder
	if err := WriteText(&buf, rep, TextOptions{}); err != nil {
		t.Fatal(err)
	}
	if want := regexp.MustCompile(`callers: 75%\s+callers\.Index \(callers\.go:20\),\s+25%\s+callers\.Lookup\s+\(callers\.go:27\)`); !want.MatchString(buf.String()) {
		t.Errorf("text lacks the callers' line:\n%s", buf.String())
	}
}

// TestSampledWithinError measures testdata/sampled, whose three lines make
// 400 objects of 16 bytes, 100 of 128 and 20 of 4096 an op, bounded to
// 20,000 recorded allocations: a sample. Each site's estimate must lie
// within its printed error of those counts, and the error must be of the
// size that its samples give (a few percent), not one that holds anything.
// A 95% interval misses one time in twenty, by design: as Go's own test of
// heap sampling does (test/heapsampling.go), the test fails only when three
// experiments in a row miss.
func TestSampledWithinError(t *testing.T) {
	if testing.Short() {
		t.Skip("runs benchmarks")
	}
	ctx := context.Background()
	pkg, bin, work := build(t, "testdata/sampled", ".")
	ix, err := escape.Load(bin.DiagDir)
	if err != nil {
		t.Fatal(err)
	}
	exact := map[string]struct{ allocs, size float64 }{
		"small = new([2]*int)":       {400, 16},
		"medium = make([]*int, 16)":  {100, 128},
		"large = make([]byte, 4096)": {20, 4096},
	}
	experiment := func() []string {
		res, err := bin.Measure(ctx, "BenchmarkAllocate", nil, work, bench.Options{Benchtime: "100x", Record: 20_000})
		if err != nil {
			t.Fatal(err)
		}
		b, err := benchmarkFrom(ctx, res, profile.Scope{pkg.Scope()}, newSources(pkg.Root, pkg.Module), ix, nil, pkg.Dir)
		if err != nil {
			t.Fatal(err)
		}
		if b.MemProfileRate <= 1 {
			t.Fatalf("memprofilerate %d; want a sample", b.MemProfileRate)
		}
		var misses []string
		seen := 0
		for _, s := range b.Sites {
			want, ok := exact[s.Code]
			if !ok {
				continue
			}
			seen++
			t.Logf("%s: %.1f ± %.1f allocs/op, %.0f ± %.0f B/op; exactly %v, %v", s.Code, s.AllocsPerOp, s.AllocsPerOpError, s.BytesPerOp, s.BytesPerOpError, want.allocs, want.allocs*want.size)
			if s.AllocsPerOpError <= 0 || s.AllocsPerOpError > 0.15*want.allocs || s.BytesPerOpError <= 0 || s.BytesPerOpError > 0.15*want.allocs*want.size {
				t.Errorf("%s: error ± %v allocs/op, ± %v B/op; want above 0 and under 15%%", s.Code, s.AllocsPerOpError, s.BytesPerOpError)
			}
			if math.Abs(s.AllocsPerOp-want.allocs) > s.AllocsPerOpError || math.Abs(s.BytesPerOp-want.allocs*want.size) > s.BytesPerOpError {
				misses = append(misses, fmt.Sprintf("%s: %v ± %v allocs/op, %v ± %v B/op; exactly %v, %v",
					s.Code, s.AllocsPerOp, s.AllocsPerOpError, s.BytesPerOp, s.BytesPerOpError, want.allocs, want.allocs*want.size))
			}
		}
		if seen != len(exact) {
			t.Fatalf("%d of the %d lines are sites: %+v", seen, len(exact), b.Sites)
		}
		return misses
	}
	var misses []string
	for range 3 {
		if misses = experiment(); len(misses) == 0 {
			return
		}
		t.Logf("outside the error: %s", strings.Join(misses, "; "))
	}
	t.Errorf("three experiments in a row had estimates outside their errors; the last: %s", strings.Join(misses, "; "))
}
