package binwrite

import (
	"bytes"
	"errors"
	"fmt"
	"testing"
)

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
