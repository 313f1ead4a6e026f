package pool

import (
	"sync"
	"sync/atomic"
	"weak"
)

// atticSlots is how many buffers of one class the attic remembers.
const atticSlots = 4

// attic remembers holders above the calibrated limit by weak pointer only:
// it never keeps one alive, so the garbage collector frees a remembered
// buffer at its next cycle as if the pool had dropped it, but until then a
// use that needs that size takes it instead of allocating. Above-limit uses
// are rare by construction (at most 1-MaxPercentile of them), so a mutex is
// cheap enough, and an empty attic is skipped without it.
type attic[E any] struct {
	n    atomic.Int32 // slots in use, dead or alive
	mu   sync.Mutex
	room [topClass + 1 - minClass][atticSlots]weak.Pointer[E]
}

// put remembers e, whose capacity is on shelf k (minClass <= k <= topClass).
// When the class is full, the entry in its first slot is forgotten. put
// does not ask whether entries are still alive: Value would make a buffer
// reachable again during a collection's mark phase; get forgets dead ones.
func (a *attic[E]) put(k int, e *E) {
	w := weak.Make(e)
	a.mu.Lock()
	defer a.mu.Unlock()
	slots := &a.room[k-minClass]
	for i := range slots {
		if slots[i] == (weak.Pointer[E]{}) {
			slots[i] = w
			a.n.Add(1)
			return
		}
	}
	copy(slots[:], slots[1:])
	slots[len(slots)-1] = w
}

// get forgets and returns a live holder of a class in [lo, hi], the lowest
// class first, or nil. Dead entries it meets are forgotten too.
func (a *attic[E]) get(lo, hi int) *E {
	if a.n.Load() == 0 {
		return nil
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	for k := max(lo, minClass); k <= min(hi, topClass); k++ {
		slots := &a.room[k-minClass]
		for i := range slots {
			if slots[i] == (weak.Pointer[E]{}) {
				continue
			}
			e := slots[i].Value()
			slots[i] = weak.Pointer[E]{}
			a.n.Add(-1)
			if e != nil {
				return e
			}
		}
	}
	return nil
}
