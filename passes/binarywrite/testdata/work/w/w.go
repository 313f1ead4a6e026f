// Package w is in a workspace that uses squash's module, so binenc can be
// imported although w's module does not require squash.
package w

import (
	"encoding/binary"
	"io"
)

func samples(w io.Writer, xs []float32) error {
	return binary.Write(w, binary.BigEndian, xs) // want `binary.Write copies the \[\]float32 into a new \[\]byte .*without allocating$`
}
