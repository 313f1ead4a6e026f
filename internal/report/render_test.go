package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/perf/benchfmt"

	"github.com/squashgo/squash/internal/profile"
)

// rendered renders r as WriteText does with opt.
func rendered(t *testing.T, r *Report, opt TextOptions) string {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteText(&buf, r, opt); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

func sampleReport() *Report {
	return &Report{Packages: []Package{{
		Path: "example.com/m/dec",
		Benchmarks: []Benchmark{{
			Name: "BenchmarkSimple", NsPerOp: 2410, BytesPerOp: 1080, AllocsPerOp: 64,
			AllocCPUShare: 0.41, AllocCPU: 0.3, GCCPU: 0.11, CPUSamples: 120, Runs: 1, Iterations: 500000,
			Sites: []Site{
				{File: "dec/dec.go", Line: 27, Function: "example.com/m/dec.Simple", Code: "v, err := strconv.ParseUint(tok, 10, 8)", Reasons: []Reason{{Code: "escape", Message: "string(b) escapes to heap", Summary: "string(b) escapes to heap: strings.genSplit(…) (call parameter) → {heap}"}}, AllocsPerOp: 56, BytesPerOp: 448, Share: 0.875},
				{File: "dec/dec.go", Line: 24, Function: "example.com/m/dec.Simple", Code: `parts := strings.Split(s, " ")`, Mechanism: "strings.genSplit", MechanismText: "allocated inside strings.genSplit, called here", AllocsPerOp: 1, BytesPerOp: 896, Share: 1.0 / 64},
				{File: "dec/a/very/deep/directory/tree/with/a/long/file_name.go", Line: 1234, Function: "example.com/m/dec/a/very/deep/directory/tree/with/a/long.(*Decoder).decodeSomethingLong", Code: strings.Repeat("x", 120), AllocsPerOp: 0.5, BytesPerOp: 8, Share: 0.5 / 64},
				{File: "dec/dec.go", Line: 99, Function: "example.com/m/dec.Tiny", AllocsPerOp: 0.0001, Share: 0.0001 / 64},
			},
		}, {
			Name: "BenchmarkNoAlloc", NsPerOp: 300, CPUSamples: 3, Iterations: 4000000, Sites: []Site{},
		}},
	}}}
}

func TestWriteText(t *testing.T) {
	out := rendered(t, sampleReport(), TextOptions{})
	for _, want := range []string{
		"pkg: example.com/m/dec\n",
		"BenchmarkSimple  500000  2410 ns/op  1080 B/op  64 allocs/op\n",
		"allocation + GC: 41.0% of CPU (allocating 30.0%, collecting 11.0%)",
		"         56       448  87.5%  dec/dec.go:27 dec.Simple\n",
		"                              v, err := strconv.ParseUint(tok, 10, 8)\n",
		"                              why: allocated inside strings.genSplit, called\n                                   here\n",
		"                              why: string(b) escapes to heap:\n                                   strings.genSplit(…) (call parameter) → {heap}\n",
		"long.(*Decoder).decodeSomethingLong\n",
		"… 1 more site, under 0.1% of the objects and bytes (-json lists it)",
		"BenchmarkNoAlloc  4000000  300 ns/op  0 B/op  0 allocs/op",
		"allocation + GC: not measured (3 CPU samples; run longer with -benchtime)",
		"no allocations per op",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	for i, line := range strings.Split(out, "\n") {
		if n := len([]rune(line)); n > 80 {
			t.Errorf("line %d is %d columns: %q", i+1, n, line)
		}
	}
}

// TestWriteTextSampled: a benchmark recorded at a sampling rate says its
// figures are estimates, how they were sampled, and how to have them exact;
// each estimate is rounded to what its error allows, with the error under
// it. One recorded exactly says its figures are exact.
func TestWriteTextSampled(t *testing.T) {
	r := sampleReport()
	b := &r.Packages[0].Benchmarks[0]
	b.MemProfileRate, b.UnrecordedAllocsPerOp, b.UnrecordedAllocsPerOpError = 4096, 6.5, 3.14
	b.Sites[0].AllocsPerOpError, b.Sites[0].BytesPerOpError = 1.234, 9.87
	b.Sites[1].AllocsPerOpError, b.Sites[1].BytesPerOpError = 0.31, 140
	b.Sites[2].AllocsPerOp, b.Sites[2].AllocsPerOpError, b.Sites[2].BytesPerOp, b.Sites[2].BytesPerOpError = 3.2e6, 43210, 4.1e8, 1.5e7
	b.Sites[2].Code = ""
	out := rendered(t, r, TextOptions{})
	for _, want := range []string{
		"allocs/op      B/op  share  site (estimates from a sample, ± 95% interval)\n",
		"    one allocation recorded per 4 KiB allocated, on average: at 64 allocs/op,\n         too many to record each one (-exact does)\n",
		"" +
			"       56.0     448.0  87.5%  dec/dec.go:27 dec.Simple\n" +
			"      ± 1.2     ± 9.9         v, err := strconv.ParseUint(tok, 10, 8)\n",
		"" +
			"       1.00       900   1.6%  dec/dec.go:24 dec.Simple\n" +
			"     ± 0.31     ± 140         parts := strings.Split(s, \" \")\n",
		// Too wide in figures, B/op's error is a share; with no code,
		// the errors stand alone.
		"    3200000 410000000   0.8%  …deep/directory/tree/with/a/long/file_name.go:1234\n" +
			"                              long.(*Decoder).decodeSomethingLong\n" +
			"    ± 43000      ± 4%\n",
		"" +
			"        6.5                   not in the estimates: the sample's error,\n" +
			"      ± 3.1                        allocations that share 16-byte blocks, or\n" +
			"                                   set-up, which the timing run spread over its\n" +
			"                                   500000 ops\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "exact counts") {
		t.Errorf("a sampled benchmark's sites are called exact:\n%s", out)
	}
	var js bytes.Buffer
	if err := WriteJSON(&js, r); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"memprofile_rate": 4096`, `"allocs_per_op_error": 1.234`, `"bytes_per_op_error": 9.87`, `"unrecorded_allocs_per_op_error": 3.14`} {
		if !strings.Contains(js.String(), want) {
			t.Errorf("JSON lacks %s:\n%s", want, js.String())
		}
	}

	b.MemProfileRate = 1
	if out := rendered(t, r, TextOptions{}); !strings.Contains(out, "site (exact counts per recorded op)") || strings.Contains(out, "estimate") {
		t.Errorf("an exactly recorded benchmark does not read as exact:\n%s", out)
	}
}

// TestWriteTextBenchmarkFormat: benchstat reads a text report as it is.
// Its benchmark lines are results of the Go benchmark format, with b.N,
// each under its package's "pkg:" line, and no other line reads as one:
// not a failed benchmark's, nor a vet note's or a skip's.
func TestWriteTextBenchmarkFormat(t *testing.T) {
	r := sampleReport()
	r.Packages[0].Vet = []string{"dec/x_test.go:9:1: ExampleReset refers to unknown identifier: Reset"}
	r.Packages[0].Failed = []Failure{{Name: "BenchmarkFails", Output: "--- FAIL: BenchmarkFails\n    dec_test.go:3: no input"}, {Name: "BenchmarkPanics", Output: "panic: boom"}}
	r.Packages[0].Skipped = []Skip{{Name: "BenchmarkDB", Reason: "needs a database"}}
	other := sampleReport().Packages[0]
	other.Path = "example.com/m/enc"
	r.Packages = append(r.Packages, other)
	out := rendered(t, r, TextOptions{})

	rd := benchfmt.NewReader(strings.NewReader(out), "report")
	var got []string
	for rd.Scan() {
		switch rec := rd.Result().(type) {
		case *benchfmt.SyntaxError:
			t.Errorf("benchfmt cannot read a line: %v", rec)
		case *benchfmt.Result:
			ns, _ := rec.Value("sec/op")
			b, _ := rec.Value("B/op")
			a, _ := rec.Value("allocs/op")
			got = append(got, fmt.Sprintf("%s %s %d %.0f %.0f %.0f", rec.GetConfig("pkg"), rec.Name, rec.Iters, ns*1e9, b, a))
		}
	}
	want := []string{
		"example.com/m/dec Simple 500000 2410 1080 64",
		"example.com/m/dec NoAlloc 4000000 300 0 0",
		"example.com/m/enc Simple 500000 2410 1080 64",
		"example.com/m/enc NoAlloc 4000000 300 0 0",
	}
	if !slices.Equal(got, want) {
		t.Errorf("benchfmt read\n%s\nwant\n%s\nfrom:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"), out)
	}
	for _, w := range []string{"--- FAIL: BenchmarkFails\n      dec_test.go:3: no input\n", "--- FAIL: BenchmarkPanics\n  panic: boom\n"} {
		if !strings.Contains(out, w) {
			t.Errorf("output lacks %q:\n%s", w, out)
		}
	}
}

// TestWriteTextVet: what go vet reported of a package's tests is one note
// under the package's path, its first line and how many more JSON has.
func TestWriteTextVet(t *testing.T) {
	r := sampleReport()
	r.Packages[0].Vet = []string{"dec/x_test.go:9:1: ExampleReset refers to unknown identifier: Reset"}
	want := "pkg: example.com/m/dec\nnote: go test would not run these benchmarks, as go vet reports\n     dec/x_test.go:9:1: ExampleReset refers to unknown identifier: Reset\n\nBenchmarkSimple "
	if out := rendered(t, r, TextOptions{}); !strings.Contains(out, want) {
		t.Errorf("output lacks\n%s\nin:\n%s", want, out)
	}
	r.Packages[0].Vet = append(r.Packages[0].Vet, "dec/y_test.go:3:1: ExampleB refers to unknown identifier: B", "dec/y_test.go:4:1: ExampleC refers to unknown identifier: C")
	out := rendered(t, r, TextOptions{})
	if flat := strings.Join(strings.Fields(out), " "); !strings.Contains(flat, "identifier: Reset (and 2 more: -json lists them) BenchmarkSimple") || strings.Count(out, "go vet") != 1 {
		t.Errorf("three lines of vet's: output\n%s", out)
	}
}

// TestWriteTextUnrecorded: the row of the allocations not recorded wraps
// its prose as a site's why: does, its first line beside the figure, the
// others indented once more, at every width.
func TestWriteTextUnrecorded(t *testing.T) {
	r := sampleReport()
	b := &r.Packages[0].Benchmarks[0]
	b.UnrecordedAllocsPerOp, b.Iterations = 6.5, 1000
	for _, tc := range []struct {
		width int
		want  string
	}{
		{80, "" +
			"        6.5                   not recorded one by one: tiny allocations that\n" +
			"                                   share 16-byte blocks, or set-up, which the\n" +
			"                                   timing run spread over its 1000 ops\n"},
		{100, "" +
			"        6.5                   not recorded one by one: tiny allocations that share 16-byte blocks,\n" +
			"                                   or set-up, which the timing run spread over its 1000 ops\n"},
	} {
		out := rendered(t, r, TextOptions{Width: tc.width})
		if !strings.Contains(out, tc.want) {
			t.Errorf("width %d: output lacks\n%s\nin:\n%s", tc.width, tc.want, out)
		}
	}
	// -benchtime 1x: one op, not "1 ops".
	b.Iterations = 1
	if out, want := rendered(t, r, TextOptions{Width: 100}), "spread over its 1 op\n"; !strings.Contains(out, want) {
		t.Errorf("one timed op: output lacks %q:\n%s", want, out)
	}
}

// TestWriteTextSampledProfile: a profile read with -profile says whether
// its counts are estimates, by its rate: Go's default of 512 KiB samples.
func TestWriteTextSampledProfile(t *testing.T) {
	r := &Report{Packages: []Package{{Path: "example.com/m/dec", Benchmarks: []Benchmark{{
		Name:  "profile",
		Sites: []Site{{File: "dec/dec.go", Line: 27, Function: "example.com/m/dec.Simple", Objects: 4096, Bytes: 1 << 20, Share: 1}},
	}}}}}
	for rate, want := range map[int]string{
		512 << 10: "site (estimates from a sample, ± 95% interval)\n    the profile recorded one allocation per 512 KiB allocated, on average\n",
		1:         "site (exact counts)\n",
		0:         "share  site\n",
	} {
		r.Packages[0].Benchmarks[0].MemProfileRate = rate
		if out := rendered(t, r, TextOptions{}); !strings.Contains(out, want) {
			t.Errorf("rate %d: output lacks %q:\n%s", rate, want, out)
		}
	}
}

func TestBytesOf(t *testing.T) {
	for n, want := range map[int]string{1: "1 B", 512: "512 B", 1024: "1 KiB", 4096: "4 KiB", 1536: "1.5 KiB", 1 << 20: "1 MiB", 1 << 30: "1 GiB"} {
		if got := bytesOf(n); got != want {
			t.Errorf("bytesOf(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestWriteTextFindings(t *testing.T) {
	r := sampleReport()
	r.Packages[0].Benchmarks[0].Sites[0].Findings = []Finding{{Pass: "prealloc", Message: "out grows once per iteration", File: "dec/dec.go", Line: 20}}
	r.Unmeasured = []Finding{{Pass: "regexpcompile", Message: "compile it once", File: "dec/other.go", Line: 7}}
	out := rendered(t, r, TextOptions{})
	for _, want := range []string{
		"fix [prealloc]: out grows once per iteration\n",
		"\nnot seen allocating in these benchmarks:\n  dec/other.go:7: compile it once [regexpcompile]\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Index(out, "not seen allocating") < strings.Index(out, "BenchmarkNoAlloc") {
		t.Error("unmeasured findings do not follow every measured site")
	}
}

func TestWriteJSONRoundTrip(t *testing.T) {
	var buf bytes.Buffer
	r := sampleReport()
	if err := WriteJSON(&buf, r); err != nil {
		t.Fatal(err)
	}
	var back Report
	if err := json.Unmarshal(buf.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	if got := back.Packages[0].Benchmarks[0].Sites[1].Mechanism; got != "strings.genSplit" {
		t.Errorf("mechanism after round trip = %q", got)
	}
	if strings.Contains(buf.String(), `"objects"`) {
		t.Error("a benchmark report carries absolute objects counts")
	}
	r.Trim(1)
	if n := len(r.Packages[0].Benchmarks[0].Sites); n != 1 {
		t.Errorf("Trim(1) left %d sites", n)
	}
}

// TestWriteJSONSiteFigures: a benchmark's site always has allocs_per_op
// and bytes_per_op, 0 included (withoutNoise leaves no site with
// allocations and no bytes, but a -json reader need not rely on that); a
// -profile site has objects and bytes in their place.
func TestWriteJSONSiteFigures(t *testing.T) {
	r := sampleReport()
	r.Packages = append(r.Packages, Package{Path: "example.com/m/prof", Benchmarks: []Benchmark{{
		Name: "profile", Sites: []Site{{File: "prof/p.go", Line: 3, Objects: 12, Bytes: 384, Share: 1}},
	}}})
	var buf bytes.Buffer
	if err := WriteJSON(&buf, r); err != nil {
		t.Fatal(err)
	}
	var back struct {
		Packages []struct {
			Benchmarks []struct {
				Sites []map[string]any
			}
		}
	}
	if err := json.Unmarshal(buf.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	sites := back.Packages[0].Benchmarks[0].Sites
	for i, s := range sites {
		for _, k := range []string{"allocs_per_op", "bytes_per_op"} {
			if _, ok := s[k]; !ok {
				t.Errorf("site %d (%v:%v) has no %s: %v", i, s["file"], s["line"], k, s)
			}
		}
		if _, ok := s["objects"]; ok {
			t.Errorf("site %d of a benchmark has objects: %v", i, s)
		}
	}
	if tiny := sites[3]; tiny["bytes_per_op"] != 0.0 {
		t.Errorf("the site of 0 B/op has bytes_per_op %v", tiny["bytes_per_op"])
	}
	prof := back.Packages[1].Benchmarks[0].Sites[0]
	for k, want := range map[string]bool{"objects": true, "bytes": true, "allocs_per_op": false, "bytes_per_op": false, "share": true, "file": true} {
		if _, ok := prof[k]; ok != want {
			t.Errorf("a -profile site has %s: %v, want %v: %v", k, ok, want, prof)
		}
	}
}

// TestWriteTextMoreSites: the line that counts the sites -top leaves out
// names the -top that shows every site above 0.1% of the objects, not one
// that would show the folded sites' line instead, and counts the folded
// sites apart.
func TestWriteTextMoreSites(t *testing.T) {
	r := sampleReport() // three sites above 0.1%, one under
	b := &r.Packages[0].Benchmarks[0]
	many := slices.Clone(b.Sites[:3])
	for i := range 3 {
		many = append(many, Site{File: "dec/dec.go", Line: 100 + i, Function: "example.com/m/dec.Tiny", AllocsPerOp: 0.0001, Share: 0.0001 / 64})
	}
	for _, tc := range []struct {
		sites []Site
		top   int
		want  string // the line after the last site shown
	}{
		{b.Sites, 1, "  … 2 more sites (-top 3 shows them), and 1 more under 0.1% of the objects and\n       bytes (-json lists it)\n"},
		{b.Sites, 2, "  … 1 more site (-top 3 shows it), and 1 more under 0.1% of the objects and\n       bytes (-json lists it)\n"},
		{b.Sites, 3, "  … 1 more site, under 0.1% of the objects and bytes (-json lists it)\n"},
		{b.Sites[:3], 1, "  … 2 more sites (-top 3 shows them)\n"},
		{many, 2, "  … 1 more site (-top 3 shows it), and 3 more, each under 0.1% of the objects\n       and bytes (-json lists them)\n"},
		{many, 3, "  … 3 more sites, each under 0.1% of the objects and bytes (-json lists them)\n"},
	} {
		b.Sites = tc.sites
		out := rendered(t, r, TextOptions{Top: tc.top})
		if !strings.Contains(out, tc.want) {
			t.Errorf("%d sites, -top %d: output lacks %q:\n%s", len(tc.sites), tc.top, tc.want, out)
		}
	}
}

// TestWriteTextByteSite: a site of few objects and many bytes, such as a
// buffer that grows now and then (go-chi/chi's 405 response adding to one
// header on every op: 8e-05 allocs/op, 92 of 452 B/op), is shown, not
// folded with the sites under 0.1% of the objects, and its allocs/op reads
// "<0.01", not "0".
func TestWriteTextByteSite(t *testing.T) {
	r := sampleReport()
	b := &r.Packages[0].Benchmarks[0]
	// A function name as pprof writes a chain of inlined closures, too
	// long for its line: clipped on the left, as the file is.
	fn := "example.com/m/dec.(*Mux).routeHTTP.(*Mux).MethodNotAllowedHandler.methodNotAllowedHandler.func2"
	b.Sites = append(b.Sites, Site{File: "dec/grow.go", Line: 7, Function: fn, AllocsPerOp: 0.00008, BytesPerOp: 92, Share: 0.00008 / 64})
	out := rendered(t, r, TextOptions{})
	for _, want := range []string{
		"      <0.01        92   0.0%  dec/grow.go:7\n                              …odNotAllowedHandler.methodNotAllowedHandler.func2\n",
		"  … 1 more site, under 0.1% of the objects and bytes (-json lists it)\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Index(out, "dec/grow.go:7") > strings.Index(out, "… 1 more site") {
		t.Errorf("the site of 92 B/op is after the folded ones:\n%s", out)
	}
	for i, line := range strings.Split(out, "\n") {
		if n := len([]rune(line)); n > 80 {
			t.Errorf("line %d is %d columns: %q", i+1, n, line)
		}
	}
}

// TestWriteTextReasonsOnce: two records that read the same in text are
// printed once, and do not count against the records shown.
func TestWriteTextReasonsOnce(t *testing.T) {
	r := sampleReport()
	same := Reason{Code: "escape", Message: "append(out, x) escapes to heap", Summary: "append(out, x) escapes to heap: return out (return) → the result", InlinedAt: "app.go:19:2"}
	other := Reason{Code: "escape", Message: "x escapes to heap", Summary: "x escapes to heap"}
	third := Reason{Code: "escape", Message: "y escapes to heap", Summary: "y escapes to heap"}
	r.Packages[0].Benchmarks[0].Sites[0].Reasons = []Reason{same, same, other, same, third, third}
	out := rendered(t, r, TextOptions{Width: 200})
	if n := strings.Count(out, "why: append(out, x) escapes to heap"); n != 1 {
		t.Errorf("the same record is printed %d times:\n%s", n, out)
	}
	if !strings.Contains(out, "why: x escapes to heap") || !strings.Contains(out, "(1 more: squash explain dec/dec.go:27)") {
		t.Errorf("the second distinct record is not shown, or the 'more' line does not count the one distinct record left:\n%s", out)
	}

	// A site in another package than the benchmark's: explain builds the
	// benchmark's package, as the report did.
	r.Packages[0].Benchmarks[0].Sites[0].PackagePath = "example.com/m/internal/list"
	if out := rendered(t, r, TextOptions{Width: 200}); !strings.Contains(out, "(1 more: squash explain -in example.com/m/dec dec/dec.go:27)") {
		t.Errorf("the 'more' line of a site of another package does not name the benchmark's with -in:\n%s", out)
	}
}

// TestWriteTextSplit: a site that allocates both itself and inside a callee
// says how its objects divide, so that a fix for one part is not read as a
// fix for all.
func TestWriteTextSplit(t *testing.T) {
	r := sampleReport()
	site := &r.Packages[0].Benchmarks[0].Sites[0]
	site.Mechanisms = []Mechanism{{Function: "fmt.Sprintf", Share: 50.0 / 56}, {Function: "", Share: 6.0 / 56}}
	other := &r.Packages[0].Benchmarks[0].Sites[1] // a part under 1% is no split
	other.Mechanisms = []Mechanism{{Function: "strings.genSplit", Share: 0.995}, {Function: "sync.(*Pool).pinSlow", Share: 0.005}}
	site.Findings = []Finding{{Pass: "prealloc", Message: "labels grows once per iteration", File: "dec/dec.go", Line: 27}}
	out := rendered(t, r, TextOptions{Width: 200})
	split := strings.Index(out, "split: 89% inside fmt.Sprintf, 11% the line itself\n")
	if split < 0 || strings.Index(out, "fix [prealloc]") < split {
		t.Errorf("no split line before the fix:\n%s", out)
	}
	if strings.Count(out, "split:") != 1 {
		t.Errorf("a split line on a site with one mechanism:\n%s", out)
	}

	// Narrow, it wraps between parts, not inside one.
	out = rendered(t, r, TextOptions{Width: 70})
	pad := strings.Repeat(" ", siteIndent)
	if want := pad + "split: 89% inside fmt.Sprintf,\n" + pad + "     11% the line itself\n"; !strings.Contains(out, want) {
		t.Errorf("at width 70, no\n%s\nin\n%s", want, out)
	}
}

func TestShortFunc(t *testing.T) {
	for fn, want := range map[string]string{
		"example.com/m/dec.(*R).Next":     "dec.(*R).Next",
		"gopkg.in/yaml.v3.(*parser).node": "yaml.v3.(*parser).node",
		"github.com/tidwall/btree.(*BTreeG[go.shape.struct { github.com/tidwall/btree.a uint64; b []int }]).iter": "btree.(*BTreeG[…]).iter",
		"example.com/m/p.Map[go.shape.int,go.shape.string].func1":                                                 "p.Map[int,string].func1",
		"example.com/m/p.Keep[go.shape.*uint8]":                                                                   "p.Keep[*uint8]",
		"example.com/m/p.Keep[go.shape.struct {}]":                                                                "p.Keep[…]",
		"example.com/m/p.Pair[go.shape.int,go.shape.[]uint8].Key":                                                 "p.Pair[…].Key",
		"main.main": "main.main",
	} {
		if got := shortFunc(fn); got != want {
			t.Errorf("shortFunc(%q) = %q, want %q", fn, got, want)
		}
	}
}

// TestLabel: a site's function is named by its package's name, from the
// package clause, where the import path's last element is another word.
func TestLabel(t *testing.T) {
	root := t.TempDir()
	os.MkdirAll(filepath.Join(root, "v5", "mw"), 0o755)
	os.WriteFile(filepath.Join(root, "iter.go"), []byte("// Package jsoniter reads JSON.\npackage jsoniter\n"), 0o644)
	os.WriteFile(filepath.Join(root, "iter_test.go"), []byte("package jsoniter_test\n"), 0o644)
	os.WriteFile(filepath.Join(root, "v5", "mw", "mw.go"), []byte("package middleware\n"), 0o644)
	s := newSources(root, "github.com/json-iterator/go")
	for _, tc := range []struct{ fn, file, want string }{
		{"github.com/json-iterator/go.NewStream", "iter.go", "jsoniter.NewStream"},
		{"github.com/json-iterator/go_test.BenchmarkX.func1", "iter_test.go", "jsoniter_test.BenchmarkX.func1"},
		{"github.com/json-iterator/go/v5/mw.(*Stack[go.shape.int]).Push", "v5/mw/mw.go", "middleware.(*Stack[int]).Push"},
		{"github.com/other/mod.F", "iter.go", "mod.F"},       // not the file's package
		{"github.com/json-iterator/go.F", "gone.go", "go.F"}, // no file to read
	} {
		got, pkg, path := s.label(tc.fn, tc.file, filepath.Join(root, filepath.FromSlash(tc.file)))
		if got != tc.want || pkg != "" && !strings.HasPrefix(tc.fn, path+".") {
			t.Errorf("label(%q, %q) = %q, %q, %q; want %q", tc.fn, tc.file, got, pkg, path, tc.want)
		}
	}
}

// TestLineDirective: a site in a file named by a //line directive, which
// the profile gives as written (scan_tokens.rl), is a file of the
// function's package, relative to the module root, with its code (helper-2,
// on hashicorp/hcl's hclsyntax).
func TestLineDirective(t *testing.T) {
	root := t.TempDir()
	os.MkdirAll(filepath.Join(root, "hclsyntax"), 0o755)
	os.WriteFile(filepath.Join(root, "hclsyntax", "scan_tokens.rl"), []byte("%%{\n  tokens = make([]Token, 0, 64)\n}%%\n"), 0o644)
	s := newSources(root, "github.com/hashicorp/hcl/v2")
	got := s.site(profile.Site{File: "scan_tokens.rl", Line: 2, Function: "github.com/hashicorp/hcl/v2/hclsyntax.scanTokens", Package: "github.com/hashicorp/hcl/v2/hclsyntax"})
	if got.File != "hclsyntax/scan_tokens.rl" || got.Code != "tokens = make([]Token, 0, 64)" {
		t.Errorf("site in %q, code %q; want hclsyntax/scan_tokens.rl and its line 2", got.File, got.Code)
	}
}

// TestWrap: text wraps at spaces only; a word wider than the line (a long
// Go name, a URL) stands on a line of its own, whole, and words joined by
// nbsp break apart only where they fit on no line together.
func TestWrap(t *testing.T) {
	const name = "encoding/json.(*decodeState).objectInterface,"
	const url = "https://pkg.go.dev/github.com/valyala/fastjson#Parser.ParseBytes"
	for _, tc := range []struct {
		name  string
		width int // of the text, after the pad
		text  string
		want  []string
	}{
		{"fits", 40, "why: s escapes to heap", []string{"why: s escapes to heap"}},
		{"at a space", 20, "why: allocated inside strings.genSplit, called here",
			[]string{"why: allocated", "     inside", "     strings.genSplit,", "     called here"}},
		{"exactly full", 20, "abcdefghij klmnopqrs tu", []string{"abcdefghij klmnopqrs", "     tu"}},
		{"long Go name", 30, "split: 25% inside " + name + " 75% the line itself",
			[]string{"split: 25% inside", "     " + name, "     75% the line itself"}},
		{"long Go name first", 20, name + " is long", []string{name, "     is long"}},
		{"URL", 40, "see " + url + " for more", []string{"see", "     " + url, "     for more"}},
		{"parts move whole", 40, "split: 89%" + nbsp + "inside" + nbsp + "fmt.Sprintf, 11%" + nbsp + "the" + nbsp + "line" + nbsp + "itself",
			[]string{"split: 89% inside fmt.Sprintf,", "     11% the line itself"}},
		{"a part wider than a line", 50, "split: 25%" + nbsp + "inside" + nbsp + "json.(*decodeState).objectInterface," + nbsp + "x, 75%" + nbsp + "the" + nbsp + "line" + nbsp + "itself",
			[]string{"split: 25% inside", "     json.(*decodeState).objectInterface, x,", "     75% the line itself"}},
		{"a part wider than a line, a name wider still", 30, "split: 25%" + nbsp + "inside" + nbsp + name + " 75%" + nbsp + "the" + nbsp + "line",
			[]string{"split: 25% inside", "     " + name, "     75% the line"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			const pad = "  "
			var buf bytes.Buffer
			tw := &textWriter{w: &buf, width: tc.width + len(pad)}
			tw.wrap(pad, tc.text)
			var want string
			for _, l := range tc.want {
				want += pad + l + "\n"
			}
			if got := buf.String(); got != want {
				t.Errorf("wrap at %d columns:\n%s\nwant\n%s", tc.width, got, want)
			}
		})
	}
}

// TestWriteTextFoldsNegligiblePackages: a package of a -profile report
// whose every site is under 0.1% of the objects (zerolog's external test
// package) has no section of its own, which would hold nothing but its
// "more sites" line: a line after the sections names it.
func TestWriteTextFoldsNegligiblePackages(t *testing.T) {
	profileOf := func(path string, shares ...float64) Package {
		b := Benchmark{Name: "profile"}
		for i, s := range shares {
			b.Sites = append(b.Sites, Site{File: "z.go", Line: i + 1, Function: path + ".F", Objects: int64(s * 1e5), Bytes: 64, Share: s})
		}
		return Package{Path: path, Benchmarks: []Benchmark{b}}
	}
	for _, tc := range []struct {
		name     string
		pkgs     []Package
		sections []string // the lines that start one, in order
		want     []string // in order, in the text with its lines joined
	}{
		{"one site", []Package{
			profileOf("github.com/rs/zerolog", 0.9, 0.0999, 0.0001),
			profileOf("github.com/rs/zerolog_test", 0.0005),
		}, []string{"github.com/rs/zerolog"}, []string{
			"z.go:2 zerolog.F",
			"… 1 more site, under 0.1% of the objects (-json lists it)",
			"… 1 more site, in github.com/rs/zerolog_test, under 0.1% of the objects (-json lists it)",
		}},
		{"several packages", []Package{
			profileOf("github.com/rs/zerolog_test", 0.0005, 0.0001),
			profileOf("github.com/rs/zerolog", 0.9, 0.0993),
			profileOf("github.com/rs/zerolog/internal/cbor", 0.0001),
		}, []string{"github.com/rs/zerolog"}, []string{
			"z.go:2 zerolog.F",
			"… 3 more sites, in github.com/rs/zerolog_test (2) and github.com/rs/zerolog/internal/cbor (1), each under 0.1% of the objects (-json lists them)",
		}},
		{"nothing else to show", []Package{
			profileOf("github.com/rs/zerolog_test", 0.0005),
		}, []string{"github.com/rs/zerolog_test"}, []string{
			"… 1 more site, under 0.1% of the objects (-json lists it)",
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := rendered(t, &Report{Packages: tc.pkgs}, TextOptions{})
			var sections []string
			for l := range strings.Lines(out) {
				if p, ok := strings.CutPrefix(l, "pkg: "); ok {
					sections = append(sections, strings.TrimSpace(p))
				}
			}
			if !slices.Equal(sections, tc.sections) {
				t.Errorf("sections %q, want %q:\n%s", sections, tc.sections, out)
			}
			flat, at := strings.Join(strings.Fields(out), " "), 0
			for _, w := range tc.want {
				i := strings.Index(flat[at:], w)
				if i < 0 {
					t.Errorf("output lacks %q after byte %d:\n%s", w, at, out)
					break
				}
				at += i + len(w)
			}
		})
	}
}

// TestWriteTextSkipped: the benchmarks that skipped themselves are named
// once per package, a line per reason, with at most a few names each.
func TestWriteTextSkipped(t *testing.T) {
	many := make([]Skip, 0, 12)
	for i := range 12 {
		many = append(many, Skip{Name: fmt.Sprintf("BenchmarkWords%d", i), Reason: "snappy_test.go:1249: skipping benchmark: open /usr/share/dict/words: no such file or directory"})
	}
	for i := range 18 {
		many = append(many, Skip{Name: fmt.Sprintf("Benchmark_UFlat%d", i), Reason: "snappy_test.go:1335: test data not found; skipping benchmark without the -download flag"})
	}
	for _, tc := range []struct {
		name  string
		skips []Skip
		want  []string // the lines after the benchmarks, joined
	}{
		{"one", []Skip{{"BenchmarkNeedsDB", "db_test.go:6: needs a database"}},
			[]string{"skipped: BenchmarkNeedsDB (db_test.go:6: needs a database)"}},
		{"no reason, and a reason of two lines", []Skip{{"BenchmarkNow", ""}, {"BenchmarkA", "a_test.go:3: two\nlines"}, {"BenchmarkB", "a_test.go:3: two\nlines"}},
			[]string{"skipped: BenchmarkNow", "skipped: BenchmarkA, BenchmarkB (a_test.go:3: two)"}},
		{"many", many, []string{
			"skipped: BenchmarkWords0, BenchmarkWords1, BenchmarkWords2 and 9 more (snappy_test.go:1249: skipping benchmark: open /usr/share/dict/words: no such file or directory)",
			"skipped: Benchmark_UFlat0, Benchmark_UFlat1, Benchmark_UFlat2 and 15 more (snappy_test.go:1335: test data not found; skipping benchmark without the -download flag)",
		}},
		{"many reasons", []Skip{{"B1", "r1"}, {"B2", "r2"}, {"B3", "r3"}, {"B4", "r4"}, {"B5", "r5"}, {"B6", "r4"}},
			[]string{"skipped: B1 (r1)", "skipped: B2 (r2)", "skipped: B3 (r3)", "skipped: 3 more for other reasons (-json lists them)"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := sampleReport()
			r.Packages[0].Skipped = tc.skips
			out := rendered(t, r, TextOptions{})
			_, after, ok := strings.Cut(out, "no allocations per op\n\n")
			if !ok {
				t.Fatalf("no blank line after the benchmarks:\n%s", out)
			}
			var got []string
			for l := range strings.Lines(after) {
				if strings.HasPrefix(l, " ") {
					got[len(got)-1] += " " + strings.TrimSpace(l)
				} else {
					got = append(got, strings.TrimSpace(l))
				}
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
			if n := len(strings.Split(strings.TrimSpace(after), "\n")); n > 8 {
				t.Errorf("%d lines for %d skipped benchmarks:\n%s", n, len(tc.skips), after)
			}
		})
	}
}
