package noalloc

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestNextSteps: the violations of testdata/mod/a, as the compiler reports
// them, give a next step where the fix is clear, and none elsewhere: not
// for a method value (r.M, whose closure is allocated), a func literal, a
// string conversion, a variable whose address goes elsewhere than the
// function's own return, nor the compiler's wrappers. A boxed struct
// field, which the compiler prints as it does r.M, gets one from the types.
func TestNextSteps(t *testing.T) {
	dir, _ := filepath.Abs("testdata/mod")
	res, err := Check(context.Background(), nil, dir, []string{"./a"})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"a.go:30":           nextReturnedAddr, // x := 3; return &x
		"a.go:57":           nextBoxed,        // sink = n
		"a.go:74":           nextAppend,       // r.buf = append(r.buf, make([]byte, n)...)
		"a.go:126":          nextBoxed,        // return v, of a generic type, as any
		"a.go:177":          nextMakeEscapes,  // calledSink = make([]int, n), inlined
		"sig.go:10":         nextReturnedAddr, // a parameter
		"sig.go:27":         nextReturnedAddr, // a receiver
		"sig.go:34":         nextReturnedAddr,
		"sized.go:11":       nextMakeSized,
		"x_test.go:15":      nextBoxed,
		"next.go:25":        nextBoxed,      // keep(n), a call parameter
		"next.go:15":        "",             // r.M
		"next.go:40":        nextBoxed,      // sink = r.n, a field
		"next.go:49":        nextRangeRunes, // range []rune(s)
		"next.go:70":        nextVariadic,   // keepAll(n), a ...any argument
		"next.go:32":        "",             // a func literal
		"sig.go:17":         "",             // isink = &r
		"sig.go:43":         "",             // return string(b)
		"wrap.go:11":        "",             // a deferred call's wrapper
		"helper_test.go:17": "",
	}
	seen := make(map[string]bool, len(res.Violations))
	for _, v := range res.Violations {
		at := fmt.Sprintf("%s:%d", filepath.Base(v.Pos.File), v.Pos.Line)
		seen[at] = true
		step := want[at]
		msg := v.Message()
		if step == "" && strings.Contains(msg, "; ") || step != "" && !strings.HasSuffix(msg, "; "+step) {
			t.Errorf("%s: %s\nwant the next step %q", at, msg, step)
		}
	}
	for at := range want {
		if !seen[at] {
			t.Errorf("no violation at %s", at)
		}
	}
}

func TestNext(t *testing.T) {
	flow := func(texts ...string) []Step {
		out := slices.Grow[[]Step](nil, len(texts))
		for _, s := range texts {
			out = append(out, Step{Text: s})
		}
		return out
	}
	for _, tc := range []struct {
		v    Violation
		want string
	}{
		{Violation{Reason: "n escapes to heap", Flow: flow("flow: {heap} ← &{storage for n}", "from n (spill)", "from sink = n (assign)")}, nextBoxed},
		{Violation{Reason: "~r0 escapes to heap", Flow: flow("flow: {heap} ← &{storage for ~r0}")}, nextBoxed},
		{Violation{Reason: "n escapes to heap", Flow: flow("flow: {storage for ... argument} ← &{storage for n}", "from n (spill)", "from ... argument (slice-literal-element)")}, nextVariadic},
		{Violation{Reason: "n escapes to heap", Flow: flow("flow: {storage for ... argument} ← &{storage for m}")}, ""},
		{Violation{Reason: "t.a escapes to heap", Flow: flow("flow: {heap} ← &{storage for t.a}")}, ""},
		{Violation{Reason: "r.M escapes to heap", Flow: flow("flow: {heap} ← &{storage for r.M}")}, ""},
		{Violation{Reason: "t.a escapes to heap", Flow: flow("flow: {heap} ← &{storage for t.a}"), field: true}, nextBoxed},
		{Violation{Reason: "t.a escapes to heap", Flow: flow("flow: {heap} ← &t"), field: true}, ""},
		{Violation{Reason: "[]rune(s), which does not escape, goes to the heap above 32 runes", Unrecorded: true, step: nextRangeRunes}, nextRangeRunes},
		{Violation{Reason: "[]rune(s), which does not escape, goes to the heap above 32 runes", Unrecorded: true}, ""},
		{Violation{Reason: "n escapes to heap", Flow: flow("flow: {heap} ← &{storage for m}")}, ""},
		{Violation{Reason: "n escapes to heap"}, ""},
		{Violation{Reason: "x escapes to heap", Flow: flow("flow: ~r0 ← &x", "from &x (address-of)", "from return &x (return)")}, nextReturnedAddr},
		{Violation{Reason: "x escapes to heap", Flow: flow("flow: {heap} ← &x", "from &x (address-of)", "from isink = &x (assign)")}, ""},
		{Violation{Reason: "x escapes to heap", Flow: flow("flow: ~r0 ← &x", "from ~r0 = &x (assign-pair)", "from return ~r0 (return)")}, ""},
		{Violation{Reason: "append(s, 1) escapes to heap", Flow: flow("flow: ~r0 ← &{storage for append(s, 1)}")}, nextAppend},
		{Violation{Reason: "make([]int, n) escapes to heap", Flow: flow("flow: b ← &{storage for make([]int, n)}")}, nextMakeEscapes},
		{Violation{Reason: "make(map[int]int) escapes to heap", Flow: flow("flow: ~r0 ← &{storage for make(map[int]int)}")}, ""},
		{Violation{Reason: "func literal escapes to heap", Flow: flow("flow: {heap} ← &{storage for func literal}")}, ""},
		{Violation{Reason: "string(b) escapes to heap", Flow: flow("flow: ~r0 ← &{storage for string(b)}")}, ""},
		{Violation{Reason: "make([]byte, n), which does not escape, goes to the heap above 32 bytes, as its size is not a constant", Unrecorded: true}, nextMakeSized},
		{Violation{Reason: "string(b), which does not escape, goes to the heap above 32 bytes", Unrecorded: true}, ""},
	} {
		if got := next(tc.v); got != tc.want {
			t.Errorf("next(%q, %q) = %q, want %q", tc.v.Reason, tc.v.Flow, got, tc.want)
		}
	}
}

// FuzzNext: next never fails, and gives a step only for what the compiler
// says escapes to the heap, or for a make of a size not constant.
func FuzzNext(f *testing.F) {
	f.Add("n escapes to heap", "flow: {heap} ← &{storage for n}", "from sink = n (assign)", false)
	f.Add("x escapes to heap", "flow: ~r0 ← &x", "from return &x (return)", false)
	f.Add("append(s, 1) escapes to heap", "flow: ~r0 ← &{storage for append(s, 1)}", "", false)
	f.Add("make([]byte, n), which does not escape, goes to the heap above 32 bytes, as its size is not a constant", "", "", true)
	f.Fuzz(func(t *testing.T, reason, first, last string, unrecorded bool) {
		v := Violation{Reason: reason, Unrecorded: unrecorded, Flow: []Step{{Text: first}, {Text: last}}}
		step := next(v)
		if step != "" && !strings.HasSuffix(reason, " escapes to heap") && !(unrecorded && strings.HasPrefix(reason, "make(")) {
			t.Errorf("next(%q, %q, %q) = %q", reason, first, last, step)
		}
	})
}
