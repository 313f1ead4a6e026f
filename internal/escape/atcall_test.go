package escape

import (
	"runtime"
	"strings"
	"testing"

	"github.com/squashgo/squash/internal/escape/escapetest"
)

// The functions below return slice literals and are inlined into the
// callers after them, on the lines marked "// called". TestAtCall builds
// this package with the compiler's diagnostics and checks which of the
// literals the types say are made at the call.

var atCallSink []string

type partsOf []string

func literalParts() []string { return []string{"time", "level"} }

func twoParts(s string) ([]string, error) { return []string{s, s}, nil }

func namedParts(s string) partsOf { return partsOf{s, s} }

// convertedParts returns a literal of another type than its result's.
func convertedParts(s string) partsOf { return []string{s, s} }

func localParts(s string) []string {
	p := []string{s, s}
	return p
}

func nestedParts() []string { return literalParts() }

//go:noinline
func callLiteral() {
	atCallSink = literalParts() // called
}

//go:noinline
func callTwo(s string) {
	atCallSink, _ = twoParts(s) // called
}

//go:noinline
func callNamed(s string) {
	atCallSink = namedParts(s) // called
}

//go:noinline
func callConverted(s string) {
	atCallSink = convertedParts(s) // called
}

//go:noinline
func callLocal(s string) {
	atCallSink = localParts(s) // called
}

//go:noinline
func callNested() {
	atCallSink = nestedParts() // called
}

//go:noinline
func callClosure(s string) {
	atCallSink = func() []string { return []string{s, s} }() // called
}

func TestAtCall(t *testing.T) {
	ix := built(t)
	file, _, marked := escapetest.MarkedLines(t, "atcall_test.go", "called")
	for _, tc := range []struct {
		fn     string
		run    func()
		atCall bool
		depth  int // of the inline frames
	}{
		{"callLiteral", callLiteral, true, 1},
		{"callTwo", func() { callTwo("a") }, true, 1},
		{"callNamed", func() { callNamed("a") }, true, 1},
		{"callConverted", func() { callConverted("a") }, false, 1},
		{"callLocal", func() { callLocal("a") }, false, 1},
		{"callNested", callNested, true, 2},
		{"callClosure", func() { callClosure("a") }, true, 1},
	} {
		line, ok := marked[tc.fn]
		if !ok {
			t.Fatalf("no line marked in %s", tc.fn)
		}
		var recs []Record
		for _, r := range ix.Here(file, line) {
			if r.Allocates() && len(r.Inlined) > 0 {
				recs = append(recs, r)
			}
		}
		if len(recs) != 1 {
			t.Errorf("%s: records of inlined code %+v, want one", tc.fn, recs)
			continue
		}
		r := recs[0]
		if r.AtCall != tc.atCall || len(r.Inlined) != tc.depth {
			t.Errorf("%s: AtCall %v with %d inline frames, want %v with %d: %+v", tc.fn, r.AtCall, len(r.Inlined), tc.atCall, tc.depth, r)
		}
		// Profiled is where the runtime's heap profile shows the allocation
		// of the literal.
		if got, want := r.Profiled(), profiledLine(t, tc.run, tc.fn); got.File != file || got.Line != want {
			t.Errorf("%s: Profiled = %v, but the profile shows line %d", tc.fn, got, want)
		}
	}
}

// profiledLine returns the line that the runtime's heap profile shows for
// what run allocates, in fn (a function of this package) or in the code
// inlined into it: the innermost frame of this file, with inlined frames
// expanded, as pprof shows them.
func profiledLine(t *testing.T, run func(), fn string) int {
	t.Helper()
	defer func(rate int) { runtime.MemProfileRate = rate }(runtime.MemProfileRate)
	runtime.MemProfileRate = 1
	for range 100 {
		run()
	}
	runtime.GC()
	runtime.GC() // the profile is that of the last cycle completed
	var recs []runtime.MemProfileRecord
	for n := 64; ; n *= 2 {
		recs = make([]runtime.MemProfileRecord, n)
		if m, ok := runtime.MemProfile(recs, true); ok {
			recs = recs[:m]
			break
		}
	}
	_, file, _, _ := runtime.Caller(0)
	for _, r := range recs {
		frames := runtime.CallersFrames(r.Stack())
		line, in := 0, false
		for {
			f, more := frames.Next()
			if f.File == file && line == 0 {
				line = f.Line
			}
			in = in || strings.HasSuffix(f.Function, "."+fn)
			if !more {
				break
			}
		}
		if in && line > 0 {
			return line
		}
	}
	t.Fatalf("%s: no allocation in the heap profile", fn)
	return 0
}
