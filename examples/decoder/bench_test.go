package decoder

import (
	"bytes"
	"testing"
)

// The benchmarks decode the article's input, reusing one reader so that the
// only allocations are the stage's own.

func BenchmarkSimple(b *testing.B) {
	b.ReportAllocs()
	b.SetBytes(int64(len(lorem)))
	rd := bytes.NewReader(nil)
	for b.Loop() {
		rd.Reset(lorem)
		if _, err := Simple(rd); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPrealloc(b *testing.B) {
	b.ReportAllocs()
	b.SetBytes(int64(len(lorem)))
	rd := bytes.NewReader(nil)
	var d Decoder
	for b.Loop() {
		rd.Reset(lorem)
		if _, err := d.Decode(rd); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkNoAlloc(b *testing.B) {
	b.ReportAllocs()
	b.SetBytes(int64(len(lorem)))
	rd := bytes.NewReader(nil)
	var d StreamDecoder
	dst := make([]byte, len(lorem))
	for b.Loop() {
		rd.Reset(lorem)
		if _, err := d.DecodeInto(dst, rd); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDynamic(b *testing.B) {
	b.ReportAllocs()
	b.SetBytes(int64(len(lorem)))
	rd := bytes.NewReader(nil)
	var d StreamDecoder
	var out bytes.Buffer
	for b.Loop() {
		rd.Reset(lorem)
		out.Reset()
		if err := d.Decode(rd, &out); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkConcurrent decodes on every P, each goroutine with its own
// decoder and buffers: nothing is shared, nothing allocates.
func BenchmarkConcurrent(b *testing.B) {
	b.ReportAllocs()
	b.SetBytes(int64(len(lorem)))
	b.RunParallel(func(pb *testing.PB) {
		rd := bytes.NewReader(nil)
		var d StreamDecoder
		var out bytes.Buffer
		for pb.Next() {
			rd.Reset(lorem)
			out.Reset()
			if err := d.Decode(rd, &out); err != nil {
				b.Fatal(err)
			}
		}
	})
}
