package binwrite

import (
	"encoding/binary"
	"io"

	"github.com/squashgo/squash/binenc"
)

// WriteBinenc writes xs to w in little endian with binenc.Write. On a
// little-endian machine the bytes of xs go to w as they are, in one call to
// w.Write: no copy, no allocation, no per-value work. It is the variant the
// other functions of this package are measured against.
func WriteBinenc(w io.Writer, xs []uint64) error {
	return binenc.Write(w, binary.LittleEndian, xs)
}
