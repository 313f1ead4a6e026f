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
// so that replacing one with the other is a change of package name: the
// same bytes and, from Write and Read, the same error values (see Errors for
// the few deliberate differences). Slices of other types (structs, bools,
// single values) stay with encoding/binary.
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
// # Errors
//
// Write and Read return the errors encoding/binary returns, as the same
// values: the writer's or reader's own error exactly as w.Write or r.Read
// returned it, and from Read io.EOF when r had no bytes at all and
// io.ErrUnexpectedEOF when it ended part way, bare, as io.ReadFull gives
// them. Code that compares err == errSentinel, asserts err.(*MyError) or
// switches on its type works after the change of package name as before.
//
// binenc makes errors of its own only where encoding/binary would lose data
// without a word or panic. These are the deliberate differences:
//
//   - A writer that takes fewer bytes than it is given and returns no error
//     (which the io.Writer contract forbids) makes Write return an error
//     wrapping io.ErrShortWrite that says how many bytes went; binary.Write
//     returns nil.
//   - A writer that says it took more bytes than it was given, and returns no
//     error, makes Write return an error naming the writer's type;
//     binary.Write returns nil.
//   - A nil byte order is an error from every function that takes an order;
//     encoding/binary panics (unless data is empty).
//   - Outside the machine's own order, or in the purego build, Write hands
//     more than 32 KiB of data to the writer in several calls where
//     binary.Write makes one, and stops at the first call that fails; Read
//     likewise asks the reader for 32 KiB at a time.
//   - After a failed Read the contents of data are unspecified: Read reads
//     into data's own memory, where binary.Read reads into a new buffer.
//   - Encode and Decode say how many bytes were needed and how many there
//     were, and wrap io.ErrShortBuffer and io.ErrUnexpectedEOF so that
//     errors.Is works; encoding/binary returns an unexported error, "buffer
//     too small", that no caller can name.
//
// All functions are safe for concurrent use: Append, Encode and Write only
// read data; Read and Decode write only to data.
//
// The fast paths view a []T as []byte with package unsafe, all in one file.
// Building with the tag purego replaces that file with a portable one that
// encodes value by value and uses no unsafe.
package binenc
