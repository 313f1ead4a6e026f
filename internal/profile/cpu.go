package profile

import (
	"fmt"
	"strings"

	"github.com/google/pprof/profile"
)

// A CPUShare is the part of a CPU profile spent allocating and collecting
// garbage: the ceiling of what removing allocations can save.
type CPUShare struct {
	Alloc   float64 // fraction of CPU time under the allocator (runtime.mallocgc and its variants)
	GC      float64 // fraction in the collector outside the allocator: mark workers, sweeping, scavenging, write barriers
	Samples int     // CPU profile samples the shares are computed from
}

// Sum returns Alloc + GC.
func (c CPUShare) Sum() float64 { return c.Alloc + c.GC }

// gcRoots are the runtime functions under which CPU time is garbage
// collection work: background and assist marking, sweeping, scavenging,
// write barriers, and explicit collections.
var gcRoots = map[string]bool{
	"runtime.gcBgMarkWorker":        true,
	"runtime.gcAssistAlloc":         true,
	"runtime.gcAssistAlloc1":        true,
	"runtime.bgsweep":               true,
	"runtime.bgscavenge":            true,
	"runtime.GC":                    true,
	"runtime.gcStart":               true,
	"runtime.gcMarkDone":            true,
	"runtime.gcMarkTermination":     true,
	"runtime.wbBufFlush":            true,
	"runtime.wbBufFlush1":           true,
	"runtime.deductSweepCredit":     true,
	"runtime.markrootSpans":         true,
	"runtime.gcDrain":               true,
	"runtime.gcDrainMarkWorkerIdle": true,
}

func isAlloc(fn string) bool {
	return strings.HasPrefix(fn, "runtime.mallocgc") || fn == "runtime.newobject" ||
		fn == "runtime.makeslice" || fn == "runtime.growslice"
}

func isGC(fn string) bool {
	return gcRoots[fn] || strings.HasPrefix(fn, "runtime.gcWriteBarrier")
}

// AllocCPUShare measures the share of a CPU profile spent in allocation and
// garbage collection. A sample counts as allocation when any frame is in the
// allocator, and as GC when any frame is in the collector and none in the
// allocator (an assist inside mallocgc is allocation's cost).
func AllocCPUShare(p *profile.Profile) (CPUShare, error) {
	idx := -1
	for i, st := range p.SampleType {
		if st.Type == "cpu" && st.Unit == "nanoseconds" {
			idx = i
		}
	}
	if idx < 0 {
		return CPUShare{}, fmt.Errorf("not a CPU profile: it has no cpu/nanoseconds samples")
	}
	var total, alloc, gc int64
	n := 0
	for _, s := range p.Sample {
		n += int(s.Value[0])
		v := s.Value[idx]
		total += v
		inAlloc, inGC := false, false
		for _, loc := range s.Location {
			for _, l := range loc.Line {
				if l.Function == nil {
					continue
				}
				inAlloc = inAlloc || isAlloc(l.Function.Name)
				inGC = inGC || isGC(l.Function.Name)
			}
		}
		switch {
		case inAlloc:
			alloc += v
		case inGC:
			gc += v
		}
	}
	if total == 0 {
		return CPUShare{}, nil
	}
	return CPUShare{Alloc: float64(alloc) / float64(total), GC: float64(gc) / float64(total), Samples: n}, nil
}
