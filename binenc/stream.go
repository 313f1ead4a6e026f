package binenc

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"sync"
)

// Write reverses bytes into a buffer and hands the buffer to the writer, one
// chunk at a time. Such a buffer escapes to the heap whatever its declaration
// says, since the compiler cannot know what the writer does with it, so a
// stack buffer would cost an allocation per call: pools make it none in the
// steady state. The sizes:
//
//   - smallChunk, 32 KiB, for inputs up to bigChunk: large enough that the
//     writer's per-call cost is a few percent of the chunk's, and the size
//     io.Copy uses; small enough to stay in the first- or second-level cache
//     between being made and being copied.
//   - bigChunk, 1 MiB, for larger inputs: Go's memmove copies 1 MiB and more
//     with non-temporal stores, which write the destination without first
//     reading it into the cache, so a bytes.Buffer's copy of each chunk moves
//     less data through memory. BenchmarkWriteChunks measures the sizes
//     against each other; bench/results/binenc.txt keeps a run. Files and
//     sockets get a write size a syscall is well amortised over.
//
// Both are multiples of every value size, so no value straddles two chunks,
// and Read reverses in place in smallChunk steps for the same cache reason.
const (
	smallChunk = 32 << 10
	bigChunk   = 1 << 20
)

var (
	smallChunks = sync.Pool{New: func() any { return new([smallChunk]byte) }}
	bigChunks   = sync.Pool{New: func() any { return new([bigChunk]byte) }}
)

// availableBufferer is implemented by bytes.Buffer and bufio.Writer: the
// free space after their contents, to be appended to and passed to Write.
type availableBufferer interface {
	AvailableBuffer() []byte
}

// Write writes the encoding of data in the given byte order to w. It does
// not allocate, but for the rare refill of its buffer pool after a garbage
// collection has emptied it.
//
// In the host's byte order the bytes of data go to w as they are, in one
// call to w.Write. Otherwise inputs of up to 32 KiB are encoded straight into
// the free space of w when w has an AvailableBuffer method with room enough
// (as bytes.Buffer and bufio.Writer do) and written in one call. The rest go
// through a pooled buffer (a stack buffer handed to w.Write would escape to
// the heap): 32 KiB a call, which stays in cache between being made and
// being copied, or 1 MiB a call for inputs larger than 1 MiB, a size the
// runtime copies with non-temporal stores, saving the writer's copy a third
// of its memory traffic.
//
// Errors are binary.Write's: when w.Write returns an error, Write stops and
// returns that error itself, unwrapped, so that comparing it with == or a
// type assertion works as it did with binary.Write. Empty data makes one
// call to w.Write with no bytes, as binary.Write does. Write differs from
// binary.Write in these ways, all deliberate:
//
//   - When w takes fewer bytes than it was given and returns no error (which
//     the io.Writer contract forbids), Write returns an error wrapping
//     io.ErrShortWrite that says how many bytes w took; binary.Write returns
//     nil and the rest of the data is lost.
//   - When w says it took more bytes than it was given, or a negative
//     count, and returns no error, Write returns an error naming w's type;
//     binary.Write returns nil.
//   - A nil order is an error (binary.Write panics, unless data is empty).
//   - Outside the machine's own order, or with the purego tag, more than
//     32 KiB of data take several calls to w.Write, where binary.Write makes
//     one; an error from w stops Write at the call that returned it.
func Write[T Number](w io.Writer, order binary.ByteOrder, data []T) error {
	// The paths for small and host-order inputs are written out here, and
	// the rest left to writeChunked, so that this function's frame is small
	// and a write of a few values costs little more than the writer's Write.
	big, known := bigEndian(order)
	raw, viewed := view(data)
	swapped := big != hostBig && sizeOf[T]() > 1
	if !known || !viewed || swapped && len(raw) > smallChunk {
		return writeChunked(w, order, data)
	}
	b := raw
	if swapped && len(raw) > 0 {
		if b = availableBuffer(w, len(raw)); b == nil {
			return writeChunked(w, order, data)
		}
		switch sizeOf[T]() {
		case 2:
			swap16(b, raw)
		case 4:
			swap32(b, raw)
		case 8:
			swap64(b, raw)
		}
	}
	if n, err := w.Write(b); n != len(b) || err != nil {
		return writeError(w, n, len(b), 0, len(b), err)
	}
	return nil
}

// availableBuffer returns size bytes of w's free space, or nil if w has no
// AvailableBuffer method or too little room. A *bytes.Buffer is asked
// directly, which costs less than asking through an interface.
func availableBuffer(w io.Writer, size int) []byte {
	var b []byte
	if bb, ok := w.(*bytes.Buffer); ok {
		b = bb.AvailableBuffer()
	} else if ab, ok := w.(availableBufferer); ok {
		b = ab.AvailableBuffer()
	}
	if cap(b) < size {
		return nil
	}
	return b[:size]
}

// writeChunked writes data through a pooled buffer: a small one for inputs
// of up to bigChunk bytes, a big one for larger inputs.
func writeChunked[T Number](w io.Writer, order binary.ByteOrder, data []T) error {
	if order == nil {
		return errNilOrder
	}
	if Size(data) > bigChunk {
		buf := bigChunks.Get().(*[bigChunk]byte)
		defer bigChunks.Put(buf)
		return writeChunks(w, order, data, buf[:])
	}
	buf := smallChunks.Get().(*[smallChunk]byte)
	defer smallChunks.Put(buf)
	return writeChunks(w, order, data, buf[:])
}

// writeChunks encodes and writes data through buf, len(buf) bytes a call.
// Empty data makes one call with no bytes, as binary.Write does.
func writeChunks[T Number](w io.Writer, order binary.ByteOrder, data []T, buf []byte) error {
	size, perChunk := Size(data), len(buf)/sizeOf[T]()
	for done := 0; ; {
		k := min(len(data), perChunk)
		b := buf[:Size(data[:k])]
		encodeTo(b, order, data[:k])
		if n, err := w.Write(b); n != len(b) || err != nil {
			return writeError(w, n, len(b), done, size, err)
		}
		done += len(b)
		if data = data[k:]; len(data) == 0 {
			return nil
		}
	}
}

// writeError is the error for a call to w.Write of a chunk of the given
// length, after the first done of size bytes, that returned n and err. w's
// own error is returned as it is, as binary.Write returns it; binenc makes
// errors of its own only where binary.Write would return nil.
func writeError(w io.Writer, n, chunk, done, size int, err error) error {
	switch {
	case err != nil:
		return err
	case n < 0 || n > chunk:
		return fmt.Errorf("binenc: Write: the writer %T says it wrote %d bytes of %d and returned no error: it breaks the io.Writer contract", w, n, chunk)
	}
	return fmt.Errorf("binenc: Write: the writer took %d of %d bytes and returned no error: %w", done+n, size, io.ErrShortWrite)
}

// Read fills data with values read from r in the given byte order. It does
// not allocate (byte orders other than encoding/binary's, and the purego
// build, use a buffer from the pool Write uses).
//
// In the host's byte order it reads straight into data's memory, with
// io.ReadFull. Otherwise it reads 32 KiB at a time into data's memory and
// reverses each value's bytes in place while they are in cache.
//
// Errors are binary.Read's, which are io.ReadFull's: io.EOF if r had no
// bytes at all, io.ErrUnexpectedEOF if r ended after some but not all of
// them, and otherwise r's own error itself, unwrapped, so that comparing
// with == or a type assertion works as it did with binary.Read. Read differs
// from binary.Read in these ways, all deliberate:
//
//   - After an error, the contents of data are unspecified: Read reads into
//     data's memory, where binary.Read reads into a new buffer and leaves
//     data as it was.
//   - A nil order is an error (binary.Read panics, unless data is empty).
//   - Outside the machine's own order, or with the purego tag, Read asks r
//     for 32 KiB at a time, so r sees more calls than binary.Read makes; a
//     reader whose error does not repeat on the next call (most readers'
//     errors do) can then succeed where binary.Read would have failed.
func Read[T Number](r io.Reader, order binary.ByteOrder, data []T) error {
	big, known := bigEndian(order)
	raw, viewed := view(data)
	if !known || !viewed {
		return readChunked(r, order, data)
	}
	if big == hostBig || sizeOf[T]() == 1 {
		_, err := io.ReadFull(r, raw)
		return err
	}
	for done := 0; done < len(raw); {
		b := raw[done:min(done+smallChunk, len(raw))]
		if _, err := io.ReadFull(r, b); err != nil {
			return readError(done, err)
		}
		swap(b, b, sizeOf[T]())
		done += len(b)
	}
	return nil
}

// readChunked reads and decodes data through a pooled buffer.
func readChunked[T Number](r io.Reader, order binary.ByteOrder, data []T) error {
	if order == nil {
		return errNilOrder
	}
	buf := smallChunks.Get().(*[smallChunk]byte)
	defer smallChunks.Put(buf)
	return readChunks(r, order, data, buf[:])
}

// readChunks reads and decodes data through buf, len(buf) bytes at a time.
func readChunks[T Number](r io.Reader, order binary.ByteOrder, data []T, buf []byte) error {
	perChunk := len(buf) / sizeOf[T]()
	for done := 0; len(data) > 0; {
		k := min(len(data), perChunk)
		b := buf[:Size(data[:k])]
		if _, err := io.ReadFull(r, b); err != nil {
			return readError(done, err)
		}
		decodeFrom(data[:k], order, b)
		done += len(b)
		data = data[k:]
	}
	return nil
}

// readError turns io.ReadFull's error for a step that began after done
// bytes into the error io.ReadFull would have returned for all of data: its
// io.EOF means unexpected EOF if earlier steps read something, and every
// other error is returned as it is.
func readError(done int, err error) error {
	if err == io.EOF && done > 0 {
		return io.ErrUnexpectedEOF
	}
	return err
}
