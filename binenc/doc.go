// Package binenc writes and reads slices of fixed-size numbers (uint8 to
// uint64, int8 to int64, float32, float64) in little or big endian, at or
// near the speed of a memory copy and without allocating.
//
// Its functions have the names, arguments and results of their counterparts
// in encoding/binary, with a typed slice instead of an any:
//
//	err := binary.Write(w, binary.LittleEndian, samples) // copies samples into a new []byte
//	err := binenc.Write(w, binary.LittleEndian, samples) // writes samples as they are
//
// so that replacing one with the other is a change of package name. Slices of
// other types (structs, bools, single values) stay with encoding/binary.
//
// How the bytes are made:
//
//   - When the requested order is the machine's own (binary.LittleEndian on
//     amd64 and arm64, or binary.NativeEndian anywhere), the bytes of the
//     slice already are the encoding: Write hands them to the writer in one
//     call, Read reads straight into the slice, Encode and Decode are one copy.
//   - Otherwise each value's bytes are reversed in a loop the compiler turns
//     into one load, one BSWAP and one store per value, with no bounds checks.
//     Write reverses small inputs straight into the free space of a
//     bytes.Buffer or bufio.Writer, and others through a pooled buffer,
//     32 KiB or 1 MiB at a time (see Write for why those sizes and why not
//     the stack); Read reads into the slice and reverses the bytes in place,
//     so it needs no buffer at all.
//   - Any other binary.ByteOrder works too, one interface call per value.
//
// Errors say how many bytes were needed and how many there were, and wrap
// io.ErrShortBuffer, io.ErrUnexpectedEOF or io.ErrShortWrite so that
// errors.Is works. A writer that takes fewer bytes than it is given without
// saying why gets io.ErrShortWrite: nothing is lost silently.
//
// All functions are safe for concurrent use: Append, Encode and Write only
// read data; Read and Decode write only to data.
//
// The fast paths view a []T as []byte with package unsafe, all in one file.
// Building with the tag purego replaces that file with a portable one that
// encodes value by value and uses no unsafe.
package binenc
