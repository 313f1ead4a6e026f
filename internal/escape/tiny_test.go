package escape

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/squashgo/squash/internal/escape/escapetest"
)

// The functions below allocate on the lines marked "// tiny" values that
// the tiny allocator packs into shared 16-byte blocks, and on the lines
// marked "// not tiny" values it does not; TestTiny builds this package and
// checks which records ReadTypes marks Tiny.

type pair32 struct{ a, b int32 }

const tinyLen = 8

type withPtr struct{ p *int }

var (
	tinySink any
	tinyPtr  *pair32
	tinyF    *float64
	tinyBig  *[4]int64
	tinyWP   *withPtr
	tinyW    []uint64
	tinyB    []byte
	tinyPs   []*int
)

//go:noinline
func tinyValues(f float64, i32 int32, s string, b []byte) {
	tinySink = f                       // tiny
	tinySink = int32(i32)              // tiny
	tinyPtr = &pair32{}                // tiny
	tinyF = new(float64)               // tiny
	tinySink = s                       // not tiny
	tinySink = string(b)               // not tiny
	tinyBig = &[4]int64{}              // not tiny
	tinyWP = &withPtr{}                // not tiny
	tinySink = [2]int64{int64(i32), 1} // not tiny: 16 bytes
}

//go:noinline
func tinyResult(n uint32) (uint32, error) { return n * 3, nil }

//go:noinline
func wideResult(n uint32) ([2]uint64, error) { return [2]uint64{uint64(n), 1}, nil }

var tinyErr error

// tinyResults converts the results of calls to interfaces, which the
// compiler holds in temporaries (.autotmp_N escapes to heap, at the return
// or the =): msgpack's DecodeInterface, return d.uint32(), boxes a uint32.
//
//go:noinline
func tinyResults(n uint32) (any, error) {
	tinySink, tinyErr = tinyResult(n) // tiny
	tinySink, tinyErr = wideResult(n) // not tiny: 16 bytes
	return tinyResult(n)              // tiny
}

// tinySlices allocates the backing arrays of slices: those of a length
// known at compile time are judged by the array's type, as math/big.NewInt's
// []Word{Word(u)} (8 bytes, at shopspring/decimal's NewFromString) is
// packed by the tiny allocator; the slice's header, which a conversion to
// an interface copies, holds a pointer.
//
//go:noinline
func tinySlices(i32 int32, n int) {
	tinyW = []uint64{uint64(i32)}      // tiny
	tinyB = make([]byte, 8)            // tiny
	tinyB = make([]byte, 4, 12)        // tiny
	tinyB = []byte{3: byte(i32), 1: 2} // tiny
	tinyB = make([]byte, n)            // not tiny: a length known only at run time
	tinyB = make([]byte, 16)           // not tiny: 16 bytes
	tinyW = []uint64{uint64(i32), 2}   // not tiny: 16 bytes
	tinyPs = []*int{nil}               // not tiny: pointers
	tinyB = make([]byte, 2, n)         // not tiny: a capacity known only at run time
	tinySink = []uint64{uint64(i32)}   // tiny and boxed: the array, then the header
}

//go:noinline
func tinyMoved() *uint32 {
	var n uint32 // tiny
	return &n
}

// tinyCases has the shape of paulmach/orb's mvt.encodeValue: a type
// switch's variable, whose address escapes, is moved to the heap in each
// clause that takes it, at the clause's type (the compiler's record is at
// that type, and names the variable).
//
//go:noinline
func tinyCases(v any) {
	switch t := v.(type) {
	case float64: // tiny
		tinyF = &t
	case [4]int64: // not tiny
		tinyBig = &t
	case string: // not tiny
		tinySink = &t
	}
	switch t := v.(type) {
	case (int32): // tiny
		tinySink = &t
	case time.Duration: // tiny
		tinySink = &t
	}
}

// TestTiny: ReadTypes marks Tiny the records of values the tiny allocator
// makes, by their types, and no others.
func TestTiny(t *testing.T) {
	checkMarked(t, "Tiny", func(r Record) bool { return r.Tiny }, "tiny", "not tiny")
}

// checkMarked checks, on each line of this file marked "// "+yes, that
// every allocating record has field(r) true, on each marked "// "+no that
// every one has it false, and on each marked "// "+yes+" and boxed" that
// there are two, of a value and of its conversion to an interface, with
// the same message, one true and the other false.
func checkMarked(t *testing.T, name string, field func(Record) bool, yes, no string) {
	t.Helper()
	ix := built(t)
	file, lines, _ := escapetest.MarkedLines(t, "tiny_test.go", yes)
	for n, text := range lines {
		code, mark, ok := strings.Cut(text, "// ")
		mark, _, _ = strings.Cut(mark, ":")
		if !ok || strings.TrimSpace(code) == "" || mark != yes && mark != no && mark != yes+" and boxed" {
			continue
		}
		var got []bool
		for _, r := range ix.Here(file, n+1) {
			if r.Allocates() {
				got = append(got, field(r))
			}
		}
		if mark == yes+" and boxed" {
			if len(got) != 2 || got[0] == got[1] {
				t.Errorf("line %d (%s): %s of its allocating records %v, want one true and one false", n+1, strings.TrimSpace(code), name, got)
			}
			continue
		}
		if want := slices.Repeat([]bool{mark == yes}, max(1, len(got))); !slices.Equal(got, want) {
			t.Errorf("line %d (%s): %s of its allocating records %v, want %v", n+1, strings.TrimSpace(code), name, got, want)
		}
	}
}

// TestTinyAllocations: the runtime counts each tiny value as an
// allocation, as go test's allocs/op does, though it packs them in blocks.
func TestTinyAllocations(t *testing.T) {
	if got := testing.AllocsPerRun(100, func() { tinyValues(1.5, 70000, "s", nil) }); got < 4 {
		t.Errorf("tinyValues: %v allocations, want at least the 4 tiny ones", got)
	}
}

var (
	maybeS  string
	maybeB  []byte
	maybeR  []rune
	maybeWs []uint64
	maybePs []*int
)

// maybeTinyValues allocates on the lines marked "// maybe tiny" memory
// without pointers of a size known only at run time, which the tiny
// allocator packs where it is under 16 bytes (msgpack's stringWithLen,
// return string(b), err, decoding short strings), and on the lines marked
// "// sized" values it does not pack, or whose size is known.
//
//go:noinline
func maybeTinyValues(b []byte, s string, r rune, n int, p *int) {
	maybeS = string(b)           // maybe tiny
	maybeB = []byte(s)           // maybe tiny
	maybeR = []rune(s)           // maybe tiny
	maybeS = string(r)           // maybe tiny
	maybeS = s + maybeS          // maybe tiny
	maybeB = make([]byte, n)     // maybe tiny
	maybeWs = append(maybeWs, 1) // maybe tiny
	maybePs = append(maybePs, p) // sized: pointers
	maybePs = make([]*int, n)    // sized: pointers
	maybeB = make([]byte, 4)     // sized: tiny, by its length
	maybeWs = make([]uint64, 3)  // sized: 24 bytes
	tinySink = string(b)         // maybe tiny and boxed: the bytes, then the header
}

var (
	maybeBools []bool
	maybePtrs  []*int
)

// makeTsOf and makePtrsOf make a slice of a type parameter, whose record
// names the shape it is compiled for: maybeTinyShapes instantiates the
// first with bool, the second with *int.
//
//go:noinline
func makeTsOf[T any](n int) []T {
	return make([]T, n) // maybe tiny
}

//go:noinline
func makePtrsOf[T any](n int) []T {
	return make([]T, n) // sized: pointers
}

//go:noinline
func maybeTinyShapes(n int) {
	maybeBools = makeTsOf[bool](n)
	maybePtrs = makePtrsOf[*int](n)
}

// TestMaybeTiny: ReadTypes marks MaybeTiny the records of memory without
// pointers whose size is known only at run time, and no others.
func TestMaybeTiny(t *testing.T) {
	checkMarked(t, "MaybeTiny", func(r Record) bool { return r.MaybeTiny }, "maybe tiny", "sized")
}
