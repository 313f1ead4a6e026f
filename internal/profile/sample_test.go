package profile

import (
	"bytes"
	"math"
	"runtime"
	"runtime/pprof"
	"testing"

	"github.com/google/pprof/profile"
)

// TestVariance: a count from a profile that recorded every allocation has
// no variance; from a sample, n(1-p)/p, where p is the chance that the
// runtime records an allocation of its size.
func TestVariance(t *testing.T) {
	for _, tc := range []struct {
		objs int64
		size float64
		rate int
		want float64
		why  string
	}{
		{1000, 64, 1, 0, "every allocation recorded"},
		{1000, 64, 0, 0, "no rate"},
		{0, 64, 512, 0, "no objects"},
		{-5, 64, 512, 0, "a difference's count"},
		// p = 1-exp(-1/8) = 0.1175: 1000 × 0.8825 / 0.1175.
		{1000, 64, 512, 7510.4, ""},
		// Objects far larger than the rate are all recorded.
		{10, 1 << 20, 512, 0, ""},
	} {
		got := Variance(tc.objs, tc.size, tc.rate)
		if math.Abs(got-tc.want) > 0.1 {
			t.Errorf("Variance(%d, %v, %d) = %v, want %v %s", tc.objs, tc.size, tc.rate, got, tc.want, tc.why)
		}
	}
}

// TestBlameDifferenceVariance: the variance of a site's count in the
// difference of two sampled profiles is that of the two counts' sum, by
// the size of each sample's objects; outside the scope too.
func TestBlameDifferenceVariance(t *testing.T) {
	line := func(n int64) []frame { return []frame{{"example.com/m.F", "/m/f.go", n}} }
	other := []frame{{"runtime.main", "/go/proc.go", 1}}
	sampled := func(objs ...int64) *builder {
		b := newBuilder("alloc_objects", "alloc_space")
		b.p.PeriodType, b.p.Period = &profile.ValueType{Type: "space", Unit: "bytes"}, 512
		b.sample([]int64{objs[0], objs[0] * 64}, line(3))
		b.sample([]int64{objs[1], objs[1] * 1024}, line(3))
		b.sample([]int64{objs[2], objs[2] * 16}, other)
		b.p.Sample[0].NumLabel = map[string][]int64{"bytes": {64}}
		b.p.Sample[1].NumLabel = map[string][]int64{"bytes": {1024}}
		b.p.Sample[2].NumLabel = map[string][]int64{"bytes": {16}}
		return b
	}
	mem, base := sampled(1000, 40, 300), sampled(250, 10, 100)
	a, err := BlameDifference(mem.p, base.p, Scope{"example.com/m"})
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Sites) != 1 || a.Sites[0].Objects != 780 || a.OutsideObjects != 200 {
		t.Fatalf("sites %+v, outside %d; want one of 780 objects, and 200 outside", a.Sites, a.OutsideObjects)
	}
	objs := Variance(1250, 64, 512) + Variance(50, 1024, 512)
	bytes := 64*64*Variance(1250, 64, 512) + 1024*1024*Variance(50, 1024, 512)
	if s := a.Sites[0]; math.Abs(s.ObjectsVariance-objs) > 1e-6 || math.Abs(s.BytesVariance-bytes) > 1e-3 {
		t.Errorf("variances %v objects, %v bytes; want %v, %v", s.ObjectsVariance, s.BytesVariance, objs, bytes)
	}
	if want := Variance(400, 16, 512); math.Abs(a.OutsideVariance-want) > 1e-6 {
		t.Errorf("outside variance %v, want %v", a.OutsideVariance, want)
	}
	if v := mem.p.Sample[0].Value[0]; v != 1000 {
		t.Errorf("BlameDifference changed its input: %d objects", v)
	}
}

// TestRescale: each sample is scaled by the chance that the runtime
// records its allocations, given the fraction of allocations it recorded;
// a profile that recorded every allocation is left as it is.
func TestRescale(t *testing.T) {
	b := newBuilder("alloc_objects", "alloc_space")
	b.p.PeriodType, b.p.Period = &profile.ValueType{Type: "space", Unit: "bytes"}, 64
	b.sample([]int64{1000, 8000}, []frame{{"example.com/m.F", "/m/f.go", 3}})
	b.sample([]int64{500, 32000}, []frame{{"example.com/m.F", "/m/f.go", 4}})
	b.p.Sample[0].NumLabel = map[string][]int64{"bytes": {8}}
	b.p.Sample[1].NumLabel = map[string][]int64{"bytes": {64}}
	chance := func(size float64) float64 { return 1 - math.Exp(-size/64) }
	f := (1000*chance(8) + 500*chance(64)) / 1500
	for i, size := range []float64{8, 64} {
		scale := chance(size) / (chance(size) - f*(chance(size)-chance(size-1)))
		got := Rescale(b.p).Sample[i].Value
		want := []int64{int64(math.Round(float64(b.p.Sample[i].Value[0]) * scale)), int64(math.Round(float64(b.p.Sample[i].Value[1]) * scale))}
		if got[0] != want[0] || got[1] != want[1] {
			t.Errorf("objects of %v bytes: %v, want %v (scaled by %v)", size, got, want, scale)
		}
	}
	if v := b.p.Sample[0].Value[0]; v != 1000 {
		t.Errorf("Rescale changed its input: %d objects", v)
	}
	b.p.Period = 1
	if got := Rescale(b.p); got != b.p {
		t.Errorf("a profile of every allocation was rescaled")
	}
}

var sinkPointer **int

//go:noinline
func allocatePointers(n int) {
	for range n {
		sinkPointer = new(*int) // 8 bytes, with a pointer: no tiny block
	}
}

// TestRescaleRuntime records 2,000,000 allocations of 8 bytes at a rate
// of 64 with the runtime's own sampler, in the difference of two profiles.
// runtime/pprof's count is low by about 1.4%, some 7 standard errors;
// Rescale's is within 4.
func TestRescaleRuntime(t *testing.T) {
	if testing.Short() {
		t.Skip("allocates two million objects")
	}
	const n, rate = 2_000_000, 64
	defer func(old int) { runtime.MemProfileRate = old }(runtime.MemProfileRate)
	runtime.MemProfileRate = rate
	snapshot := func() *profile.Profile {
		runtime.GC()
		runtime.GC() // the profile holds what the last completed cycle saw
		var buf bytes.Buffer
		if err := pprof.Lookup("allocs").WriteTo(&buf, 0); err != nil {
			t.Fatal(err)
		}
		p, err := Parse(buf.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	before := snapshot()
	allocatePointers(n)
	after := snapshot()
	count := func(p, base *profile.Profile) (objects, sigma float64) {
		a, err := BlameDifference(p, base, Scope{"github.com/squashgo/squash/internal/profile"})
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range a.Sites {
			if s.Function == "github.com/squashgo/squash/internal/profile.allocatePointers" {
				return float64(s.Objects), math.Sqrt(s.ObjectsVariance)
			}
		}
		t.Fatalf("no site in allocatePointers: %+v", a.Sites)
		return 0, 0
	}
	scaled, _ := count(after, before)
	rescaled, sigma := count(Rescale(after), Rescale(before))
	t.Logf("runtime/pprof: %.0f, rescaled: %.0f, of %d (one standard error %.0f)", scaled, rescaled, n, sigma)
	if math.Abs(rescaled-n) > 4*sigma {
		t.Errorf("rescaled, %.0f objects of %d, off by %.1f standard errors", rescaled, n, math.Abs(rescaled-n)/sigma)
	}
	if n-scaled < 4*sigma {
		t.Logf("runtime/pprof's count is not low: did the runtime's sampler change?")
	}
}
