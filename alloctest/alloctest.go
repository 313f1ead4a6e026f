package alloctest

import (
	"cmp"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/squashgo/squash/internal/profile"
)

// Runs is how many times AtMost runs the function, for its count and, when
// that fails, for its profile.
const Runs = 100

// AtMost reports an error on t, listing where f allocated, when f allocates
// more than n times per run on average (testing.AllocsPerRun over Runs runs,
// which rounds down). It calls f Runs+1 times, and Runs times more when it
// fails. Under the race detector, which makes code allocate (sync.Pool drops
// items at random), it only logs that it did not check. A negative n or a nil
// f is reported as an error on t, and f is not called.
func AtMost(t testing.TB, n int, f func()) {
	t.Helper()
	switch {
	case n < 0:
		t.Errorf("alloctest: AtMost with n = %d: a count of allocations is not negative; 0 asserts that f does not allocate", n)
		return
	case f == nil:
		t.Errorf("alloctest: AtMost with a nil f: pass the function to measure")
		return
	}
	if raceEnabled {
		t.Logf("alloctest: allocations not checked under the race detector")
		return
	}
	got := testing.AllocsPerRun(Runs, f)
	if got <= float64(n) {
		return
	}
	sites := Sites(Runs, f)
	var b strings.Builder
	fmt.Fprintf(&b, "f allocated %v times per run, want at most %d", got, n)
	if len(sites) == 0 {
		b.WriteString("; the memory profile recorded no allocation inside f on a second try: does it allocate only sometimes, or only on its first call?")
	} else {
		fmt.Fprintf(&b, "; where (every allocation of %d runs recorded):", Runs)
		sum := 0.0
		for _, s := range sites {
			b.WriteString("\n    " + s.String())
			sum += s.AllocsPerRun
		}
		if got-sum >= 1 {
			fmt.Fprintf(&b, "\n    (%s allocs/run more were counted than the profile ties to lines: tiny pointer-free objects share one recorded 16-byte block, and stacks deeper than 32 frames are cut)", figure(got-sum))
		}
	}
	t.Errorf("%s", b.String())
}

// A Site is a line of code where a function allocated.
type Site struct {
	// Function, File and Line are the line blamed: the deepest frame in
	// the main module, else the deepest outside the runtime and the
	// standard library, else the function passed to Sites.
	Function string // fully qualified: example.com/m/dec.(*Decoder).Decode
	File     string // absolute, as the binary records it
	Line     int
	// Via is the deepest frame outside the runtime, when it is not the
	// line blamed: strings.genSplit for a call of strings.Split.
	Via string

	AllocsPerRun float64
	BytesPerRun  float64
}

// String formats s on one line: its counts, file:line (relative to the
// working directory when inside it), function and mechanism.
func (s Site) String() string {
	file := s.File
	if wd, err := os.Getwd(); err == nil {
		if r, err := filepath.Rel(wd, file); err == nil && !strings.HasPrefix(r, "..") {
			file = r
		}
	}
	out := fmt.Sprintf("%s allocs/run %6s B/run  %s:%d %s", figure(s.AllocsPerRun), figure(s.BytesPerRun), file, s.Line, s.Function)
	if s.Via != "" {
		out += " via " + s.Via
	}
	return out
}

// figure formats a per-run figure, a sum of counts divided by the runs, with
// at most two decimals (26.4, not 26.400000000000002), or two significant
// digits where two decimals would round it to 0.
func figure(v float64) string {
	if r := math.Round(v*100) / 100; r != 0 || v == 0 {
		return strconv.FormatFloat(r, 'f', -1, 64)
	}
	return strconv.FormatFloat(v, 'g', 2, 64)
}

// Sites calls f runs times (once if runs is below 1) with every allocation
// recorded and returns where f allocated, most allocations first.
// Allocations of other goroutines, and of f's callers, are not counted.
func Sites(runs int, f func()) []Site {
	if runs < 1 {
		runs = 1
	}
	old := runtime.MemProfileRate
	runtime.MemProfileRate = 1
	defer func() { runtime.MemProfileRate = old }()

	before := snapshot()
	record(runs, f)
	after := snapshot()

	main := mainModule()
	bySite := map[string]*Site{}
	for stack, now := range after {
		was := before[stack]
		objs, bytes := now.objects-was.objects, now.bytes-was.bytes
		if objs <= 0 {
			continue
		}
		s, ok := blame(stack, main)
		if !ok {
			continue
		}
		key := fmt.Sprintf("%s:%d %s %s", s.File, s.Line, s.Function, s.Via)
		if prev, ok := bySite[key]; ok {
			s = *prev
		}
		s.AllocsPerRun += float64(objs) / float64(runs)
		s.BytesPerRun += float64(bytes) / float64(runs)
		bySite[key] = &s
	}
	out := make([]Site, 0, len(bySite))
	for _, s := range bySite {
		out = append(out, *s)
	}
	slices.SortFunc(out, func(a, b Site) int {
		return cmp.Or(cmp.Compare(b.AllocsPerRun, a.AllocsPerRun), strings.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line))
	})
	return out
}

// record calls f runs times. Its frame marks the samples taken inside f.
//
//go:noinline
func record(runs int, f func()) {
	for range runs {
		f()
	}
}

var recordName = runtime.FuncForPC(reflect.ValueOf(record).Pointer()).Name()

type counts struct{ objects, bytes int64 }

// snapshot returns the allocation counts of the memory profile by stack,
// after a garbage collection, which publishes the samples taken so far.
func snapshot() map[[32]uintptr]counts {
	runtime.GC()
	var recs []runtime.MemProfileRecord
	for {
		n, ok := runtime.MemProfile(recs, true)
		if ok {
			recs = recs[:n]
			break
		}
		recs = make([]runtime.MemProfileRecord, n+64)
	}
	out := make(map[[32]uintptr]counts, len(recs))
	for _, r := range recs {
		c := out[r.Stack0]
		c.objects += r.AllocObjects
		c.bytes += r.AllocBytes
		out[r.Stack0] = c
	}
	return out
}

// blame finds the line a sample is blamed on, and reports whether the
// sample was taken inside record.
func blame(stack [32]uintptr, main string) (Site, bool) {
	pcs := stack[:]
	if i := slices.Index(pcs, 0); i >= 0 {
		pcs = pcs[:i]
	}
	var frames []runtime.Frame // from the allocation up to f
	it := runtime.CallersFrames(pcs)
	inside := false
	for {
		fr, more := it.Next()
		if fr.Function == recordName {
			inside = true
			break
		}
		frames = append(frames, fr)
		if !more {
			break
		}
	}
	if !inside || len(frames) == 0 {
		return Site{}, false
	}
	var via, user, other *runtime.Frame
	for i := range frames {
		fr := &frames[i]
		pkg := profile.FuncPackage(fr.Function)
		switch {
		case pkg == "runtime" || strings.HasPrefix(pkg, "runtime/internal") || strings.HasPrefix(pkg, "internal/"):
			continue // the allocator, and helpers such as internal/bytealg
		case via == nil:
			via = fr
		}
		if user == nil && main != "" && (pkg == main || strings.HasPrefix(pkg, main+"/") || pkg == main+"_test") {
			user = fr
		}
		if other == nil && strings.Contains(strings.SplitN(pkg, "/", 2)[0], ".") {
			other = fr
		}
	}
	at := cmp.Or(user, other, &frames[len(frames)-1])
	s := Site{Function: at.Function, File: at.File, Line: at.Line}
	if via != nil && via.Function != at.Function {
		s.Via = via.Function
	}
	return s, true
}

// mainModule returns the path of the main module, the one whose tests run.
func mainModule() string {
	if bi, ok := debug.ReadBuildInfo(); ok {
		return bi.Main.Path
	}
	return ""
}
