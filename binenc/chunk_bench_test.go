package binenc

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"testing"
)

// BenchmarkWriteChunks measures the chunk size of Write's swapped path: 80 MB
// of uint64 in big endian into a reused bytes.Buffer, through buffers of
// several sizes. It is the evidence for smallChunk and bigChunk:
//
//	go test -run '^$' -bench WriteChunks -count 6 ./binenc | benchstat -col /chunk -
func BenchmarkWriteChunks(b *testing.B) {
	data := values[uint64](10_000_000)
	var out bytes.Buffer
	out.Grow(Size(data))
	for _, kib := range []int{8, 32, 256, 1024, 4096} {
		buf := make([]byte, kib<<10)
		b.Run(fmt.Sprintf("n=10M/chunk=%dKiB", kib), func(b *testing.B) {
			b.SetBytes(int64(Size(data)))
			for b.Loop() {
				out.Reset()
				if err := writeChunks(&out, binary.BigEndian, data, buf); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
