package gcsweep

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"text/tabwriter"

	"github.com/squashgo/squash/internal/text"
)

// Sources says where each figure of a sweep comes from, as the text and
// the page print it.
const Sources = `ns/op: go test. GC CPU and alloc CPU: the CPU profile, as squash report splits it, but for an assist, which counts as collecting. GCs/op: the collections the runtime started itself (GODEBUG=gctrace=1 lines without "(forced)") in the round go test reports, over its b.N. peak RSS: the test process's peak resident set (wait4's rusage), everything it holds. peak heap: the largest heap gctrace printed at a collection's end in that round, rounded down to a MiB.`

// WriteText writes r as a table per benchmark, one row per setting, and
// names each sweep's knee.
func WriteText(w io.Writer, r *Result) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	pkg := ""
	for _, s := range r.Sweeps {
		if s.Package != pkg {
			pkg = s.Package
			fmt.Fprintf(tw, "pkg: %s\n", pkg)
		}
		fmt.Fprintf(tw, "\n%s\n", s.Benchmark)
		fmt.Fprintf(tw, "setting\tns/op\tGC CPU\talloc CPU\tGCs/op\tpeak RSS MiB\tpeak heap MiB\t\n")
		for _, p := range s.Points {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t\n", p.Setting, text.Num(p.NsPerOp), pct(p.GCCPU), pct(p.AllocCPU), perOp(p.GCsPerOp), mib(p.PeakRSS), heapMiB(p.PeakHeap))
		}
		if err := tw.Flush(); err != nil {
			return err
		}
		fmt.Fprintf(w, "%s\n", KneeText(s))
	}
	fmt.Fprintf(w, "\n%s\n", Sources)
	return nil
}

// KneeText says where s's knee is, and what the settings that take more
// memory buy.
func KneeText(s *Sweep) string {
	if s.Knee < 0 {
		lo, hi := s.Points[0].GCCPU, s.Points[0].GCCPU
		for _, p := range s.Points {
			lo, hi = min(lo, p.GCCPU), max(hi, p.GCCPU)
		}
		if hi-lo < minSaving {
			return fmt.Sprintf("no knee: the collector's share of CPU moves by %s in all", pct(hi-lo))
		}
		return "no knee: the collector's share of CPU falls as steadily as memory grows"
	}
	k := s.Points[s.Knee]
	lo, most := k.GCCPU, memory(k)
	for _, p := range s.Points {
		if memory(p) > memory(k) {
			lo, most = min(lo, p.GCCPU), max(most, memory(p))
		}
	}
	return fmt.Sprintf("knee: %s, GC CPU %s at %s MiB. The settings that take more memory lower GC CPU to %s at best, for up to %s MiB", k.Setting, pct(k.GCCPU), mib(memory(k)), pct(lo), mib(most))
}

func pct(f float64) string { return fmt.Sprintf("%.1f%%", 100*f) }

// WriteJSON writes r as JSON, every point of every sweep.
func WriteJSON(w io.Writer, r *Result) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(struct {
		*Result
		Sources string `json:"sources"`
	}{r, Sources})
}

// heapMiB is mib for a peak heap, which is unknown where no collection
// ran in the round.
func heapMiB(n int64) string {
	if n == 0 {
		return "-"
	}
	return mib(n)
}

// perOp formats a count per op to three significant digits: collections
// per op are often a small fraction, which text.PerOp would print as
// <0.01.
func perOp(v float64) string {
	return strconv.FormatFloat(v, 'g', 3, 64)
}
