// Package p is in a module that does not require squash: importing binenc
// would not build, so there is no fix.
package p

import (
	"encoding/binary"
	"io"
)

func samples(w io.Writer, xs []uint64) error {
	return binary.Write(w, binary.LittleEndian, xs) // want `binary.Write copies the \[\]uint64 into a new \[\]byte .*: binenc.Write writes it without allocating \(github.com/squashgo/squash/binenc; no fix offered: example.com/plain does not require github.com/squashgo/squash\)`
}

func rawBytes(w io.Writer, b []byte) error {
	return binary.Write(w, binary.LittleEndian, b)
}
