package gcsweep

import (
	"strings"
	"testing"
)

const trace = `gc 1 @0.001s 2%: 0.17+0.15+0.003 ms clock, 0.34+0/0.11/0.066+0.007 ms cpu, 0->0->0 MB, 4 MB goal, 0 MB stacks, 0 MB globals, 2 P (forced)
gc 2 @0.029s 0%: 0.026+8.9+0.020 ms clock, 0.053+0.13/0.002/0+0.040 ms cpu, 3->3->0 MB, 4 MB goal, 0 MB stacks, 0 MB globals, 2 P
PASS
gc 3 @0.040s 1%: 0.026+0.12+0.002 ms clock, 0.052+0/0.016/0.087+0.005 ms cpu, 0->0->0 MB, 4 MB goal, 0 MB stacks, 0 MB globals, 2 P (forced)
gc 4 @0.045s 2%: 0.025+2.5+1.5 ms clock, 0.051+0.031/0.068/0.054+3.1 ms cpu, 3->5->1 MB, 4 MB goal, 0 MB stacks, 0 MB globals, 2 P
gc 5 @0.053s 2%: 0.27+2.0+0.003 ms clock, 0.55+0.11/0/0+0.006 ms cpu, 3->4->0 MB, 4 MB goal, 0 MB stacks, 0 MB globals, 2 P
`

func TestParseTrace(t *testing.T) {
	cs := ParseTrace(trace)
	if len(cs) != 5 {
		t.Fatalf("%d cycles, want 5", len(cs))
	}
	if !cs[0].Forced || cs[1].Forced || !cs[2].Forced {
		t.Errorf("forced: %v %v %v, want true false true", cs[0].Forced, cs[1].Forced, cs[2].Forced)
	}
	if c := cs[3]; c.HeapStart != 3<<20 || c.HeapEnd != 5<<20 || c.Live != 1<<20 || c.Goal != 4<<20 {
		t.Errorf("cycle 4: %+v, want 3->5->1 MB, 4 MB goal", c)
	}
	last := LastRound(cs)
	if len(last) != 2 || last[0] != cs[3] {
		t.Errorf("the last round is %+v, want the two cycles after the last forced one", last)
	}
	if got := LastRound(cs[1:2]); len(got) != 1 {
		t.Errorf("with none forced, the last round has %d cycles, want all 1", len(got))
	}
}

func FuzzParseTrace(f *testing.F) {
	f.Add(trace)
	f.Add("gc 1 @0.1s 1%: x 99999999999999999999->1->1 MB, 4 MB goal, (forced)")
	f.Fuzz(func(t *testing.T, s string) {
		cs := ParseTrace(s)
		if len(cs) > strings.Count(s, "\n")+1 {
			t.Errorf("%d cycles from %d lines", len(cs), strings.Count(s, "\n")+1)
		}
		for _, c := range cs {
			if c.HeapStart < 0 || c.HeapEnd < 0 || c.Live < 0 || c.Goal < 0 {
				t.Errorf("a negative heap: %+v", c)
			}
		}
		if len(LastRound(cs)) > len(cs) {
			t.Error("the last round has more cycles than all")
		}
	})
}

func TestParseSettings(t *testing.T) {
	for _, tc := range []struct {
		gogc, limit string
		ok          bool
	}{
		{"25,50,100,off", "64MiB,1GiB,off,1000", true},
		{" 100 , off", "512KiB", true},
		{"0", "64MiB", false},
		{"-5", "64MiB", false},
		{"abc", "64MB", false},
		{"100", "0", false},
		{"100", "+5MiB", false},
		{"100", "", false},
	} {
		_, gerr := ParseGOGC(tc.gogc)
		_, lerr := ParseMemLimit(tc.limit)
		if ok := gerr == nil && lerr == nil; ok != tc.ok {
			t.Errorf("-gogc %q -memlimit %q: %v, %v; want ok=%v", tc.gogc, tc.limit, gerr, lerr, tc.ok)
		}
	}
	if got := Settings([]string{"50", "off"}, []string{"64MiB"}); len(got) != 2 || got[1].String() != "GOGC=off GOMEMLIMIT=64MiB" {
		t.Errorf("Settings = %v", got)
	}
}

func FuzzParseSettings(f *testing.F) {
	f.Add("25,50,off")
	f.Add("64MiB,1GiB")
	f.Fuzz(func(t *testing.T, list string) {
		for _, parse := range []func(string) ([]string, error){ParseGOGC, ParseMemLimit} {
			vs, err := parse(list)
			if err != nil {
				if strings.Contains(err.Error(), "\n") {
					t.Errorf("more than one line: %v", err)
				}
				continue
			}
			for _, v := range vs {
				if v == "" || strings.ContainsAny(v, ", \t\n=") {
					t.Errorf("%q from %q is no value for the environment", v, list)
				}
			}
		}
	})
}

func TestKnee(t *testing.T) {
	pt := func(gc float64, mib int64) Point { return Point{GCCPU: gc, PeakRSS: mib << 20} }
	for _, tc := range []struct {
		name   string
		points []Point
		want   int
	}{
		{"bend", []Point{pt(0.30, 16), pt(0.20, 20), pt(0.08, 32), pt(0.05, 64), pt(0.01, 800)}, 2},
		{"flat", []Point{pt(0.02, 16), pt(0.015, 32), pt(0.012, 64)}, -1},
		{"too few", []Point{pt(0.3, 16), pt(0.1, 64)}, -1},
		{"straight", []Point{pt(0.3, 16), pt(0.2, 32), pt(0.1, 64)}, -1},
		{"unordered", []Point{pt(0.01, 800), pt(0.30, 16), pt(0.08, 32), pt(0.20, 20)}, 2},
	} {
		if got := Knee(tc.points); got != tc.want {
			t.Errorf("%s: knee %d, want %d", tc.name, got, tc.want)
		}
	}
}
