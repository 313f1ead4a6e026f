package alloctest

import (
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"
)

// recorder is a testing.TB that keeps what AtMost reports.
type recorder struct {
	testing.TB
	errors []string
}

func (r *recorder) Helper()             {}
func (r *recorder) Logf(string, ...any) {}
func (r *recorder) Errorf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}

var (
	sinkBytes   []byte
	sinkStrings []string
	sinkAny     any
)

// here returns the line it is called from.
func here() int {
	_, _, line, _ := runtime.Caller(1)
	return line
}

var (
	sinkInt   int
	otherSink []int
)

// over allocates twice, on the lines overSplit and overMake.
var overSplit = here() + 3
var overMake = overSplit + 1
var over = func() {
	sinkStrings = strings.Split("a,b", ",")
	sinkBytes = make([]byte, 100)
}

func TestAtMost(t *testing.T) {
	if raceEnabled {
		t.Skip("AtMost does not check under the race detector")
	}
	for _, tc := range []struct {
		name  string
		n     int
		f     func()
		fails bool
		want  []string // in the message
	}{
		{name: "no allocation", n: 0, f: func() {
			var buf [64]byte
			sinkInt = copy(buf[:], "abc")
		}},
		{name: "within", n: 2, f: func() { sinkStrings = strings.Split("a,b", ",") }},
		{name: "over", n: 1, fails: true, f: over, want: []string{
			"f allocated 2 times per run, want at most 1; where (every allocation of 100 runs recorded):\n",
			fmt.Sprintf("\n    1 allocs/run     32 B/run  alloctest_test.go:%d github.com/squashgo/squash/alloctest.init.func1 via strings.genSplit\n", overSplit),
			fmt.Sprintf("\n    1 allocs/run    112 B/run  alloctest_test.go:%d github.com/squashgo/squash/alloctest.init.func1", overMake),
		}},
		{name: "tiny objects", n: 0, fails: true, f: func() { sinkAny = new([4]byte); sinkAny = new([4]byte) }, want: []string{
			"f allocated 2 times per run, want at most 0",
			"tiny pointer-free objects share one recorded 16-byte block",
		}},
		{name: "first calls only", n: 0, fails: true, f: onlyOnce(), want: []string{
			"f allocated 1 times per run, want at most 0; the memory profile recorded no allocation inside f on a second try",
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := &recorder{TB: t}
			AtMost(r, tc.n, tc.f)
			if fails := len(r.errors) > 0; fails != tc.fails {
				t.Fatalf("failed = %v, want %v: %q", fails, tc.fails, r.errors)
			}
			for _, w := range tc.want {
				if !strings.Contains(r.errors[0], w) {
					t.Errorf("message lacks %q:\n%s", w, r.errors[0])
				}
			}
		})
	}
}

// onlyOnce returns a function that allocates one object per call for the
// first 101 calls (AllocsPerRun's count) and then never again.
func onlyOnce() func() {
	calls := 0
	return func() {
		calls++
		if calls <= Runs+1 {
			sinkAny = new([16]byte)
		}
	}
}

func TestSitesIgnoresOtherGoroutines(t *testing.T) {
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			select {
			case <-stop:
				return
			default:
				otherSink = make([]int, 10)
			}
		}
	}()
	line := here() + 2
	sites := Sites(50, func() {
		sinkAny = &struct{ a, b int64 }{1, 2}
	})
	close(stop)
	wg.Wait()
	if len(sites) != 1 {
		t.Fatalf("%d sites, want 1: %v", len(sites), sites)
	}
	s := sites[0]
	if s.Line != line || s.AllocsPerRun != 1 || s.BytesPerRun != 16 || s.Via != "" {
		t.Errorf("site %+v, want line %d, 1 allocs/run, 16 B/run, no via", s, line)
	}
}

func TestSitesRestoresTheProfileRate(t *testing.T) {
	old := runtime.MemProfileRate
	defer func() { runtime.MemProfileRate = old }()
	runtime.MemProfileRate = 4096
	Sites(1, func() {})
	if runtime.MemProfileRate != 4096 {
		t.Errorf("MemProfileRate = %d, want 4096 restored", runtime.MemProfileRate)
	}
}

func TestSitesBlamesTheMainModule(t *testing.T) {
	// fields is in this module and allocates through strings.Fields.
	sites := Sites(10, func() { sinkStrings = fields("a b c d") })
	if len(sites) != 1 {
		t.Fatalf("sites %v, want 1", sites)
	}
	if s := sites[0]; s.Function != "github.com/squashgo/squash/alloctest.fields" || s.Via != "strings.Fields" || s.Line != fieldsLine || s.AllocsPerRun != 1 {
		t.Errorf("site %+v, want alloctest.fields line %d via strings.Fields, once a run", s, fieldsLine)
	}
}

var fieldsLine = here() + 4

//go:noinline
func fields(s string) []string {
	return strings.Fields(s)
}

func TestAtMostUnderRace(t *testing.T) {
	if !raceEnabled {
		t.Skip("needs -race")
	}
	r := &recorder{TB: t}
	AtMost(r, 0, func() { sinkAny = new(int) })
	if len(r.errors) > 0 {
		t.Errorf("AtMost checked under the race detector: %q", r.errors)
	}
}

func TestSiteString(t *testing.T) {
	for _, tc := range []struct {
		s    Site
		want string
	}{
		{Site{File: "/x/a.go", Line: 3, Function: "m.F", AllocsPerRun: 1, BytesPerRun: 32}, "1 allocs/run     32 B/run  /x/a.go:3 m.F"},
		// Sums of shares of runs: a figure keeps two decimals, not the
		// float's rounding error (26.400000000000002).
		{Site{File: "/x/a.go", Line: 3, Function: "m.F", AllocsPerRun: 0.1 + 0.1 + 0.1, BytesPerRun: 2.64 * 10}, "0.3 allocs/run   26.4 B/run  /x/a.go:3 m.F"},
		{Site{File: "/x/a.go", Line: 3, Function: "m.F", Via: "strings.genSplit", AllocsPerRun: 0.001, BytesPerRun: 0.016}, "0.001 allocs/run   0.02 B/run  /x/a.go:3 m.F via strings.genSplit"},
	} {
		if got := tc.s.String(); got != tc.want {
			t.Errorf("String() = %q, want %q", got, tc.want)
		}
	}
}

func TestAtMostBadArguments(t *testing.T) {
	calls := 0
	for _, tc := range []struct {
		name string
		n    int
		f    func()
		want string
	}{
		{"negative n", -1, func() { calls++ }, "alloctest: AtMost with n = -1: a count of allocations is not negative; 0 asserts that f does not allocate"},
		{"nil f", 0, nil, "alloctest: AtMost with a nil f: pass the function to measure"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := &recorder{TB: t}
			AtMost(r, tc.n, tc.f)
			if len(r.errors) != 1 || r.errors[0] != tc.want {
				t.Errorf("errors %q, want %q", r.errors, tc.want)
			}
		})
	}
	if calls != 0 {
		t.Errorf("f was called %d times after a bad n", calls)
	}
}
