// Package g is not in a module (GOPATH mode): there is no go.mod to say
// binenc can be imported, so there is no fix.
package g

import (
	"encoding/binary"
	"io"
)

func samples(w io.Writer, xs []int64) error {
	return binary.Write(w, binary.LittleEndian, xs) // want `binary.Write copies the \[\]int64 .*no fix offered: the package is not in a module that requires github.com/squashgo/squash\)`
}
