package pool

import (
	"reflect"
	"runtime"
	"testing"
	"weak"
)

func TestPoolGetCap(t *testing.T) {
	var p Pool[int64]
	for _, n := range []int{-3, 0, 1, 64, 100, 5000} {
		for range 3 {
			s := p.GetCap(n)
			if len(s.S) != 0 || cap(s.S) < n {
				t.Fatalf("GetCap(%d): len %d cap %d", n, len(s.S), cap(s.S))
			}
			s.S = append(s.S, make([]int64, max(n, 0))...)
			p.Put(s)
		}
	}
}

func TestPoolPutMisuse(t *testing.T) {
	var p Pool[string]
	p.Put(nil)

	s := p.GetCap(100)
	p.Put(s)
	p.Put(s)
	if a, b := p.GetCap(100), p.GetCap(100); a == b {
		t.Fatal("after a double Put, two Gets returned the same *Slice")
	}

	adopted := &Slice[string]{S: make([]string, 3, 300)}
	p.Put(adopted)
	if got := p.GetCap(256); got != adopted && !raceEnabled {
		t.Fatal("a Slice made outside the pool was not adopted")
	}
	if len(adopted.S) != 0 {
		t.Fatalf("adopted Slice has len %d after Put, want 0", len(adopted.S))
	}
}

// TestPoolClearsPointers: a pooled slice must not keep what its elements
// pointed to alive.
func TestPoolClearsPointers(t *testing.T) {
	type node struct{ payload [1 << 10]byte }
	var p Pool[*node]
	s := p.Get()
	n := &node{}
	w := weak.Make(n)
	s.S = append(s.S, n)
	n = nil
	p.Put(s)
	for range 3 {
		runtimeGC()
	}
	if w.Value() != nil {
		t.Fatal("a value referenced by a pooled slice is still alive")
	}
	if got := s.S[:1][0]; got != nil {
		t.Fatal("Put left a pointer in the pooled slice")
	}
}

func TestHasPointers(t *testing.T) {
	type flat struct {
		a int
		b [3]float64
	}
	type deep struct {
		a int
		b [2]struct{ s string }
	}
	tests := []struct {
		name string
		got  bool
		want bool
	}{
		{"byte", hasPointers(typeOf[byte]()), false},
		{"flat struct", hasPointers(typeOf[flat]()), false},
		{"empty array of pointers", hasPointers(typeOf[[0]*int]()), false},
		{"string", hasPointers(typeOf[string]()), true},
		{"pointer", hasPointers(typeOf[*int]()), true},
		{"nested string", hasPointers(typeOf[deep]()), true},
		{"interface", hasPointers(typeOf[any]()), true},
		{"slice", hasPointers(typeOf[[]int]()), true},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("hasPointers(%s) = %v, want %v", tt.name, tt.got, tt.want)
		}
	}
}

func TestPoolSteadyStateAllocs(t *testing.T) {
	if testing.CoverMode() != "" || raceEnabled {
		t.Skip("allocation counts differ under -race and -cover")
	}
	var p Pool[uint32]
	op := func() {
		s := p.Get()
		for i := range 200 {
			s.S = append(s.S, uint32(i))
		}
		p.Put(s)
	}
	for range 2 * firstWindow {
		op()
	}
	if got := testing.AllocsPerRun(10000, op); got != 0 {
		t.Errorf("%v allocs per Get+append+Put, want 0", got)
	}
	if def, _ := p.Limits(); def != 256 {
		t.Errorf("default capacity = %d elements after uses of 200, want 256", def)
	}
}

func typeOf[T any]() reflect.Type { return reflect.TypeFor[T]() }

func runtimeGC() { runtime.GC() }

// TestPoolAttic: Pool[T] remembers a slice above its limit whose size
// recurs, as Buffers does, and the collector still frees it.
func TestPoolAttic(t *testing.T) {
	const large = 20_000
	var p Pool[int32]
	for i := range 2*DefaultWindow + firstWindow {
		s := p.Get()
		n := 50
		if i%100 == 0 {
			n = large
		}
		for j := range n {
			s.S = append(s.S, int32(j))
		}
		p.Put(s)
	}
	if _, limit := p.Limits(); limit != 64 {
		t.Fatalf("limit = %d elements after uses of 50 and 1%% of %d, want 64", limit, large)
	}
	runtime.GC() // finish any collection under way
	s := p.GetCap(large)
	if cap(s.S) < large {
		t.Fatalf("GetCap(%d): cap %d", large, cap(s.S))
	}
	p.Put(s)
	if got := p.GetCap(large); got != s {
		t.Fatal("GetCap above the limit did not reuse the remembered slice")
	}
	w := weak.Make(s)
	p.Put(s)
	s = nil
	runtime.GC()
	if w.Value() != nil {
		t.Fatal("the attic kept a slice above the limit alive across a GC")
	}
}
