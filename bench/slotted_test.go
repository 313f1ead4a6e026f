package bench

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"unsafe"
)

// slottedPool measures what a pool could save by going around sync.Pool
// without the runtime's internals (pinned's procPin): a slot for each key in
// front of a sync.Pool, which a Get empties with an atomic Swap and a Put
// fills with a CompareAndSwap, so that a slot two threads reach at once is
// safe, only slower. The key picks the slot: the CPU the thread runs on
// (impl=percpu, by the RDPID instruction, which only amd64 Linux is known
// here to support), or the goroutine, by the address of its stack
// (impl=stack). Neither is a design squash uses: see bench/results/pool.txt
// for what each costs, and BenchmarkPoolGoroutines for where keying by
// goroutine goes wrong. Under the race detector both are ordinary atomics.
type slottedPool struct {
	_       [128]byte // every P's reads of the pool's first line: no slot may share it (see pinnedPool)
	slots   [64]slottedSlot
	p       sync.Pool
	byStack bool
}

// slottedSlot is one key's buffer, 128 bytes from the next key's, as
// pinnedSlot.
type slottedSlot struct {
	b atomic.Pointer[[]byte]
	_ [120]byte
}

// slot returns the slot of the calling thread's CPU, or of its goroutine.
func (q *slottedPool) slot() *slottedSlot {
	if q.byStack {
		return &q.slots[stackKey()&63]
	}
	return &q.slots[rdpid()&63]
}

// stackKey hashes the address of the calling goroutine's stack: the same
// for every call from one goroutine at one depth, and, as goroutine stacks
// are at least 2 KiB apart, different (but for the hash's collisions) from
// other goroutines'.
//
//go:noinline
func stackKey() int {
	var x byte
	return int(uint64(uintptr(unsafe.Pointer(&x))>>10) * 0x9E3779B97F4A7C15 >> 58)
}

func (q *slottedPool) op(data []byte) {
	b := q.slot().b.Swap(nil)
	if b == nil {
		b, _ = q.p.Get().(*[]byte)
		if b == nil {
			b = new([]byte)
		}
	}
	*b = append((*b)[:0], data...)
	if s := q.slot(); s.b.Load() == nil && s.b.CompareAndSwap(nil, b) {
		return
	}
	q.p.Put(b)
}

// goroutinesPerP is BenchmarkPoolGoroutines' parallelism: goroutines for
// each P, as a server has many more goroutines than CPUs.
const goroutinesPerP = 64

// BenchmarkPoolGoroutines is BenchmarkPoolParallel with many goroutines a P
// that each yield after every op, as a server's handlers block between
// requests: consecutive uses of a pool on one CPU come from different
// goroutines, and a goroutine's next use may come on another CPU. The
// scheduler's switch is most of each op's time; what differs is the pool's
// share. A pool whose slots follow the goroutine (impl=stack) moves their
// cache lines between CPUs on almost every use; sync.Pool's per-P shares,
// and percpu's, stay with their CPU. 64 KiB is left out: there the copy
// hides every pool's cost, as in BenchmarkPool.
func BenchmarkPoolGoroutines(b *testing.B) {
	impls := append(poolImpls[:len(poolImpls):len(poolImpls)], slottedImpls...)
	for _, size := range poolSizes[:2] {
		data := make([]byte, size.n)
		for _, impl := range impls {
			p := impl.make()
			for range warmOps {
				p.op(data)
			}
			b.Run(fmt.Sprintf("size=%s/g=%d/impl=%s", size.name, goroutinesPerP, impl.name), func(b *testing.B) {
				b.ReportAllocs()
				b.SetParallelism(goroutinesPerP)
				b.RunParallel(func(pb *testing.PB) {
					for pb.Next() {
						p.op(data)
						runtime.Gosched()
					}
				})
			})
		}
	}
}

// slottedImpls are the slotted floors: percpu only where the CPU has
// RDPID (amd64 Linux on a CPU that has it; elsewhere the instruction would
// fault, in the warm-up before any sub-benchmark could skip), stack
// everywhere.
var slottedImpls = func() []poolImpl {
	impls := []poolImpl{{"stack", func() bufferPool { return &slottedPool{byStack: true} }}}
	if hasRDPID {
		impls = append([]poolImpl{{"percpu", func() bufferPool { return new(slottedPool) }}}, impls...)
	}
	return impls
}()
