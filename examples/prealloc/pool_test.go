package prealloc

import (
	"bytes"
	"testing"

	"github.com/squashgo/squash/pool"
)

// The pooled variants of the articles' last step, reuse across calls: the
// same work as the sync.Pool benchmark beside them (get a buffer, append
// 1024 bytes, put it back), done with squash's pool, which neither boxes on
// Put nor keeps a buffer larger than most uses need.

var squashPayload = bytes.Repeat([]byte("x"), 1024)

var squashBuffers pool.Buffers

// BenchmarkSquashPoolBuffer appends 1024 bytes to a pooled *pool.Buffer.
func BenchmarkSquashPoolBuffer(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		buf := squashBuffers.Get()
		buf.Write(squashPayload)
		squashBuffers.Put(buf)
	}
}

// BenchmarkSquashPoolBufferByByte appends the 1024 bytes one at a time, as
// the articles' append-by-element variant does.
func BenchmarkSquashPoolBufferByByte(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		buf := squashBuffers.Get()
		for _, c := range squashPayload {
			buf.WriteByte(c)
		}
		squashBuffers.Put(buf)
	}
}

var squashInts pool.Pool[int]

// BenchmarkSquashPoolSlice appends 1024 ints to a pooled slice: the typed
// pool serves element types other than bytes without boxing.
func BenchmarkSquashPoolSlice(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		s := squashInts.Get()
		for i := range 1024 {
			s.S = append(s.S, i)
		}
		squashInts.Put(s)
	}
}

// TestSquashPoolUse checks that the benchmarks' work is done: every use
// sees an empty buffer and ends with the payload. (That a use allocates
// nothing once the pool is calibrated is tested in package pool.)
func TestSquashPoolUse(t *testing.T) {
	var p pool.Buffers
	for i := range 3000 {
		buf := p.Get()
		if buf.Len() != 0 {
			t.Fatalf("use %d: Get returned %d bytes, want an empty buffer", i, buf.Len())
		}
		buf.Write(squashPayload)
		if !bytes.Equal(buf.Bytes(), squashPayload) {
			t.Fatalf("use %d: buffer holds %d bytes, want the %d-byte payload", i, buf.Len(), len(squashPayload))
		}
		p.Put(buf)
	}
}
