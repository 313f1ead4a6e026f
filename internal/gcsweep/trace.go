package gcsweep

import (
	"regexp"
	"strconv"
	"strings"
)

// A Cycle is one collection as GODEBUG=gctrace=1 prints it.
type Cycle struct {
	// Forced reports a collection that the program asked for
	// (runtime.GC), which the testing package makes before each round.
	Forced bool
	// HeapStart, HeapEnd and Live are the heap at the collection's start
	// and end and the live heap after it, and Goal the heap goal, in
	// bytes, as the runtime prints them: rounded down to a megabyte.
	HeapStart, HeapEnd, Live, Goal int64
}

// cycleLine matches a line of gctrace: "gc 4 @0.045s 2%: … ms cpu, 3->5->1
// MB, 4 MB goal, …".
var cycleLine = regexp.MustCompile(`^gc \d+ @[0-9.]+s \d+%: .* (\d+)->(\d+)->(\d+) MB, (\d+) MB goal,`)

// ParseTrace returns the collections that the lines of GODEBUG=gctrace=1
// in stderr show, in order; other lines are left out.
func ParseTrace(stderr string) []Cycle {
	var out []Cycle
	for line := range strings.Lines(stderr) {
		line = strings.TrimRight(line, "\r\n")
		m := cycleLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		mb := func(s string) int64 {
			n, err := strconv.ParseInt(s, 10, 64)
			if err != nil || n > 1<<40 {
				return 0
			}
			return n << 20
		}
		out = append(out, Cycle{
			Forced:    strings.HasSuffix(line, " (forced)"),
			HeapStart: mb(m[1]), HeapEnd: mb(m[2]), Live: mb(m[3]), Goal: mb(m[4]),
		})
	}
	return out
}

// LastRound returns the collections after the last forced one: those of
// the round of iterations whose figures go test prints, as the testing
// package collects before each round. All of them where none is forced.
func LastRound(cycles []Cycle) []Cycle {
	for i := len(cycles) - 1; i >= 0; i-- {
		if cycles[i].Forced {
			return cycles[i+1:]
		}
	}
	return cycles
}
