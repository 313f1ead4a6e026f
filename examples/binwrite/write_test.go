package binwrite

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"testing"
)

func TestVariantsAgree(t *testing.T) {
	for _, n := range []int{0, 1, 511, 512, 513, 100_000} {
		xs := series(n)
		var want bytes.Buffer
		if err := binary.Write(&want, binary.LittleEndian, xs); err != nil { //squash:ignore binarywrite the reference every variant must match
			t.Fatal(err)
		}
		for _, v := range Variants {
			var got bytes.Buffer
			if err := v.Write(&got, xs); err != nil {
				t.Fatalf("%s, n=%d: %v", v.Name, n, err)
			}
			if !bytes.Equal(got.Bytes(), want.Bytes()) {
				t.Errorf("%s, n=%d: wrote %d bytes unlike binary.Write's %d", v.Name, n, got.Len(), want.Len())
			}
		}
	}
}

func TestVariantsReportErrors(t *testing.T) {
	for _, v := range Variants {
		if err := v.Write(fullDisk{}, series(10_000)); err == nil {
			t.Errorf("%s: no error from a writer that fails", v.Name)
		}
	}
}

// BenchmarkWrite writes n values into a reused bytes.Buffer with each variant.
func BenchmarkWrite(b *testing.B) {
	for _, n := range []int{1000, 1_000_000} {
		xs := series(n)
		for _, v := range Variants {
			b.Run(fmt.Sprintf("n=%d/impl=%s", n, v.Name), func(b *testing.B) {
				var buf bytes.Buffer
				buf.Grow(8 * n)
				b.SetBytes(int64(8 * n))
				b.ReportAllocs()
				for b.Loop() {
					buf.Reset()
					if err := v.Write(&buf, xs); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
