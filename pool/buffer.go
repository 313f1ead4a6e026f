package pool

import (
	"errors"
	"io"
	"math"
	"unicode/utf8"
	"unsafe"
)

// minRead is the free space ReadFrom makes before each Read, as bytes.Buffer.
const minRead = 512

// Errors of misuse, made once so that returning them does not allocate.
var (
	errTruncate        = errors.New("pool: Truncate length is outside [0, Len()]: pass a length the buffer holds")
	errImpossibleRead  = errors.New("pool: Reader returned an impossible count: fix its Read method")
	errImpossibleWrite = errors.New("pool: Writer returned an impossible count: fix its Write method")
)

// Buffer is a growable byte buffer, the byte-slice case of a pooled slice,
// with the methods of bytes.Buffer's writing half. Get one from a Buffers pool
// (or the package's Get) and Put it back when done; the zero value is an empty
// buffer ready to use. A Buffer is not safe for concurrent use.
//
// Writing methods append and grow the buffer when needed; they do not
// allocate while the data fits in Cap, nor, for a Buffer from a pool, when
// the pool has a larger buffer to swap with. The buffer remembers the largest
// length it reached since it left the pool, even across Reset, so that the
// pool learns how large a buffer each use really needed.
type Buffer struct {
	b    []byte
	peak int      // largest length reached before a Reset or Truncate
	home *Buffers // the pool it grows from; nil for a Buffer made elsewhere
	holder
	_ [lineFill - 5*wordSize - unsafe.Sizeof(holder{})]byte // b, peak and home are 5 words: see lineFill
}

// Len returns the number of bytes written. It does not allocate.
func (b *Buffer) Len() int { return len(b.b) }

// Cap returns the capacity: how many bytes fit before the buffer grows.
// It does not allocate.
func (b *Buffer) Cap() int { return cap(b.b) }

// Bytes returns the bytes written. The slice aliases the buffer: it is valid
// until the next write, Reset or Put. It does not allocate.
func (b *Buffer) Bytes() []byte { return b.b }

// String returns the bytes written as a string. It allocates a copy.
func (b *Buffer) String() string { return string(b.b) }

// AvailableBuffer returns an empty slice with the buffer's free capacity, for
// append-style APIs: b.Write(strconv.AppendInt(b.AvailableBuffer(), n, 10))
// does not allocate while the result fits. It does not allocate.
func (b *Buffer) AvailableBuffer() []byte { return b.b[len(b.b):] }

// Reset empties the buffer and keeps its capacity. It does not allocate.
func (b *Buffer) Reset() {
	b.peak = max(b.peak, len(b.b))
	b.b = b.b[:0]
}

// Truncate keeps the first n bytes. It returns an error, and changes
// nothing, if n is negative or above Len. It does not allocate.
func (b *Buffer) Truncate(n int) error {
	if n < 0 || n > len(b.b) {
		return errTruncate
	}
	b.peak = max(b.peak, len(b.b))
	b.b = b.b[:n]
	return nil
}

// Grow makes room for n more bytes without another allocation, and counts
// Len()+n as needed by this use. Negative n is treated as 0. It allocates
// only if the room is not there yet, and panics "pool: Buffer too large",
// as bytes.Buffer's does with its ErrTooLarge, if no memory could hold it.
func (b *Buffer) Grow(n int) {
	if n <= 0 {
		return
	}
	b.peak = max(b.peak, len(b.b)+n)
	if n > cap(b.b)-len(b.b) {
		b.release(b.grow(n))
	}
}

// Write appends p. It always returns len(p), nil; it implements io.Writer.
// It does not allocate while p fits in the free capacity.
func (b *Buffer) Write(p []byte) (int, error) {
	appendOr(b, p, appendGrown[[]byte])
	return len(p), nil
}

// WriteString appends s. It always returns len(s), nil; it implements
// io.StringWriter. It does not allocate while s fits in the free capacity.
func (b *Buffer) WriteString(s string) (int, error) {
	appendOr(b, s, appendGrown[string])
	return len(s), nil
}

// appendOr appends p where b has room for it, and otherwise leaves it to
// grown: it is Write's and WriteString's body, written for the inliner (see
// get).
func appendOr[S []byte | string](b *Buffer, p S, grown func(*Buffer, S)) {
	s := b.b
	if m := len(s) + len(p); m <= cap(s) { // room is there: no append, so no growth path
		b.b = s[:m]
		copy(s[len(s):m], p)
		return
	}
	grown(b, p)
}

// appendGrown appends p to b after growing it.
func appendGrown[S []byte | string](b *Buffer, p S) {
	d := b.grow(len(p))
	b.b = append(b.b, p...)
	b.release(d) // after the copy: p may alias the bytes replaced
}

// WriteByte appends c. It always returns nil; it implements io.ByteWriter.
// It does not allocate while there is free capacity.
func (b *Buffer) WriteByte(c byte) error {
	appendByteOr(b, c, (*Buffer).appendByteGrown)
	return nil
}

// appendByteOr is appendOr for one byte. It stores c by index, not by
// append, which would compile its growth path into every caller.
func appendByteOr(b *Buffer, c byte, grown func(*Buffer, byte)) {
	if s := b.b; len(s) < cap(s) {
		s = s[:len(s)+1]
		s[len(s)-1] = c
		b.b = s
		return
	}
	grown(b, c)
}

// appendByteGrown appends c to b after growing it.
func (b *Buffer) appendByteGrown(c byte) {
	b.release(b.grow(1))
	b.b = append(b.b, c)
}

// WriteRune appends the UTF-8 encoding of r and returns its length.
// It does not allocate while there is free capacity.
func (b *Buffer) WriteRune(r rune) (int, error) {
	if cap(b.b)-len(b.b) < utf8.UTFMax {
		b.release(b.grow(utf8.UTFMax))
	}
	n := len(b.b)
	b.b = utf8.AppendRune(b.b, r)
	return len(b.b) - n, nil
}

// ReadFrom appends everything r yields until io.EOF and returns the number of
// bytes read; it implements io.ReaderFrom. An error other than io.EOF is
// returned with the bytes read so far kept. It allocates only to grow.
func (b *Buffer) ReadFrom(r io.Reader) (int64, error) {
	// r may read from the bytes that growing replaces, so they go back to
	// the pool only when ReadFrom returns; beyond the first, the replaced
	// arrays are left to the collector.
	var held *Buffer
	defer func() { b.release(held) }()
	var total int64
	for {
		if cap(b.b)-len(b.b) < minRead {
			if d := b.grow(minRead); held == nil {
				held = d
			}
		}
		n, err := r.Read(b.b[len(b.b):cap(b.b)])
		if n < 0 || n > cap(b.b)-len(b.b) {
			return total, errImpossibleRead
		}
		b.b = b.b[:len(b.b)+n]
		total += int64(n)
		if err == io.EOF {
			return total, nil
		}
		if err != nil {
			return total, err
		}
	}
}

// WriteTo writes the buffer's bytes to w and empties the buffer; it
// implements io.WriterTo. On error the unwritten bytes stay. It does not
// allocate.
func (b *Buffer) WriteTo(w io.Writer) (int64, error) {
	n, err := w.Write(b.b)
	if n < 0 || n > len(b.b) {
		return 0, errImpossibleWrite
	}
	if err == nil && n < len(b.b) {
		err = io.ErrShortWrite
	}
	b.peak = max(b.peak, len(b.b))
	b.b = b.b[:copy(b.b, b.b[n:])]
	return int64(n), err
}

// grow makes room for n more bytes: at least double, rounded up to a power of
// two so that the buffer lands on a whole size class when it is put back. A
// Buffer out of a pool first asks the pool for a buffer of that class: it
// takes that buffer's bytes and returns the donor, now holding the smaller
// bytes, for the caller to release once nothing it still reads aliases them.
// Growing a pooled Buffer so allocates only when the pool has nothing larger.
func (b *Buffer) grow(n int) *Buffer {
	c := grownCap(cap(b.b), len(b.b)+n)
	b.tick |= moved // its next Put checks the new class
	if b.home != nil && b.out() {
		if d := find(&b.home.s, &b.home.attic, classFor(c)); d != nil {
			d.b = append(d.b[:0], b.b...)
			b.b, d.b = d.b, b.b
			b.class, d.class = d.class, b.class
			return d
		}
	}
	nb := makeCap[byte](len(b.b), c, "Buffer")
	copy(nb, b.b)
	b.b = nb
	b.class = uint8(shelfOf(c))
	return nil
}

// grownCap returns the capacity grow gives a buffer of capacity c that needs
// need bytes: at least double c, need and the smallest class, rounded up to
// a power of two up to the top class. It panics, as bytes.Buffer does, if
// need overflowed an int or doubling c would: no memory could hold that.
func grownCap(c, need int) int {
	if need < 0 || c > math.MaxInt/2 {
		panic("pool: Buffer too large")
	}
	c = max(2*c, need, 1<<minClass)
	if c <= 1<<topClass {
		c = 1 << bucket(c)
	}
	return c
}

// makeCap returns make([]T, n, c) or, where the runtime cannot make it (a
// capacity beyond what an address space holds), panics "pool: WHAT too
// large", as grownCap does, not with the runtime's makeslice error.
func makeCap[T any](n, c int, what string) []T {
	defer func() {
		if recover() != nil {
			panic("pool: " + what + " too large")
		}
	}()
	return make([]T, n, c)
}

// release gives a donor from grow, now holding b's former bytes, back to
// b's pool. release(nil) does nothing.
func (b *Buffer) release(d *Buffer) {
	if d != nil {
		b.home.shelve(d, b.home.s.verdict(int(d.class)))
	}
}
