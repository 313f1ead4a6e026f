// Package binenc is a stand-in with the real package's Write signature.
package binenc

import (
	"encoding/binary"
	"io"
)

// Number is the element types binenc writes.
type Number interface {
	~int8 | ~int16 | ~int32 | ~int64 | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~float32 | ~float64
}

// Write writes data in the given byte order.
func Write[T Number](w io.Writer, order binary.ByteOrder, data []T) error { return nil }
