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
	bufs.Put(b[:0]) // want `sync.Pool.Put of a \[\]byte allocates to box it`
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
