package profile

import (
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/google/pprof/profile"
)

func TestFuncPackage(t *testing.T) {
	for _, tc := range []struct{ fn, want string }{
		{"strings.genSplit", "strings"},
		{"github.com/squashgo/squash/examples/decoder.Simple", "github.com/squashgo/squash/examples/decoder"},
		{"github.com/squashgo/squash/examples/decoder.(*Decoder).Decode", "github.com/squashgo/squash/examples/decoder"},
		{"example.com/m/p.F[go.shape.int]", "example.com/m/p"},
		{"example.com/m/p.G[example.com/m/q.T].func1", "example.com/m/p"},
		{"example.com/m/p.init.0", "example.com/m/p"},
		{"main.main", "main"},
		{"gopkg.in/yaml%2ev3.Unmarshal", "gopkg.in/yaml.v3"},
		{"noDot", "noDot"},
	} {
		if got := FuncPackage(tc.fn); got != tc.want {
			t.Errorf("FuncPackage(%q) = %q, want %q", tc.fn, got, tc.want)
		}
	}
}

func TestScopeContains(t *testing.T) {
	s := Scope{"example.com/m"}
	for fn, want := range map[string]bool{
		"example.com/m.F":             true,
		"example.com/m/sub.F":         true,
		"example.com/m_test.F":        true,
		"example.com/mod.F":           false,
		"strings.Split":               false,
		"example.com/m/sub_test.(*T)": true,
	} {
		if got := s.Contains(fn); got != want {
			t.Errorf("Contains(%q) = %v, want %v", fn, got, want)
		}
	}
}

// builder makes small allocation profiles by hand.
type builder struct {
	p     *profile.Profile
	funcs map[string]*profile.Function
}

func newBuilder(types ...string) *builder {
	p := &profile.Profile{}
	for _, t := range types {
		unit := "count"
		if t == "alloc_space" || t == "inuse_space" {
			unit = "bytes"
		}
		p.SampleType = append(p.SampleType, &profile.ValueType{Type: t, Unit: unit})
	}
	return &builder{p: p, funcs: map[string]*profile.Function{}}
}

// frame is "func file:line"; a location holds several frames when inlined.
type frame struct {
	fn, file string
	line     int64
}

func (b *builder) fn(name, file string) *profile.Function {
	if f, ok := b.funcs[name]; ok {
		return f
	}
	f := &profile.Function{ID: uint64(len(b.funcs) + 1), Name: name, Filename: file}
	b.funcs[name] = f
	b.p.Function = append(b.p.Function, f)
	return f
}

// sample adds a sample whose stack is locs, leaf first; each location is a
// list of frames, innermost first.
func (b *builder) sample(values []int64, locs ...[]frame) {
	s := &profile.Sample{Value: values}
	for _, frames := range locs {
		loc := &profile.Location{ID: uint64(len(b.p.Location) + 1)}
		for _, fr := range frames {
			loc.Line = append(loc.Line, profile.Line{Function: b.fn(fr.fn, fr.file), Line: fr.line})
		}
		b.p.Location = append(b.p.Location, loc)
		s.Location = append(s.Location, loc)
	}
	b.p.Sample = append(b.p.Sample, s)
}

func TestBlame(t *testing.T) {
	const user = "example.com/m/dec"
	b := newBuilder("alloc_objects", "alloc_space", "inuse_objects", "inuse_space")
	bench := frame{user + ".BenchmarkX", "/m/dec/dec_test.go", 20}
	// strings.Split inlined into the user's line 14: the mechanism is genSplit.
	b.sample([]int64{10, 640, 0, 0},
		[]frame{{"strings.genSplit", "/go/strings.go", 300}},
		[]frame{{"strings.Split", "/go/strings.go", 360}, {user + ".Decode", "/m/dec/dec.go", 14}},
		[]frame{bench})
	// The same line, its own allocation (a conversion).
	b.sample([]int64{5, 80, 0, 0}, []frame{{user + ".Decode", "/m/dec/dec.go", 14}}, []frame{bench})
	// Another line, own allocation.
	b.sample([]int64{30, 240, 0, 0}, []frame{{user + ".Decode", "/m/dec/dec.go", 20}}, []frame{bench})
	// Allocated by the testing package alone.
	b.sample([]int64{7, 700, 0, 0}, []frame{{"testing.(*B).run1", "/go/benchmark.go", 10}})
	// The timer starting a thread under b.Loop, on the benchmark's line.
	b.sample([]int64{1, 1024, 0, 0},
		[]frame{{"runtime.allocm", "/go/proc.go", 2200}},
		[]frame{{"runtime.newm", "/go/proc.go", 2800}},
		[]frame{{"runtime.ReadMemStats", "/go/mstats.go", 380}},
		[]frame{{"testing.(*B).StopTimer", "/go/benchmark.go", 140}},
		[]frame{{"testing.(*B).loopSlowPath", "/go/benchmark.go", 420}, {"testing.(*B).Loop", "/go/benchmark.go", 460}, {user + ".BenchmarkX", "/m/dec/dec_test.go", 19}})
	// b.Run printing a sub-benchmark's result, on the parent's line.
	b.sample([]int64{2, 48, 0, 0},
		[]frame{{"fmt.Sprintf", "/go/print.go", 240}},
		[]frame{{"testing.BenchmarkResult.String", "/go/benchmark.go", 500}},
		[]frame{{"testing.(*B).Run", "/go/benchmark.go", 700}},
		[]frame{{user + ".BenchmarkX", "/m/dec/dec_test.go", 22}})
	// An empty sample counts nowhere.
	b.sample([]int64{0, 0, 1, 1}, []frame{{user + ".Decode", "/m/dec/dec.go", 30}})

	a, err := Blame(b.p, Scope{"example.com/m"})
	if err != nil {
		t.Fatal(err)
	}
	if a.Objects != 55 || a.Bytes != 2732 || a.OutsideObjects != 10 || a.OutsideBytes != 1772 {
		t.Errorf("totals = %d objects %d bytes, outside %d/%d; want 55/2732, outside 10/1772", a.Objects, a.Bytes, a.OutsideObjects, a.OutsideBytes)
	}
	if len(a.Sites) != 2 {
		t.Fatalf("got %d sites, want 2: %+v", len(a.Sites), a.Sites)
	}
	first, second := a.Sites[0], a.Sites[1]
	if first.Line != 20 || first.Objects != 30 || first.Mechanism() != "" {
		t.Errorf("first site = %+v, want line 20 with 30 objects of its own", first)
	}
	if second.Line != 14 || second.Objects != 15 || second.Bytes != 720 || second.Function != user+".Decode" {
		t.Errorf("second site = %+v, want line 14 with 15 objects, 720 bytes in Decode", second)
	}
	if second.Mechanism() != "strings.genSplit" || len(second.Mechanisms) != 2 || second.Mechanisms[1].Function != "" || second.Mechanisms[1].Objects != 5 {
		t.Errorf("mechanisms of line 14 = %+v, want genSplit (10) then the line itself (5)", second.Mechanisms)
	}
}

// TestBlameUnescapes: a function of a package whose path's last element
// holds a dot is named as in the source, not as the linker escapes it, and
// its site's package is that whole path (FuncPackage of the unescaped name
// would stop at the dot: gopkg.in/yaml).
func TestBlameUnescapes(t *testing.T) {
	b := newBuilder("alloc_objects", "alloc_space")
	b.sample([]int64{3, 48},
		[]frame{{"gopkg.in/yaml%2ev3.(*parser).node", "/y/parserc.go", 7}},
		[]frame{{"example.com/m.Load", "/m/m.go", 9}})
	for scope, pkg := range map[string]string{"example.com/m": "example.com/m", "gopkg.in/yaml.v3": "gopkg.in/yaml.v3"} {
		a, err := Blame(b.p, Scope{scope})
		if err != nil || len(a.Sites) != 1 {
			t.Fatalf("%s: %v, %+v", scope, err, a)
		}
		if fn := a.Sites[0].Function + " " + a.Sites[0].Mechanism(); strings.Contains(fn, "%2e") {
			t.Errorf("%s: site in %q", scope, fn)
		}
		if got := a.Sites[0].Package; got != pkg {
			t.Errorf("%s: site's package %q, want %q", scope, got, pkg)
		}
	}
}

// TestSampleRate: a heap profile's period is its memory-profile rate; a
// profile of another kind, or without one, says nothing.
func TestSampleRate(t *testing.T) {
	b := newBuilder("alloc_objects", "alloc_space")
	if got := SampleRate(b.p); got != 0 {
		t.Errorf("no period: SampleRate = %d, want 0", got)
	}
	b.p.PeriodType = &profile.ValueType{Type: "space", Unit: "bytes"}
	for period, want := range map[int64]int{1: 1, 512 << 10: 512 << 10, 0: 0, -3: 0} {
		b.p.Period = period
		if got := SampleRate(b.p); got != want {
			t.Errorf("period %d: SampleRate = %d, want %d", period, got, want)
		}
	}
	b.p.PeriodType, b.p.Period = &profile.ValueType{Type: "cpu", Unit: "nanoseconds"}, 10_000_000
	if got := SampleRate(b.p); got != 0 {
		t.Errorf("a CPU profile: SampleRate = %d, want 0", got)
	}
}

// TestBlameInternalMechanism: the mechanism is the deepest frame a user
// would know, not a standard-library internal one under it.
func TestBlameInternalMechanism(t *testing.T) {
	b := newBuilder("alloc_objects", "alloc_space")
	b.sample([]int64{1, 64},
		[]frame{{"internal/bytealg.MakeNoZero", "/go/bytealg.go", 1}},
		[]frame{{"strings.(*Builder).grow", "/go/builder.go", 2}},
		[]frame{{"strings.(*Builder).Grow", "/go/builder.go", 3}},
		[]frame{{"example.com/m.Pad", "/m/m.go", 9}})
	b.sample([]int64{1, 16},
		[]frame{{"internal/abi.Escape", "/go/abi.go", 1}},
		[]frame{{"example.com/m.Raw", "/m/m.go", 12}})
	a, err := Blame(b.p, Scope{"example.com/m"})
	if err != nil || len(a.Sites) != 2 {
		t.Fatalf("%v, %+v", err, a)
	}
	for _, s := range a.Sites {
		want := map[int]string{9: "strings.(*Builder).grow", 12: "internal/abi.Escape"}[s.Line] // nothing else below the site: the frame itself
		if s.Mechanism() != want {
			t.Errorf("line %d: mechanism %q, want %q", s.Line, s.Mechanism(), want)
		}
	}
}

func TestBlameRejectsOtherProfiles(t *testing.T) {
	b := newBuilder("samples", "cpu")
	if _, err := Blame(b.p, Scope{"x"}); err == nil {
		t.Fatal("Blame accepted a CPU profile")
	}
}

func TestAllocCPUShare(t *testing.T) {
	b := newBuilder("samples", "cpu")
	b.p.SampleType[1].Unit = "nanoseconds"
	user := []frame{{"example.com/m.F", "/m/f.go", 3}}
	b.sample([]int64{6, 60}, user)
	b.sample([]int64{2, 20}, []frame{{"runtime.mallocgcSmallNoscan", "", 1}}, []frame{{"runtime.mallocgc", "", 1}}, user[:1])
	// An assist inside the allocator counts as allocation, not GC.
	b.sample([]int64{1, 10}, []frame{{"runtime.gcAssistAlloc", "", 1}}, []frame{{"runtime.mallocgc", "", 1}}, user[:1])
	b.sample([]int64{1, 10}, []frame{{"runtime.scanobject", "", 1}}, []frame{{"runtime.gcBgMarkWorker", "", 1}})
	c, err := AllocCPUShare(b.p)
	if err != nil {
		t.Fatal(err)
	}
	if !near(c.Alloc, 0.3) || !near(c.GC, 0.1) || !near(c.Sum(), 0.4) || c.Samples != 10 {
		t.Errorf("share = %+v, want alloc 0.3, GC 0.1 from 10 samples", c)
	}
	if _, err := AllocCPUShare(newBuilder("alloc_objects", "alloc_space").p); err == nil {
		t.Error("AllocCPUShare accepted an allocation profile")
	}
}

func near(a, b float64) bool { return a-b < 1e-9 && b-a < 1e-9 }

// TestWithoutInit: package initialization, which a test binary runs before
// -test.memprofilerate takes effect, is dropped before a difference.
func TestWithoutInit(t *testing.T) {
	const user = "example.com/m/dec"
	b := newBuilder("alloc_objects", "alloc_space")
	b.sample([]int64{1, 100000},
		[]frame{{user + ".init", "/m/dec/fuzz_test.go", 74}},
		[]frame{{"runtime.doInit1", "/go/proc.go", 7000}},
		[]frame{{"runtime.doInit", "/go/proc.go", 7100}},
		[]frame{{"runtime.main", "/go/proc.go", 200}})
	b.sample([]int64{3, 48},
		[]frame{{user + ".Decode", "/m/dec/dec.go", 14}},
		[]frame{{user + ".BenchmarkX", "/m/dec/dec_test.go", 20}})
	p := WithoutInit(b.p)
	a, err := Blame(p, Scope{"example.com/m"})
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Sites) != 1 || a.Sites[0].Line != 14 || a.Objects != 3 {
		t.Errorf("sites %+v, %d objects: want dec.go:14 alone, 3 objects", a.Sites, a.Objects)
	}
	if len(b.p.Sample) != 2 {
		t.Errorf("WithoutInit changed its argument: %d samples", len(b.p.Sample))
	}
}

// TestWithoutParent: of a profile of the sub-benchmark BenchmarkX/n=1, the
// samples that BenchmarkX made in its own body, run by the testing package,
// are dropped (its set-up, b.Run(fmt.Sprintf(…)) in andybalholm/brotli's
// BenchmarkEncodeLevelsReset): go test counts none of them. Those of the
// sub-benchmark's function, a closure, are kept, as are BenchmarkX's in a
// profile of another benchmark.
func TestWithoutParent(t *testing.T) {
	const user = "example.com/m/dec"
	runN := frame{"testing.(*B).runN", "/go/benchmark.go", 219}
	b := newBuilder("alloc_objects", "alloc_space")
	b.sample([]int64{2, 32},
		[]frame{{"fmt.Sprintf", "/go/print.go", 240}},
		[]frame{{user + ".BenchmarkX", "/m/dec/dec_test.go", 20}},
		[]frame{runN})
	b.sample([]int64{5, 500},
		[]frame{{user + ".NewDecoder", "/m/dec/dec.go", 9}},
		[]frame{{user + ".BenchmarkX", "/m/dec/dec_test.go", 18}},
		[]frame{runN})
	b.sample([]int64{3, 48},
		[]frame{{user + ".Decode", "/m/dec/dec.go", 14}},
		[]frame{{user + "_test.BenchmarkX.func1", "/m/dec/dec_test.go", 24}},
		[]frame{runN})
	b.sample([]int64{1, 16},
		[]frame{{user + ".Decode", "/m/dec/dec.go", 14}},
		[]frame{{user + ".BenchmarkXY", "/m/dec/dec_test.go", 40}},
		[]frame{runN})
	scope := Scope{"example.com/m"}
	a, err := Blame(WithoutParent(b.p, scope, "BenchmarkX"), scope)
	if err != nil {
		t.Fatal(err)
	}
	if a.Objects != 4 || len(a.Sites) != 1 || a.Sites[0].Line != 14 {
		t.Errorf("sites %+v, %d objects: want dec.go:14 alone, with 4 objects", a.Sites, a.Objects)
	}
	if len(b.p.Sample) != 4 {
		t.Errorf("WithoutParent changed its argument: %d samples", len(b.p.Sample))
	}
	if a, _ := Blame(WithoutParent(b.p, scope, "BenchmarkZ"), scope); a.Objects != 11 {
		t.Errorf("a profile of another benchmark kept %d objects, want all 11", a.Objects)
	}
}

// TestDiffLeavesInputs: Diff subtracts base from p, leaves both as they
// were, and returns a profile that shares no sample with p. (Merging p
// itself rather than a copy would do the same for profiles that go test
// writes, but Merge dereferences a missing PeriodType, which a hand-built
// profile such as these has and Copy fills in.)
func TestDiffLeavesInputs(t *testing.T) {
	f := []frame{{"example.com/m.F", "/m/f.go", 3}}
	p, base := newBuilder("alloc_objects", "alloc_space"), newBuilder("alloc_objects", "alloc_space")
	p.sample([]int64{5, 80}, f)
	base.sample([]int64{2, 32}, f)
	d, err := Diff(p.p, base.p)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Sample) != 1 || d.Sample[0].Value[0] != 3 || d.Sample[0].Value[1] != 48 {
		t.Errorf("difference %v, want one sample of 3 objects and 48 bytes", d.Sample)
	}
	if v := p.p.Sample[0].Value; v[0] != 5 || v[1] != 80 {
		t.Errorf("Diff changed p's sample to %v", v)
	}
	if v := base.p.Sample[0].Value; v[0] != 2 || v[1] != 32 {
		t.Errorf("Diff changed base's sample to %v", v)
	}
	d.Sample[0].Value[0] = 99
	if p.p.Sample[0].Value[0] != 5 {
		t.Errorf("the difference shares its samples with p")
	}
}

// TestBlameBlocks: a site counts the objects recorded at the tiny
// allocator's block size, 16 bytes, by a sample's "bytes" label as the
// runtime writes it, or by its bytes over its objects where it has none,
// also in a difference of two profiles.
func TestBlameBlocks(t *testing.T) {
	const user = "example.com/m/dec"
	line := func(n int64) []frame { return []frame{{user + ".Decode", "/m/dec/dec.go", n}} }
	mem := newBuilder("alloc_objects", "alloc_space")
	mem.sample([]int64{6, 96}, line(14))  // 16 bytes each, labelled below
	mem.sample([]int64{4, 96}, line(14))  // 24 bytes each
	mem.sample([]int64{3, 48}, line(20))  // 16 bytes each, no label
	mem.sample([]int64{2, 64}, line(30))  // 32 bytes each, no label
	mem.sample([]int64{5, 120}, line(30)) // 24 bytes each, no label
	mem.p.Sample[0].NumLabel = map[string][]int64{"bytes": {16}}
	mem.p.Sample[1].NumLabel = map[string][]int64{"bytes": {24}}
	base := newBuilder("alloc_objects", "alloc_space")
	base.sample([]int64{2, 32}, line(14))
	base.p.Sample[0].NumLabel = map[string][]int64{"bytes": {16}}
	for _, tc := range []struct {
		name string
		p    func() (*profile.Profile, error)
		want map[int]int64
	}{
		{"profile", func() (*profile.Profile, error) { return mem.p, nil }, map[int]int64{14: 6, 20: 3, 30: 0}},
		{"difference", func() (*profile.Profile, error) { return Diff(mem.p, base.p) }, map[int]int64{14: 4, 20: 3, 30: 0}},
	} {
		p, err := tc.p()
		if err != nil {
			t.Fatal(err)
		}
		a, err := Blame(p, Scope{"example.com/m"})
		if err != nil {
			t.Fatal(err)
		}
		got := make(map[int]int64, len(a.Sites))
		for _, s := range a.Sites {
			got[s.Line] = s.Blocks
		}
		if !maps.Equal(got, tc.want) {
			t.Errorf("%s: blocks by line %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestBlameInlines: a site keeps the chains of inlined callees that
// allocated themselves in the site's own frame, outermost first, and none
// for an allocation in a call below it, where the inlined callee only
// called.
func TestBlameInlines(t *testing.T) {
	b := newBuilder("alloc_objects", "alloc_space")
	user := frame{"example.com/m.Open", "/m/m.go", 7}
	// errors.New inlined into fmt.Errorf, inlined into the user's line.
	b.sample([]int64{1, 16}, []frame{{"errors.New", "/go/errors.go", 60}, {"fmt.Errorf", "/go/fmt/errors.go", 31}, user})
	// fmt.Errorf inlined, calling fmt.errorf, which allocated.
	b.sample([]int64{2, 64},
		[]frame{{"errors.New", "/go/errors.go", 60}, {"fmt.errorf", "/go/fmt/errors.go", 70}},
		[]frame{{"fmt.Errorf", "/go/fmt/errors.go", 26}, user})
	// The same chain again, and the line's own allocation: no chain.
	b.sample([]int64{1, 16}, []frame{{"errors.New", "/go/errors.go", 60}, {"fmt.Errorf", "/go/fmt/errors.go", 31}, user})
	b.sample([]int64{1, 8}, []frame{user})
	a, err := Blame(b.p, Scope{"example.com/m"})
	if err != nil || len(a.Sites) != 1 {
		t.Fatalf("%v, %+v", err, a)
	}
	want := [][]Position{{{"/go/fmt/errors.go", 31}, {"/go/errors.go", 60}}}
	if got := a.Sites[0].Inlines; !reflect.DeepEqual(got, want) {
		t.Errorf("Inlines = %v, want %v", got, want)
	}
	// errors.New allocated both inlined into the line and in the call to
	// fmt.errorf: it was called, so it is not a mechanism inlined alone.
	for _, m := range a.Sites[0].Mechanisms {
		switch m.Function {
		case "errors.New":
			if !reflect.DeepEqual(m.Inlines, want) || !m.Called || m.Inlined() {
				t.Errorf("errors.New: Inlines %v, Called %v, Inlined() %v; want %v, true, false", m.Inlines, m.Called, m.Inlined(), want)
			}
		case "":
			if m.Inlines != nil || m.Called || m.Inlined() {
				t.Errorf("the line's own mechanism: %+v, Inlined() %v", m, m.Inlined())
			}
		}
	}

	// bytes.NewReader inlined into the line, allocating there and in no
	// call: its mechanism is inlined alone.
	b = newBuilder("alloc_objects", "alloc_space")
	b.sample([]int64{1, 48}, []frame{{"bytes.NewReader", "/go/bytes/reader.go", 160}, user})
	a, err = Blame(b.p, Scope{"example.com/m"})
	if err != nil || len(a.Sites) != 1 || len(a.Sites[0].Mechanisms) != 1 {
		t.Fatalf("%v, %+v", err, a)
	}
	if m := a.Sites[0].Mechanisms[0]; !m.Inlined() {
		t.Errorf("bytes.NewReader inlined alone: %+v, Inlined() false", m)
	}
}

// TestBlameCallers: a site's objects are split by the next frame up that
// is in scope: the caller it was inlined into, one that reached it through
// a function outside the scope (a sort callback), or none where the site's
// function is the first of the scope on the stack.
func TestBlameCallers(t *testing.T) {
	const user = "example.com/m/keys"
	b := newBuilder("alloc_objects", "alloc_space")
	helper := frame{user + ".key", "/m/keys/keys.go", 8}
	bench := frame{user + ".BenchmarkKeys", "/m/keys/keys_test.go", 12}
	// key called from Index, line 20.
	b.sample([]int64{6, 96}, []frame{helper}, []frame{{user + ".Index", "/m/keys/keys.go", 20}}, []frame{bench})
	// key inlined into Lookup, line 31.
	b.sample([]int64{3, 48}, []frame{helper, {user + ".Lookup", "/m/keys/keys.go", 31}}, []frame{bench})
	// key called by sort.Slice's less function, a closure of Sort, line 40.
	b.sample([]int64{1, 16},
		[]frame{helper},
		[]frame{{user + ".Sort.func1", "/m/keys/keys.go", 40}},
		[]frame{{"sort.insertionSort_func", "/go/zsortfunc.go", 12}, {"sort.Slice", "/go/slice.go", 23}},
		[]frame{{user + ".Sort", "/m/keys/keys.go", 39}}, []frame{bench})
	// A line of the benchmark itself: nothing in scope above it.
	b.sample([]int64{2, 32}, []frame{bench}, []frame{{"testing.(*B).runN", "/go/benchmark.go", 200}})

	a, err := Blame(b.p, Scope{"example.com/m"})
	if err != nil {
		t.Fatal(err)
	}
	var key, top *Site
	for i := range a.Sites {
		switch a.Sites[i].Line {
		case 8:
			key = &a.Sites[i]
		case 12:
			top = &a.Sites[i]
		}
	}
	if key == nil || top == nil {
		t.Fatalf("sites %+v, want keys.go:8 and keys_test.go:12", a.Sites)
	}
	got := slices.Grow[[]string](nil, len(key.Callers))
	for _, c := range key.Callers {
		got = append(got, fmt.Sprintf("%s:%d %d/%d", c.Function, c.Line, c.Objects, c.Bytes))
	}
	want := []string{user + ".Index:20 6/96", user + ".Lookup:31 3/48", user + ".Sort.func1:40 1/16"}
	if !slices.Equal(got, want) {
		t.Errorf("callers of key:\n got %q\nwant %q", got, want)
	}
	if len(top.Callers) != 0 {
		t.Errorf("the benchmark's own line has callers %+v, want none", top.Callers)
	}
}
