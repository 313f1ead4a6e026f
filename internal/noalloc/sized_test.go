package noalloc

import (
	"strings"
	"testing"
)

//go:noinline
func concatenate(a, b string) int {
	s := a + b
	return len(s) + int(s[0])
}

//go:noinline
func appendTo(a, b string) int {
	a += b
	return len(a) + int(a[0])
}

//go:noinline
func extend(buf []byte, n int) int {
	buf = append(buf[:0], make([]byte, n)...)
	return len(buf)
}

// TestConcatenationSize checks, on the toolchain that runs the tests, what
// unrecorded says of a concatenation that does not escape: it goes to the
// heap above 32 bytes. (escape.TestUnrecordedSizes checks the make and the
// conversions.)
func TestConcatenationSize(t *testing.T) {
	for n, want := range map[int]float64{32: 0, 33: 1} {
		a, b := strings.Repeat("a", n/2), strings.Repeat("b", n-n/2)
		if got := testing.AllocsPerRun(50, func() { concatenate(a, b) }); got != want {
			t.Errorf("a + b of %d bytes: %v allocs, want %v", n, got, want)
		}
	}
}

// TestConcatenationAssign: a += b allocates at any size, as unrecorded
// says, though the compiler reports nothing.
func TestConcatenationAssign(t *testing.T) {
	for _, n := range []int{2, 32} {
		a, b := strings.Repeat("a", n/2), strings.Repeat("b", n-n/2)
		if got := testing.AllocsPerRun(50, func() { appendTo(a, b) }); got != 1 {
			t.Errorf("a += b of %d bytes: %v allocs, want 1", n, got)
		}
	}
}

// TestAppendMake: append(s, make([]T, n)...) extends s with no allocation
// of the make's own, which unrecorded does not report.
func TestAppendMake(t *testing.T) {
	buf := make([]byte, 0, 4096)
	if got := testing.AllocsPerRun(50, func() { extend(buf, 1000) }); got != 0 {
		t.Errorf("append(buf[:0], make([]byte, 1000)...) with room: %v allocs, want 0", got)
	}
}

var sharedKeys = map[string]int{}

//go:noinline
func sharedUses(b []byte) int {
	n := sharedKeys[string(b)] + len(string(b))
	if string(b) == "x" {
		n++
	}
	switch string(b) {
	case "y":
		n++
	}
	return n
}

// TestSharedConversions: a string(b) that is only a map key, a comparison's
// operand, a switch's tag or len's argument shares b's bytes at any size,
// which unrecorded does not report.
func TestSharedConversions(t *testing.T) {
	b := make([]byte, 100)
	if got := testing.AllocsPerRun(50, func() { sharedUses(b) }); got != 0 {
		t.Errorf("string(b) of 100 bytes as a key, an operand, a tag and len's argument: %v allocs, want 0", got)
	}
}
