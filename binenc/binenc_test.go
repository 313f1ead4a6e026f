package binenc

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"math"
	"strings"
	"testing"
)

// swappedOrder is a byte order binenc does not know, so it takes the
// value-by-value path; it encodes like big endian.
type swappedOrder struct{ binary.ByteOrder }

// custom is made once: converting a swappedOrder to an interface in a
// measured function would count as that function's allocation.
var custom binary.ByteOrder = swappedOrder{binary.BigEndian}

// unsafeBuild is false under the purego tag, where host order has no fast path.
var _, unsafeBuild = view([]byte(nil))

// orders are the byte orders every behaviour is checked in.
var orders = []struct {
	name  string
	order binary.ByteOrder
}{
	{"le", binary.LittleEndian},
	{"be", binary.BigEndian},
	{"native", binary.NativeEndian},
	{"custom", custom},
}

// lengths cross every boundary: empty, one value, the unrolled loops' tails,
// one chunk exactly, and several chunks with a tail.
var lengths = []int{0, 1, 3, 4, 5, 7, 8, 9, 17, 33, 1000, smallChunk / 8, smallChunk/2 + 1, 3*smallChunk/2 + 7}

type celsius float32 // a defined type, to check the ~ in Number
type level int16

// values returns n values of T whose bytes all differ, so that a swapped or
// misplaced byte shows.
func values[T Number](n int) []T {
	raw := make([]byte, n*sizeOf[T]())
	for i := range raw {
		raw[i] = byte(i*7 + i>>8 + 1)
	}
	out := make([]T, n)
	if _, err := binary.Decode(raw, binary.LittleEndian, out); err != nil {
		panic(err)
	}
	return out
}

// same compares two slices bit by bit, so NaNs compare equal to themselves.
func same[T Number](a, b []T) bool {
	var wa, wb bytes.Buffer
	binary.Write(&wa, binary.LittleEndian, a)
	binary.Write(&wb, binary.LittleEndian, b)
	return len(a) == len(b) && bytes.Equal(wa.Bytes(), wb.Bytes())
}

// checkAll checks every entry point against encoding/binary for data.
func checkAll[T Number](t *testing.T, order binary.ByteOrder, data []T) {
	t.Helper()
	want, err := binary.Append(nil, order, data)
	if err != nil {
		t.Fatal(err)
	}
	if got := Size(data); got != len(want) {
		t.Fatalf("Size = %d, want %d", got, len(want))
	}

	prefix := []byte("head")
	got, err := Append(prefix, order, data)
	if err != nil || !bytes.Equal(got[:4], prefix) || !bytes.Equal(got[4:], want) {
		t.Fatalf("Append = %x, %v; want head + %x", got, err, want)
	}

	buf := bytes.Repeat([]byte{0xEE}, len(want)+3)
	n, err := Encode(buf, order, data)
	if err != nil || n != len(want) || !bytes.Equal(buf[:n], want) || !bytes.Equal(buf[n:], []byte{0xEE, 0xEE, 0xEE}) {
		t.Fatalf("Encode = %d, %v, %x; want %d, nil, %x then untouched bytes", n, err, buf, len(want), want)
	}

	var w bytes.Buffer
	if err := Write(&w, order, data); err != nil || !bytes.Equal(w.Bytes(), want) {
		t.Fatalf("Write to bytes.Buffer = %v, %x; want %x", err, w.Bytes(), want)
	}
	var plain bytes.Buffer // hides AvailableBuffer
	if err := Write(struct{ io.Writer }{&plain}, order, data); err != nil || !bytes.Equal(plain.Bytes(), want) {
		t.Fatalf("Write to plain writer = %v, %x; want %x", err, plain.Bytes(), want)
	}

	back := make([]T, len(data))
	n, err = Decode(append(want, 1, 2, 3), order, back)
	if err != nil || n != len(want) || !same(back, data) {
		t.Fatalf("Decode = %d, %v, %v; want %d, nil, %v", n, err, back, len(want), data)
	}

	clear(back)
	if err := Read(bytes.NewReader(want), order, back); err != nil || !same(back, data) {
		t.Fatalf("Read = %v, %v; want nil, %v", err, back, data)
	}
	clear(back)
	if err := Read(&oneByteReader{want}, order, back); err != nil || !same(back, data) {
		t.Fatalf("Read one byte at a time = %v, %v; want nil, %v", err, back, data)
	}
}

// oneByteReader returns its bytes one per call, as a slow network would.
type oneByteReader struct{ b []byte }

func (r *oneByteReader) Read(p []byte) (int, error) {
	if len(r.b) == 0 {
		return 0, io.EOF
	}
	if len(p) == 0 {
		return 0, nil
	}
	p[0], r.b = r.b[0], r.b[1:]
	return 1, nil
}

func checkType[T Number](t *testing.T) {
	for _, o := range orders {
		for _, n := range lengths {
			checkAll(t, o.order, values[T](n))
		}
	}
}

func TestMatchesEncodingBinary(t *testing.T) {
	tests := []struct {
		name  string
		check func(*testing.T)
	}{
		{"uint8", checkType[uint8]},
		{"int8", checkType[int8]},
		{"uint16", checkType[uint16]},
		{"int16", checkType[int16]},
		{"uint32", checkType[uint32]},
		{"int32", checkType[int32]},
		{"uint64", checkType[uint64]},
		{"int64", checkType[int64]},
		{"float32", checkType[float32]},
		{"float64", checkType[float64]},
		{"celsius", checkType[celsius]},
		{"level", checkType[level]},
	}
	for _, tt := range tests {
		t.Run(tt.name, tt.check)
	}
}

func TestKnownValues(t *testing.T) {
	tests := []struct {
		name  string
		order binary.ByteOrder
		got   func(binary.ByteOrder) ([]byte, error)
		want  []byte
	}{
		{"uint16/le", binary.LittleEndian, func(o binary.ByteOrder) ([]byte, error) { return Append(nil, o, []uint16{0x0102}) }, []byte{2, 1}},
		{"uint16/be", binary.BigEndian, func(o binary.ByteOrder) ([]byte, error) { return Append(nil, o, []uint16{0x0102}) }, []byte{1, 2}},
		{"int32/be", binary.BigEndian, func(o binary.ByteOrder) ([]byte, error) { return Append(nil, o, []int32{-2}) }, []byte{0xff, 0xff, 0xff, 0xfe}},
		{"uint64/be", binary.BigEndian, func(o binary.ByteOrder) ([]byte, error) { return Append(nil, o, []uint64{0x0102030405060708}) }, []byte{1, 2, 3, 4, 5, 6, 7, 8}},
		{"uint64/le", binary.LittleEndian, func(o binary.ByteOrder) ([]byte, error) { return Append(nil, o, []uint64{0x0102030405060708}) }, []byte{8, 7, 6, 5, 4, 3, 2, 1}},
		{"float32/be", binary.BigEndian, func(o binary.ByteOrder) ([]byte, error) { return Append(nil, o, []float32{1}) }, []byte{0x3f, 0x80, 0, 0}},
		{"float64/le", binary.LittleEndian, func(o binary.ByteOrder) ([]byte, error) { return Append(nil, o, []float64{-2}) }, []byte{0, 0, 0, 0, 0, 0, 0, 0xc0}},
		{"int8", binary.BigEndian, func(o binary.ByteOrder) ([]byte, error) { return Append(nil, o, []int8{-1, 2}) }, []byte{0xff, 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.got(tt.order)
			if err != nil || !bytes.Equal(got, tt.want) {
				t.Fatalf("got %x, %v; want %x", got, err, tt.want)
			}
		})
	}
}

func TestNaNBitsSurvive(t *testing.T) {
	data := []float64{math.Float64frombits(0x7ff8000000000001), math.Inf(-1), math.Copysign(0, -1)}
	for _, o := range orders {
		t.Run(o.name, func(t *testing.T) {
			b, _ := Append(nil, o.order, data)
			back := make([]float64, len(data))
			if _, err := Decode(b, o.order, back); err != nil {
				t.Fatal(err)
			}
			for i := range data {
				if math.Float64bits(back[i]) != math.Float64bits(data[i]) {
					t.Errorf("value %d: bits %x, want %x", i, math.Float64bits(back[i]), math.Float64bits(data[i]))
				}
			}
		})
	}
}

func TestEncodeShortBuffer(t *testing.T) {
	tests := []struct {
		name    string
		data    []uint32
		bufLen  int
		wantMsg string
	}{
		{"one short", []uint32{1, 2, 3}, 11, "needs 12 bytes for 3 uint32, the buffer has 11"},
		{"empty buffer", []uint32{1}, 0, "needs 4 bytes for 1 uint32, the buffer has 0"},
	}
	for _, tt := range tests {
		for _, o := range orders {
			t.Run(tt.name+"/"+o.name, func(t *testing.T) {
				buf := bytes.Repeat([]byte{0xEE}, tt.bufLen)
				n, err := Encode(buf, o.order, tt.data)
				if n != 0 || !errors.Is(err, io.ErrShortBuffer) || !strings.Contains(err.Error(), tt.wantMsg) {
					t.Fatalf("Encode = %d, %v; want 0 and an io.ErrShortBuffer saying %q", n, err, tt.wantMsg)
				}
				if !bytes.Equal(buf, bytes.Repeat([]byte{0xEE}, tt.bufLen)) {
					t.Fatalf("Encode wrote %x into a buffer it reported too short", buf)
				}
			})
		}
	}
}

func TestDecodeShortBuffer(t *testing.T) {
	tests := []struct {
		name    string
		buf     []byte
		dataLen int
		wantMsg string
	}{
		{"one short", make([]byte, 15), 2, "needs 16 bytes for 2 float64, the buffer has 15"},
		{"nil buffer", nil, 1, "needs 8 bytes for 1 float64, the buffer has 0"},
	}
	for _, tt := range tests {
		for _, o := range orders {
			t.Run(tt.name+"/"+o.name, func(t *testing.T) {
				data := make([]float64, tt.dataLen)
				for i := range data {
					data[i] = 42
				}
				n, err := Decode(tt.buf, o.order, data)
				if n != 0 || !errors.Is(err, io.ErrUnexpectedEOF) || !strings.Contains(err.Error(), tt.wantMsg) {
					t.Fatalf("Decode = %d, %v; want 0 and an io.ErrUnexpectedEOF saying %q", n, err, tt.wantMsg)
				}
				for _, v := range data {
					if v != 42 {
						t.Fatalf("Decode changed data to %v after reporting a short buffer", data)
					}
				}
			})
		}
	}
}

func TestNilOrder(t *testing.T) {
	data := []uint16{1}
	checks := []struct {
		name string
		err  func() error
	}{
		{"Append", func() error { _, err := Append(nil, nil, data); return err }},
		{"Encode", func() error { _, err := Encode(make([]byte, 2), nil, data); return err }},
		{"Decode", func() error { _, err := Decode(make([]byte, 2), nil, data); return err }},
		{"Write", func() error { return Write(io.Discard, nil, data) }},
		{"Read", func() error { return Read(bytes.NewReader(make([]byte, 2)), nil, data) }},
	}
	for _, c := range checks {
		t.Run(c.name, func(t *testing.T) {
			if err := c.err(); err == nil || !strings.Contains(err.Error(), "nil byte order") {
				t.Fatalf("err = %v, want one naming the nil byte order", err)
			}
		})
	}
}
