package pool

import (
	"bytes"
	"fmt"
	"runtime"
	"strconv"
	"sync"
	"testing"
)

func TestGetCapNeverLess(t *testing.T) {
	var p Buffers
	for _, n := range []int{-1, 0, 1, 63, 64, 65, 1000, 4096, 4097, 1 << 20, 3<<20 + 7} {
		t.Run(strconv.Itoa(n), func(t *testing.T) {
			for range 3 { // fresh, then reused
				b := p.GetCap(n)
				if b.Cap() < n || b.Len() != 0 {
					t.Fatalf("GetCap(%d): Len %d Cap %d, want Len 0 and Cap >= %d", n, b.Len(), b.Cap(), n)
				}
				b.Write(make([]byte, max(n, 0)))
				p.Put(b)
			}
		})
	}
}

// TestPutMisuse covers the Puts the doc comments promise to survive.
func TestPutMisuse(t *testing.T) {
	tests := []struct {
		name string
		run  func(t *testing.T, p *Buffers)
	}{
		{"nil is ignored", func(t *testing.T, p *Buffers) {
			p.Put(nil)
			Put(nil)
		}},
		{"double Put hands the buffer out once", func(t *testing.T, p *Buffers) {
			b := p.GetCap(1024)
			p.Put(b)
			p.Put(b)
			x, y := p.GetCap(1024), p.GetCap(1024)
			if x == y {
				t.Fatal("after a double Put, two Gets returned the same *Buffer")
			}
		}},
		{"double Put of a written buffer", func(t *testing.T, p *Buffers) {
			b := p.Get()
			b.WriteString("hello")
			p.Put(b)
			p.Put(b)
			if b.Len() != 0 {
				t.Fatalf("Len after Put = %d, want 0", b.Len())
			}
		}},
		{"zero Buffer is adopted", func(t *testing.T, p *Buffers) {
			var b Buffer
			b.Write(make([]byte, 5000))
			p.Put(&b)
			if got := p.GetCap(4096); got != &b && !raceEnabled { // -race makes sync.Pool drop Puts at random
				t.Fatalf("GetCap after Put of an adopted buffer returned another one")
			}
		}},
		{"empty zero Buffer is dropped", func(t *testing.T, p *Buffers) {
			b := new(Buffer)
			p.Put(b)
			if got := p.Get(); got == b || got.Cap() < 64 {
				t.Fatalf("Get returned the capacity-0 buffer (Cap %d)", got.Cap())
			}
		}},
		{"buffer from another pool is adopted", func(t *testing.T, p *Buffers) {
			var other Buffers
			b := other.GetCap(8192)
			p.Put(b)
			if got := p.GetCap(8192); got != b && !raceEnabled {
				t.Fatal("GetCap did not reuse the buffer put from another pool")
			}
		}},
		{"Put after Put from another pool", func(t *testing.T, p *Buffers) {
			var other Buffers
			b := other.GetCap(100)
			other.Put(b)
			p.Put(b) // already pooled elsewhere: ignored
			if got := p.GetCap(100); got == b {
				t.Fatal("a buffer pooled in another pool was handed out here too")
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var p Buffers
			tt.run(t, &p)
		})
	}
}

func TestGetAfterPutIsEmpty(t *testing.T) {
	var p Buffers
	b := p.Get()
	b.WriteString("left over")
	b.Reset()
	b.WriteString("more")
	p.Put(b)
	g := p.Get()
	if g.Len() != 0 || len(g.Bytes()) != 0 {
		t.Fatalf("Get returned %q, want an empty buffer", g.Bytes())
	}
}

// TestConcurrent is for -race: many goroutines Get, write, Put, and
// check that nobody else wrote into their buffer meanwhile.
func TestConcurrent(t *testing.T) {
	var p Buffers
	if err := p.SetCalibration(Calibration{Window: 16 * sampleEvery}); err != nil {
		t.Fatal(err)
	}
	workers(t, 4*runtime.GOMAXPROCS(0), func(w int) error {
		mine := bytes.Repeat([]byte{byte(w)}, 9000)
		for i := range 2000 {
			n := 1 + (i*7919+w*104729)%9000
			var b *Buffer
			if i%3 == 0 {
				b = p.GetCap(n)
			} else {
				b = p.Get()
			}
			b.WriteByte(byte(w))
			b.Write(mine[:n-1])
			if err := holdsOnly(b, w, byte(w)); err != nil {
				return err
			}
			p.Put(b) // not twice: another goroutine may already hold b
		}
		return nil
	})
}

// workers runs work(0) … work(n-1) on n goroutines and fails t with the
// errors they return.
func workers(t *testing.T, n int, work func(w int) error) {
	t.Helper()
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for w := range n {
		wg.Go(func() {
			if err := work(w); err != nil {
				errs <- err
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
}

// holdsOnly says which foreign byte worker w found in its buffer b, which
// must hold only c.
func holdsOnly(b *Buffer, w int, c byte) error {
	for _, x := range b.Bytes() {
		if x != c {
			return fmt.Errorf("worker %d found byte %d from another worker", w, x)
		}
	}
	return nil
}

// TestConcurrentTail is TestConcurrent with a tail above the limit, so that
// growing buffers swap with kept and remembered ones across goroutines.
func TestConcurrentTail(t *testing.T) {
	p := calibrated(t, 60_000)
	workers(t, 4*runtime.GOMAXPROCS(0), func(w int) error {
		mine := bytes.Repeat([]byte{byte(w)}, 60_000)
		for i := range 3000 {
			n := 1 + (i*7919+w*104729)%100
			if i%50 == 0 {
				n = 60_000 - i
			}
			b := p.Get()
			for len(mine[:n]) > 0 { // in pieces, so some growth copies data
				c := min(n, 1000)
				b.Write(mine[:c])
				n -= c
			}
			if err := holdsOnly(b, w, byte(w)); err != nil {
				return err
			}
			p.Put(b)
		}
		return nil
	})
}

func TestSteadyStateAllocs(t *testing.T) {
	if testing.CoverMode() != "" || raceEnabled {
		t.Skip("allocation counts differ under -race and -cover")
	}
	for _, n := range []int{64, 4096, 65536} {
		var p Buffers
		data := make([]byte, n)
		op := func() {
			b := p.Get()
			b.Write(data)
			p.Put(b)
		}
		for range 2 * firstWindow {
			op()
		}
		if got := testing.AllocsPerRun(10000, op); got != 0 {
			t.Errorf("size %d: %v allocs per Get+Write+Put, want 0", n, got)
		}
	}
}
