// Package binwrite writes a large []uint64 to an io.Writer in the ways the
// article on encoding/binary.Write compares:
//
//   - WriteBinary: binary.Write of the whole slice, which first copies it
//     into a new []byte as large as the data;
//   - WritePutUint64: binary.LittleEndian.PutUint64 into an 8-byte buffer
//     and one Write per value;
//   - WriteBufio: the same through a bufio.Writer, so the Writes are batched;
//   - WriteBinenc: squash's binenc, which hands the slice's own bytes to the
//     writer when the byte order is the machine's.
//
// Run it with squash to see which line allocates:
//
//	go run ./cmd/squash ./examples/binwrite
package binwrite
