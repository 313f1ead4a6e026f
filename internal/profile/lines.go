package profile

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/google/pprof/profile"
)

// An Allocating is a line of the user's code that a profile shows
// allocating, with its share of what the profile records allocating.
type Allocating struct {
	File     string // absolute, as the profile records it
	Line     int
	Function string
	Share    float64
}

// AllocatingLines returns the lines of scope that p shows allocating, most
// first: for an allocation profile, the sites Blame finds, each with its
// share of the objects blamed on scope; for a CPU profile, the first frame
// in scope above each sample in the allocator (runtime.mallocgc and its
// kin), each with its share of the CPU time spent there.
func AllocatingLines(p *profile.Profile, scope Scope) ([]Allocating, error) {
	if _, _, err := allocIndexes(p); err == nil {
		a, err := Blame(p, scope)
		if err != nil {
			return nil, err
		}
		var total int64
		for _, s := range a.Sites {
			total += max(s.Objects, 0)
		}
		var out []Allocating
		for _, s := range a.Sites {
			if s.Objects > 0 {
				out = append(out, Allocating{s.File, s.Line, s.Function, float64(s.Objects) / float64(total)})
			}
		}
		return out, nil
	}
	idx := slices.IndexFunc(p.SampleType, func(st *profile.ValueType) bool { return st.Type == "cpu" && st.Unit == "nanoseconds" })
	if idx < 0 {
		return nil, fmt.Errorf("neither an allocation profile nor a CPU profile: take one with go test -memprofile or -cpuprofile, or from /debug/pprof/allocs or /debug/pprof/profile")
	}
	type key struct {
		Position
		fn string
	}
	byLine := map[key]int64{}
	var total int64
	for _, s := range p.Sample {
		inAlloc := false
		var at *profile.Line
	frames:
		for _, loc := range s.Location {
			for i := range loc.Line {
				l := &loc.Line[i]
				if l.Function == nil {
					continue
				}
				if inAlloc && scope.Contains(l.Function.Name) {
					at = l
					break frames
				}
				inAlloc = inAlloc || isAlloc(l.Function.Name)
			}
		}
		if at == nil {
			continue
		}
		v := s.Value[idx]
		total += v
		byLine[key{Position{at.Function.Filename, int(at.Line)}, unescape(at.Function.Name)}] += v
	}
	out := slices.Grow[[]Allocating](nil, len(byLine))
	for k, v := range byLine {
		out = append(out, Allocating{k.File, k.Line, k.fn, float64(v) / float64(total)})
	}
	slices.SortFunc(out, func(x, y Allocating) int {
		return cmp.Or(cmp.Compare(y.Share, x.Share), cmp.Compare(x.File, y.File), cmp.Compare(x.Line, y.Line))
	})
	return out, nil
}
