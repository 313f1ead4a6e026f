package binenc

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"strings"
	"testing"
)

// shortWriter takes at most room bytes in all, then takes fewer than it is
// given and, unless err is set, reports no error: the misbehaviour Write
// must not hide.
type shortWriter struct {
	room  int
	err   error
	got   bytes.Buffer
	calls int
}

func (w *shortWriter) Write(p []byte) (int, error) {
	w.calls++
	n := min(len(p), w.room)
	w.room -= n
	w.got.Write(p[:n])
	if n < len(p) {
		return n, w.err
	}
	return n, nil
}

func TestWriteShort(t *testing.T) {
	errDisk := errors.New("disk full")
	big := values[uint64](3*smallChunk/8 + 5) // 3 chunks and a tail
	tests := []struct {
		name    string
		order   binary.ByteOrder
		data    []uint64
		room    int
		err     error
		wantIs  error
		wantMsg string
	}{
		{"small host order, silent", binary.LittleEndian, big[:4], 20, nil, io.ErrShortWrite, "took 20 of 32 bytes"},
		{"small swapped, silent", binary.BigEndian, big[:4], 20, nil, io.ErrShortWrite, "took 20 of 32 bytes"},
		{"small custom, silent", custom, big[:4], 0, nil, io.ErrShortWrite, "took 0 of 32 bytes"},
		{"large host order, silent", binary.LittleEndian, big, 100, nil, io.ErrShortWrite, "took 100 of 98344 bytes"},
		{"large swapped, second chunk", binary.BigEndian, big, smallChunk + 8, nil, io.ErrShortWrite, "took 32776 of 98344 bytes"},
		{"large swapped, writer error", binary.BigEndian, big, 2*smallChunk + 1, errDisk, errDisk, "took 65537 of 98344 bytes"},
		{"large custom, writer error", custom, big, 3, errDisk, errDisk, "took 3 of 98344 bytes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := &shortWriter{room: tt.room, err: tt.err}
			err := Write(w, tt.order, tt.data)
			if !errors.Is(err, tt.wantIs) || !strings.Contains(err.Error(), tt.wantMsg) {
				t.Fatalf("Write = %v; want an error wrapping %v saying %q", err, tt.wantIs, tt.wantMsg)
			}
			want, _ := binary.Append(nil, tt.order, tt.data)
			if !bytes.Equal(w.got.Bytes(), want[:tt.room]) {
				t.Fatalf("the writer took bytes that are not the encoding's first %d", tt.room)
			}
		})
	}
}

// liar says it wrote more than it was given.
type liar struct{}

func (liar) Write(p []byte) (int, error) { return len(p) + 1, nil }

func TestWriteInvalidCount(t *testing.T) {
	for _, o := range orders {
		t.Run(o.name, func(t *testing.T) {
			err := Write(liar{}, o.order, []int16{1, 2})
			if err == nil || !strings.Contains(err.Error(), "says it wrote 5 bytes of 4") {
				t.Fatalf("Write = %v; want an error about the impossible count", err)
			}
		})
	}
}

// TestWriteCalls checks that small inputs go out in one call and large ones
// in chunks of smallChunk bytes, never one call per value.
func TestWriteCalls(t *testing.T) {
	tests := []struct {
		name      string
		order     binary.ByteOrder
		n         int
		wantCalls int
	}{
		{"empty", binary.BigEndian, 0, 0},
		{"8 swapped", binary.BigEndian, 8, 1},
		{"8 host order", binary.NativeEndian, 8, 1},
		{"8 custom", custom, 8, 1},
		{"one chunk swapped", binary.BigEndian, smallChunk / 4, 1},
		{"chunk and a value swapped", binary.BigEndian, smallChunk/4 + 1, 2},
		{"10 chunks swapped", binary.BigEndian, 10 * smallChunk / 4, 10},
		{"10 chunks host order", binary.NativeEndian, 10 * smallChunk / 4, map[bool]int{true: 1, false: 10}[unsafeBuild]},
		{"10 chunks custom", custom, 10 * smallChunk / 4, 10},
		{"one big chunk swapped", binary.BigEndian, bigChunk / 4, 32},
		{"3 big chunks and a value swapped", binary.BigEndian, 3*bigChunk/4 + 1, 4},
		{"3 big chunks and a value host order", binary.LittleEndian, 3*bigChunk/4 + 1, map[bool]int{true: 1, false: 4}[unsafeBuild]},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := &shortWriter{room: 1 << 30}
			data := values[float32](tt.n)
			if err := Write(w, tt.order, data); err != nil {
				t.Fatal(err)
			}
			if w.calls != tt.wantCalls {
				t.Fatalf("%d calls to Write, want %d", w.calls, tt.wantCalls)
			}
			if want, _ := binary.Append(nil, tt.order, data); !bytes.Equal(w.got.Bytes(), want) {
				t.Fatal("wrong bytes written")
			}
		})
	}
}

// TestWriteBufio checks the AvailableBuffer path with a writer that has
// bytes in it already and one that has too little room.
func TestWriteBufio(t *testing.T) {
	for _, size := range []int{16, 4096} {
		var out bytes.Buffer
		bw := bufio.NewWriterSize(&out, size)
		bw.WriteString("x")
		data := values[int64](100)
		if err := Write(bw, binary.BigEndian, data); err != nil {
			t.Fatal(err)
		}
		bw.Flush()
		want, _ := binary.Append([]byte("x"), binary.BigEndian, data)
		if !bytes.Equal(out.Bytes(), want) {
			t.Fatalf("bufio.Writer of %d bytes got %x, want %x", size, out.Bytes(), want)
		}
	}
}

// failingReader returns its bytes, then err.
type failingReader struct {
	b   []byte
	err error
}

func (r *failingReader) Read(p []byte) (int, error) {
	if len(r.b) == 0 {
		return 0, r.err
	}
	n := copy(p, r.b)
	r.b = r.b[n:]
	return n, nil
}

func TestReadShort(t *testing.T) {
	errNet := errors.New("connection reset")
	tests := []struct {
		name    string
		order   binary.ByteOrder
		have    int
		err     error
		n       int
		wantIs  error
		wantMsg string
	}{
		{"nothing at all", binary.LittleEndian, 0, io.EOF, 4, io.EOF, "EOF"},
		{"nothing at all swapped", binary.BigEndian, 0, io.EOF, 4, io.EOF, "EOF"},
		{"nothing at all custom", custom, 0, io.EOF, 4, io.EOF, "EOF"},
		{"half host order", binary.LittleEndian, 16, io.EOF, 4, io.ErrUnexpectedEOF, "got 16 of the 32 bytes of 4 uint64"},
		{"half swapped", binary.BigEndian, 16, io.EOF, 4, io.ErrUnexpectedEOF, "got 16 of the 32 bytes of 4 uint64"},
		{"half custom", custom, 16, io.EOF, 4, io.ErrUnexpectedEOF, "got 16 of the 32 bytes of 4 uint64"},
		{"ends at a chunk swapped", binary.BigEndian, smallChunk, io.EOF, smallChunk/8 + 1, io.ErrUnexpectedEOF, "got 32768 of the 32776 bytes"},
		{"ends at a chunk custom", custom, smallChunk, io.EOF, smallChunk/8 + 1, io.ErrUnexpectedEOF, "got 32768 of the 32776 bytes"},
		{"reader fails", binary.BigEndian, 9, errNet, 4, errNet, "got 9 of the 32 bytes"},
		{"reader fails host order", binary.LittleEndian, 0, errNet, 4, errNet, "got 0 of the 32 bytes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := &failingReader{b: make([]byte, tt.have), err: tt.err}
			err := Read(r, tt.order, make([]uint64, tt.n))
			if !errors.Is(err, tt.wantIs) || !strings.Contains(err.Error(), tt.wantMsg) {
				t.Fatalf("Read = %v; want an error wrapping %v saying %q", err, tt.wantIs, tt.wantMsg)
			}
			if tt.wantIs == io.EOF && err != io.EOF {
				t.Fatalf("Read = %#v; want io.EOF itself, as io.ReadFull and binary.Read return", err)
			}
		})
	}
}

func TestNoAllocations(t *testing.T) {
	small, large := values[uint64](8), values[uint64](bigChunk/8+1)
	var buf bytes.Buffer
	buf.Grow(Size(large))
	enc := make([]byte, Size(large))
	back := make([]uint64, len(large))
	var r bytes.Reader
	tests := []struct {
		name string
		f    func()
	}{
		{"Write small swapped to bytes.Buffer", func() { buf.Reset(); Write(&buf, binary.BigEndian, small) }},
		{"Write small host order to bytes.Buffer", func() { buf.Reset(); Write(&buf, binary.LittleEndian, small) }},
		{"Write small swapped to io.Discard", func() { Write(io.Discard, binary.BigEndian, small) }},
		{"Write large swapped to bytes.Buffer", func() { buf.Reset(); Write(&buf, binary.BigEndian, large) }},
		{"Write large host order to bytes.Buffer", func() { buf.Reset(); Write(&buf, binary.LittleEndian, large) }},
		{"Write large custom to io.Discard", func() { Write(io.Discard, custom, large) }},
		{"Encode swapped", func() { Encode(enc, binary.BigEndian, large) }},
		{"Append with room", func() { Append(enc[:0], binary.BigEndian, large) }},
		{"Decode swapped", func() { Decode(enc, binary.BigEndian, back) }},
		{"Read swapped", func() { r.Reset(enc); Read(&r, binary.BigEndian, back) }},
		{"Read host order", func() { r.Reset(enc); Read(&r, binary.LittleEndian, back) }},
		{"Read custom", func() { r.Reset(enc); Read(&r, custom, back) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if n := testing.AllocsPerRun(50, tt.f); n != 0 {
				t.Fatalf("%v allocations per call, want 0", n)
			}
		})
	}
}
