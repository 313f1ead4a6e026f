package profile

import "github.com/google/pprof/profile"

// CollectorShare is AllocCPUShare with the collector's work counted
// wherever it runs: a sample with a frame of the collector counts as GC
// even under the allocator, where an allocation assists the marking. It
// is the split for comparing settings of the collector, which move work
// between background marking and assists; the sum is AllocCPUShare's.
func CollectorShare(p *profile.Profile) (CPUShare, error) {
	share, err := AllocCPUShare(p)
	if err != nil || share.Samples == 0 {
		return share, err
	}
	idx := len(p.SampleType) - 1
	for i, st := range p.SampleType {
		if st.Type == "cpu" && st.Unit == "nanoseconds" {
			idx = i
		}
	}
	var total, assist int64
	for _, s := range p.Sample {
		v := s.Value[idx]
		total += v
		inAlloc, inGC := false, false
		for _, loc := range s.Location {
			for _, l := range loc.Line {
				if l.Function != nil {
					inAlloc = inAlloc || isAlloc(l.Function.Name)
					inGC = inGC || isGC(l.Function.Name)
				}
			}
		}
		if inAlloc && inGC {
			assist += v
		}
	}
	if total > 0 {
		moved := float64(assist) / float64(total)
		share.Alloc -= moved
		share.GC += moved
	}
	return share, nil
}
