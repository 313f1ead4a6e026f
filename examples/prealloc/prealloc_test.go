package prealloc

import (
	"bytes"
	"fmt"
	"slices"
	"testing"
)

var payload = bytes.Repeat([]byte("squash!"), 147)[:1024]

func TestAppendVariantsAgree(t *testing.T) {
	for _, n := range []int{0, 1, 1000} {
		a, b := AppendInts(n), AppendIntsPrealloc(n)
		if !slices.Equal(a, b) || len(a) != n || (n > 0 && a[n-1] != n-1) {
			t.Errorf("n=%d: AppendInts and AppendIntsPrealloc disagree", n)
		}
		if cap(b) != n {
			t.Errorf("n=%d: AppendIntsPrealloc capacity %d", n, cap(b))
		}
	}
	for name, f := range map[string]func([]byte) []byte{
		"AppendBytes": AppendBytes, "AppendBytesPrealloc": AppendBytesPrealloc,
		"AppendSlice": AppendSlice, "AppendSlicePrealloc": AppendSlicePrealloc,
	} {
		if got := f(payload); !bytes.Equal(got, payload) {
			t.Errorf("%s copied %d bytes wrong", name, len(got))
		}
	}
}

func TestReuse(t *testing.T) {
	var dst []int
	for _, n := range []int{10, 5, 10} {
		dst = SquaresInto(dst, n)
		if !slices.Equal(dst, Squares(n)) {
			t.Fatalf("SquaresInto(%d) = %v", n, dst)
		}
	}
	if a := testing.AllocsPerRun(100, func() { dst = SquaresInto(dst, 10) }); a != 0 {
		t.Errorf("SquaresInto allocates %v times per call once grown, want 0", a)
	}
}

func TestPooledBuffer(t *testing.T) {
	var got []byte
	keep := func(b []byte) { got = append(got[:0], b...) }
	for range 3 {
		WithPooledBuffer(payload, keep)
		if !bytes.Equal(got, payload) {
			t.Fatal("the pooled buffer did not hold the payload")
		}
	}
	if a := testing.AllocsPerRun(100, func() { WithPooledBuffer(payload, keep) }); a > 0.1 {
		t.Errorf("WithPooledBuffer allocates %v times per call, want 0 in steady state", a)
	}
}

var (
	sinkInts  []int
	sinkBytes []byte
)

func BenchmarkAppendInts(b *testing.B) {
	const n = 1_000_000
	for _, v := range []struct {
		prealloc bool
		f        func(int) []int
	}{{false, AppendInts}, {true, AppendIntsPrealloc}} {
		b.Run(fmt.Sprintf("n=%d/prealloc=%t", n, v.prealloc), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sinkInts = v.f(n)
			}
		})
	}
}

func BenchmarkAppendBytes(b *testing.B) {
	for _, v := range []struct {
		by       string
		prealloc bool
		f        func([]byte) []byte
	}{
		{"element", false, AppendBytes}, {"element", true, AppendBytesPrealloc},
		{"slice", false, AppendSlice}, {"slice", true, AppendSlicePrealloc},
	} {
		b.Run(fmt.Sprintf("by=%s/prealloc=%t", v.by, v.prealloc), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(payload)))
			for b.Loop() {
				sinkBytes = v.f(payload)
			}
		})
	}
}

func BenchmarkReuse(b *testing.B) {
	const n = 1000
	b.Run("reuse=false", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkInts = Squares(n)
		}
	})
	b.Run("reuse=true", func(b *testing.B) {
		b.ReportAllocs()
		var dst []int
		for b.Loop() {
			dst = SquaresInto(dst, n)
		}
		sinkInts = dst
	})
}

func BenchmarkSyncPool(b *testing.B) {
	use := func(b []byte) { sinkBytes = b[:1] }
	b.Run("pool=false", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			WithNewBuffer(payload, use)
		}
	})
	b.Run("pool=true", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			WithPooledBuffer(payload, use)
		}
	})
}
