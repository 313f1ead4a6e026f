package report

import (
	"context"
	"fmt"
	"math"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/squashgo/squash/internal/bench"
	"github.com/squashgo/squash/internal/escape"
	"github.com/squashgo/squash/internal/profile"
)

// makeReport returns the report of benchRE's benchmarks in pattern, from
// dir, made once for the tests that read it.
func makeReport(t *testing.T, dir, pattern, benchRE string) *Report {
	t.Helper()
	if testing.Short() {
		t.Skip("runs benchmarks")
	}
	once, _ := reports.LoadOrStore([3]string{dir, pattern, benchRE}, sync.OnceValues(func() (*Report, error) {
		return Make(context.Background(), Config{
			Dir: dir, Patterns: []string{pattern},
			Bench: bench.Options{Bench: benchRE, Benchtime: "2000x"},
		})
	}))
	rep, err := once.(func() (*Report, error))()
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// reports are makeReport's, by its arguments.
var reports sync.Map

// benchmarksByName returns the benchmarks of rep's first package by name.
func benchmarksByName(rep *Report) map[string]*Benchmark {
	byName := make(map[string]*Benchmark, len(rep.Packages[0].Benchmarks))
	for i := range rep.Packages[0].Benchmarks {
		b := &rep.Packages[0].Benchmarks[i]
		byName[b.Name] = b
	}
	return byName
}

// benchSite returns the site of the benchmark named name whose code holds
// code, or nil, which it reports.
func benchSite(t *testing.T, byName map[string]*Benchmark, name, code string) *Site {
	t.Helper()
	b := byName[name]
	if b == nil {
		t.Fatalf("no %s in the report", name)
	}
	s := siteWithCode(b, code)
	if s == nil {
		t.Errorf("%s: no site for %q", name, code)
	}
	return s
}

func siteWithCode(b *Benchmark, code string) *Site {
	for i := range b.Sites {
		if strings.Contains(b.Sites[i].Code, code) {
			return &b.Sites[i]
		}
	}
	return nil
}

// TestDecoderSimpleReasons: every site of the Simple stage gets a reason,
// each the right kind.
func TestDecoderSimpleReasons(t *testing.T) {
	rep := makeReport(t, "../..", "./examples/decoder", "Simple")
	b := &rep.Packages[0].Benchmarks[0]
	if b.Name != "BenchmarkSimple" || len(b.Sites) == 0 {
		t.Fatalf("benchmark %s with %d sites", b.Name, len(b.Sites))
	}
	conv := siteWithCode(b, "string(b)")
	if conv == nil || len(conv.Reasons) == 0 {
		t.Fatalf("string(b) site %+v has no compiler record", conv)
	}
	if r := conv.Reasons[0]; r.Code != "escape" || r.Message != "string(b) escapes to heap" || len(r.Flow) == 0 || !strings.Contains(r.Summary, "{heap}") {
		t.Errorf("string(b) reason = %+v, want the escape record with its flow to the heap", r)
	}
	for code, want := range map[string]string{
		"strings.Split(s": "allocated inside strings.genSplit, called here",
		"io.ReadAll(r)":   "allocated inside io.ReadAll, called here",
		"append(out":      "slice grows past its capacity (runtime.growslice)",
	} {
		s := siteWithCode(b, code)
		if s == nil {
			t.Errorf("no site for %q", code)
			continue
		}
		if s.MechanismText != want {
			t.Errorf("site %q mechanism_text = %q, want %q", code, s.MechanismText, want)
		}
	}
	for _, s := range b.Sites {
		if !s.explained() {
			t.Errorf("site %s:%d (%s) has neither a record nor a mechanism", s.File, s.Line, s.Code)
		}
	}
	if rep.Coverage == nil || rep.Coverage.Explained != rep.Coverage.Sites {
		t.Errorf("coverage = %+v, want every site", rep.Coverage)
	}
}

// TestReasonsComeFromTheProfiledBuild: mk's &T escapes when mk is compiled
// alone, but the benchmarks run copies inlined into Sum (where it stays on
// the stack) and into Keep (where it escapes). The report says what ran.
func TestReasonsComeFromTheProfiledBuild(t *testing.T) {
	rep := makeReport(t, "../escape/testdata/inl", ".", ".")
	byName := benchmarksByName(rep)
	if sum := byName["BenchmarkSum"]; sum == nil || sum.AllocsPerOp != 0 || len(sum.Sites) != 0 {
		t.Errorf("BenchmarkSum = %+v: want 0 allocs/op and no site, though mk escapes when compiled alone", sum)
	}
	keep := byName["BenchmarkKeep"]
	if keep == nil || keep.AllocsPerOp != 1 || len(keep.Sites) != 1 {
		t.Fatalf("BenchmarkKeep = %+v: want 1 allocs/op at one site", keep)
	}
	// Count's slice does not escape, so the compiler has no record for it;
	// its size is not a constant, so it is on the heap all the same.
	if c := byName["BenchmarkCount"]; c == nil || c.AllocsPerOp != 1 || len(c.Sites) != 1 {
		t.Errorf("BenchmarkCount = %+v: want 1 allocs/op at one site", c)
	} else if s := c.Sites[0]; s.Line != 7 || len(s.Reasons) != 0 || !strings.Contains(s.MechanismText, "make allocates its backing array (runtime.makeslice): with no escape record for it, a make that does not escape still goes to the heap when its size is not a constant") {
		t.Errorf("Count's site = %s:%d, reasons %v, mechanism %q: want local.go:7, no reason, and why a make that does not escape allocates", s.File, s.Line, s.Reasons, s.MechanismText)
	}
	s := keep.Sites[0]
	if s.File != "inl.go" || s.Line != 11 || len(s.Reasons) != 1 {
		t.Fatalf("site = %+v, want inl.go:11 with one reason", s)
	}
	// The record of the copy inlined (through Keep) into the benchmark, not
	// the standalone one at inl.go:11:9.
	if r := s.Reasons[0]; r.InlinedAt != "inl_test.go:13:7" || r.Pos != "inl.go:11:9" || !strings.Contains(r.Summary, "sink = ~r0 (assign)") && !strings.Contains(r.Summary, "{heap}") {
		t.Errorf("reason = %+v, want the copy inlined at inl_test.go:13:7", r)
	}
}

// TestExamplesCoverage: over every site of every examples/ benchmark, at
// least 90% carry a compiler record or a named mechanism.
func TestExamplesCoverage(t *testing.T) {
	c := examplesReport(t).Coverage
	if c == nil || c.Sites < 10 {
		t.Fatalf("coverage %+v: too few sites to judge", c)
	}
	if float64(c.Explained) < 0.9*float64(c.Sites) {
		t.Errorf("%d of %d sites explained, want at least 90%%", c.Explained, c.Sites)
	}
	t.Logf("%d of %d sites carry a compiler record or a named mechanism", c.Explained, c.Sites)
}

// TestStandardLibraryReport runs a benchmark of encoding/json, whose GOROOT
// is read-only: only the build cache and a temporary directory are written.
func TestStandardLibraryReport(t *testing.T) {
	rep := makeReport(t, ".", "encoding/json", "CodeEncoderError")
	b := rep.Packages[0].Benchmarks[0]
	if rep.Packages[0].Path != "encoding/json" || b.Name != "BenchmarkCodeEncoderError" || b.AllocsPerOp == 0 {
		t.Fatalf("report = %+v", rep.Packages[0])
	}
	found := false
	for _, s := range b.Sites {
		if strings.HasPrefix(s.File, "encoding/json/") && s.Code != "" {
			found = true
		}
	}
	if !found {
		t.Errorf("no site in encoding/json's files: %+v", b.Sites)
	}
}

// TestPositive: parts of a site that a difference of profiles left at or
// below zero are dropped, and the site counts the rest.
func TestPositive(t *testing.T) {
	s := positive(profile.Site{Objects: 98, Bytes: 900, Mechanisms: []profile.Mechanism{
		{Function: "regexp.makeOnePass.func1", Objects: 100, Bytes: 1000},
		{Function: "unicode/utf8.AppendRune", Objects: -2, Bytes: -100},
		{Function: "testing.rewrite", Objects: 0, Bytes: 0},
	}})
	if s.Objects != 100 || s.Bytes != 1000 || len(s.Mechanisms) != 1 || s.Mechanisms[0].Function != "regexp.makeOnePass.func1" {
		t.Errorf("positive = %+v", s)
	}
	if s := positive(profile.Site{Objects: -3, Mechanisms: []profile.Mechanism{{Objects: -3}}}); s.Objects != 0 || len(s.Mechanisms) != 0 {
		t.Errorf("a site with no positive part: %+v", s)
	}
	whole := profile.Site{Objects: 5, Bytes: 50, Mechanisms: []profile.Mechanism{{Objects: 3, Bytes: 30}, {Function: "f", Objects: 2, Bytes: 20}}}
	if s := positive(whole); s.Objects != 5 || len(s.Mechanisms) != 2 {
		t.Errorf("a site with no noise changed: %+v", s)
	}
	// A part with objects but no bytes, or too few bytes for them, is
	// noise as one below zero is: dropped with its objects, where it
	// left a site with allocations and no bytes (a sampled run's
	// d.interned = make(map[string]string, 64), 0.389 allocs/op) or with
	// one byte an allocation.
	for _, noisy := range []profile.Mechanism{
		{Function: "f", Objects: 7, Bytes: 0},
		{Function: "f", Objects: 7, Bytes: -64},
		{Function: "f", Objects: 7, Bytes: 7},
		{Function: "f", Objects: 0, Bytes: 64},
	} {
		s := positive(profile.Site{Objects: 10, Bytes: 48 + noisy.Bytes, Mechanisms: []profile.Mechanism{{Objects: 3, Bytes: 48}, noisy}})
		if s.Objects != 3 || s.Bytes != 48 || len(s.Mechanisms) != 1 {
			t.Errorf("a site with a part of %d objects and %d bytes: %+v", noisy.Objects, noisy.Bytes, s)
		}
	}
}

// TestWithoutNoise: what a difference of profiles leaves with objects and
// no bytes (or too few of them), or bytes and no objects, is dropped whole,
// sites and outside counts alike, and every site left has at least 8 bytes
// an allocation (so bytes_per_op is never 0 where allocs_per_op is not).
func TestWithoutNoise(t *testing.T) {
	attr := &profile.Attribution{
		Sites: []profile.Site{
			{File: "/m/a.go", Line: 1, Objects: 4, Bytes: 128, Mechanisms: []profile.Mechanism{{Objects: 4, Bytes: 128}}},
			{File: "/m/a.go", Line: 341, Objects: 7, Bytes: 0, Mechanisms: []profile.Mechanism{{Objects: 7, Bytes: 0}}},
			{File: "/m/a.go", Line: 5, Objects: 1, Bytes: 1, Mechanisms: []profile.Mechanism{{Objects: 1, Bytes: 1}}},
			{File: "/m/a.go", Line: 9, Objects: 0, Bytes: 32, Mechanisms: []profile.Mechanism{{Objects: 0, Bytes: 32}}},
			{File: "/m/a.go", Line: 12, Objects: 2, Bytes: 16}, // no parts
			{File: "/m/a.go", Line: 13, Objects: 2, Bytes: 8},  // no parts
		},
		OutsideObjects: 62, OutsideBytes: 0,
	}
	withoutNoise(attr)
	lines := slices.Grow[[]int](nil, len(attr.Sites))
	for _, s := range attr.Sites {
		lines = append(lines, s.Line)
		if s.Bytes < 8*s.Objects {
			t.Errorf("site %d left with %d objects and %d bytes", s.Line, s.Objects, s.Bytes)
		}
	}
	if !slices.Equal(lines, []int{1, 12}) {
		t.Errorf("sites left: lines %v, want [1 12]", lines)
	}
	if attr.OutsideObjects != 0 || attr.OutsideBytes != 0 {
		t.Errorf("outside: %d objects and %d bytes, want none", attr.OutsideObjects, attr.OutsideBytes)
	}
	for _, tc := range []struct{ objects, bytes, wantObjects, wantBytes int64 }{
		{62, 4096, 62, 4096},
		{-3, 100, 0, 0},
		{3, -100, 0, 0},
		{0, 0, 0, 0},
	} {
		a := &profile.Attribution{OutsideObjects: tc.objects, OutsideBytes: tc.bytes}
		withoutNoise(a)
		if a.OutsideObjects != tc.wantObjects || a.OutsideBytes != tc.wantBytes {
			t.Errorf("outside %d objects, %d bytes: left %d and %d, want %d and %d", tc.objects, tc.bytes, a.OutsideObjects, a.OutsideBytes, tc.wantObjects, tc.wantBytes)
		}
	}
}

// TestFromRuntime: a record of code inlined from the runtime explains a
// line's own allocation, as the memory profile leaves out the runtime's
// inlined frames (runtime.CallersFrames' &Frames{...}); one inlined from
// elsewhere does not.
func TestFromRuntime(t *testing.T) {
	at := escape.Position{File: "/m/p.go", Line: 12, Col: 30}
	for file, want := range map[string]bool{
		"/usr/local/go/src/runtime/symtab.go": true,
		"/usr/local/go/src/errors/errors.go":  false,
		"/m/runtime/x.go":                     false,
	} {
		r := escape.Record{Code: "escape", Message: "&runtime.Frames{...} escapes to heap", Pos: at, Inlined: []escape.Position{{File: file, Line: 81, Col: 7}}}
		if got := fromRuntime(r); got != want {
			t.Errorf("fromRuntime(inlined from %s) = %v, want %v", file, got, want)
		}
	}
	if fromRuntime(escape.Record{Code: "escape", Message: "x escapes to heap", Pos: at}) {
		t.Error("fromRuntime of a record of the line's own code")
	}
}

// TestSameShapes: of a generic line's records, one per shape, a site of an
// instance keeps its own shape's and those that name no shape.
func TestSameShapes(t *testing.T) {
	fn := "example.com/g.Keep[go.shape.string]"
	for msg, want := range map[string]bool{
		"&g.Box[go.shape.string]{...} escapes to heap": true,
		"&g.Box[go.shape.int]{...} escapes to heap":    false,
		"v escapes to heap":                            true,
	} {
		if got := sameShapes(fn, msg); got != want {
			t.Errorf("sameShapes(%q, %q) = %v, want %v", fn, msg, got, want)
		}
	}
	if !sameShapes("example.com/g.Plain", "&g.Box[go.shape.int]{...} escapes to heap") {
		t.Error("a function with no shapes dropped a record")
	}
	// The shape ends where the brackets around it close (google/btree's
	// generic make lost its record when it read go.shape.int]]).
	for _, tc := range []struct {
		fn, msg string
		want    bool
	}{
		{"btree.(*node[go.shape.int]).split", "make(items[*btree.node[go.shape.int]], len(n.items) - i - 1) escapes to heap", true},
		{"btree.(*node[go.shape.int]).split", "make(items[*btree.node[go.shape.string]], n) escapes to heap", false},
		{"g.(*Node[go.shape.int]).Clone", "make([]go.shape.int, len(n.items), cap(n.items)) escapes to heap", true},
		{"g.(*Node[go.shape.int]).Clone", "make([]*g.Node[go.shape.int], len(n.kids)) escapes to heap", true},
		{"g.Pair[go.shape.int,go.shape.string]", "&g.Box[go.shape.string]{...} escapes to heap", true},
		{"g.F[go.shape.struct { A int; B []string }]", "make([]go.shape.struct { A int; B []string }, n) escapes to heap", true},
		{"g.F[go.shape.struct { A int; B []string }]", "make([]go.shape.struct { A int }, n) escapes to heap", false},
	} {
		if got := sameShapes(tc.fn, tc.msg); got != tc.want {
			t.Errorf("sameShapes(%q, %q) = %v, want %v (shapes %q and %q)", tc.fn, tc.msg, got, tc.want, shapes(tc.fn), shapes(tc.msg))
		}
	}
}

// FuzzShapes: every shape found is in the text, starts with go.shape., and
// the text holds at least as many go.shape. as shapes were found.
func FuzzShapes(f *testing.F) {
	for _, s := range []string{"g.Keep[go.shape.int]", "make([]go.shape.struct { A int; B []string }, n)", "go.shape.", "go.shape.[", "]go.shape.]"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := shapes(s)
		if len(got) > strings.Count(s, "go.shape.") {
			t.Fatalf("shapes(%q) = %q: more than the text names", s, got)
		}
		for _, sh := range got {
			if !strings.HasPrefix(sh, "go.shape.") || !strings.Contains(s, sh) {
				t.Fatalf("shapes(%q) = %q: %q is not a shape of the text", s, got, sh)
			}
		}
	})
}

// TestMovedHere: of the records whose flow passes through a line, only an
// append's that returns there explains what the line allocates.
func TestMovedHere(t *testing.T) {
	const file = "/m/p.go"
	step := func(line int, text string) escape.Step {
		return escape.Step{Pos: escape.Position{File: file, Line: line, Col: 2}, Text: text}
	}
	appended := escape.Record{Code: "escape", Message: "append(out, x) escapes to heap", Pos: escape.Position{File: file, Line: 6, Col: 15},
		Flow: []escape.Step{step(6, "flow: out ← &{storage for append(out, x)}"), step(8, "flow: ~r0 ← out"), step(8, "from return out (return)")}}
	boxed := escape.Record{Code: "escape", Message: "int(c) * 1000 escapes to heap", Pos: escape.Position{File: file, Line: 12, Col: 15},
		Flow: []escape.Step{step(12, "flow: v ← &{storage for int(c) * 1000}"), step(14, "flow: {heap} ← v"), step(14, "from m[k] = v (assign)")}}
	captured := escape.Record{Code: "escape", Message: "append(dels, b) escapes to heap", Pos: escape.Position{File: file, Line: 20, Col: 18},
		Flow: []escape.Step{step(20, "flow: dels ← &{storage for append(dels, b)}"), step(18, "flow: {temp} ← dels")}}
	for _, tc := range []struct {
		line int
		recs []escape.Record
		want int
	}{
		{8, []escape.Record{appended}, 1},
		{14, []escape.Record{boxed}, 0},
		{18, []escape.Record{captured}, 0},
		{8, []escape.Record{boxed, appended}, 1},
	} {
		if got := movedHere(slices.Clone(tc.recs), file, tc.line); len(got) != tc.want {
			t.Errorf("movedHere(line %d) kept %d records, want %d: %+v", tc.line, len(got), tc.want, got)
		}
	}
}

// TestOwnRecords: a site cites the records of the code that allocated there,
// and only those (testdata/why, from helper-1's runs on msgpack, btree and
// a byte appended to []any, and a user-tester's on yaml.v3 and zerolog): a
// map store is not explained by the values boxed on other lines that flow
// through it, a one-byte value that is not allocated is no reason, a
// generic make keeps its record where its shape sits inside other
// brackets, a make converted to an interface cites both of its records,
// and a line cites the records of inlined code that the profile shows on
// it, and only those.
func TestOwnRecords(t *testing.T) {
	byName := benchmarksByName(makeReport(t, "testdata/why", ".", "."))
	messages := func(s *Site) []string {
		out := slices.Grow[[]string](nil, len(s.Reasons))
		for _, r := range s.Reasons {
			out = append(out, r.Message)
		}
		return out
	}
	for _, tc := range []struct {
		bench, code string
		want        []string // the reasons' messages, in full
	}{
		{"BenchmarkBox", "m[i] = v", nil},
		{"BenchmarkBox", "v = int(c) * 1000", []string{"int(c) * 1000 escapes to heap"}},
		{"BenchmarkBytes", "s = append(s, c)", []string{"append(s, c) escapes to heap"}},
		{"BenchmarkClone", "c.items = make(", []string{"make([]go.shape.int, len(n.items), cap(n.items)) escapes to heap"}},
		{"BenchmarkClone", "c.kids = make(", []string{"make([]*Node[go.shape.int], len(n.kids), cap(n.kids)) escapes to heap"}},
		// yaml.v3's decode.go:743: the compiler has two records at the
		// make, the backing array's and the converted slice's.
		{"BenchmarkSettable", "settableValueOf(make(", []string{"make([]any, l) escapes to heap", "make([]any, l) escapes to heap"}},
		// zerolog's console.go:129: a slice literal that an inlined
		// function returns is made at the call, which the profile shows
		// without the callee's frame, beside the line's own append.
		{"BenchmarkConsole", "w.PartsOrder = defaultPartsOrder()", []string{"[]string{...} escapes to heap"}},
		{"BenchmarkConsole", "w.Extra = append(defaultPartsOrder(), extra)", []string{"append(~r0, extra) escapes to heap", "[]string{...} escapes to heap"}},
		// Slices made by inlined functions on their own lines, which the
		// profile shows as inlined frames, are no reason for the map
		// stores' growth.
		{"BenchmarkIndex", "byName[s] = partsOf(s)", nil},
		{"BenchmarkIndex", "made[s] = madeParts(2)", nil},
		// andybalholm/brotli's brotli_test.go:620: of the code inlined
		// into one line, what an inlined function of the module allocates
		// is blamed on that function's line, which cites it; what one of
		// the standard library allocates, on the calling line.
		{"BenchmarkHold", "held = newHolder(bytes.NewReader(data))", []string{"&bytes.Reader{...} escapes to heap"}},
		{"BenchmarkHold", "h := new(Holder)", []string{"new(Holder) escapes to heap"}},
	} {
		s := benchSite(t, byName, tc.bench, tc.code)
		if s == nil {
			continue
		}
		if got := messages(s); !slices.Equal(got, tc.want) {
			t.Errorf("%s: site %q cites %q, want %q", tc.bench, tc.code, got, tc.want)
		}
	}
	// bytes.NewReader is inlined into Hold's line, and its &Reader{…} is
	// allocated there, under Hold's escape analysis: not in a call.
	// The line of the standard library that allocated is named, and
	// quoted: GOROOT's line number is left out of the test.
	if s := siteWithCode(byName["BenchmarkHold"], "held = newHolder(bytes.NewReader(data))"); s != nil && (!strings.HasPrefix(s.MechanismText, "allocated by bytes.NewReader, inlined here, at reader.go:") || !strings.HasSuffix(s.MechanismText, ": func NewReader(b []byte) *Reader { return &Reader{b, 0, -1} }")) {
		t.Errorf("the inlined bytes.NewReader's mechanism is %q", s.MechanismText)
	}
	// logrus's maps.Copy(dup.Data, entry.Data): the name of the inlined
	// function alone did not say that it is the map copied into that
	// grows, in maps.Copy's dst[k] = v.
	if s := siteWithCode(byName["BenchmarkMerged"], "maps.Copy(dst, src)"); s == nil {
		t.Errorf("BenchmarkMerged has no site on maps.Copy(dst, src)")
	} else if !strings.HasPrefix(s.MechanismText, "allocated by maps.Copy[…], inlined here, at maps.go:") || !strings.HasSuffix(s.MechanismText, ": dst[k] = v") {
		t.Errorf("the inlined maps.Copy's mechanism is %q", s.MechanismText)
	}
	if s := siteWithCode(byName["BenchmarkBox"], "m[i] = v"); s != nil && s.MechanismText != growsMap {
		t.Errorf("the map store's mechanism is %q", s.MechanismText)
	}
	const both = "make allocates its backing array (runtime.makeslice); its conversion to an interface copies the value to the heap as well (runtime.convT*)"
	if s := siteWithCode(byName["BenchmarkSettable"], "settableValueOf(make("); s != nil && s.MechanismText != both {
		t.Errorf("the make converted to an interface has mechanism %q, want %q", s.MechanismText, both)
	}
}

// growsMap is the mechanism of a store into a map, which grows, with no
// record: the compiler writes none for a map's growth.
const growsMap = "map grows on insert (runtime.mapassign): with no escape record for it, an insert still grows the map on the heap once its table is full; a map on the stack has room for 8 entries"

// TestIndexStoreMechanism: a line that stores to an index expression is read
// as a map growing only where what it indexes is a map (testdata/why). A
// value stored in a slice of interfaces is copied to the heap by its
// conversion to an interface, every store; one stored in a map of
// interfaces is copied too, and the map grows as well. += concatenates
// where the elements are strings, and adds where they are numbers.
func TestIndexStoreMechanism(t *testing.T) {
	byName := benchmarksByName(makeReport(t, "testdata/why", ".", "."))
	for _, tc := range []struct{ bench, code, want string }{
		{"BenchmarkSlots", "out[i] = n", "conversion to an interface copies the value to the heap (runtime.convT*)"},
		{"BenchmarkKeyed", "m[i] = n", "conversion to an interface copies the value to the heap (runtime.convT*); the map also grows on insert (runtime.mapassign)"},
		{"BenchmarkBox", "m[i] = v", growsMap},
		{"BenchmarkSuffix", "names[i] += s", "string concatenation (runtime.concatstrings): with no escape record for it, a += of strings still goes to the heap: the compiler decides nothing for it, and concatenates into a new string every time"},
		{"BenchmarkTally", "counts[w] += 1", growsMap},
		// fxamacker/cbor's decode_map_utils.go:92: a map reached through
		// a pointer.
		{"BenchmarkUnknownKeys", "(*uks)[key] = struct{}{}", growsMap},
		// expr-lang/expr's vm.go:581: a slice in a map, appended to under
		// its key, grows, and so does the map.
		{"BenchmarkGroup", "m[c%64] = append(m[c%64], byte(i))", "slice grows past its capacity (runtime.growslice); the map also grows on insert (runtime.mapassign)"},
		// logrus's text_formatter.go:233, value = entry.Message with
		// value an any: the record says only that entry.Message escapes,
		// which reads as if the string's bytes did.
		{"BenchmarkValues", "value = e.Message", "conversion to an interface copies the value to the heap (runtime.convT*)"},
	} {
		s := benchSite(t, byName, tc.bench, tc.code)
		if s == nil {
			continue
		}
		if s.MechanismText != tc.want {
			t.Errorf("%s: site %q mechanism_text = %q, want %q", tc.bench, tc.code, s.MechanismText, tc.want)
		}
	}
}

// TestExplainWithoutTypes: with neither the compiler's records nor the
// types of the code (-profile), a store to an index expression is not read
// as a map growing: its text cannot tell a map from a slice.
func TestExplainWithoutTypes(t *testing.T) {
	site := Site{Code: "out[i] = n"}
	explain(&site, profile.Site{File: "/m/a.go", Line: 7, Direct: true, Mechanisms: []profile.Mechanism{{Objects: 1}}}, nil, newSources("/m", ""))
	if want := "a map growing on insert (runtime.mapassign), or the value converted to an interface (runtime.convT*): the line's text does not say which"; site.MechanismText != want {
		t.Errorf("mechanism_text = %q, want %q", site.MechanismText, want)
	}
}

// TestGenericMechanism: a generic function that allocated for a line is
// named in mechanism_text as the split line names it, its type arguments
// shortened, not with the compiler's shapes in full (gobwas/glob's
// parse.go:209, c := slices.Clone(stack[i:])); JSON's mechanism keeps the
// name as the profile has it.
func TestGenericMechanism(t *testing.T) {
	const clone = "slices.Clone[go.shape.[]github.com/gobwas/glob.matcher,go.shape.interface { Match(github.com/gobwas/glob.matchContext, string) (int, bool); String() string }]"
	for fn, want := range map[string]string{
		clone:                                "allocated inside slices.Clone[…], called here",
		"example.com/m/p.Keep[go.shape.int]": "allocated inside example.com/m/p.Keep[int], called here",
		"math/rand.newSource":                "allocated inside math/rand.newSource, called here",
	} {
		p := profile.Site{File: "/m/a.go", Line: 7, Direct: true, Mechanisms: []profile.Mechanism{{Function: fn, Objects: 1}}}
		site := Site{Code: "c := slices.Clone(stack[i:])", Mechanism: p.Mechanism()}
		explain(&site, p, nil, newSources("/m", ""))
		if site.MechanismText != want {
			t.Errorf("%s: mechanism_text = %q, want %q", fn, site.MechanismText, want)
		}
		if site.Mechanism != fn {
			t.Errorf("mechanism = %q, want %q", site.Mechanism, fn)
		}
	}
}

// TestMapGrowthWithoutRecords: a map store is read as the map's growth from
// the types of its package when the compiler writes no record of a value
// that escapes in it, nor in its tests (testdata/grow), which ReadTypes
// would type-check anyway: the package's own file and its test file.
func TestMapGrowthWithoutRecords(t *testing.T) {
	byName := benchmarksByName(makeReport(t, "testdata/grow", ".", "."))
	for _, tc := range []struct{ bench, code string }{
		{"BenchmarkFill", "m[i] = i"},
		{"BenchmarkCount", "m[w] += 1"},
	} {
		s := benchSite(t, byName, tc.bench, tc.code)
		if s == nil {
			continue
		}
		if want := growsMap; s.MechanismText != want {
			t.Errorf("%s: site %q mechanism_text = %q, want %q", tc.bench, tc.code, s.MechanismText, want)
		}
		if len(s.Reasons) > 0 {
			t.Errorf("%s: site %q has reasons %+v: the package is meant to have none", tc.bench, tc.code, s.Reasons)
		}
	}
}

// TestNamedMakes: a make of a type whose text does not say what it is (a
// map in logrus's data := make(Fields, n)) is read as what its type is, a
// map, a slice or a channel, where the compiler has a record of it
// (testdata/why) and where it has none, which its package's types are read
// for (testdata/grow): a slice made there goes to the heap when over 32
// bytes, and a map's table when made for over 8 entries (logrus's
// TextFormatter.Format, 3 allocs an op with no word of why).
func TestNamedMakes(t *testing.T) {
	const (
		makesMap   = "map allocated (runtime.makemap)"
		makesSlice = "make allocates its backing array (runtime.makeslice)"
		makesChan  = "channel allocated (runtime.makechan): with no escape record for it, a channel still goes to the heap: the compiler records none for a channel, which runtime.makechan always allocates"
	)
	for _, tc := range []struct {
		dir, bench, code, want string
		records                bool
	}{
		{"testdata/why", "BenchmarkNamed", "data := make(Fields, n+6)", makesMap, true},
		{"testdata/why", "BenchmarkNamed", "names := make(Names, n)", makesSlice, true},
		{"testdata/why", "BenchmarkNamed", "events := make(Events, n)", makesChan, false}, // a channel is on the heap, whatever escapes
		{"testdata/why", "BenchmarkNamed", "labels := make(Labels, n)", makesMap, true},
		{"testdata/grow", "BenchmarkLocal", "s := make(Names, n)", makesSlice + ": with no escape record for it, a make that does not escape still goes to the heap when its size is not a constant and is over 32 bytes", false},
		{"testdata/grow", "BenchmarkMembers", "s := make(Set, n)", makesMap + ": with no escape record for it, a map that does not escape still gets its table from the heap when made for more than 8 entries", false},
	} {
		s := benchSite(t, benchmarksByName(makeReport(t, tc.dir, ".", ".")), tc.bench, tc.code)
		if s == nil {
			continue
		}
		if s.MechanismText != tc.want {
			t.Errorf("%s: site %q mechanism_text = %q, want %q", tc.bench, tc.code, s.MechanismText, tc.want)
		}
		if (len(s.Reasons) > 0) != tc.records {
			t.Errorf("%s: site %q has reasons %+v, want some: %v", tc.bench, tc.code, s.Reasons, tc.records)
		}
	}
}

// TestTinySites: a site whose record is of a value the tiny allocator
// makes (a float64 boxed in an interface) says that its count is a lower
// bound, and shows why: the profile recorded fewer than the 12 a call
// makes. One of 16 bytes (a [2]float64) is counted exactly, and says
// nothing of the kind.
func TestTinySites(t *testing.T) {
	byName := benchmarksByName(makeReport(t, "testdata/why", ".", "."))
	tiny := benchSite(t, byName, "BenchmarkFloats", "s = append(s, float64(c)*1.5)")
	pair := benchSite(t, byName, "BenchmarkFloats", "s = append(s, [2]float64{float64(c), 2})")
	if tiny == nil || pair == nil {
		return
	}
	if !tiny.Tiny || tiny.AllocsPerOp >= 12 {
		t.Errorf("boxed float64: tiny %v at %.2f allocs/op; want tiny, under the 12 it makes", tiny.Tiny, tiny.AllocsPerOp)
	}
	if pair.Tiny || !exactly(pair.AllocsPerOp, 12) {
		t.Errorf("boxed [2]float64: tiny %v at %v allocs/op; want 12, give or take the runtime's few, not tiny", pair.Tiny, pair.AllocsPerOp)
	}
}

// exactly reports whether a site's count per op is want but for what the
// runtime allocates inside an allocation of the line, which the profile
// blames on the line as it hides the runtime's frames: a GC assist that
// waits for the mark to finish allocates a sudog (112 bytes), now and then,
// in one of the two attribution runs (1 run in 30 under load made
// TestTinySites' 12 read 12.000167); in the shorter run it takes one away.
// That is a few in thousands of ops.
func exactly(got, want float64) bool {
	return math.Abs(got-want) < 0.01
}

// TestTinyStrings: a site that copies strings of a length known only at
// run time says that its count is a lower bound where the profile recorded
// 16-byte objects there, as it does when the strings are shorter than 16
// bytes and packed into blocks (5 bytes: fewer than the 12 a call makes),
// and says nothing of the kind where it recorded none (20 bytes: exactly
// 12).
func TestTinyStrings(t *testing.T) {
	byName := benchmarksByName(makeReport(t, "testdata/why", ".", "."))
	short := benchSite(t, byName, "BenchmarkStrings", "short = append(short, string(data[i:i+5]))")
	long := benchSite(t, byName, "BenchmarkStrings", "long = append(long, string(data[i:i+20]))")
	if short == nil || long == nil {
		return
	}
	// A GC assist's sudog may be blamed on the line (see TestTinySites):
	// the figures are compared to the op.
	if !short.Tiny || short.AllocsPerOp >= 11 {
		t.Errorf("5-byte strings: tiny %v at %.2f allocs/op; want tiny, under the 12 it makes", short.Tiny, short.AllocsPerOp)
	}
	if long.Tiny || math.Abs(long.AllocsPerOp-12) > 0.1 {
		t.Errorf("20-byte strings: tiny %v at %v allocs/op; want exactly 12, not tiny", long.Tiny, long.AllocsPerOp)
	}
}

// TestParentSetUp: a sub-benchmark's sites hold what its own function
// allocates, not its parent's set-up, which runs once per process and go
// test does not count, even where the two attribution runs made different
// amounts of it (testdata/why's BenchmarkParent, as a pool refilled in one
// run and not the other makes andybalholm/brotli's b.Run(fmt.Sprintf(…))).
func TestParentSetUp(t *testing.T) {
	b := benchmarksByName(makeReport(t, "testdata/why", ".", "."))["BenchmarkParent/n=1"]
	if b == nil {
		t.Fatal("no BenchmarkParent/n=1 in the report")
	}
	for _, s := range b.Sites {
		if strings.HasSuffix(s.Function, ".BenchmarkParent") {
			t.Errorf("site %s:%d (%s) of the parent's set-up, %.2f allocs/op", s.File, s.Line, s.Code, s.AllocsPerOp)
		}
	}
	if s := siteWithCode(b, "childSink = make([]byte, 32)"); s == nil || !exactly(s.AllocsPerOp, 1) {
		t.Errorf("the sub-benchmark's own allocation: %+v, want 1 allocs/op", s)
	}
}

// TestDeferInLoop: a defer in a loop allocates the closure the compiler
// wraps its call in, which its record calls a func literal: the line has
// none, and the report says what it is (google/go-cmp's compare.go:244,
// defer r.PopStep(), read 'func literal escapes to heap: {heap}' alone).
func TestDeferInLoop(t *testing.T) {
	s := benchSite(t, benchmarksByName(makeReport(t, "testdata/why", ".", ".")), "BenchmarkUndo", "defer c.Close()")
	if s == nil {
		return
	}
	if !strings.HasPrefix(s.MechanismText, "defer in a loop: the closure that carries the deferred call") {
		t.Errorf("defer c.Close() in a loop: mechanism %q, want the deferred call's closure", s.MechanismText)
	}
}

// TestResultOf: the record of an inlined call's result that escapes names
// it ~r0, which the report follows with the call (BurntSushi/toml's
// encode.go:730 read '~r0 escapes to heap' for enc.indentStr(key)).
func TestResultOf(t *testing.T) {
	s := benchSite(t, benchmarksByName(makeReport(t, "testdata/why", ".", ".")), "BenchmarkPadded", "fmt.Fprint(w, pad(n))")
	if s == nil {
		return
	}
	got := slices.Grow[[]string](nil, len(s.Reasons))
	for _, r := range s.Reasons {
		got = append(got, r.Summary)
	}
	if !slices.ContainsFunc(got, func(s string) bool { return strings.HasPrefix(s, "~r0 (the result of pad(n)) escapes to heap: ") }) {
		t.Errorf("fmt.Fprint(w, pad(n)): reasons %q, want one of '~r0 (the result of pad(n)) escapes to heap: …'", got)
	}
}

// TestPathNotTaken: a record of an inlined callee explains a site only
// where the profile shows that code allocating. fmt.Errorf with arguments
// allocates inside fmt.errorf; the record of the errors.New it inlines,
// taken without them, cited '&errors.errorString{...} escapes to heap' on
// spf13/cast's lines, once for each shape of its generic function.
func TestPathNotTaken(t *testing.T) {
	s := benchSite(t, benchmarksByName(makeReport(t, "testdata/why", ".", ".")), "BenchmarkFailed", `fmt.Errorf("bad value %d", n)`)
	if s == nil {
		return
	}
	for _, r := range s.Reasons {
		if strings.Contains(r.Message, "errorString") {
			t.Errorf("reason %q: errors.New's path does not run here", r.Summary)
		}
	}
}

// TestDecisiveStep: a value that escapes only through one call on an
// error path, a panic helper's or an error constructor's, has that step in
// its why line, with its file and line: it is where a fix must act
// (testdata/why's Check and Find).
func TestDecisiveStep(t *testing.T) {
	byName := benchmarksByName(makeReport(t, "testdata/why", ".", "."))
	src, err := os.ReadFile("testdata/why/why.go")
	if err != nil {
		t.Fatal(err)
	}
	line := func(code string) int {
		for i, l := range strings.Split(string(src), "\n") {
			if strings.TrimSpace(l) == code {
				return i + 1
			}
		}
		t.Fatalf("no line of why.go is %q", code)
		return 0
	}
	for _, tc := range []struct{ bench, code, want string }{
		{"BenchmarkCheck", "name := string(b)", fmt.Sprintf("string(b) escapes to heap: failName(…) (call parameter) at why.go:%d → {heap}", line("failName(name)"))},
		{"BenchmarkFind", "k := string(key)", fmt.Sprintf("string(key) escapes to heap: unknownName{...} (struct literal element) at why.go:%d → {storage for &unknownName{...}}", line("return 0, newUnknownName(k)"))},
	} {
		s := benchSite(t, byName, tc.bench, tc.code)
		if s == nil {
			continue
		}
		if len(s.Reasons) != 1 || s.Reasons[0].Summary != tc.want {
			t.Errorf("%s: site %q reasons %+v, want one whose summary is %q", tc.bench, tc.code, s.Reasons, tc.want)
		}
	}
}

// TestBoxedValues: a value passed or returned where an interface is
// expected is named as its conversion, which copies it (runtime.convT*):
// the compiler's record says that the value escapes, as if its own storage
// did. A package-level variable that nothing assigns gets what avoids the
// copy: a const (testdata/why's Greet and Boxed).
func TestBoxedValues(t *testing.T) {
	byName := benchmarksByName(makeReport(t, "testdata/why", ".", "."))
	const boxes = "conversion to an interface copies the value to the heap (runtime.convT*)"
	for _, tc := range []struct{ bench, code, record, want string }{
		{"BenchmarkGreet", "fmt.Fprint(w, greeting)", "greeting escapes to heap", boxes + "; as a const, greeting would go into the interface with no copy: nothing in its package assigns it"},
		{"BenchmarkBoxed", "return v", "v escapes to heap", boxes},
	} {
		s := benchSite(t, byName, tc.bench, tc.code)
		if s == nil {
			continue
		}
		if len(s.Reasons) != 1 || s.Reasons[0].Message != tc.record || s.MechanismText != tc.want {
			t.Errorf("%s: site %q reasons %+v, mechanism %q; want the record %q and %q", tc.bench, tc.code, s.Reasons, s.MechanismText, tc.record, tc.want)
		}
	}
}
