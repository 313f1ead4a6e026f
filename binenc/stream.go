package binenc

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"sync"
)

// chunkSize bounds the bytes Write reverses before handing them to the
// writer, and the bytes Read reads before reversing them. 32 KiB is large
// enough that the writer's per-call cost is a few percent of the work even for
// a bytes.Buffer (the cost is measured in bench/), and that files get
// the same write size io.Copy uses; it is small enough to stay in the
// first- or second-level cache between being made and being copied, so
// the data crosses main memory once. It is a multiple of every value size.
const chunkSize = 32 << 10

// chunks holds Write's buffers. A buffer handed to an io.Writer escapes to
// the heap whatever its declaration says (the compiler cannot know what
// the writer does with it), so a stack buffer would be one allocation per
// call: a pool makes it none in the steady state.
var chunks = sync.Pool{New: func() any { return new([chunkSize]byte) }}

// availableBuffer is implemented by bytes.Buffer and bufio.Writer: the
// free space after their contents, to be appended to and passed to Write.
type availableBuffer interface {
	AvailableBuffer() []byte
}

// Write writes the encoding of data in the given byte order to w. It does
// not allocate.
//
// In the host's byte order the bytes of data go to w as they are, in one
// call to w.Write. Otherwise they are encoded into the free space of w when w
// has an AvailableBuffer method (as bytes.Buffer and bufio.Writer do) with
// room for all of them, and written in one call; or else into a 32 KiB buffer
// from a pool and written in as many calls as there are 32 KiB chunks.
//
// When w fails or takes fewer bytes than it was given, Write stops and
// returns an error saying how many bytes w took, wrapping w's error or, if w
// gave none, io.ErrShortWrite.
func Write[T Number](w io.Writer, order binary.ByteOrder, data []T) error {
	if order == nil {
		return errNilOrder
	}
	size := Size(data)
	if size == 0 {
		return nil
	}
	if big, known := bigEndian(order); known && (big == hostBig || sizeOf[T]() == 1) {
		if raw, ok := view(data); ok {
			return writeOnce(w, raw, 0, size)
		}
	}
	if size <= chunkSize {
		if ab, ok := w.(availableBuffer); ok {
			if b := ab.AvailableBuffer(); cap(b) >= size {
				b = b[:size]
				encodeTo(b, order, data)
				return writeOnce(w, b, 0, size)
			}
		}
	}
	return writeChunks(w, order, data)
}

// writeChunks encodes and writes data through a pooled chunk.
func writeChunks[T Number](w io.Writer, order binary.ByteOrder, data []T) error {
	buf := chunks.Get().(*[chunkSize]byte)
	defer chunks.Put(buf)
	size, perChunk := Size(data), chunkSize/sizeOf[T]()
	for done := 0; len(data) > 0; {
		k := min(len(data), perChunk)
		b := buf[:Size(data[:k])]
		encodeTo(b, order, data[:k])
		if err := writeOnce(w, b, done, size); err != nil {
			return err
		}
		done += len(b)
		data = data[k:]
	}
	return nil
}

// writeOnce writes b, the bytes after the first done of size, in one call.
func writeOnce(w io.Writer, b []byte, done, size int) error {
	n, err := w.Write(b)
	if err == nil && n == len(b) {
		return nil
	}
	if n < 0 || n > len(b) {
		return fmt.Errorf("binenc: Write: the writer %T says it wrote %d bytes of %d: it breaks the io.Writer contract", w, n, len(b))
	}
	if err == nil {
		err = io.ErrShortWrite
	}
	return fmt.Errorf("binenc: Write: the writer took %d of %d bytes: %w", done+n, size, err)
}

// Read fills data with values read from r in the given byte order. It does
// not allocate.
//
// In the host's byte order it reads straight into data's memory, with
// io.ReadFull. Otherwise it reads 32 KiB at a time into data's memory and
// reverses each value's bytes in place while they are in cache.
//
// If r has no bytes at all, Read returns io.EOF, like io.ReadFull and
// binary.Read. If r ends early, Read returns an error saying how many bytes
// it got and wrapping io.ErrUnexpectedEOF; if r fails, it wraps r's error.
// After an error, the contents of data are unspecified.
func Read[T Number](r io.Reader, order binary.ByteOrder, data []T) error {
	if order == nil {
		return errNilOrder
	}
	size := Size(data)
	if size == 0 {
		return nil
	}
	big, known := bigEndian(order)
	raw, ok := view(data)
	if !ok || !known {
		return readChunks(r, order, data)
	}
	if big == hostBig || sizeOf[T]() == 1 {
		n, err := io.ReadFull(r, raw)
		return readError[T](n, size, err)
	}
	for done := 0; done < size; {
		b := raw[done:min(done+chunkSize, size)]
		n, err := io.ReadFull(r, b)
		if err != nil {
			return readError[T](done+n, size, err)
		}
		swap(b, b, sizeOf[T]())
		done += n
	}
	return nil
}

// readChunks reads and decodes data through a pooled chunk.
func readChunks[T Number](r io.Reader, order binary.ByteOrder, data []T) error {
	buf := chunks.Get().(*[chunkSize]byte)
	defer chunks.Put(buf)
	size, perChunk := Size(data), chunkSize/sizeOf[T]()
	for done := 0; len(data) > 0; {
		k := min(len(data), perChunk)
		b := buf[:Size(data[:k])]
		n, err := io.ReadFull(r, b)
		if err != nil {
			return readError[T](done+n, size, err)
		}
		decodeFrom(data[:k], order, b)
		done += n
		data = data[k:]
	}
	return nil
}

// readError turns io.ReadFull's error after got of size bytes into Read's.
func readError[T Number](got, size int, err error) error {
	switch {
	case err == nil:
		return nil
	case got == 0 && err == io.EOF:
		return io.EOF
	case errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF):
		err = io.ErrUnexpectedEOF
	}
	return fmt.Errorf("binenc: Read got %d of the %d bytes of %d %s: %w",
		got, size, size/sizeOf[T](), typeName[T](), err)
}
