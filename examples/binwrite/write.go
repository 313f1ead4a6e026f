package binwrite

import (
	"bufio"
	"encoding/binary"
	"io"
)

// WriteBinary writes xs in little endian with binary.Write, which encodes
// the whole slice into a new []byte of 8*len(xs) bytes before writing it:
// one allocation as large as the data.
func WriteBinary(w io.Writer, xs []uint64) error {
	return binary.Write(w, binary.LittleEndian, xs)
}

// WritePutUint64 encodes each value into an 8-byte buffer and writes it: no
// allocation, but one Write call per value.
func WritePutUint64(w io.Writer, xs []uint64) error {
	var b [8]byte
	for _, x := range xs {
		binary.LittleEndian.PutUint64(b[:], x)
		if _, err := w.Write(b[:]); err != nil {
			return err
		}
	}
	return nil
}

// WriteBufio is WritePutUint64 through a bufio.Writer, which batches the
// Writes into 4 KiB ones at the cost of allocating its buffer per call.
func WriteBufio(w io.Writer, xs []uint64) error {
	bw := bufio.NewWriter(w)
	var b [8]byte
	for _, x := range xs {
		binary.LittleEndian.PutUint64(b[:], x)
		if _, err := bw.Write(b[:]); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// A Variant is one way of writing, by name.
type Variant struct {
	Name  string
	Write func(io.Writer, []uint64) error
}

// Variants lists every way this package writes, for tests and benchmarks.
var Variants = []Variant{
	{"binary.Write", WriteBinary},
	{"putuint64", WritePutUint64},
	{"bufio", WriteBufio},
	{"binenc", WriteBinenc},
}
