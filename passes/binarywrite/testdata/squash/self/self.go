// Package self is in squash's own module, which has binenc.
package self

import (
	"encoding/binary"
	"io"
)

func samples(w io.Writer, xs []uint64) error {
	return binary.Write(w, binary.LittleEndian, xs) // want `binary.Write copies the \[\]uint64 into a new \[\]byte as large as the data before writing it: binenc.Write writes it without allocating$`
}
