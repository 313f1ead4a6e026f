package pool

import (
	"bytes"
	"errors"
	"io"
	"math"
	"strings"
	"testing"
	"testing/iotest"
	"unsafe"
)

func TestBufferWrites(t *testing.T) {
	tests := []struct {
		name string
		do   func(b *Buffer)
		want string
	}{
		{"nothing", func(b *Buffer) {}, ""},
		{"Write", func(b *Buffer) { b.Write([]byte("ab")); b.Write(nil); b.Write([]byte("c")) }, "abc"},
		{"WriteString", func(b *Buffer) { b.WriteString("héllo") }, "héllo"},
		{"WriteByte", func(b *Buffer) { b.WriteByte('x'); b.WriteByte(0) }, "x\x00"},
		{"WriteRune", func(b *Buffer) { b.WriteRune('é'); b.WriteRune(0x10FFFF + 1) }, "é\uFFFD"},
		{"Reset", func(b *Buffer) { b.WriteString("gone"); b.Reset(); b.WriteString("kept") }, "kept"},
		{"Truncate", func(b *Buffer) { b.WriteString("abcdef"); b.Truncate(2) }, "ab"},
		{"Truncate out of range changes nothing", func(b *Buffer) { b.WriteString("abc"); b.Truncate(4); b.Truncate(-1) }, "abc"},
		{"Grow keeps data", func(b *Buffer) { b.WriteString("ab"); b.Grow(1 << 16); b.WriteString("c") }, "abc"},
		{"AvailableBuffer", func(b *Buffer) {
			b.Grow(8)
			b.Write(append(b.AvailableBuffer(), "42"...))
		}, "42"},
		{"large writes grow", func(b *Buffer) { b.WriteString(strings.Repeat("z", 100000)) }, strings.Repeat("z", 100000)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b Buffer
			tt.do(&b)
			if got := b.String(); got != tt.want {
				t.Fatalf("String() = %.40q, want %.40q", got, tt.want)
			}
			if b.Len() != len(tt.want) || !bytes.Equal(b.Bytes(), []byte(tt.want)) || b.Cap() < b.Len() {
				t.Fatalf("Len %d Cap %d Bytes %.40q, want Len %d", b.Len(), b.Cap(), b.Bytes(), len(tt.want))
			}
		})
	}
}

func TestBufferErrors(t *testing.T) {
	var b Buffer
	b.WriteString("abc")
	if err := b.Truncate(4); err == nil || !strings.Contains(err.Error(), "outside [0, Len()]") {
		t.Errorf("Truncate(4) of 3 bytes = %v, want an error saying the range", err)
	}
	if err := b.Truncate(3); err != nil {
		t.Errorf("Truncate(Len()) = %v, want nil", err)
	}
}

func TestBufferReadFrom(t *testing.T) {
	big := strings.Repeat("0123456789", 1000)
	boom := errors.New("boom")
	tests := []struct {
		name    string
		r       io.Reader
		want    string
		wantErr error
	}{
		{"empty", strings.NewReader(""), "", nil},
		{"small", strings.NewReader("hello"), "hello", nil},
		{"large, one byte at a time", iotest.OneByteReader(strings.NewReader(big)), big, nil},
		{"data with EOF", iotest.DataErrReader(strings.NewReader(big)), big, nil},
		{"error keeps what was read", io.MultiReader(strings.NewReader("part"), iotest.ErrReader(boom)), "part", boom},
		{"impossible count", badReader{}, "", errImpossible},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b Buffer
			b.WriteString(">")
			n, err := b.ReadFrom(tt.r)
			if tt.wantErr == errImpossible {
				if err == nil || !strings.Contains(err.Error(), "impossible count") {
					t.Fatalf("ReadFrom = %v, want an impossible-count error", err)
				}
				return
			}
			if !errors.Is(err, tt.wantErr) || n != int64(len(tt.want)) || b.String() != ">"+tt.want {
				t.Fatalf("ReadFrom = (%d, %v), buffer %.30q; want (%d, %v), %.30q", n, err, b.String(), len(tt.want), tt.wantErr, ">"+tt.want)
			}
		})
	}
}

var errImpossible = errors.New("impossible")

type badReader struct{}

func (badReader) Read(p []byte) (int, error) { return len(p) + 1, nil }

type shortWriter struct{ w bytes.Buffer }

func (s *shortWriter) Write(p []byte) (int, error) {
	n := min(len(p), 3)
	s.w.Write(p[:n])
	return n, nil
}

func TestBufferWriteTo(t *testing.T) {
	var b Buffer
	b.WriteString("hello")
	var out bytes.Buffer
	if n, err := b.WriteTo(&out); n != 5 || err != nil || out.String() != "hello" || b.Len() != 0 {
		t.Fatalf("WriteTo = (%d, %v), wrote %q, left %q", n, err, out.String(), b.String())
	}
	b.WriteString("hello")
	var sw shortWriter
	n, err := b.WriteTo(&sw)
	if n != 3 || !errors.Is(err, io.ErrShortWrite) || b.String() != "lo" {
		t.Fatalf("short WriteTo = (%d, %v), left %q; want (3, short write), %q", n, err, b.String(), "lo")
	}
}

// TestPeakSurvivesReset: the pool learns from the largest length a use
// reached, not the length at Put.
func TestPeakSurvivesReset(t *testing.T) {
	var p Buffers
	for range firstWindow {
		b := p.Get()
		b.Write(make([]byte, 3000))
		b.Reset()
		b.WriteString("small at the end")
		p.Put(b)
	}
	if def, _ := p.Limits(); def != 4096 {
		t.Fatalf("default capacity = %d after uses that peaked at 3000 bytes, want 4096", def)
	}
}

// FuzzBuffer applies a sequence of operations to a Buffer and to a
// bytes.Buffer and compares the contents.
func FuzzBuffer(f *testing.F) {
	f.Add([]byte{0, 5, 1, 3, 2, 200, 3, 4})
	f.Add([]byte{1, 255, 1, 255, 4, 0, 5, 9})
	f.Fuzz(func(t *testing.T, ops []byte) {
		var p Buffers
		b := p.Get()
		var ref bytes.Buffer
		for i := 0; i+1 < len(ops); i += 2 {
			op, arg := ops[i]%7, int(ops[i+1])
			switch op {
			case 0:
				chunk := bytes.Repeat([]byte{byte(arg)}, arg)
				b.Write(chunk)
				ref.Write(chunk)
			case 1:
				s := strings.Repeat("s", arg*40)
				b.WriteString(s)
				ref.WriteString(s)
			case 2:
				b.WriteByte(byte(arg))
				ref.WriteByte(byte(arg))
			case 3:
				b.WriteRune(rune(arg * 1000))
				ref.WriteRune(rune(arg * 1000))
			case 4:
				n := arg % (ref.Len() + 1)
				if err := b.Truncate(n); err != nil {
					t.Fatal(err)
				}
				ref.Truncate(n)
			case 5:
				b.Grow(arg * 100)
			case 6:
				p.Put(b)
				b = p.GetCap(arg)
				ref.Reset()
			}
			if !bytes.Equal(b.Bytes(), ref.Bytes()) {
				t.Fatalf("after op %d(%d): Buffer %q, bytes.Buffer %q", op, arg, b.Bytes(), ref.Bytes())
			}
		}
	})
}

// TestHoldersFillALine: a Buffer and a Slice are 64 bytes each, and those
// the pools make are 64-byte aligned, so that two in use on different Ps do
// not share a 64-byte cache line (see lineFill).
func TestHoldersFillALine(t *testing.T) {
	for _, c := range []struct {
		name string
		size uintptr
	}{
		{"Buffer", unsafe.Sizeof(Buffer{})},
		{"Slice[byte]", unsafe.Sizeof(Slice[byte]{})},
		{"Slice[string]", unsafe.Sizeof(Slice[string]{})},
	} {
		if c.size != lineFill {
			t.Errorf("%s is %d bytes, want %d: fix its padding", c.name, c.size, lineFill)
		}
	}
	// Holders the pools make start a line of their own.
	var bp Buffers
	var sp Pool[string]
	for range 100 {
		if a := uintptr(unsafe.Pointer(bp.make(64))); a%lineFill != 0 {
			t.Fatalf("a new Buffer at %#x is not on a %d-byte boundary", a, lineFill)
		}
		if a := uintptr(unsafe.Pointer(sp.make(64))); a%lineFill != 0 {
			t.Fatalf("a new Slice at %#x is not on a %d-byte boundary", a, lineFill)
		}
	}
}

// TestGrownCap: grow at least doubles, rounds up to a whole class, and
// panics rather than overflow, as bytes.Buffer does; the cases near the top
// of an int run on every architecture without allocating.
func TestGrownCap(t *testing.T) {
	for _, tt := range []struct{ c, need, want int }{
		{0, 1, 64},
		{64, 65, 128},
		{100, 150, 256},
		{3 << 20, 3<<20 + 1, 8 << 20},
		{64, 5000, 8192},
		{math.MaxInt / 2, math.MaxInt/2 + 1, math.MaxInt - 1}, // above the top class: doubled, not rounded
	} {
		if got := grownCap(tt.c, tt.need); got != tt.want {
			t.Errorf("grownCap(%d, %d) = %d, want %d", tt.c, tt.need, got, tt.want)
		}
	}
	for _, tt := range []struct{ c, need int }{
		{math.MaxInt/2 + 1, math.MaxInt/2 + 2}, // doubling would overflow
		{64, -1},                               // need overflowed
	} {
		func() {
			defer func() {
				if r := recover(); r != "pool: Buffer too large" {
					t.Errorf("grownCap(%d, %d): panic %v, want pool: Buffer too large", tt.c, tt.need, r)
				}
			}()
			grownCap(tt.c, tt.need)
		}()
	}
}

// TestTooLarge: a capacity no memory could hold panics with the pool's
// message, as bytes.Buffer's Grow does with its own, not with the
// runtime's makeslice error from inside the pool.
func TestTooLarge(t *testing.T) {
	var ints Pool[int]
	for _, tc := range []struct {
		name string
		f    func()
		want string
	}{
		{"GetCap(MaxInt)", func() { GetCap(math.MaxInt) }, "pool: Buffer too large"},
		{"Grow(MaxInt) on an empty Buffer", func() { Get().Grow(math.MaxInt) }, "pool: Buffer too large"},
		{"Pool[int].GetCap(MaxInt/2)", func() { ints.GetCap(math.MaxInt / 2) }, "pool: Slice too large"},
	} {
		func() {
			defer func() {
				if r := recover(); r != tc.want {
					t.Errorf("%s: panic %v, want %q", tc.name, r, tc.want)
				}
			}()
			tc.f()
		}()
	}
}
