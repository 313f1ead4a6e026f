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
// pointed to alive, on every Put: also that of a Slice that came straight
// off its shelf, which Put would otherwise return with no more ado.
func TestPoolClearsPointers(t *testing.T) {
	type node struct{ payload [1 << 10]byte }
	var p Pool[*node]
	for range 2 * firstWindow { // calibrated, so that most Puts are not recorded ones
		s := p.Get()
		s.S = append(s.S, nil)
		p.Put(s)
	}
	for round := range 40 {
		s := p.Get()
		n := &node{}
		w := weak.Make(n)
		s.S = append(s.S, n)
		n = nil
		shortened := round%2 == 1
		if shortened {
			s.S = s.S[:0] // what was written is beyond len(S) now, within its capacity
		}
		p.Put(s)
		runtimeGC()
		if w.Value() != nil {
			t.Fatalf("round %d (S shortened: %v): a value referenced by a pooled slice is still alive", round, shortened)
		}
		runtime.KeepAlive(s) // so that only clearing can free n
	}
}

// TestPoolLoweredLimit: a Slice taken straight off its shelf, whose class a
// later calibration puts above the limit, does not go back to that shelf
// on Put (unlike a Buffer: Pool[T].Put is not inlined, so it checks).
func TestPoolLoweredLimit(t *testing.T) {
	const large = 50_000
	var p Pool[int64]
	big, small := make([]int64, large), make([]int64, 100)
	use := func(data []int64) {
		s := p.Get()
		s.S = append(s.S, data...)
		p.Put(s)
	}
	for range firstWindow + DefaultWindow {
		use(big)
	}
	k := classFor(large)
	held := p.Get() // straight off the shelf of class k
	// -race makes sync.Pool drop a quarter of Puts at random, and a Get that
	// misses returns a new Slice, marked moved: try again.
	for i := 0; raceEnabled && held.tick&moved != 0 && i < 100; i++ {
		use(big)
		held = p.Get()
	}
	if held.tick&moved != 0 || cap(held.S) != 1<<k {
		t.Fatalf("Get after uses of %d elements: cap %d, moved %v; want cap %d off its shelf", large, cap(held.S), held.tick&moved != 0, 1<<k)
	}
	for range 4 * DefaultWindow {
		use(small)
	}
	if _, limit := p.Limits(); limit != 128 {
		t.Fatalf("limit %d after uses of 100 elements, want 128", limit)
	}
	for p.s.shelf[k].Get() != nil { // what was left there when the limit dropped
	}
	held.tick = 2 // 2 Puts to go: this Put is not the recorded one, which checks the class anyway
	p.Put(held)
	if v := p.s.shelf[k].Get(); v != nil {
		t.Fatalf("a Slice of cap %d went back onto shelf %d, above the lowered limit", cap(v.(*Slice[int64]).S), k)
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

// calibratedSlices returns a Pool calibrated on uses of which one in 100
// needs large elements and the rest 50: the limit keeps 64 elements, and
// the large class is remembered.
func calibratedSlices(t *testing.T, large int) *Pool[int32] {
	t.Helper()
	p := new(Pool[int32])
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
	return p
}

// TestPoolAttic: Pool[T] remembers a slice above its limit whose size
// recurs, as Buffers does, and the collector still frees it.
func TestPoolAttic(t *testing.T) {
	const large = 20_000
	p := calibratedSlices(t, large)
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

// TestPoolGrownIsChecked: a Slice that came straight off its shelf and whose
// S the caller grew past its class goes back through Put's checks: to the
// attic if its new class is remembered, else to the collector, never onto
// a shelf above the limit.
func TestPoolGrownIsChecked(t *testing.T) {
	const large = 20_000
	p := calibratedSlices(t, large)
	runtime.GC() // shelves above the limit, filled before the first calibration, are empty
	noMoreCalibration(t, p)
	limit := p.s.cal.limitClass()
	offShelf := func() *Slice[int32] {
		p.Put(p.Get())
		return p.Get()
	}
	// Twenty times, so that a Put recorded for calibration, which takes the
	// slow path anyway, cannot hide a missing check.
	for range 20 {
		remembered, rare := offShelf(), offShelf()
		remembered.S = append(remembered.S, make([]int32, large)...)
		rare.S = append(rare.S, make([]int32, 1<<20)...)
		p.Put(remembered)
		p.Put(rare)
		for k := limit + 1; k < nShelves; k++ {
			if v := p.s.shelf[k].Get(); v != nil {
				t.Fatalf("a slice grown to cap %d went onto shelf %d, above the limit %d", cap(v.(*Slice[int32]).S), k, limit)
			}
		}
		// append chose the capacity; a GetCap of its class's floor looks there.
		if got := p.GetCap(1 << shelfOf(cap(remembered.S))); got != remembered {
			t.Fatalf("a slice grown into a remembered class (cap %d) was not remembered", cap(remembered.S))
		}
		if got := p.GetCap(1 << shelfOf(cap(rare.S))); got == rare {
			t.Fatal("a slice grown into a rare class was kept")
		}
	}
}
