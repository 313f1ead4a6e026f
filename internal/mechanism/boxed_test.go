package mechanism

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/squashgo/squash/internal/escape"
	"github.com/squashgo/squash/internal/escape/escapetest"
)

// The functions below each convert, on the line marked "// converted", a
// value that allocates on its own to an interface. TestBoxedToo builds this
// package with the compiler's diagnostics and checks the records of each
// line and the mechanism they give.

var boxedSink any

//go:noinline
func keepBoxed(x any) { boxedSink = x }

// peekBoxed keeps the slice in x, not x: the interface does not escape.
//
//go:noinline
func peekBoxed(x any) {
	if s, ok := x.([]int); ok {
		boxedSink = &s[0]
	}
}

// settableValueOf is gopkg.in/yaml.v3's (decode.go).
func settableValueOf(i any) reflect.Value {
	v := reflect.ValueOf(i)
	sv := reflect.New(v.Type()).Elem()
	sv.Set(v)
	return sv
}

// settableSlice has the shape of yaml.v3's decoder.sequence (decode.go:743).
//
//go:noinline
func settableSlice(l int) (out reflect.Value) {
	out = settableValueOf(make([]any, l)) // converted
	return out
}

//go:noinline
func boxedMake(n int) {
	keepBoxed(make([]int, n)) // converted
}

//go:noinline
func boxedLiteral(n int) {
	keepBoxed([]int{n, n}) // converted
}

//go:noinline
func boxedBytes(b []byte) {
	keepBoxed(string(b)) // converted
}

//go:noinline
func peekedMake(n int) {
	peekBoxed(make([]int, n)) // converted
}

// TestBoxedToo: a value that allocates on its own and is converted to an
// interface has two records, one of its own allocation and one of the
// conversion's copy, and the mechanism names both; where the interface
// does not escape, the value's record alone says it goes to the heap.
func TestBoxedToo(t *testing.T) {
	ix := built(t)
	file, lines, marked := escapetest.MarkedLines(t, "boxed_test.go", "converted")
	for _, tc := range []struct {
		fn      string
		message string
		records int // of the message
		want    string
		allocs  func()
		per     float64 // allocations of allocs
	}{
		{"settableSlice", "make([]any, l) escapes to heap", 2, makesSlice + boxesToo, nil, 0},
		{"boxedMake", "make([]int, n) escapes to heap", 2, makesSlice + boxesToo, func() { boxedMake(100) }, 2},
		{"boxedLiteral", "[]int{...} escapes to heap", 2, sliceLiteral + boxesToo, func() { boxedLiteral(100) }, 2},
		{"boxedBytes", "string(b) escapes to heap", 2, convertsBytes + boxesToo, func() { boxedBytes([]byte("a string of more than thirty-two bytes")) }, 2},
		{"peekedMake", "make([]int, n) escapes to heap", 1, makesSlice, func() { peekedMake(100) }, 1},
	} {
		line, ok := marked[tc.fn]
		if !ok {
			t.Fatalf("no line marked in %s", tc.fn)
		}
		recs := ix.Here(file, line)
		n := 0
		for _, r := range recs {
			if r.Message == tc.message && r.Allocates() {
				n++
			}
		}
		if n != tc.records {
			t.Errorf("%s: %d records %q, want %d: %+v", tc.fn, n, tc.message, tc.records, recs)
		}
		code, _, _ := strings.Cut(strings.TrimSpace(lines[line-1]), "//")
		if got := Of("", code, nil, recs); got != tc.want {
			t.Errorf("%s: Mechanism = %q, want %q", tc.fn, got, tc.want)
		}
		if tc.allocs != nil {
			if got := testing.AllocsPerRun(50, tc.allocs); got != tc.per {
				t.Errorf("%s: %v allocs per call, want %v", tc.fn, got, tc.per)
			}
		}
	}
	// yaml.v3's shape: one record flows to the call, the other into the
	// conversion.
	rs := ix.Here(file, marked["settableSlice"])
	flows := slices.Grow[[]string](nil, len(rs))
	for _, r := range rs {
		flows = append(flows, r.ShortFlow())
	}
	if !slices.ContainsFunc(flows, func(f string) bool { return strings.Contains(f, "settableValueOf(…) (call parameter)") }) ||
		!slices.ContainsFunc(flows, func(f string) bool { return strings.Contains(f, "(interface-converted)") }) {
		t.Errorf("settableSlice's flows = %q, want one to settableValueOf's parameter and one into the conversion", flows)
	}
}

// TestBoxedTooShapes: two records of one value at one position are of two
// allocations only where one's flow goes from the value's own storage into
// the conversion: a generic function's records for two shapes (a string,
// whose conversion reads the string's header, and an int) are not.
func TestBoxedTooShapes(t *testing.T) {
	at := escape.Position{File: "/m/g.go", Line: 18, Col: 27}
	escapeAt := func(msg string, texts ...string) escape.Record {
		r := escape.Record{Code: "escapes", Message: msg, Pos: at}
		for _, text := range texts {
			r.Flow = append(r.Flow, escape.Step{Pos: at, Text: text})
		}
		return r
	}
	ofInt := escapeAt("v escapes to heap", "flow: {heap} ← &{storage for v}", "from v (spill)", "from take(v) (call parameter)")
	ofString := escapeAt(ofInt.Message, "flow: {heap} ← &{storage for v}", "from v (spill)", "from take(v) (call parameter)",
		"flow: {storage for v} ← v", "from v (interface-converted)")
	if got := Of("", "take(v)", nil, []escape.Record{ofInt, ofString}); got != "" {
		t.Errorf("Mechanism of two shapes' records = %q, want none", got)
	}
}
