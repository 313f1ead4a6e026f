package profile

import (
	"math"
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
