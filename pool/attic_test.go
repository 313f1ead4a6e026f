package pool

import (
	"bytes"
	"math"
	"runtime"
	"testing"
	"weak"
)

// calibrated returns a pool calibrated on uses of which one in 100 needs
// large bytes and the rest 100: the limit keeps 128 bytes, and the large
// class, needed by 1% of uses, recurs, so it is remembered.
func calibrated(t *testing.T, large int) *Buffers {
	t.Helper()
	p := new(Buffers)
	small, big := make([]byte, 100), make([]byte, large)
	for i := range 2*DefaultWindow + firstWindow {
		b := p.Get()
		if i%100 == 0 {
			b.Write(big)
		} else {
			b.Write(small)
		}
		p.Put(b)
	}
	if _, limit := p.Limits(); limit != 128 {
		t.Fatalf("limit = %d after uses of 100 bytes and 1%% of %d, want 128", limit, large)
	}
	if k := classFor(large); !p.s.cal.remembers(k) {
		t.Fatalf("class %d (%d bytes) used by 1%% is not remembered (up to class %d)", k, large, p.s.cal.rem.Load())
	}
	// Finish any collection under way, so that none clears the attic while
	// the caller checks what it hands out.
	runtime.GC()
	return p
}

// TestAtticReuses: a buffer above the limit whose size recurs is handed out
// again until the collector runs, and is then gone: the pool never kept it
// alive.
func TestAtticReuses(t *testing.T) {
	const large = 50_000
	p := calibrated(t, large)
	b := p.GetCap(large)
	if b.Cap() < large {
		t.Fatalf("GetCap(%d).Cap() = %d", large, b.Cap())
	}
	p.Put(b)
	if got := p.GetCap(large); got != b {
		t.Fatal("GetCap above the limit did not reuse the remembered buffer")
	}
	p.Put(b)
	p.Put(b) // a second Put of a remembered buffer is ignored
	if x, y := p.GetCap(large), p.GetCap(large); x == y {
		t.Fatal("after a double Put, two GetCaps returned the same remembered buffer")
	}

	w := weak.Make(b)
	p.Put(b)
	b = nil
	runtime.GC()
	if w.Value() != nil {
		t.Fatal("the attic kept a buffer above the limit alive across a GC")
	}
	if got := p.GetCap(large); got.Cap() < large {
		t.Fatalf("GetCap(%d) after the GC: Cap %d", large, got.Cap())
	}
}

// TestGrowSwapsWithPool: a pooled Buffer that outgrows its capacity takes a
// larger buffer from the pool, kept or remembered, and gives its own back,
// so the growth does not allocate.
func TestGrowSwapsWithPool(t *testing.T) {
	if testing.CoverMode() != "" || raceEnabled {
		t.Skip("allocation counts differ under -race and -cover")
	}
	for _, size := range []int{1000, 50_000} { // within the limit; remembered above it
		p := calibrated(t, 50_000)
		data := make([]byte, size)
		op := func() {
			b := p.Get()
			b.WriteString("head ")
			b.Write(data)
			if b.Len() != size+5 || string(b.Bytes()[:5]) != "head " {
				t.Fatalf("after growing: Len %d, starts %q", b.Len(), b.Bytes()[:5])
			}
			p.Put(b)
		}
		op()
		if got := testing.AllocsPerRun(1000, op); got != 0 {
			t.Errorf("size %d: %v allocs per Get+grow+Put, want 0", size, got)
		}
	}
}

// TestGrowWithoutPool: a Buffer made elsewhere grows by allocating, and a
// pooled one whose pool has nothing larger too.
func TestGrowWithoutPool(t *testing.T) {
	var b Buffer
	b.Write(make([]byte, 1000))
	if b.Cap() != 1024 || b.class != 10 {
		t.Fatalf("zero Buffer grown to 1000 bytes: Cap %d class %d, want 1024 and 10", b.Cap(), b.class)
	}
	var p Buffers
	g := p.Get()
	g.Write(make([]byte, 5000))
	if g.Cap() != 8192 || g.Len() != 5000 {
		t.Fatalf("pooled Buffer grown in an empty pool: Len %d Cap %d, want 5000 and 8192", g.Len(), g.Cap())
	}
}

func TestRecurClass(t *testing.T) {
	hist := histOf
	tests := []struct {
		name   string
		counts *[nBuckets]uint64
		limit  int // class
		want   int
	}{
		{"no calls", hist(), 7, 0},
		{"nothing above the limit", hist(100, 1000), 7, 0},
		{"a recurring class above the limit", hist(100, 990, 50_000, 10), 7, 16},
		{"the largest recurring class", hist(100, 9000, 5000, 900, 1<<20, 100), 7, 20},
		{"a rare giant is not remembered", hist(512, 99_990, 64<<20, 10), 9, 0},
		{"one in 4096 is remembered", hist(100, 4095, 1<<20, 1), 7, 20},
		{"one in 4097 is not", hist(100, 4096, 1<<20, 1), 7, 0},
		{"needs beyond the top class cap at it", hist(100, 10, math.MaxInt, 10), 7, topClass},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := recurClass(tt.counts, tt.limit); got != tt.want {
				t.Errorf("recurClass = %d, want %d", got, tt.want)
			}
		})
	}
}

// TestGrowSelfAlias: writing a Buffer's own bytes into it while it grows by
// swapping must copy them before the replaced bytes go back to the pool,
// where another goroutine may take them. Run with -race: two goroutines
// share a pool primed with swap partners, one appending its own contents;
// on one P, so that the other takes what the first gives back.
func TestGrowSelfAlias(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	const n = 4096
	var p Buffers
	for range 4 {
		p.Put(p.make(n))
		p.Put(p.make(2 * n))
	}
	workers(t, 2, func(w int) error {
		mine := bytes.Repeat([]byte{byte(w + 1)}, n)
		for range 2000 {
			b := p.GetCap(n)
			b.Write(mine)
			if w == 0 {
				b.Write(b.Bytes()) // grows: the source is the bytes being replaced
				b.WriteString(string(b.Bytes()[:10]))
			}
			if err := holdsOnly(b, w, byte(w+1)); err != nil {
				return err
			}
			runtime.Gosched()
			p.Put(b)
		}
		return nil
	})
}

// TestReadFromSelfAlias: ReadFrom from a reader over the buffer's own bytes
// reads them intact while it grows.
func TestReadFromSelfAlias(t *testing.T) {
	var p Buffers
	for range 4 {
		p.Put(p.make(1024))
		p.Put(p.make(8192))
	}
	b := p.GetCap(1000)
	want := bytes.Repeat([]byte("0123456789"), 100)
	b.Write(want)
	if _, err := b.ReadFrom(bytes.NewReader(b.Bytes())); err != nil {
		t.Fatal(err)
	}
	if got := b.Bytes(); !bytes.Equal(got[:1000], want) || !bytes.Equal(got[1000:], want) {
		t.Fatalf("ReadFrom of the buffer's own bytes: %d bytes, not the contents twice", len(got))
	}
}

// TestDroppedPutTwice: a buffer the pool drops counts as put, so a second
// Put of it is ignored: not recorded again, and not pooled.
func TestDroppedPutTwice(t *testing.T) {
	p := calibrated(t, 50_000)
	total := func() (n uint64) {
		for i := range p.s.cal.shards {
			for k := range p.s.cal.shards[i].hist {
				n += uint64(p.s.cal.shards[i].hist[k].Load())
			}
		}
		return n
	}
	b := p.GetCap(10 << 20) // above anything remembered: dropped on Put
	p.Put(b)
	after := total()
	p.Put(b)
	if got := total(); got != after {
		t.Fatalf("second Put of a dropped buffer recorded again: histogram %d -> %d", after, got)
	}
	if g := p.GetCap(10 << 20); g == b {
		t.Fatal("a dropped buffer was handed out again")
	}
}

func TestErrorsDoNotAllocate(t *testing.T) {
	var b Buffer
	b.WriteString("abc")
	if got := testing.AllocsPerRun(100, func() { _ = b.Truncate(9) }); got != 0 {
		t.Errorf("Truncate out of range: %v allocs, want 0", got)
	}
}

// TestGrownIsChecked: a Buffer that grows past the limit after Get goes
// back through Put's checks, not onto a shelf: to the attic if its class is
// remembered, else to the collector.
func TestGrownIsChecked(t *testing.T) {
	const large = 50_000
	p := calibrated(t, large)
	runtime.GC() // with calibrated's: shelves above the limit, filled before the first calibration, are empty
	noMoreCalibration(t, p)
	limit := p.s.cal.limitClass()
	// offShelf returns a Buffer that came straight off its shelf, the case
	// whose Put may skip the class check.
	offShelf := func() *Buffer {
		p.Put(p.Get())
		return p.Get()
	}
	// aboveLimit fails the test if a shelf above the limit holds a buffer.
	aboveLimit := func(what string) {
		t.Helper()
		for k := limit + 1; k < nShelves; k++ {
			if v := p.s.shelf[k].Get(); v != nil {
				t.Fatalf("%s to Cap %d went onto shelf %d, above the limit %d", what, v.(*Buffer).Cap(), k, limit)
			}
		}
	}
	// Twenty times, so that a Put recorded for calibration, which takes the
	// slow path anyway, cannot hide a missing check.
	for range 20 {
		remembered, rare := offShelf(), offShelf()
		remembered.Write(make([]byte, large))
		rare.Write(make([]byte, 1<<20))
		p.Put(remembered)
		p.Put(rare)
		aboveLimit("a buffer grown")
		if got := p.GetCap(large); got != remembered {
			t.Fatal("a buffer grown into a remembered class was not remembered")
		}
		if got := p.GetCap(1 << 20); got == rare {
			t.Fatal("a buffer grown into a rare class was kept")
		}

		// The same growth with a donor: the bytes come from a remembered
		// buffer in the attic, and the class with them.
		donor := p.GetCap(large)
		donated := &donor.AvailableBuffer()[:1][0]
		p.Put(donor)
		swapped := offShelf()
		swapped.Write(make([]byte, large))
		if &swapped.Bytes()[0] != donated {
			t.Fatal("a Buffer grown into a remembered class did not take the remembered buffer's bytes")
		}
		p.Put(swapped)
		aboveLimit("a buffer grown with a donor")
		if got := p.GetCap(large); got != swapped {
			t.Fatal("a buffer grown with a donor into a remembered class was not remembered")
		}
	}
}

// noMoreCalibration sets p's Window to the largest there is, so that the
// limits a test calibrated stay put: its own Puts, above the limit and
// always recorded, would otherwise make their class a remembered one if a
// calibration fell among them.
func noMoreCalibration(t *testing.T, p interface{ SetCalibration(Calibration) error }) {
	t.Helper()
	if err := p.SetCalibration(Calibration{Window: 1 << 30}); err != nil {
		t.Fatal(err)
	}
}

// TestLoweredLimit: a Buffer taken straight off its shelf, whose class a
// later calibration puts above the limit, goes back to that shelf on Put
// (the fast half does not check the class), but no Get takes it from there,
// and the collector frees it within two cycles, as the Buffers doc says.
func TestLoweredLimit(t *testing.T) {
	const large = 50_000
	p := new(Buffers)
	big, small := make([]byte, large), make([]byte, 100)
	use := func(data []byte) {
		b := p.Get()
		b.Write(data)
		p.Put(b)
	}
	for range firstWindow + DefaultWindow {
		use(big)
	}
	if def, _ := p.Limits(); def != 1<<classFor(large) {
		t.Fatalf("default capacity %d after uses of %d bytes, want %d", def, large, 1<<classFor(large))
	}
	held := p.Get() // straight off the shelf of class 16
	// -race makes sync.Pool drop a quarter of Puts at random, and a Get that
	// misses returns a new Buffer, marked moved: try again.
	for i := 0; raceEnabled && held.tick&moved != 0 && i < 100; i++ {
		use(big)
		held = p.Get()
	}
	if held.tick&moved != 0 || held.Cap() != 1<<classFor(large) {
		t.Fatalf("Get after uses of %d bytes: Cap %d, moved %v; want Cap %d off its shelf", large, held.Cap(), held.tick&moved != 0, 1<<classFor(large))
	}
	for range 4 * DefaultWindow {
		use(small)
	}
	if _, limit := p.Limits(); limit != 128 {
		t.Fatalf("limit %d after uses of 100 bytes, want 128", limit)
	}
	held.tick = 2 // 2 Puts to go: this Put is not the recorded one, which would check the class
	w := weak.Make(held)
	p.Put(held)
	held = nil
	for range 1000 {
		if b := p.Get(); b.Cap() > 128 {
			t.Fatalf("Get handed out Cap %d above the lowered limit", b.Cap())
		}
		if b := p.GetCap(large); w.Value() == b {
			t.Fatal("GetCap handed out a Buffer put back above the lowered limit")
		}
	}
	runtime.GC()
	runtime.GC()
	if w.Value() != nil {
		t.Fatal("a Buffer put back above the lowered limit survived two collections")
	}
}
