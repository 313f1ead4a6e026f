package bench

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"testing"

	"github.com/squashgo/squash/binenc"
)

// The binenc benchmarks write a numeric slice into a reused bytes.Buffer
// (BenchmarkEncode) and read it back from a bytes.Reader into a reused
// slice (BenchmarkDecode), each five ways:
//
//	impl=binenc         binenc.Write / binenc.Read
//	impl=binary.Write   binary.Write (which encodes into a new []byte first)
//	impl=binary.Read    binary.Read (which reads into a new []byte first)
//	impl=binary.Append  binary.Append into a reused []byte, then Write
//	impl=binary.Decode  ReadFull into a reused []byte, then binary.Decode
//	impl=putloop        PutUint64 (PutUint32 for float32) per value, with the concrete
//	                    order, into a reused []byte, then Write
//	impl=getloop        ReadFull into a reused []byte, then Uint64 (Uint32) per value
//	impl=memmove        one copy of the same number of bytes: the physical limit

var binencSizes = []struct {
	name string
	n    int
}{{"8", 8}, {"1000", 1000}, {"10M", 10_000_000}}

var binencOrders = []struct {
	name  string
	order binary.ByteOrder
}{{"le", binary.LittleEndian}, {"be", binary.BigEndian}}

// codec is one type's hand-written loops, the strongest thing a user would
// write by hand: concrete order, inlined Put/Get.
type codec[T binenc.Number] struct {
	put func(big bool, dst []byte, src []T)
	get func(big bool, dst []T, src []byte)
}

var uint64Codec = codec[uint64]{
	put: func(big bool, dst []byte, src []uint64) {
		if big {
			for i, v := range src {
				binary.BigEndian.PutUint64(dst[8*i:], v)
			}
			return
		}
		for i, v := range src {
			binary.LittleEndian.PutUint64(dst[8*i:], v)
		}
	},
	get: func(big bool, dst []uint64, src []byte) {
		if big {
			for i := range dst {
				dst[i] = binary.BigEndian.Uint64(src[8*i:])
			}
			return
		}
		for i := range dst {
			dst[i] = binary.LittleEndian.Uint64(src[8*i:])
		}
	},
}

var float32Codec = codec[float32]{
	put: func(big bool, dst []byte, src []float32) {
		if big {
			for i, v := range src {
				binary.BigEndian.PutUint32(dst[4*i:], math.Float32bits(v))
			}
			return
		}
		for i, v := range src {
			binary.LittleEndian.PutUint32(dst[4*i:], math.Float32bits(v))
		}
	},
	get: func(big bool, dst []float32, src []byte) {
		if big {
			for i := range dst {
				dst[i] = math.Float32frombits(binary.BigEndian.Uint32(src[4*i:]))
			}
			return
		}
		for i := range dst {
			dst[i] = math.Float32frombits(binary.LittleEndian.Uint32(src[4*i:]))
		}
	},
}

func BenchmarkEncode(b *testing.B) {
	for _, size := range binencSizes {
		benchEncode(b, "uint64", size.name, makeValues[uint64](size.n), uint64Codec)
	}
	benchEncode(b, "float32", "10M", makeValues[float32](10_000_000), float32Codec)
}

func BenchmarkDecode(b *testing.B) {
	for _, size := range binencSizes {
		benchDecode(b, "uint64", size.name, makeValues[uint64](size.n), uint64Codec)
	}
	benchDecode(b, "float32", "10M", makeValues[float32](10_000_000), float32Codec)
}

// makeValues returns n values of T with varied bytes.
func makeValues[T binenc.Number](n int) []T {
	out := make([]T, n)
	for i := range out {
		out[i] = T(uint64(i)*2654435761 + 12345) // uint64: the constant overflows a 32-bit int
	}
	return out
}

func benchEncode[T binenc.Number](b *testing.B, typ, n string, src []T, c codec[T]) {
	size := binenc.Size(src)
	for _, o := range binencOrders {
		big := o.order == binary.ByteOrder(binary.BigEndian)
		impls := []struct {
			name string
			op   func(buf *bytes.Buffer, tmp []byte) error
		}{
			{"binenc", func(buf *bytes.Buffer, tmp []byte) error {
				return binenc.Write(buf, o.order, src)
			}},
			{"binary.Write", func(buf *bytes.Buffer, tmp []byte) error {
				return binary.Write(buf, o.order, src)
			}},
			{"binary.Append", func(buf *bytes.Buffer, tmp []byte) error {
				tmp, err := binary.Append(tmp[:0], o.order, src)
				buf.Write(tmp)
				return err
			}},
			{"putloop", func(buf *bytes.Buffer, tmp []byte) error {
				c.put(big, tmp, src)
				buf.Write(tmp)
				return nil
			}},
			{"memmove", func(buf *bytes.Buffer, tmp []byte) error {
				buf.Write(tmp)
				return nil
			}},
		}
		for _, impl := range impls {
			b.Run(fmt.Sprintf("type=%s/n=%s/order=%s/impl=%s", typ, n, o.name, impl.name), func(b *testing.B) {
				var buf bytes.Buffer
				buf.Grow(size)
				tmp := make([]byte, size)
				b.SetBytes(int64(size))
				b.ReportAllocs()
				for b.Loop() {
					buf.Reset()
					if err := impl.op(&buf, tmp); err != nil {
						b.Fatal(err)
					}
				}
				if buf.Len() != size {
					b.Fatalf("wrote %d bytes, want %d", buf.Len(), size)
				}
			})
		}
	}
}

func benchDecode[T binenc.Number](b *testing.B, typ, n string, want []T, c codec[T]) {
	size := binenc.Size(want)
	for _, o := range binencOrders {
		big := o.order == binary.ByteOrder(binary.BigEndian)
		data, err := binenc.Append(nil, o.order, want)
		if err != nil {
			b.Fatal(err)
		}
		impls := []struct {
			name string
			op   func(r *bytes.Reader, tmp []byte, dst []T) error
		}{
			{"binenc", func(r *bytes.Reader, tmp []byte, dst []T) error {
				return binenc.Read(r, o.order, dst)
			}},
			{"binary.Read", func(r *bytes.Reader, tmp []byte, dst []T) error {
				return binary.Read(r, o.order, dst)
			}},
			{"binary.Decode", func(r *bytes.Reader, tmp []byte, dst []T) error {
				if _, err := io.ReadFull(r, tmp); err != nil {
					return err
				}
				_, err := binary.Decode(tmp, o.order, dst)
				return err
			}},
			{"getloop", func(r *bytes.Reader, tmp []byte, dst []T) error {
				if _, err := io.ReadFull(r, tmp); err != nil {
					return err
				}
				c.get(big, dst, tmp)
				return nil
			}},
			{"memmove", func(r *bytes.Reader, tmp []byte, dst []T) error {
				_, err := io.ReadFull(r, tmp)
				return err
			}},
		}
		for _, impl := range impls {
			b.Run(fmt.Sprintf("type=%s/n=%s/order=%s/impl=%s", typ, n, o.name, impl.name), func(b *testing.B) {
				var r bytes.Reader
				tmp := make([]byte, size)
				dst := make([]T, len(want))
				b.SetBytes(int64(size))
				b.ReportAllocs()
				for b.Loop() {
					r.Reset(data)
					if err := impl.op(&r, tmp, dst); err != nil {
						b.Fatal(err)
					}
				}
				if impl.name != "memmove" && (len(dst) == 0 || dst[len(dst)-1] != want[len(want)-1] || dst[0] != want[0]) {
					b.Fatalf("decoded %v..., want %v...", dst[:min(4, len(dst))], want[:min(4, len(want))])
				}
			})
		}
	}
}
