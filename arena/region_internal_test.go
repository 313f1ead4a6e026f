//go:build !goexperiment.arenas

package arena

import (
	"testing"
	"unsafe"
)

// Tests of the region allocator's own policy, which the runtime's arenas do
// not share.

func TestChunksGrowGeometricallyToABound(t *testing.T) {
	tests := []struct {
		name string
		fill func(a *Arena) []int // returns the chunk sizes in bytes
	}{
		{"8-byte values", func(a *Arena) []int {
			for range 1 << 20 {
				New[int64](a)
			}
			return chunkBytes(slabOf[int64](a))
		}},
		{"48-byte values", func(a *Arena) []int {
			for range 100000 {
				New[[6]int64](a)
			}
			return chunkBytes(slabOf[[6]int64](a))
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var a Arena
			sizes := tt.fill(&a)
			if sizes[0] > minChunkBytes || sizes[0] < minChunkBytes/2 {
				t.Fatalf("first chunk %d bytes, want about %d", sizes[0], minChunkBytes)
			}
			for i := 1; i < len(sizes); i++ {
				if sizes[i] > maxChunkBytes {
					t.Fatalf("chunk %d is %d bytes, over the %d bound", i, sizes[i], maxChunkBytes)
				}
				if sizes[i-1]*2 <= maxChunkBytes && sizes[i] != 2*sizes[i-1] {
					t.Fatalf("chunk %d is %d bytes after %d: want doubling", i, sizes[i], sizes[i-1])
				}
			}
			if last := sizes[len(sizes)-1]; last < maxChunkBytes/2 {
				t.Fatalf("last chunk %d bytes: growth stopped short of the bound %d", last, maxChunkBytes)
			}
		})
	}
}

func chunkBytes[T any](s *slab[T]) []int {
	var zero T
	out := make([]int, len(s.chunks))
	for i, c := range s.chunks {
		out[i] = len(c) * int(unsafe.Sizeof(zero))
	}
	return out
}

func TestResetReusesChunks(t *testing.T) {
	var a Arena
	first := make([]*[4]int, 0, 10000)
	for range cap(first) {
		first = append(first, New[[4]int](&a))
	}
	chunks := len(slabOf[[4]int](&a).chunks)
	a.Reset()
	for i := range cap(first) {
		if p := New[[4]int](&a); p != first[i] {
			t.Fatalf("after Reset, allocation %d got a new address: chunks not reused in order", i)
		}
	}
	if got := len(slabOf[[4]int](&a).chunks); got != chunks {
		t.Fatalf("after Reset the slab has %d chunks, want the same %d", got, chunks)
	}
	if n := testing.AllocsPerRun(10, func() {
		a.Reset()
		for range cap(first) {
			New[[4]int](&a)
		}
	}); n != 0 {
		t.Fatalf("refilling a reset arena made %v allocations, want 0", n)
	}
}

func TestLargeRequestsBypassTheRegion(t *testing.T) {
	var a Arena
	big := MakeSlice[byte](&a, largeBytes+1, largeBytes+1)
	New[[largeBytes + 8]byte](&a)
	if len(a.slabs) != 0 {
		t.Fatalf("large requests made %d slabs, want 0 (they belong on the heap)", len(a.slabs))
	}
	small := MakeSlice[byte](&a, largeBytes, largeBytes)
	if len(a.slabs) != 1 || len(small) != largeBytes || len(big) != largeBytes+1 {
		t.Fatalf("a request of exactly %d bytes must come from the region", largeBytes)
	}
}

func TestFreeDropsChunks(t *testing.T) {
	var a Arena
	New[int](&a)
	New[string](&a)
	a.Free()
	if len(a.slabs) != 0 || a.last != nil {
		t.Fatalf("Free left %d slabs", len(a.slabs))
	}
	if p := New[int](&a); p == nil || *p != 0 {
		t.Fatal("arena not usable after Free")
	}
}

func TestAllocationsPerObject(t *testing.T) {
	// Steady state after the first chunks: New, MakeSlice, Append and
	// String do not allocate.
	var a Arena
	x := new(int)
	b := []byte("text")
	n := testing.AllocsPerRun(1000, func() {
		New[[2]*int](&a)
		MakeSlice[*int](&a, 3, 3)
		s := Append(&a, nil, x, x)
		s = Append(&a, s, x, x, x)
		if len(s) != 5 || String(&a, b) != "text" {
			t.Fatal("wrong results")
		}
	})
	if n > 0.01 {
		t.Fatalf("New, MakeSlice, Append and String average %v allocations, want about 0", n)
	}
}
