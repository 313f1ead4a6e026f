package pool

import (
	"runtime"
	"testing"
	"weak"
)

// TestGiantsAreNotKept: a burst of 10 giant (64 MiB) uses among 100,000
// ordinary ones. After calibration the pool must not hand a giant out, must
// refuse one put back, and must hold none once the collector has run.
func TestGiantsAreNotKept(t *testing.T) {
	const (
		giant    = 64 << 20
		ordinary = 100_000
	)
	var p Buffers
	giants := map[weak.Pointer[Buffer]]bool{} // weak: the test must not keep them alive
	data := make([]byte, 4096)
	// Positions of the giants: one before the first calibration, the rest
	// spread over the run.
	at := map[int]bool{500: true}
	for i := 1; i < 10; i++ {
		at[i*ordinary/10+7] = true
	}
	for i := range ordinary {
		if at[i] {
			b := p.Get()
			b.Grow(giant)
			b.WriteByte(1)
			giants[weak.Make(b)] = true
			p.Put(b)
		}
		b := p.Get()
		b.Write(data[:1+(i*7919)%len(data)])
		p.Put(b)
	}
	def, limit := p.Limits()
	if limit == 0 || limit >= giant || def > limit {
		t.Fatalf("Limits() = (%d, %d) after calibration, want a limit below %d", def, limit, giant)
	}

	// What the pool hands out now.
	var out []*Buffer
	for range 200 {
		out = append(out, p.Get(), p.GetCap(4096), p.GetCap(limit))
	}
	g := p.GetCap(giant)
	for _, b := range append(out, g) {
		if giants[weak.Make(b)] || (b != g && b.Cap() >= giant) {
			t.Fatalf("the pool handed out a giant buffer (Cap %d) after calibration", b.Cap())
		}
		if b != g && b.Cap() > limit {
			t.Fatalf("Get handed out Cap %d, above the limit %d", b.Cap(), limit)
		}
	}
	// A giant put back after calibration is refused.
	p.Put(g)
	if again := p.GetCap(giant); again == g {
		t.Fatal("Put kept a giant buffer above the calibrated limit")
	}
	out, g = nil, nil

	// Nothing the pool holds may keep a giant alive: after two collections
	// (sync.Pool's victim cache needs two) the heap is far below one giant.
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	if m.HeapInuse >= giant/2 {
		t.Fatalf("heap in use after two GCs = %d MiB, want well below one %d MiB giant", m.HeapInuse>>20, giant>>20)
	}
	for w := range giants {
		if w.Value() != nil {
			t.Fatal("a giant buffer is still alive after two GCs")
		}
	}
	for k := p.s.cal.limitClass() + 1; k < nShelves; k++ {
		if v := p.s.shelf[k].Get(); v != nil {
			t.Fatalf("shelf %d above the limit still holds a buffer (Cap %d) after two GCs", k, v.(*Buffer).Cap())
		}
	}
	runtime.KeepAlive(out)
}
