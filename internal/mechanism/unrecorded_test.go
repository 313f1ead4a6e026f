package mechanism

import (
	"bytes"
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

// localIndexBytes only reads b, as gorilla/mux's findFirstQueryKey reads
// its []byte(rawQuery), but bytes.IndexByte passes it to an assembly
// function, which the compiler counts as a write: it is copied.
//
//go:noinline
func localIndexBytes(s string) int {
	b := []byte(s)
	return bytes.IndexByte(b, '&')
}

// localMap makes a map that does not escape, with a size hint known only at
// run time, as logrus's TextFormatter.Format makes make(Fields, n).
//
//go:noinline
func localMap(n int) int {
	m := make(map[string]int, n)
	m["a"] = 1
	return len(m)
}

//go:noinline
func localMap9() int {
	m := make(map[string]int, 9)
	m["a"] = 1
	return len(m)
}

//go:noinline
func localConcat(a, b string) int {
	s := a + "-" + b
	return len(s)
}

// localAppend appends to a slice that starts empty and does not escape.
//
//go:noinline
func localAppend(b []byte) int {
	var s []byte //squash:ignore prealloc the slice must grow: its growth is what is measured
	for _, c := range b {
		s = append(s, c)
	}
	return len(s)
}

// localAddAssign concatenates with +=, of which the compiler decides
// nothing: the result goes to the heap, however short.
//
//go:noinline
func localAddAssign(a, b string) int {
	s := a
	s += b
	return len(s)
}

// localInserts fills a map that does not escape, made with no size hint.
//
//go:noinline
func localInserts(n int) int {
	m := map[int]int{} //squash:ignore mapsize the map must grow: its growth is what is measured
	for i := range n {
		m[i] = i
	}
	return len(m)
}

//go:noinline
func localChan() int {
	c := make(chan int, 1)
	c <- 1
	return len(c)
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
		{"b := []byte(s)", func(n int) func() {
			s := string(make([]byte, n))
			return func() { localIndexBytes(s) }
		}},
		{`s := a + "-" + b`, func(n int) func() {
			a, b := string(make([]byte, n-2)), "b"
			return func() { localConcat(a, b) }
		}},
		{"s = append(s, c)", func(n int) func() {
			b := make([]byte, n)
			return func() { localAppend(b) }
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

// A map that does not escape is on the stack when made for 8 entries or
// fewer, and runtime.makemap allocates a larger one's table on the heap:
// logrus's data := make(Fields, len(entry.Data)) in TextFormatter.Format,
// 3 allocs an op on BenchmarkLargeTextFormatter, had no word of it.
func TestUnrecordedMap(t *testing.T) {
	for n, heap := range map[int]bool{8: false, 9: true} {
		if got := testing.AllocsPerRun(50, func() { localMap(n) }); (got > 0) != heap {
			t.Errorf("make(map[string]int, n) with n=%d: %v allocs, UnrecordedAs implies heap=%v", n, got, heap)
		}
	}
	if got := testing.AllocsPerRun(50, func() { localMap9() }); got == 0 {
		t.Errorf("make(map[string]int, 9): no allocs, UnrecordedAs implies some")
	}
	const want = "a map that does not escape still gets its table from the heap when made for more than 8 entries"
	for code, heap := range map[string]bool{
		"m := make(map[string]int, n)":                   true,
		"m := make(map[string]int, 9)":                   true,
		"m := make(map[string]int, 0x10)":                true,
		"m := make(map[string]int, 8)":                   false,
		"m := make(map[string]int)":                      false,
		"data := make(Fields, len(entry.Data))":          true,
		"data := make(Fields, len(entry.Data)+defaultF…": false, // cut: not parsed
	} {
		if got := UnrecordedAs(code, makesMap); strings.HasSuffix(got, want) != heap || (got == "") == heap {
			t.Errorf("UnrecordedAs(%q, makemap) = %q, want heap=%v", code, got, heap)
		}
	}
}

// A map that does not escape has room for 8 entries on the stack, and an
// insert past them grows it on the heap; a += of strings and a channel, of
// which the compiler writes no record, are on the heap all the same.
func TestUnrecordedInsertsAndChannels(t *testing.T) {
	for n, heap := range map[int]bool{8: false, 9: true} {
		if got := testing.AllocsPerRun(50, func() { localInserts(n) }); (got > 0) != heap {
			t.Errorf("%d inserts into map[int]int{}: %v allocs, UnrecordedAs implies heap=%v", n, got, heap)
		}
	}
	if got := testing.AllocsPerRun(50, func() { localAddAssign("ab", "cd") }); got != 1 {
		t.Errorf("s += b of 4 bytes that does not escape: %v allocs, UnrecordedAs implies 1", got)
	}
	if why := Unrecorded(`s += "-"`); !strings.Contains(why, "a += of strings still goes to the heap") {
		t.Errorf("Unrecorded of a += of strings = %q", why)
	}
	if got := testing.AllocsPerRun(50, func() { localChan() }); got != 1 {
		t.Errorf("make(chan int, 1) that does not escape: %v allocs, UnrecordedAs implies 1", got)
	}
}

// A []byte(s) that is only read but passed to a function in assembly is
// copied: the text says what the compiler counts as a write, so that
// mux's findFirstQueryKey, which never writes its []byte(rawQuery), is not
// left with a reason that seems not to fit it.
func TestUnrecordedBytesAssembly(t *testing.T) {
	why := Unrecorded("query := []byte(rawQuery)")
	for _, want := range []string{"passed to a function in assembly (as bytes.IndexByte passes it)", "a func value", "an interface's method"} {
		if !strings.Contains(why, want) {
			t.Errorf("Unrecorded([]byte(s)) = %q, which does not name %q", why, want)
		}
	}
}
