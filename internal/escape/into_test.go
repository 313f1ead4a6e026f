package escape

import (
	"slices"
	"testing"
)

// TestInlinedInto: a copy's calls run from the function compiled inward,
// so the code inlined at a call is the next call's line, or, at the last
// call, the line the copy is of.
func TestInlinedInto(t *testing.T) {
	ix := newIndex()
	ix.copies = map[lineKey][]Copy{
		// b.go:5, inlined at a.go:10 through b.go:20.
		{"b.go", 5}: {{{File: "a.go", Line: 10}, {File: "b.go", Line: 20}}},
		// b.go:20's own code, inlined at a.go:10.
		{"b.go", 21}: {{{File: "a.go", Line: 10}}},
		{"c.go", 3}:  {{{File: "a.go", Line: 11}}},
	}
	got := ix.InlinedInto("a.go", 10)
	want := []Position{{File: "b.go", Line: 20}, {File: "b.go", Line: 21}}
	if !slices.Equal(got, want) {
		t.Errorf("InlinedInto(a.go, 10) = %v, want %v", got, want)
	}
	if got := ix.InlinedInto("a.go", 12); len(got) != 0 {
		t.Errorf("InlinedInto(a.go, 12) = %v, want none", got)
	}
}
