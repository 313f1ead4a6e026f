package mechanism

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/squashgo/squash/internal/escape"
	"github.com/squashgo/squash/internal/escape/escapetest"
	"github.com/squashgo/squash/internal/gotool"
)

// built returns this package's records, built once for the tests that read
// them.
func built(t *testing.T) *escape.Index {
	return escapetest.Built(t, "mechanism", func() (*escape.Index, error) {
		ctx := context.Background()
		pkgs, err := gotool.Resolve(ctx, ".", []string{"."})
		if err != nil {
			return nil, err
		}
		return escape.Build(ctx, nil, pkgs[0])
	})
}

// The functions below each store to an index expression, on the line
// marked "// the store". TestStores builds this package with the compiler's
// diagnostics and checks what escape.Index.Store says of each line, and the
// mechanism that it and the compiler's records of the line give.

type point struct{ x, y int }

var (
	aPoint     = point{1000, 4} // its sum is not one of the runtime's small values
	anAny  any = 1000
)

//go:noinline
func storeBoxed(out []any, n int) {
	out[0] = n // the store
}

//go:noinline
func storeMapBoxed(m map[int]any, n int) {
	m[1] = n // the store
}

//go:noinline
func storeKey(m map[any]int, n int) {
	m[n] = 1 // the store
}

//go:noinline
func storeCount(m map[string]int, w string) {
	m[w]++ // the store
}

//go:noinline
func storeGeneric[M ~map[K]V, K comparable, V any](m M, k K, v V) {
	m[k] = v // the store
}

// mapOf is a constraint whose type set is maps.
type mapOf[K comparable, V any] interface{ ~map[K]V }

//go:noinline
func storeConstrained[M mapOf[K, V], K comparable, V any](m M, k K, v V) {
	m[k] = v // the store
}

//go:noinline
func storeInt(out []int, n int) {
	out[0] = n // the store
}

//go:noinline
func storeInterface(out []any, v any) {
	out[0] = v // the store
}

//go:noinline
func storeNil(out []any) {
	out[0] = nil // the store
}

//go:noinline
func storeConstant(out []any) {
	out[0] = 1000 // the store
}

//go:noinline
func storeField(out []any, p *point) {
	out[0] = p.x // the store
}

//go:noinline
func storeProduct(out []any, a, b int) {
	out[0] = a * b // the store
}

//go:noinline
func storeCall(out []any, p point) {
	out[0] = p.sum() // the store
}

//go:noinline
func (p point) sum() int { return p.x + p.y }

//go:noinline
func storeTwo(out []any, n int, p point) {
	out[0], out[1] = n, p // the store
}

//go:noinline
func storeNested(m map[string][]any, n int) {
	m["a"][0] = n // the store
}

//go:noinline
func storeConcat(out []string, s string) {
	out[0] += s // the store
}

//go:noinline
func storeMapConcat(m map[string]string, k, s string) {
	m[k] += s // the store
}

//go:noinline
func storeAdd(m map[string]int, w string) {
	m[w] += 1 // the store
}

//go:noinline
func storeGenericConcat[S ~string](out []S, s S) {
	out[0] += s // the store
}

// storeGenericAdd adds strings or numbers.
//
//go:noinline
func storeGenericAdd[T ~string | ~int](out []T, v T) {
	out[0] += v // the store
}

//go:noinline
func storePointer(out []any, n int) {
	out[0] = &point{n, 0} // the store
}

//go:noinline
func storeClosure(out []any, n int) {
	out[0] = func() int { return n } // the store
}

//go:noinline
func storeMake(out []any, n int) {
	out[0] = make([]int, n) // the store
}

//go:noinline
func storeBytes(out []any, b []byte) {
	out[0] = string(b) // the store
}

//go:noinline
func storeMapSlice(m map[int]any, n int) {
	m[0] = []int{n, n} // the store
}

// storeDeref has the shape of fxamacker/cbor's decode_map_utils.go:92.
//
//go:noinline
func storeDeref(uks *map[any]struct{}, key any) {
	(*uks)[key] = struct{}{} // the store
}

var someInts = map[int]int{}

func intsMap() map[int]int { return someInts }

//go:noinline
func storeResult(n int) {
	intsMap()[n] = n // the store
}

type mapHolder struct{ maps []map[string]int }

//go:noinline
func storeHeld(h *mapHolder, i int, k string) {
	h.maps[i][k] = 1 // the store
}

//go:noinline
func storeMapOfMaps(m map[string]map[string]int, a, b string) {
	m[a][b] += 1 // the store
}

//go:noinline
func storeDerefCount(p *map[string]int, w string) {
	(*p)[w]++ // the store
}

//go:noinline
func storeThroughElem(p []*int, n int) {
	*p[0] = n // the store
}

// A call's results, or a comma-ok expression's value, assigned to
// interface variables (v, err = f(), as paulmach/orb's wkt.Unmarshal does,
// g, err = unmarshalLineString(s)) or returned as they are from a function
// whose results are interfaces (return f()): the compiler converts each
// result in a temporary that it names .autotmp_N, at the = or the return.

type ring []int

func (r ring) Len() int { return len(r) }

type sized interface{ Len() int }

var someRing = make(ring, 4)

//go:noinline
func ringOf(n int) (ring, error) { return someRing[:n], nil }

//go:noinline
func pointOf(n int) (*point, error) { return &aPoint, nil }

var aSized sized

//go:noinline
func storeResults(n int) {
	var err error
	aSized, err = ringOf(n) // the store
	_ = err
}

//go:noinline
func storeResultsDefine(n int) (sized, error) {
	var s sized
	s, err := ringOf(n) // the store
	return s, err
}

//go:noinline
func storeReturned(n int) (sized, error) {
	return ringOf(n) // the store
}

//go:noinline
func storeCommaOk(m map[int]point, k int) any {
	var v any
	var ok bool
	v, ok = m[k] // the store
	_ = ok
	return v
}

//go:noinline
func storeResultsPointer(n int) (any, error) {
	var v any
	var err error
	v, err = pointOf(n) // the store
	return v, err
}

//go:noinline
func storeResultsSame(n int) (ring, error) {
	var r ring
	r, err := ringOf(n) // the store
	return r, err
}

// Values passed, returned and sent where an interface is expected: the
// compiler's record names the value, "n escapes to heap", as if its own
// storage did.

//go:noinline
func storeArgument(n int) {
	keepBoxed(n) // the store
}

//go:noinline
func storeVariadic(n int) {
	keepAll(n) // the store
}

//go:noinline
func keepAll(v ...any) { boxedSink = v[0] }

//go:noinline
func storeReturn(n int) any {
	return n // the store
}

//go:noinline
func storeSend(c chan any, n int) {
	c <- n // the store
}

// bigLimit is never assigned: as a constant, it would go into an
// interface with no copy, as bigConst does. smallLimit's value is one the
// runtime boxes from static memory anyway.
var bigLimit, smallLimit = 1000, 7

const bigConst = 1000

//go:noinline
func storeVar() {
	keepBoxed(bigLimit) // the store
}

//go:noinline
func storeConst() {
	keepBoxed(bigConst) // the store
}

//go:noinline
func storeSmallVar() {
	keepBoxed(smallLimit) // the store
}

// markedStore returns the escape.Store of the line marked in the function fn of
// file (as markedLines read it), the line's code without its comment, and
// its number.
func markedStore(t *testing.T, ix *escape.Index, file string, lines []string, marked map[string]int, fn string) (escape.Store, string, int) {
	t.Helper()
	line, ok := marked[fn]
	if !ok {
		t.Fatalf("no line marked in %s", fn)
	}
	s, ok := ix.Store(file, line)
	if !ok {
		t.Fatalf("%s: the types of %s were not read", fn, file)
	}
	code, _, _ := strings.Cut(strings.TrimSpace(lines[line-1]), "//")
	return s, code, line
}

func TestStores(t *testing.T) {
	ix := built(t)
	file, lines, marked := escapetest.MarkedLines(t, "store_test.go", "the store")
	const boxes = "conversion to an interface copies the value to the heap (runtime.convT*)"
	const grows = "map grows on insert (runtime.mapassign)"
	const concats = "string concatenation (runtime.concatstrings)"
	const andBoxes = "; its conversion to an interface copies the value to the heap as well (runtime.convT*)"
	ints := make([]int, 2)
	anys := make([]any, 2)
	anyChan := make(chan any, 1)
	strs := []string{"a"} // each concatenation makes a new string, longer each time
	for _, tc := range []struct {
		fn     string
		isMap  bool
		concat bool
		boxed  int    // values converted to an interface
		want   string // the mechanism
		allocs func() // a call that allocates once per store if want is boxes or concats, and never if want is ""
	}{
		{"storeBoxed", false, false, 1, boxes, func() { storeBoxed(anys, 1000) }},
		{"storeMapBoxed", true, false, 1, boxes + "; the map also grows on insert (runtime.mapassign)", nil},
		{"storeKey", true, false, 1, boxes + "; the map also grows on insert (runtime.mapassign)", nil},
		{"storeCount", true, false, 0, grows, nil},
		{"storeGeneric", true, false, 0, grows, nil},
		{"storeConstrained", true, false, 0, grows, nil},
		{"storeInt", false, false, 0, "", func() { storeInt(ints, 1000) }},
		{"storeInterface", false, false, 0, "", func() { storeInterface(anys, anAny) }},
		{"storeNil", false, false, 0, "", func() { storeNil(anys) }},
		{"storeConstant", false, false, 1, "", func() { storeConstant(anys) }}, // the record says the constant is free
		{"storeField", false, false, 1, boxes, func() { storeField(anys, &point{1000, 0}) }},
		{"storeProduct", false, false, 1, boxes, func() { storeProduct(anys, 1000, 3) }},
		{"storeCall", false, false, 1, boxes, func() { storeCall(anys, aPoint) }},
		{"storeTwo", false, false, 2, boxes, nil}, // two allocations
		{"storeNested", false, false, 1, boxes, nil},
		{"storeConcat", false, true, 0, concats, func() { storeConcat(strs, "x") }},
		{"storeMapConcat", true, true, 0, concats + "; the map also grows on insert (runtime.mapassign)", nil},
		{"storeAdd", true, false, 0, grows, nil},
		{"storeGenericConcat", false, true, 0, concats, func() { storeGenericConcat(strs, "x") }},
		{"storeGenericAdd", false, false, 0, "", func() { storeGenericAdd(ints, 1000) }},
		// A pointer-shaped value goes into the interface as it is: what
		// allocates is the value itself, which its record names.
		{"storePointer", false, false, 0, "", nil},
		{"storeClosure", false, false, 0, "", nil},
		// A value that allocates on its own is copied again by the
		// conversion: both allocate.
		{"storeMake", false, false, 1, "make allocates its backing array (runtime.makeslice)" + andBoxes, nil},
		{"storeBytes", false, false, 1, "string conversion copies the bytes (runtime.slicebytetostring)" + andBoxes, nil},
		{"storeMapSlice", true, false, 1, "the slice literal allocates its backing array (runtime.newobject)" + andBoxes + "; the map also grows on insert (runtime.mapassign)", nil},
		// What is indexed may be any expression; a store through a
		// pointer element is no store to an index expression.
		{"storeDeref", true, false, 0, grows, nil},
		{"storeResult", true, false, 0, grows, nil},
		{"storeHeld", true, false, 0, grows, nil},
		{"storeMapOfMaps", true, false, 0, grows, nil},
		{"storeDerefCount", true, false, 0, grows, nil},
		{"storeThroughElem", false, false, 0, "", nil},
		// Results converted where they are assigned or returned.
		{"storeResults", false, false, 1, boxes, func() { storeResults(3) }},
		{"storeResultsDefine", false, false, 1, boxes, func() { storeResultsDefine(3) }},
		{"storeReturned", false, false, 1, boxes, func() { storeReturned(3) }},
		{"storeCommaOk", false, false, 1, boxes, func() { storeCommaOk(map[int]point{1: aPoint}, 1) }},
		{"storeResultsPointer", false, false, 0, "", func() { storeResultsPointer(3) }},
		{"storeResultsSame", false, false, 0, "", func() { storeResultsSame(3) }},
		// Values converted where an interface is expected: a parameter, a
		// variadic one, a result, a channel's element.
		{"storeArgument", false, false, 1, boxes, func() { storeArgument(1000) }},
		{"storeVariadic", false, false, 1, boxes, func() { storeVariadic(1000) }},
		{"storeReturn", false, false, 1, boxes, func() { boxedSink = storeReturn(1000) }},
		{"storeSend", false, false, 1, boxes, func() { storeSend(anyChan, 1000); <-anyChan }},
		// A package-level variable that nothing assigns is boxed by
		// copy, where a constant is not.
		{"storeVar", false, false, 1, boxes + "; as a const, bigLimit would go into the interface with no copy: nothing in its package assigns it", nil},
		{"storeConst", false, false, 1, "", func() { storeConst() }},
		{"storeSmallVar", false, false, 1, "", nil}, // the record says its value is free
	} {
		s, code, line := markedStore(t, ix, file, lines, marked, tc.fn)
		if s.Map != tc.isMap || s.Concat != tc.concat || len(s.Boxed) != tc.boxed {
			t.Errorf("%s: escape.Store = %+v, want Map %v, Concat %v and %d boxed", tc.fn, s, tc.isMap, tc.concat, tc.boxed)
		}
		if got := Of("", code, &s, ix.Here(file, line)); got != tc.want {
			t.Errorf("%s: Mechanism = %q, want %q", tc.fn, got, tc.want)
		}
		if tc.allocs == nil {
			continue
		}
		want := 0.0
		if tc.want == boxes || tc.want == concats {
			want = 1
		}
		if got := testing.AllocsPerRun(50, tc.allocs); got != want {
			t.Errorf("%s: %v allocs per call, want %v", tc.fn, got, want)
		}
	}
	// What the stores above allocate, as the mechanisms say.
	bs := []byte("a string of more than thirty-two bytes")
	for _, tc := range []struct {
		fn     string
		allocs func()
		want   float64
	}{
		{"storePointer", func() { storePointer(anys, 1000) }, 1},
		{"storeClosure", func() { storeClosure(anys, 1000) }, 1},
		{"storeMake", func() { storeMake(anys, 10) }, 2},
		{"storeBytes", func() { storeBytes(anys, bs) }, 2},
		{"storeVar", storeVar, 1},
		{"storeSmallVar", storeSmallVar, 0},
	} {
		if got := testing.AllocsPerRun(50, tc.allocs); got != tc.want {
			t.Errorf("%s: %v allocs per call, want %v", tc.fn, got, tc.want)
		}
	}
	// A line with no store has an empty escape.Store; one of a file whose types
	// were not read has none.
	if s, ok := ix.Store(file, marked["storeBoxed"]-1); !ok || s.Map || len(s.Boxed) > 0 {
		t.Errorf("the line before a store has escape.Store %+v, %v", s, ok)
	}
	if _, ok := ix.Store(filepath.Join(filepath.Dir(file), "nosuch.go"), 1); ok {
		t.Error("a file that is not in the package has a escape.Store")
	}
}
