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
// (for the byte order), binenc is imported or the name binenc is free at the
// call (a file that imports binenc under another name gets that name), and
// the package can import
// github.com/squashgo/squash/binenc as its module stands: it is in squash's
// module, or its go.mod requires squash (and, with a vendor directory, binenc
// is vendored), or it is in a workspace one of whose modules is or requires
// squash. go/analysis does not say which modules a build can reach, so this
// reads the go.mod (and go.work) files the go command would. Elsewhere the
// import would not build, and the message says why there is no fix; the
// standard library has no replacement that writes without the copy unless
// the caller keeps a buffer between calls. []byte, which binary.Write writes
// as it is, is not reported.
//
// What the fix keeps: the bytes written, and the errors. Whatever error
// w.Write returns comes back from binenc.Write unchanged, the same value, so
// err == errSentinel, err.(*MyError) and type switches on it work as they
// did with binary.Write.
//
// What the fix changes:
//
//   - The number of calls to w.Write: binary.Write makes one. binenc.Write
//     makes one too in the machine's own byte order (unless binenc is built
//     with the purego tag), but in the other order, or with purego, it writes
//     more than 32 KiB of data 32 KiB or 1 MiB a call, and stops at the
//     first call that fails. Writers for which each call is a message (a
//     datagram, a frame) need binary.Write, or binenc.Append into a buffer of
//     their own.
//   - A writer that takes fewer bytes than it is given and returns no error,
//     breaking the io.Writer contract: binary.Write returns nil and the rest
//     of the data is lost; binenc.Write returns an error wrapping
//     io.ErrShortWrite that says how many bytes went. Likewise a writer that
//     claims more bytes than it was given gets an error, not nil.
//   - A nil byte order: binary.Write panics, binenc.Write returns an error.
//
// binary.Read is neither reported nor rewritten. binenc.Read, for code that
// switches by hand, likewise returns the reader's own errors unchanged and
// io.EOF or io.ErrUnexpectedEOF bare, as binary.Read does; its documentation
// lists how it differs.
package binarywrite
