package binwrite

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"testing"
)

func TestWriteBinenc(t *testing.T) {
	tests := []struct {
		name string
		xs   []uint64
	}{
		{"empty", nil},
		{"one", []uint64{0x0102030405060708}},
		{"a thousand", series(1000)},
		{"a million", series(1 << 20)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var want, got bytes.Buffer
			if err := binary.Write(&want, binary.LittleEndian, tt.xs); err != nil {
				t.Fatal(err)
			}
			if err := WriteBinenc(&got, tt.xs); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got.Bytes(), want.Bytes()) {
				t.Fatalf("WriteBinenc wrote %d bytes unlike binary.Write's %d", got.Len(), want.Len())
			}
		})
	}
}

// fullDisk takes nothing and says so.
type fullDisk struct{}

var errFull = errors.New("no space left on device")

func (fullDisk) Write(p []byte) (int, error) { return 0, errFull }

func TestWriteBinencError(t *testing.T) {
	err := WriteBinenc(fullDisk{}, series(10))
	if !errors.Is(err, errFull) {
		t.Fatalf("err = %v, want one wrapping %v", err, errFull)
	}
}

func TestWriteBinencAllocs(t *testing.T) {
	xs := series(1 << 16)
	var buf bytes.Buffer
	buf.Grow(8 * len(xs))
	if n := testing.AllocsPerRun(20, func() { buf.Reset(); WriteBinenc(&buf, xs) }); n != 0 {
		t.Fatalf("%v allocations per call, want 0", n)
	}
}

func ExampleWriteBinenc() {
	var out bytes.Buffer
	if err := WriteBinenc(&out, []uint64{1, 256}); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("% x\n", out.Bytes())
	// Output: 01 00 00 00 00 00 00 00 00 01 00 00 00 00 00 00
}

// series returns n distinct values.
func series(n int) []uint64 {
	xs := make([]uint64, n)
	for i := range xs {
		xs[i] = uint64(i) * 0x9E3779B97F4A7C15
	}
	return xs
}

// BenchmarkWriteBinenc writes n values into a reused bytes.Buffer, like the
// article's variants; bench/ compares binenc with encoding/binary in full.
func BenchmarkWriteBinenc(b *testing.B) {
	for _, n := range []int{1000, 1_000_000} {
		xs := series(n)
		b.Run(fmt.Sprintf("n=%d/impl=binenc", n), func(b *testing.B) {
			var buf bytes.Buffer
			buf.Grow(8 * n)
			b.SetBytes(int64(8 * n))
			b.ReportAllocs()
			for b.Loop() {
				buf.Reset()
				if err := WriteBinenc(&buf, xs); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
