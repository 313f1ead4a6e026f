package bench

import (
	"sync"
	_ "unsafe" // for go:linkname
)

// procPin turns preemption off, keeping the calling goroutine on its P, and
// returns the P's id; procUnpin undoes it. sync.Pool uses them inside. They
// stay linkable only because widely used packages already reach for them,
// and new code is asked not to (golang/go#67401).
//
//go:linkname procPin runtime.procPin
func procPin() int

//go:linkname procUnpin runtime.procUnpin
func procUnpin()

// pinnedPool measures what a pool could save by not going through sync.Pool:
// one buffer per P, in a slot of its own that the goroutine reaches by
// pinning itself to its P with procPin, as sync.Pool does inside, in front of
// a sync.Pool for the rest. It is a floor, not a design squash uses: it
// links to runtime internals; the race detector cannot see that pinning
// orders the slots' accesses, so the parallel benchmark skips it under
// -race; and the slots keep their buffers across collections.
type pinnedPool struct {
	_     [128]byte // every P's nil checks of the pool read its first line: no slot may share it (without this pad, the parallel case ran 2–10x slower than syncpool)
	slots [256]pinnedSlot
	p     sync.Pool
}

// pinnedSlot is one P's buffer, 128 bytes from the next P's, as sync.Pool
// spaces its per-P shares (a 64-byte stride measured the same on the
// machine of bench/results).
type pinnedSlot struct {
	b *[]byte
	_ [120]byte
}

func (q *pinnedPool) op(data []byte) {
	b := q.get()
	*b = append((*b)[:0], data...)
	q.put(b)
}

func (q *pinnedPool) get() *[]byte {
	if pid := procPin(); pid < len(q.slots) {
		s := &q.slots[pid]
		b := s.b
		s.b = nil
		procUnpin()
		if b != nil {
			return b
		}
	} else {
		procUnpin()
	}
	if b, _ := q.p.Get().(*[]byte); b != nil {
		return b
	}
	b := make([]byte, 0, 64)
	return &b
}

func (q *pinnedPool) put(b *[]byte) {
	if pid := procPin(); pid < len(q.slots) && q.slots[pid].b == nil {
		q.slots[pid].b = b
		procUnpin()
		return
	}
	procUnpin()
	q.p.Put(b)
}
