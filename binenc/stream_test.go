package binenc

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
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

// TestWriteShort checks that Write stops at a writer that takes fewer bytes
// than it is given, that the writer has the encoding's first bytes, and that
// the error is the writer's own or, where the writer gives none, one wrapping
// io.ErrShortWrite that says how far it got.
func TestWriteShort(t *testing.T) {
	errDisk := errors.New("disk full")
	big := values[uint64](3*smallChunk/8 + 5) // 3 chunks and a tail
	tests := []struct {
		name    string
		order   binary.ByteOrder
		data    []uint64
		room    int
		err     error
		wantMsg string // for a silent writer
	}{
		{"small host order, silent", binary.LittleEndian, big[:4], 20, nil, "took 20 of 32 bytes"},
		{"small swapped, silent", binary.BigEndian, big[:4], 20, nil, "took 20 of 32 bytes"},
		{"small custom, silent", custom, big[:4], 0, nil, "took 0 of 32 bytes"},
		{"large host order, silent", binary.LittleEndian, big, 100, nil, "took 100 of 98344 bytes"},
		{"large swapped, second chunk", binary.BigEndian, big, smallChunk + 8, nil, "took 32776 of 98344 bytes"},
		{"large swapped, writer error", binary.BigEndian, big, 2*smallChunk + 1, errDisk, ""},
		{"large custom, writer error", custom, big, 3, errDisk, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := &shortWriter{room: tt.room, err: tt.err}
			err := Write(w, tt.order, tt.data)
			if tt.err != nil && err != tt.err {
				t.Fatalf("Write = %v; want the writer's own error, %v", err, tt.err)
			}
			if tt.err == nil && (!errors.Is(err, io.ErrShortWrite) || !strings.Contains(err.Error(), tt.wantMsg)) {
				t.Fatalf("Write = %v; want an error wrapping io.ErrShortWrite saying %q", err, tt.wantMsg)
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
			if err == nil || !strings.Contains(err.Error(), "says it wrote 5 bytes of 4 and returned no error") {
				t.Fatalf("Write = %v; want an error about the impossible count", err)
			}
		})
	}
}

// TestWriteCalls checks that small inputs go out in one call and large ones
// in chunks of smallChunk bytes, never one call per value. Empty data is one
// call with no bytes, as binary.Write makes, so that a writer's error for it
// comes back as it does from binary.Write.
func TestWriteCalls(t *testing.T) {
	tests := []struct {
		name      string
		order     binary.ByteOrder
		n         int
		wantCalls int
	}{
		{"empty", binary.BigEndian, 0, 1},
		{"empty host order", binary.NativeEndian, 0, 1},
		{"empty custom", custom, 0, 1},
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

// TestReadShort checks Read's errors on readers that end early or fail: the
// very values binary.Read returns, io.EOF, io.ErrUnexpectedEOF or r's own.
func TestReadShort(t *testing.T) {
	errNet := errors.New("connection reset")
	wrappedEOF := fmt.Errorf("stream closed: %w", io.EOF) // io.ReadFull passes it on as it is
	tests := []struct {
		name  string
		order binary.ByteOrder
		have  int
		err   error
		n     int
		want  error
	}{
		{"nothing at all", binary.LittleEndian, 0, io.EOF, 4, io.EOF},
		{"nothing at all swapped", binary.BigEndian, 0, io.EOF, 4, io.EOF},
		{"nothing at all custom", custom, 0, io.EOF, 4, io.EOF},
		{"half host order", binary.LittleEndian, 16, io.EOF, 4, io.ErrUnexpectedEOF},
		{"half swapped", binary.BigEndian, 16, io.EOF, 4, io.ErrUnexpectedEOF},
		{"half custom", custom, 16, io.EOF, 4, io.ErrUnexpectedEOF},
		{"ends at a chunk swapped", binary.BigEndian, smallChunk, io.EOF, smallChunk/8 + 1, io.ErrUnexpectedEOF},
		{"ends at a chunk custom", custom, smallChunk, io.EOF, smallChunk/8 + 1, io.ErrUnexpectedEOF},
		{"reader fails", binary.BigEndian, 9, errNet, 4, errNet},
		{"reader fails host order", binary.LittleEndian, 0, errNet, 4, errNet},
		{"reader fails after a chunk", binary.BigEndian, smallChunk, errNet, smallChunk/8 + 1, errNet},
		{"wrapped EOF after a chunk", custom, smallChunk, wrappedEOF, smallChunk/8 + 1, wrappedEOF},
		{"wrapped EOF at once", binary.LittleEndian, 0, wrappedEOF, 4, wrappedEOF},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Read(&failingReader{b: make([]byte, tt.have), err: tt.err}, tt.order, make([]uint64, tt.n))
			if err != tt.want {
				t.Fatalf("Read = %#v; want %#v itself", err, tt.want)
			}
			if bin := binary.Read(&failingReader{b: make([]byte, tt.have), err: tt.err}, tt.order, make([]uint64, tt.n)); bin != tt.want {
				t.Fatalf("binary.Read = %#v; the test expects %#v", bin, tt.want)
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

// The tests below run binenc and encoding/binary on the same writers
// and readers and check that they return the same error values, which is
// what lets binarywrite's fix replace one with the other.

var errSentinel = errors.New("sentinel")

// opError is an error type a caller would pick out with a type assertion.
type opError struct{ op string }

func (e *opError) Error() string { return e.op + " failed" }

// sizes are a write of a few values and one of 100 KB, which binenc makes
// in several calls outside the host's order.
var sizes = []struct {
	name string
	n    int // uint64 values
}{
	{"small", 4},
	{"100KB", 100_000 / 8},
}

// writeErrors are writers that fail: after some of the bytes, at once, and
// on the first call even when given no bytes.
var writeErrors = []struct {
	name string
	room func(size int) int // bytes the writer takes before failing
	err  error
}{
	{"sentinel at once", func(int) int { return 0 }, errSentinel},
	{"sentinel after 5 bytes", func(int) int { return 5 }, errSentinel},
	{"sentinel near the end", func(size int) int { return size - 3 }, errSentinel},
	{"custom type after a chunk", func(size int) int { return min(size-1, smallChunk+8) }, &opError{"write"}},
}

func TestWriteErrorsMatchEncodingBinary(t *testing.T) {
	for _, o := range orders {
		for _, sz := range sizes {
			data := values[uint64](sz.n)
			want, _ := binary.Append(nil, o.order, data)
			for _, we := range writeErrors {
				t.Run(o.name+"/"+sz.name+"/"+we.name, func(t *testing.T) {
					room := we.room(len(want))
					bw := &shortWriter{room: room, err: we.err}
					ew := &shortWriter{room: room, err: we.err}
					binErr, encErr := binary.Write(bw, o.order, data), Write(ew, o.order, data) //squash:ignore binarywrite what Write is tested against
					if binErr != we.err || encErr != binErr {
						t.Fatalf("binary.Write = %v, Write = %v; want the writer's own %v from both", binErr, encErr, we.err)
					}
					if oe, ok := we.err.(*opError); ok {
						if got, ok := encErr.(*opError); !ok || got != oe {
							t.Fatalf("Write = %#v; want the writer's *opError itself", encErr)
						}
					}
					if !bytes.Equal(bw.got.Bytes(), want[:room]) || !bytes.Equal(ew.got.Bytes(), want[:room]) {
						t.Fatalf("the writers took other bytes than the encoding's first %d", room)
					}
				})
			}
		}
	}
}

// TestWriteEmptyMatchesEncodingBinary: binary.Write hands even no bytes to
// w.Write, so a writer that fails every call fails it, and so must Write.
func TestWriteEmptyMatchesEncodingBinary(t *testing.T) {
	for _, o := range orders {
		t.Run(o.name, func(t *testing.T) {
			bw, ew := &shortWriter{err: errSentinel}, &shortWriter{err: errSentinel}
			binErr, encErr := binary.Write(bw, o.order, []uint64{}), Write(ew, o.order, []uint64{}) //squash:ignore binarywrite what Write is tested against
			if binErr != nil || encErr != nil || bw.calls != 1 || ew.calls != 1 {
				t.Fatalf("binary.Write = %v in %d calls, Write = %v in %d; want nil in one call from both (the writer takes all of no bytes)",
					binErr, bw.calls, encErr, ew.calls)
			}
			failing := writerFunc(func([]byte) (int, error) { return 0, errSentinel })
			binErr, encErr = binary.Write(failing, o.order, []uint64{}), Write(failing, o.order, []uint64{}) //squash:ignore binarywrite what Write is tested against
			if binErr != errSentinel || encErr != errSentinel {
				t.Fatalf("binary.Write = %v, Write = %v; want the writer's own %v from both", binErr, encErr, errSentinel)
			}
		})
	}
}

// writerFunc makes a function an io.Writer.
type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }

// TestWriteDifferences pins down where Write deliberately differs from
// binary.Write: a writer that takes fewer bytes than given and says nothing,
// one that claims more than it was given, and a nil order. In each,
// binary.Write returns nil or panics where Write returns an error; a writer
// that returns an error of its own gets it back as it is, as binary.Write
// does.
func TestWriteDifferences(t *testing.T) {
	for _, o := range orders {
		for _, sz := range sizes {
			data := values[uint64](sz.n)
			size := Size(data)
			t.Run(o.name+"/"+sz.name, func(t *testing.T) {
				room := size / 2
				if err := binary.Write(&shortWriter{room: room}, o.order, data); err != nil { //squash:ignore binarywrite what Write is tested against
					t.Fatalf("binary.Write to a silent short writer = %v; the documented difference assumes nil", err)
				}
				err := Write(&shortWriter{room: room}, o.order, data)
				if msg := fmt.Sprintf("took %d of %d bytes", room, size); !errors.Is(err, io.ErrShortWrite) || !strings.Contains(err.Error(), msg) {
					t.Fatalf("Write to a silent short writer = %v; want an error wrapping io.ErrShortWrite saying %q", err, msg)
				}

				if err := binary.Write(liar{}, o.order, data); err != nil { //squash:ignore binarywrite what Write is tested against
					t.Fatalf("binary.Write to a writer claiming too much = %v; the documented difference assumes nil", err)
				}
				if err := Write(liar{}, o.order, data); err == nil || !strings.Contains(err.Error(), "breaks the io.Writer contract") {
					t.Fatalf("Write to a writer claiming too much = %v; want an error saying so", err)
				}
				loud := writerFunc(func(p []byte) (int, error) { return len(p) + 1, errSentinel })
				if binErr, encErr := binary.Write(loud, o.order, data), Write(loud, o.order, data); binErr != errSentinel || encErr != errSentinel { //squash:ignore binarywrite what Write is tested against
					t.Fatalf("binary.Write = %v, Write = %v to a writer claiming too much with an error; want its own %v from both", binErr, encErr, errSentinel)
				}

				if !panics(func() { binary.Write(io.Discard, nil, data) }) { //squash:ignore binarywrite what Write is tested against
					t.Fatal("binary.Write with a nil order did not panic; the documented difference assumes it does")
				}
				if err := Write(io.Discard, nil, data); err != errNilOrder {
					t.Fatalf("Write with a nil order = %v; want errNilOrder", err)
				}
			})
		}
	}
}

func panics(f func()) (panicked bool) {
	defer func() { panicked = recover() != nil }()
	f()
	return false
}

// readErrors are readers that end early or fail, given the size of the
// data: each returns its bytes, then its error on every call.
var readErrors = []struct {
	name string
	have func(size int) int
	err  error
}{
	{"no bytes", func(int) int { return 0 }, io.EOF},
	{"partial", func(size int) int { return size / 2 }, io.EOF},
	{"partial after a chunk", func(size int) int { return min(size-1, smallChunk) }, io.EOF},
	{"all but one byte", func(size int) int { return size - 1 }, io.EOF},
	{"sentinel at once", func(int) int { return 0 }, errSentinel},
	{"sentinel after 5 bytes", func(int) int { return 5 }, errSentinel},
	{"custom type after a chunk", func(size int) int { return min(size-1, smallChunk) }, &opError{"read"}},
	{"wrapped EOF partial", func(size int) int { return size / 2 }, fmt.Errorf("closed: %w", io.EOF)},
}

func TestReadErrorsMatchEncodingBinary(t *testing.T) {
	for _, o := range orders {
		for _, sz := range sizes {
			size := sz.n * 8
			for _, re := range readErrors {
				t.Run(o.name+"/"+sz.name+"/"+re.name, func(t *testing.T) {
					have := re.have(size)
					binErr := binary.Read(&failingReader{b: make([]byte, have), err: re.err}, o.order, make([]uint64, sz.n))
					encErr := Read(&failingReader{b: make([]byte, have), err: re.err}, o.order, make([]uint64, sz.n))
					if encErr != binErr {
						t.Fatalf("Read = %#v, binary.Read = %#v; want the same value", encErr, binErr)
					}
					want := re.err
					if want == io.EOF && have > 0 {
						want = io.ErrUnexpectedEOF
					}
					if encErr != want {
						t.Fatalf("Read = %#v; want %#v itself", encErr, want)
					}
					if oe, ok := re.err.(*opError); ok {
						if got, ok := encErr.(*opError); !ok || got != oe {
							t.Fatalf("Read = %#v; want the reader's *opError itself", encErr)
						}
					}
				})
			}
		}
	}
}
