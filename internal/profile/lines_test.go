package profile

import (
	"fmt"
	"slices"
	"testing"
)

// TestAllocatingLines: an allocation profile gives its sites with their
// share of the objects; a CPU profile gives the first line in scope above
// the allocator, with its share of the time spent there, and nothing of the
// time spent elsewhere; any other profile is refused.
func TestAllocatingLines(t *testing.T) {
	const user = "example.com/m/dec"
	decode := frame{user + ".Decode", "/m/dec/dec.go", 14}
	parse := frame{user + ".parse", "/m/dec/dec.go", 30}

	allocs := newBuilder("alloc_objects", "alloc_space")
	allocs.sample([]int64{30, 480}, []frame{decode})
	allocs.sample([]int64{10, 160}, []frame{{"strings.genSplit", "/go/strings.go", 300}}, []frame{parse})
	allocs.sample([]int64{60, 60}, []frame{{"testing.(*B).run1", "/go/benchmark.go", 10}})

	cpu := newBuilder("samples", "cpu")
	cpu.p.SampleType[1].Unit = "nanoseconds"
	cpu.sample([]int64{3, 300}, []frame{{"runtime.mallocgc", "/go/malloc.go", 1000}}, []frame{{"runtime.growslice", "/go/slice.go", 180}}, []frame{decode})
	cpu.sample([]int64{1, 100}, []frame{{"runtime.mallocgc", "/go/malloc.go", 1000}}, []frame{{"strings.genSplit", "/go/strings.go", 300}}, []frame{parse})
	cpu.sample([]int64{9, 900}, []frame{parse}) // computing, not allocating

	got := func(ls []Allocating) []string {
		out := slices.Grow[[]string](nil, len(ls))
		for _, l := range ls {
			out = append(out, fmt.Sprintf("%s:%d %.2f", l.File, l.Line, l.Share))
		}
		return out
	}
	for _, tc := range []struct {
		name string
		b    *builder
		want []string
	}{
		{"allocs", allocs, []string{"/m/dec/dec.go:14 0.75", "/m/dec/dec.go:30 0.25"}},
		{"cpu", cpu, []string{"/m/dec/dec.go:14 0.75", "/m/dec/dec.go:30 0.25"}},
	} {
		ls, err := AllocatingLines(tc.b.p, Scope{"example.com/m"})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if g := got(ls); !slices.Equal(g, tc.want) {
			t.Errorf("%s: %q, want %q", tc.name, g, tc.want)
		}
	}
	if _, err := AllocatingLines(newBuilder("contentions", "delay").p, Scope{"example.com/m"}); err == nil {
		t.Error("a contention profile was taken for one that shows allocations")
	}
}
