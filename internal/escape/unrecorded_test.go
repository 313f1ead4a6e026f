package escape

import (
	"strings"
	"testing"
)

// The functions below hold values that do not escape, so the compiler
// writes no escape record for them; TestUnrecordedSizes checks, on the
// toolchain that runs the tests, the sizes at which Unrecorded says they go
// to the heap all the same.

//go:noinline
func localMake(n int) int {
	s := make([]byte, n)
	return len(s)
}

//go:noinline
func localString(b []byte) int {
	s := string(b)
	return len(s)
}

//go:noinline
func localBytes(s string) int {
	b := []byte(s)
	b[0]++ // written: see TestUnrecordedReadOnlyBytes
	return len(b)
}

//go:noinline
func localReadOnlyBytes(s string) int {
	b := []byte(s)
	return len(b)
}

//go:noinline
func localRunes(s string) int {
	r := []rune(s)
	return len(r)
}

func TestUnrecordedSizes(t *testing.T) {
	// Each case makes its argument of size n, outside what is measured.
	for _, tc := range []struct {
		code string
		op   func(n int) func()
	}{
		{"s := make([]byte, n)", func(n int) func() { return func() { localMake(n) } }},
		{"s := string(b)", func(n int) func() {
			b := make([]byte, n)
			return func() { localString(b) }
		}},
		{"b := []byte(s)", func(n int) func() {
			s := string(make([]byte, n))
			return func() { localBytes(s) }
		}},
		{"r := []rune(s)", func(n int) func() {
			s := string(make([]rune, n)) // n runes of one byte each
			return func() { localRunes(s) }
		}},
	} {
		if Unrecorded(tc.code) == "" {
			t.Errorf("Unrecorded(%q) says nothing", tc.code)
		}
		for n, want := range map[int]float64{32: 0, 33: 1} {
			if got := testing.AllocsPerRun(50, tc.op(n)); got != want {
				t.Errorf("%s with n=%d: %v allocs, Unrecorded implies %v", tc.code, n, got, want)
			}
		}
	}
}

// Since Go 1.22, a []byte(s) that is neither written nor escapes shares the
// string's bytes, whatever its length; Unrecorded says so.
func TestUnrecordedReadOnlyBytes(t *testing.T) {
	s := string(make([]byte, 1000))
	if got := testing.AllocsPerRun(50, func() { localReadOnlyBytes(s) }); got != 0 {
		t.Errorf("read-only []byte(s) of 1000 bytes: %v allocs, want 0", got)
	}
	if why := Unrecorded("b := []byte(s)"); !strings.Contains(why, "only read shares the string's bytes") {
		t.Errorf("Unrecorded([]byte(s)) = %q, which does not say that a read-only result shares the bytes", why)
	}
}
