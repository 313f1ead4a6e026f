package a

import (
	"bytes"
	"strings"
	"sync"
	"unsafe"
)

var bufs = sync.Pool{New: func() any { return make([]byte, 0, 1024) }}

type frame struct{ a, b int }

// Reported.

func useSlice() {
	b := bufs.Get().([]byte)
	b = append(b, "data"...)
	bufs.Put(b[:0]) // want `sync.Pool.Put of a \[\]byte allocates to box it in an interface on every call \(SA6002\): pool a \*\[\]byte instead, put back the pointer, and assign through it$`
}

// Every use of bufs is in view, so the fix rewrites New, both Gets and both
// Puts; the second Put's diagnostic carries no fix of its own.
func useSliceTwice(n int) []byte {
	b := bufs.Get().([]byte)
	if n > 0 {
		bufs.Put(b) // want `sync.Pool.Put of a \[\]byte allocates .*assign through it; the fix offered with the Put at line 19 rewrites this one too$`
		return nil
	}
	return b
}

var lines = sync.Pool{
	New: func() any {
		return make([]string, 0, 16)
	},
}

func useLines() {
	l := lines.Get().([]string)
	l = append(l, "x")
	func() {
		lines.Put(l[:0]) // want `sync.Pool.Put of a \[\]string`
	}()
}

// Not fixed: a use of the pool the fix cannot follow.

var deferred = sync.Pool{New: func() any { return make([]byte, 0, 64) }}

func useDeferred() {
	b := deferred.Get().([]byte)
	defer deferred.Put(b) // want `sync.Pool.Put of a \[\]byte.*; no fix offered: the Put at line 53 is not a statement that puts back v, or a slice of it, in the block of a v := deferred.Get\(\)\.\(\[\]byte\)$`
}

var elsewhere = sync.Pool{New: func() any { return make([]byte, 0, 64) }}

func getElsewhere() []byte { return elsewhere.Get().([]byte) }

func putElsewhere(b []byte) {
	elsewhere.Put(b) // want `sync.Pool.Put of a \[\]byte.*; no fix offered: the Get at line 58 is not v := elsewhere.Get\(\)\.\(\[\]byte\)$`
}

var taken = sync.Pool{New: func() any { return make([]byte, 0, 64) }}

func useTaken() {
	bp := 1
	b := taken.Get().([]byte)
	bPtr := 2
	_, _ = bp, bPtr
	taken.Put(b) // want `sync.Pool.Put of a \[\]byte.*; no fix offered: neither bp nor bPtr is free for the pointer to b at line 68$`
}

func useString(p *sync.Pool, s string) {
	p.Put(s) // want `sync.Pool.Put of a string allocates.*; no fix offered: p is not a package-level sync.Pool variable$`
}

func useStruct(p *sync.Pool, f frame) {
	p.Put(f) // want `sync.Pool.Put of a frame allocates`
}

func useInt(p *sync.Pool, n int) {
	p.Put(n) // want `^sync.Pool.Put of an int allocates to box it in an interface on every call \(SA6002\): pool a \*int instead,`
}

// Not fixed: other packages can use an exported pool, and their
// Bufs.Get().([]byte) would compile after the fix and panic.

var Bufs = sync.Pool{New: func() any { return make([]byte, 0, 64) }}

func useExported() {
	b := Bufs.Get().([]byte)
	Bufs.Put(b[:0]) // want `sync.Pool.Put of a \[\]byte allocates .*; no fix offered: Bufs is exported, and another package's Bufs.Get\(\)\.\(\[\]byte\) would still compile after it and panic`
}

// Local pools and pools in struct fields are never rewritten.

func useLocal() {
	p := sync.Pool{New: func() any { return make([]byte, 0, 64) }}
	b := p.Get().([]byte)
	p.Put(b) // want `sync.Pool.Put of a \[\]byte allocates.*; no fix offered: p is not a package-level variable$`
}

type cache struct{ bufs sync.Pool }

func (c *cache) use() {
	b := c.bufs.Get().([]byte)
	c.bufs.Put(b) // want `sync.Pool.Put of a \[\]byte allocates.*; no fix offered: c.bufs is not a package-level sync.Pool variable$`
}

// Reported: types that allocate on conversion to an interface (measured
// with testing.AllocsPerRun on Go 1.26: 1 allocation each).

type ptrThenZero struct {
	p *int
	_ struct{} // a trailing zero-size field pads the struct to two words
}

type twoBools struct{ a, b bool }

type ptrAndInt struct {
	p *int
	n int
}

type strWrap struct{ s string }

func useAllocating(p *sync.Pool, a ptrThenZero, b twoBools, c ptrAndInt, d strWrap, e uint16, f float64, g [2]*int) {
	p.Put(a) // want `sync.Pool.Put of a ptrThenZero allocates`
	p.Put(b) // want `sync.Pool.Put of a twoBools allocates`
	p.Put(c) // want `sync.Pool.Put of a ptrAndInt allocates`
	p.Put(d) // want `sync.Pool.Put of a strWrap allocates`
	p.Put(e) // want `sync.Pool.Put of a uint16 allocates`
	p.Put(f) // want `sync.Pool.Put of a float64 allocates`
	p.Put(g) // want `sync.Pool.Put of a \[2\]\*int allocates`
}

// Not reported.

var ptrs = sync.Pool{New: func() any { b := make([]byte, 0, 1024); return &b }}

func usePointer() {
	bp := ptrs.Get().(*[]byte)
	*bp = (*bp)[:0]
	ptrs.Put(bp)
}

func useBuffer(p *sync.Pool, b *bytes.Buffer) {
	b.Reset()
	p.Put(b)
}

func useMap(p *sync.Pool, m map[string]int) {
	clear(m)
	p.Put(m)
}

func useInterface(p *sync.Pool, v any) {
	p.Put(v)
}

func useConstant(p *sync.Pool) {
	p.Put(42)
}

func useEmpty(p *sync.Pool) {
	p.Put(struct{}{})
}

func useFunc(p *sync.Pool, f func()) {
	p.Put(f)
}

func useNil(p *sync.Pool) {
	p.Put(nil)
}

// Not reported: pointer-shaped types, stored in the interface itself, and
// single-byte and zero-size types, which point at static storage (measured
// with testing.AllocsPerRun on Go 1.26: 0 allocations each).

type wrap struct{ p *strings.Builder }

type zeroThenPtr struct {
	_ struct{}
	p *int
}

type nested struct{ w wrap }

type mapWrap struct{ m map[string]int }

type boolWrap struct{ b bool }

type myByte byte

type zeroes struct {
	a struct{}
	b [0]int
}

func useWrap(p *sync.Pool, w wrap) {
	w.p.Reset()
	p.Put(w)
}

func usePointerShaped(p *sync.Pool, a [1]*int, b zeroThenPtr, c nested, d mapWrap, e chan int, f unsafe.Pointer) {
	p.Put(a)
	p.Put(b)
	p.Put(c)
	p.Put(d)
	p.Put(e)
	p.Put(f)
}

func useSingleByte(p *sync.Pool, a bool, b byte, c int8, d myByte, e boolWrap, f [1]byte) {
	p.Put(a)
	p.Put(b)
	p.Put(c)
	p.Put(d)
	p.Put(e)
	p.Put(f)
}

func useZeroSize(p *sync.Pool, z zeroes, a [0]string) {
	p.Put(z)
	p.Put(a)
}

func useTypeParam[T any](p *sync.Pool, v T) {
	p.Put(v) // boxed or not depending on T
}

// Not fixed, with the reason: a comma-ok Get, a use other than Get and Put,
// and a New that returns another type.

var commaOK = sync.Pool{New: func() any { return make([]byte, 0, 64) }}

func useCommaOK() {
	b, ok := commaOK.Get().([]byte)
	if ok {
		commaOK.Put(b) // want `; no fix offered: the Get at line 240 is not v := commaOK.Get\(\)\.\(\[\]byte\)$`
	}
}

var lent = sync.Pool{New: func() any { return make([]byte, 0, 64) }}

func lend() *sync.Pool { return &lent }

func useLent() {
	b := lent.Get().([]byte)
	lent.Put(b) // want `; no fix offered: lent is used other than by Get and Put at line 248$`
}

var other = sync.Pool{New: func() any { return new(bytes.Buffer) }}

func useOther() {
	b := other.Get().([]byte)
	other.Put(b) // want `; no fix offered: other's New is not func\(\) any \{ return v \} with v a \[\]byte$`
}

// Not fixed, with the reason: a Put in parentheses, and a pointer to a pool.

var parens = sync.Pool{New: func() any { return make([]byte, 0, 64) }}

func useParens() {
	b := parens.Get().([]byte)
	(parens.Put)(b) // want `; no fix offered: the Put at line 268 is not a statement that puts back v, or a slice of it, in the block of a v := parens.Get\(\)\.\(\[\]byte\)$`
}

var pointer = &sync.Pool{New: func() any { return make([]byte, 0, 64) }}

func usePoolPointer() {
	b := pointer.Get().([]byte)
	pointer.Put(b) // want `; no fix offered: pointer is a \*sync.Pool: the fix rewrites a sync.Pool variable$`
}

type entry struct{ key, value int }

func useEntry(p *sync.Pool, e entry) {
	p.Put(e) // want `^sync.Pool.Put of an entry allocates`
}

// split's uses are in two files, so the reason names the file of the Put
// that stops the fix (b.go).
var split = sync.Pool{New: func() any { return make([]byte, 0, 64) }}

func splitHere() {
	b := split.Get().([]byte)
	split.Put(b[:0]) // want `; no fix offered: the Put at b.go:7 is not a statement that puts back v, or a slice of it, in the block of a v := split.Get\(\)\.\(\[\]byte\)$`
}
