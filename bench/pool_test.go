package bench

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sync"
	"testing"

	p2p "github.com/libp2p/go-buffer-pool"
	"github.com/valyala/bytebufferpool"

	"github.com/squashgo/squash/pool"
)

// bufferPool is one implementation under test: each op gets a buffer, writes
// data into it and puts it back.
type bufferPool interface {
	op(data []byte)
}

type squashPool struct{ p pool.Buffers }

func (s *squashPool) op(data []byte) {
	b := s.p.Get()
	b.Write(data)
	s.p.Put(b)
}

type bbPool struct{ p bytebufferpool.Pool }

func (s *bbPool) op(data []byte) {
	b := s.p.Get()
	b.Write(data)
	s.p.Put(b)
}

// syncPool is the hand-written sync.Pool of *[]byte that the articles show:
// pointers, not slice headers, so Put does not box.
type syncPool struct{ p sync.Pool }

func newSyncPool() *syncPool {
	s := &syncPool{}
	s.p.New = func() any {
		b := make([]byte, 0, 64)
		return &b
	}
	return s
}

func (s *syncPool) op(data []byte) {
	bp := s.p.Get().(*[]byte)
	*bp = append((*bp)[:0], data...)
	s.p.Put(bp)
}

// wrappedPool is syncPool behind Get and Put methods that do nothing else
// and are not inlined into the caller, as bytebufferpool's are not (noinline
// says so here, where the bodies would be small enough to inline): the cost
// of those two calls alone. squash's Get and Put are inlined (see the
// pool package's get), so it does not pay them: in BenchmarkPoolFloor its
// bookkeeping costs about what they do (0.94–1.05x wrapped over three runs).
type wrappedPool struct{ p sync.Pool }

//go:noinline
func (w *wrappedPool) Get() *[]byte {
	if v := w.p.Get(); v != nil {
		return v.(*[]byte)
	}
	b := make([]byte, 0, 64)
	return &b
}

//go:noinline
func (w *wrappedPool) Put(b *[]byte) {
	*b = (*b)[:0]
	w.p.Put(b)
}

func (w *wrappedPool) op(data []byte) {
	b := w.Get()
	*b = append(*b, data...)
	w.Put(b)
}

// libp2pPool must be told the length up front: its API has no growable
// buffer, so it gets the size as a hint that the others do not.
type libp2pPool struct{ p p2p.BufferPool }

func (s *libp2pPool) op(data []byte) {
	b := s.p.Get(len(data))
	copy(b, data)
	s.p.Put(b)
}

// poolImpl is one implementation under test, by its impl= name.
type poolImpl struct {
	name string
	make func() bufferPool
}

var poolImpls = []poolImpl{
	{"squash", func() bufferPool { return new(squashPool) }},
	{"bytebufferpool", func() bufferPool { return new(bbPool) }},
	{"syncpool", func() bufferPool { return newSyncPool() }},
	{"libp2p", func() bufferPool { return new(libp2pPool) }},
}

// poolSize is one buffer size under test, by its size= name.
type poolSize struct {
	name string
	n    int
}

var poolSizes = []poolSize{{"64", 64}, {"4KiB", 4 << 10}, {"64KiB", 64 << 10}}

// warmOps is how many ops run before timing, so every pool holds warm
// buffers; mixedWarmOps is enough for every pool to have calibrated on the
// mixed sizes (bytebufferpool calibrates after 42000 Puts of one class).
const (
	warmOps      = 5_000
	mixedWarmOps = 100_000
)

func BenchmarkPool(b *testing.B) { benchImpls(b, poolImpls, poolSizes, true, serialOps) }

func BenchmarkPoolParallel(b *testing.B) { benchImpls(b, poolImpls, poolSizes, true, parallelOps) }

// serialOps and parallelOps are the two ways the benchmarks run p's ops: on
// one goroutine, and on one per P.
func serialOps(b *testing.B, p bufferPool, data []byte) {
	for b.Loop() {
		p.op(data)
	}
}

func parallelOps(b *testing.B, p bufferPool, data []byte) {
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			p.op(data)
		}
	})
}

// benchImpls runs loop for every size and implementation, as sub-benchmark
// size=SIZE/impl=NAME, on a pool warmed up with warmOps ops of that size;
// throughput reports bytes written per second too.
func benchImpls(b *testing.B, impls []poolImpl, sizes []poolSize, throughput bool, loop func(b *testing.B, p bufferPool, data []byte)) {
	for _, size := range sizes {
		data := make([]byte, size.n)
		for _, impl := range impls {
			p := impl.make()
			for range warmOps {
				p.op(data)
			}
			b.Run(fmt.Sprintf("size=%s/impl=%s", size.name, impl.name), func(b *testing.B) {
				b.ReportAllocs()
				if throughput {
					b.SetBytes(int64(size.n))
				}
				loop(b, p, data)
			})
		}
	}
}

// mixedSizes is a fixed, seeded, skewed draw of sizes from 64 B to 1 MiB: a
// bounded Pareto distribution with shape 1, the textbook heavy tail of
// message sizes. Half the uses need at most 128 B, nine in ten at most 640 B,
// and one in a hundred more than 6 KiB.
var mixedSizes = func() []int {
	const lo, hi, alpha = 64.0, 1 << 20, 1.0
	r := rand.New(rand.NewPCG(1, 2))
	sizes := make([]int, 1<<14)
	for i := range sizes {
		u := r.Float64()
		// Inverse CDF of the Pareto distribution bounded to [lo, hi].
		x := lo / math.Pow(1-u*(1-math.Pow(lo/hi, alpha)), 1/alpha)
		sizes[i] = int(x)
	}
	return sizes
}()

func BenchmarkPoolMixed(b *testing.B) {
	data := make([]byte, 1<<20)
	for _, impl := range poolImpls {
		p := impl.make()
		for i := range mixedWarmOps {
			p.op(data[:mixedSizes[i%len(mixedSizes)]])
		}
		b.Run("impl="+impl.name, func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				p.op(data[:mixedSizes[i%len(mixedSizes)]])
				i++
			}
		})
	}
}

// copyOnly is the floor under every pool: each op writes data into a
// buffer the goroutine keeps, with no pool at all. A pool whose op writes
// the same bytes cannot take less; at 4 and 64 KiB the copy is most of
// every pool's time. It is not safe for concurrent use:
// BenchmarkPoolFloorParallel gives each goroutine its own, from newCopyOnly.
type copyOnly struct{ b []byte }

func (c *copyOnly) op(data []byte) { c.b = append(c.b[:0], data...) }

// newCopyOnly returns a copyOnly with room for n bytes, as a bufferPool on
// the heap, so that a goroutine's ops call it through the interface and
// write its slice with the write barrier's check, as every pool's ops do:
// noinline keeps the compiler from seeing the concrete type and calling, or
// inlining, op directly.
//
//go:noinline
func newCopyOnly(n int) bufferPool { return &copyOnly{b: make([]byte, 0, n)} }

// floorImpls are BenchmarkPoolFloor's and BenchmarkPoolFloorParallel's:
// squash, bytebufferpool and syncpool next to three floors. wrapped is a
// sync.Pool behind two methods that are not inlined: the cost of the two
// calls a pool with its own Get and Put pays over a bare sync.Pool unless
// they are inlined, before any bookkeeping. pinned keeps one buffer per P in
// front of its sync.Pool: how far below a bare sync.Pool a pool could get by
// going around it. percpu and stack do the same without the runtime's
// internals, by atomic slots (slottedPool; percpu only where the CPU has
// RDPID). copy is copyOnly, the op without a pool.
var floorImpls = append(append(poolImpls[:3:3], []poolImpl{
	{"wrapped", func() bufferPool { return new(wrappedPool) }},
	{"pinned", func() bufferPool { return new(pinnedPool) }},
}...), append(slottedImpls[:len(slottedImpls):len(slottedImpls)],
	poolImpl{"copy", func() bufferPool { return new(copyOnly) }})...)

// BenchmarkPoolFloor puts BenchmarkPool's serial cases next to the floors
// of floorImpls.
func BenchmarkPoolFloor(b *testing.B) { benchImpls(b, floorImpls, poolSizes, false, serialOps) }

// BenchmarkPoolFloorParallel is BenchmarkPoolFloor on every P, as
// BenchmarkPoolParallel, but for two floors: copy, which is not safe for
// concurrent use, runs one copyOnly per goroutine (not the one benchImpls
// warmed up), and pinned is skipped under the race detector.
func BenchmarkPoolFloorParallel(b *testing.B) {
	benchImpls(b, floorImpls, poolSizes, false, func(b *testing.B, p bufferPool, data []byte) {
		switch p.(type) {
		case *pinnedPool:
			if raceEnabled {
				b.Skip("pinned's slots are ordered by pinning, which the race detector does not see")
			}
		case *copyOnly:
			b.RunParallel(func(pb *testing.PB) {
				c := newCopyOnly(len(data))
				for pb.Next() {
					c.op(data)
				}
			})
			return
		}
		parallelOps(b, p, data)
	})
}

// slicePool is BenchmarkPoolSlice's bufferPool: each op gets a slice,
// appends data to it and puts it back.
type slicePool interface {
	op(data []uint64)
}

type squashSlices struct{ p pool.Pool[uint64] }

func (s *squashSlices) op(data []uint64) {
	sl := s.p.Get()
	sl.S = append(sl.S, data...)
	s.p.Put(sl)
}

// syncSlices is syncpool for []uint64.
type syncSlices struct{ p sync.Pool }

func (s *syncSlices) op(data []uint64) {
	sp, _ := s.p.Get().(*[]uint64)
	if sp == nil {
		sp = new([]uint64)
	}
	*sp = append((*sp)[:0], data...)
	s.p.Put(sp)
}

// BenchmarkPoolSlice measures pool.Pool[T], the generic pool, against
// syncpool's hand-written sync.Pool for []uint64, on pools warmed up as in
// BenchmarkPool: each op gets a slice, appends n uint64s and puts it back.
func BenchmarkPoolSlice(b *testing.B) {
	impls := []struct {
		name string
		make func() slicePool
	}{
		{"squash", func() slicePool { return new(squashSlices) }},
		{"syncpool", func() slicePool { return new(syncSlices) }},
	}
	for _, n := range []int{64, 4096} {
		data := make([]uint64, n)
		for _, impl := range impls {
			p := impl.make()
			for range warmOps {
				p.op(data)
			}
			b.Run(fmt.Sprintf("type=uint64/n=%d/impl=%s", n, impl.name), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					p.op(data)
				}
			})
		}
	}
}
