// Package v is in a module that requires squash but vendors its
// dependencies without binenc: the go command would not find it.
package v

import (
	"encoding/binary"
	"io"
)

func samples(w io.Writer, xs []uint32) error {
	return binary.Write(w, binary.LittleEndian, xs) // want `binary.Write copies the \[\]uint32 .*no fix offered: github.com/squashgo/squash/binenc is not in the vendor directory of example.com/vendored\)`
}
