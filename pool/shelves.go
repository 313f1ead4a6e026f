package pool

import (
	"math/bits"
	"sync"
)

// Holder states: a holder is out (in the caller's hands) or pooled.
const (
	stateOut uint8 = iota
	statePooled
)

// holder is the bookkeeping both Buffer and Slice carry.
type holder struct {
	tick  uint32 // sampling state: a Put is recorded when tick&mask == 0
	state uint8
}

// shelves is what both pool types share: the calibrator and one sync.Pool per
// size class. The sync.Pools hold pointers to holders (*Buffer, *Slice[T]),
// never slice headers, so a Put does not box. What a shelf holds is dropped by
// the garbage collector after two cycles without use, as with any sync.Pool.
type shelves struct {
	cal   calibrator
	shelf [nShelves]sync.Pool
}

// getClass returns the shelf that a Get of at least n elements uses, and
// false if such a Get must bypass the pool: n is above the calibrated limit,
// so the pool would only hand out, and then keep, a buffer it refuses.
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

// shelfOf returns the shelf for a kept capacity c (c >= 1<<minClass).
func shelfOf(c int) int {
	return (bits.Len(uint(c)) - 1) & (nShelves - 1)
}

// sampled reports whether the Put of a holder whose sampling state is tick
// is recorded, and with what weight.
func (s *shelves) sampled(tick uint32) (bool, uint64) {
	m := s.cal.mask.Load()
	return tick&m == 0, uint64(m) + 1
}

// next advances a holder's sampling state: a xorshift generator, so that
// which Puts are sampled does not follow a period of the workload (a
// counter would alias with, say, every tenth use being large). A zero state,
// as in a holder made outside the pool, stays zero, which sends its Put to
// settle, which seeds it.
func next(tick uint32) uint32 {
	tick ^= tick << 13
	tick ^= tick >> 17
	tick ^= tick << 5
	return tick
}

// admit is the fast half of Put for both pool types: it advances the
// holder's sampling state and reports whether a holder of capacity c may be
// pooled with no more ado: it is out, this Put is not sampled, and c is kept.
func (s *shelves) admit(h *holder, c int) bool {
	h.tick = next(h.tick)
	return h.state == stateOut && h.tick&s.cal.mask.Load() != 0 && s.cal.keeps(c)
}

// settle is the slow half of Put: it ignores a holder already pooled,
// records the use that needed n elements, and reports whether a holder of
// capacity c may be pooled. A sampled Put counts for as many uses as one
// sample stands for; a dropped buffer counts once, always, so that sizes the
// pool refuses are still learnt from.
func (s *shelves) settle(h *holder, n, c int) bool {
	if h.state == statePooled {
		return false
	}
	keep := s.cal.keeps(c)
	sampled, weight := s.sampled(h.tick)
	if h.tick == 0 {
		h.tick = s.phase()
	}
	switch {
	case !keep:
		s.cal.record(n, 1)
	case sampled:
		s.cal.record(n, weight)
	}
	return keep
}

// phase returns a non-zero seed for a new holder's sampling state, so that
// holders made together are not sampled on the same Puts.
func (s *shelves) phase() uint32 {
	return s.cal.born.Add(0x9e3779b9) | 1
}
