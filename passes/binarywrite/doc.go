// Package binarywrite defines an Analyzer that reports binary.Write of a
// slice of numbers, which copies the whole slice into a new []byte first.
//
// # Analyzer binarywrite
//
// binarywrite: write numeric slices without binary.Write's temporary copy
//
// encoding/binary.Write encodes a []uint64 (or any slice of fixed-size
// numbers but []byte) into a new byte slice as large as the data and then
// writes that: 80 MB allocated to write 10 million values. squash's binenc
// package has the same function, typed, writing the slice's own bytes when
// the byte order is the machine's and a bounded buffer otherwise:
//
//	err := binary.Write(w, binary.LittleEndian, samples)
//
// becomes
//
//	err := binenc.Write(w, binary.LittleEndian, samples)
//
// The fix is offered when the file still uses encoding/binary afterwards
// (for the byte order) and the name binenc is free; []byte, which
// binary.Write writes as it is, is not reported.
package binarywrite
