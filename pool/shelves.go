package pool

import (
	"math/bits"
	"sync"
	"unsafe"
)

// holder is the bookkeeping both Buffer and Slice carry. Its state is one
// word, so that the fast half of Put tests it with one comparison.
type holder struct {
	tick  uint32 // flags pooled and moved, and Puts until the next recorded one (0: not seeded yet)
	class uint8  // the shelf it came from, or goes to; Put checks a Slice's S still fits it
	shard uint8  // the histogram shard its recorded Puts go to: that of the P it was made on
	rate  uint8  // log2 of the weight of its next recorded Put (see calibrator.seed)
}

// lineFill is the size of a Buffer and of a Slice: 64 bytes, the cache
// line of amd64 and most other CPUs. A holder in use is written on every
// use: its slice's length by each write, tick on Get and Put, peak on Put;
// and holders pass between Ps through the shelves. A holder the pool makes
// is allocated in the 64-byte size class and so starts a line of its own, so
// two of them in use on different Ps do not share a line; at 48 bytes, two
// could, and each write to either would take the line from the other's
// core. With the padding, BenchmarkPoolParallel's slow samples went from 12
// in 60 to none (bench/results/pool.txt). Holders made elsewhere (in a
// slice, or inside another struct) and adopted by Put keep the alignment
// they were given, and CPUs with 128-byte lines (arm64, ppc64) still pair
// two holders on a line.
const lineFill = 64

// wordSize is the size of a pointer or an int, for the padding to lineFill.
const wordSize = unsafe.Sizeof(uintptr(0))

// The flags of holder.tick; the bits below them count down.
const (
	pooled = 1 << 31 // on a shelf or in the attic, or dropped: not in a caller's hands
	moved  = 1 << 30 // Put must take its slow half: it did not come straight off its shelf, or it is a Slice that Put clears
)

// out reports whether h is in a caller's hands.
func (h *holder) out() bool { return h.tick&pooled == 0 }

// admits is the test of the fast half of Put for both pool types: it
// reports whether h may be pooled with no more ado, as it is out, not moved,
// and this Put is not the one recorded for calibration; the caller then
// calls pool. A holder that is not moved came off the shelf of its class; a
// Slice's caller also checks that S still has that class's capacity, as the
// user may have grown it (a Buffer that grows is marked moved). A method
// that tested and counted in one would return a bool that the inlined code
// tests again.
func (h *holder) admits() bool { return h.tick-2 < moved-2 } // out, not moved, and at least 2 Puts to go

// pool counts a Put that admits allowed and marks h pooled.
func (h *holder) pool() { h.tick += pooled - 1 }

// shelves is what both pool types share: the calibrator and one sync.Pool per
// size class. The sync.Pools hold pointers to holders (*Buffer, *Slice[T]),
// never slice headers, so a Put does not box. What a shelf holds is dropped by
// the garbage collector after two cycles without use, as with any sync.Pool.
type shelves struct {
	cal   calibrator
	shelf [nShelves]sync.Pool
}

// getClass returns the shelf that a Get of at least n elements uses, and
// false if that shelf is above the calibrated limit, so the pool's shelves
// cannot serve it.
func (s *shelves) getClass(n int) (int, bool) {
	if n <= 0 {
		return s.cal.defaultClass(), true
	}
	k := classFor(n)
	return k, k <= s.cal.limitClass()
}

// search looks for a holder on the few shelves above k, up to the limit
// class; it runs after a miss on shelf k, before allocating.
func (s *shelves) search(k int) any {
	top := min(k+maxProbes, s.cal.limitClass())
	for j := k + 1; j <= top; j++ {
		if v := s.shelf[j].Get(); v != nil {
			return v
		}
	}
	return nil
}

// find returns a pooled holder for a use of class k, taken out of the pool,
// or nil: from shelf k or the few above it if k is kept, from the attic if k
// is remembered. Buffer's growth uses it.
func find[E any](s *shelves, a *attic[E], k int) *E {
	if k <= s.cal.limitClass() {
		if e, _ := s.shelf[k&(nShelves-1)].Get().(*E); e != nil {
			return e
		}
	}
	return findAbove(s, a, k)
}

// findAbove is find for a use whose shelf k, if kept, was just found empty:
// both pool types serve their misses with it. An empty sync.Pool is not
// cheap to ask twice: its Get then looks at every other P's share.
func findAbove[E any](s *shelves, a *attic[E], k int) *E {
	if k <= s.cal.limitClass() {
		e, _ := s.search(k).(*E)
		return e
	}
	if s.cal.remembers(k) {
		return a.get(k, k+maxProbes)
	}
	return nil
}

// newCap returns the capacity of a new buffer for a use of class k that
// needed n elements: the whole class if the pool keeps or remembers it, so
// that it can be reused, else exactly n.
func (s *shelves) newCap(k, n int) int {
	if k <= s.cal.limitClass() || s.cal.remembers(k) {
		return 1 << k
	}
	return n
}

// shelfOf returns the shelf for a kept capacity c: floor(log2 c), so that
// every buffer on shelf k holds at least 1<<k elements. Capacities below the
// smallest class land on shelves the pool never keeps (below minClass, or 63
// for 0).
func shelfOf(c int) int {
	return (bits.Len(uint(c)) - 1) & (nShelves - 1)
}

// What the slow half of Put does with a holder.
const (
	ignore   = iota // it is already pooled: leave it alone
	drop            // leave it to the garbage collector
	keep            // put it on its shelf
	remember        // above the limit: keep only a weak pointer, in the attic
)

// settle is the slow half of Put: it decides what becomes of a holder whose
// capacity is on shelf k and records the use, which needed n elements. A
// kept holder's Put is recorded when its countdown runs out, with the weight
// one sample stands for; a Put that reaches settle above the limit is
// recorded always, with weight 1, so that sizes the pool does not keep are
// still learnt from exactly. A dropped holder is marked pooled, so that a second Put of it is
// ignored too.
func (s *shelves) settle(h *holder, n, k int) int {
	if !h.out() {
		return ignore
	}
	v := s.verdict(k)
	left := h.tick &^ moved
	h.tick = left
	switch {
	case v != keep:
		s.cal.record(h.shard, n, 1)
	case left <= 1:
		s.cal.record(h.shard, n, 1<<h.rate)
		s.cal.seed(h)
	default:
		h.tick--
	}
	if v == drop {
		h.tick |= pooled
	}
	return v
}

// verdict returns what becomes of a holder on shelf k: keep, remember or
// drop.
func (s *shelves) verdict(k int) int {
	switch {
	case s.cal.keepsClass(k):
		return keep
	case s.cal.remembers(k):
		return remember
	}
	return drop
}
