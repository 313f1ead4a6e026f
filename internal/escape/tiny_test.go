package escape

import (
	"strings"
	"testing"
	"time"
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
	ix := built(t)
	file, lines, _ := markedLines(t, "tiny_test.go", "tiny")
	for n, text := range lines {
		code, mark, ok := strings.Cut(text, "// ")
		mark, _, _ = strings.Cut(mark, ":")
		if !ok || strings.TrimSpace(code) == "" || mark != "tiny" && mark != "not tiny" && mark != "tiny and boxed" {
			continue
		}
		var got []bool
		for _, r := range ix.Here(file, n+1) {
			if r.Allocates() {
				got = append(got, r.Tiny)
			}
		}
		if len(got) == 0 {
			t.Errorf("line %d (%s): no allocating record", n+1, strings.TrimSpace(code))
		}
		if mark == "tiny and boxed" {
			// Two records with one message: the backing array's, and its
			// conversion's, which copies the slice's header.
			if len(got) != 2 || got[0] == got[1] {
				t.Errorf("line %d (%s): Tiny %v, want one true and one false", n+1, strings.TrimSpace(code), got)
			}
			continue
		}
		for _, g := range got {
			if g != (mark == "tiny") {
				t.Errorf("line %d (%s): Tiny %v, want %v", n+1, strings.TrimSpace(code), g, !g)
			}
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
