package a

import (
	"bytes"
	"sync"
)

var bufs = sync.Pool{New: func() any { return make([]byte, 0, 1024) }}

type frame struct{ a, b int }

// Reported.

func useSlice() {
	b := bufs.Get().([]byte)
	b = append(b, "data"...)
	bufs.Put(b[:0]) // want `sync.Pool.Put of a \[\]byte allocates to box it`
}

// Every use of bufs is in view, so the fix rewrites New, both Gets and both
// Puts; the second Put's diagnostic carries no fix of its own.
func useSliceTwice(n int) []byte {
	b := bufs.Get().([]byte)
	if n > 0 {
		bufs.Put(b) // want `sync.Pool.Put of a \[\]byte`
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
	defer deferred.Put(b) // want `sync.Pool.Put of a \[\]byte`
}

var elsewhere = sync.Pool{New: func() any { return make([]byte, 0, 64) }}

func getElsewhere() []byte { return elsewhere.Get().([]byte) }

func putElsewhere(b []byte) {
	elsewhere.Put(b) // want `sync.Pool.Put of a \[\]byte`
}

var taken = sync.Pool{New: func() any { return make([]byte, 0, 64) }}

func useTaken() {
	bp := 1
	b := taken.Get().([]byte)
	bPtr := 2
	_, _ = bp, bPtr
	taken.Put(b) // want `sync.Pool.Put of a \[\]byte`
}

func useString(p *sync.Pool, s string) {
	p.Put(s) // want `sync.Pool.Put of a string allocates`
}

func useStruct(p *sync.Pool, f frame) {
	p.Put(f) // want `sync.Pool.Put of a frame allocates`
}

func useInt(p *sync.Pool, n int) {
	p.Put(n) // want `sync.Pool.Put of a int allocates`
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
