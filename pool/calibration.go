package pool

import (
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"sync"
	"sync/atomic"
)

// Size classes are powers of two counted in elements: a buffer with capacity
// c is kept on shelf floor(log2 c), so every buffer on shelf k holds at least
// 1<<k elements and a Get that needs n elements looks at shelf ceil(log2 n).
const (
	minClass  = 6                        // smallest capacity handed out: 64 elements
	topClass  = min(32, bits.UintSize-2) // largest capacity kept: 1<<32 elements (1<<30 where an int has 32 bits)
	nShelves  = 64                       // shelf array length; a power of two so k&(nShelves-1) needs no bounds check
	nBuckets  = topClass + 2
	maxProbes = 4 // shelves above the wanted one that a miss looks at before allocating
)

// sampleEvery is how often a buffer's Put is recorded for calibration once
// the pool is calibrated: each holder counts down a random number of Puts,
// uniform in [1, 2*sampleEvery-1], and its Put at zero is recorded with
// weight sampleEvery, so the histogram stays unbiased while its counters
// are touched rarely; the histogram is also sharded (see calibrator), so
// that cores recording at once do not bounce one cache line between them. The
// distances are random so that sampling cannot follow a period of the
// workload (a fixed count would alias with, say, every tenth use being
// large). Until the first calibration every Put is recorded, and the first
// calibration comes after firstWindow Puts, so a new pool learns its sizes
// quickly. A recorded Put costs about 40 ns, so sampling adds about 0.65 ns
// to each Get and Put of a 64-byte Buffer (bench/results/pool.txt); one in
// 256 would save most of that but, for the same samples per Window, would
// calibrate four times less often.
const (
	sampleEvery = 64
	firstWindow = 1 << 10
)

// recurShare is the smallest share of uses for which size classes above the
// calibrated maximum are still remembered, by weak pointer, in the attic:
// the classes up to the largest one such that one use in 4096 or more needs
// it or more come back often enough to be worth reusing before the collector
// takes them. Rarer sizes, such as a burst of giants, are dropped outright.
const recurShare = 1.0 / 4096

// Default calibration settings.
//
// BenchmarkPercentile measures the choice of DefaultPercentile on a Pareto
// and a log-normal size mix. With buffers reused, raising the percentile from
// 0.5 to 0.9 cuts the time of a use by a quarter, as fewer uses grow; on fresh
// buffers (after a collection emptied the pool), raising it from 0.9 to 0.99
// multiplies the bytes each use allocates by 2 to 4, as every small use gets
// a large buffer. 0.9 sits between the two; 0.95 measured about the same
// (faster with reuse on the Pareto mix, a fifth more bytes fresh).
const (
	DefaultPercentile    = 0.9     // share of Gets that should need no growth
	DefaultMaxPercentile = 0.95    // share of buffers kept; larger ones are not kept on Put
	DefaultWindow        = 1 << 14 // Puts between two calibrations
)

// Calibration sets how a pool chooses its default capacity and the largest
// capacity it keeps. The zero value means the defaults.
type Calibration struct {
	// Percentile is the share of uses whose size the default capacity
	// covers: Get returns buffers large enough for that share of uses
	// without growing. 0 means DefaultPercentile.
	Percentile float64
	// MaxPercentile is the share of uses whose buffers are kept: a buffer
	// larger than that share needed is not kept on Put, only remembered by
	// weak pointer if its size recurs (see Buffers), so the garbage
	// collector frees it. 0 means DefaultMaxPercentile.
	MaxPercentile float64
	// Window is the number of Puts between calibrations, give or take: a
	// calibration may come up to about a quarter of a Window late, as the
	// histogram's shards report their counts in chunks (only the first
	// calibration, after 1024 Puts, is exact). 0 means DefaultWindow.
	Window int
}

// withDefaults returns c with zero fields replaced by the defaults.
func (c Calibration) withDefaults() Calibration {
	if c.Percentile == 0 {
		c.Percentile = DefaultPercentile
	}
	if c.MaxPercentile == 0 {
		c.MaxPercentile = DefaultMaxPercentile
	}
	if c.Window == 0 {
		c.Window = DefaultWindow
	}
	return c
}

// validate says what is wrong with c, after defaults are applied.
func (c Calibration) validate() error {
	d := c.withDefaults()
	switch {
	case math.IsNaN(d.Percentile) || d.Percentile <= 0 || d.Percentile > 1:
		return fmt.Errorf("pool: Percentile %v is outside (0, 1]: use a share such as %v", c.Percentile, DefaultPercentile)
	case math.IsNaN(d.MaxPercentile) || d.MaxPercentile <= 0 || d.MaxPercentile > 1:
		return fmt.Errorf("pool: MaxPercentile %v is outside (0, 1]: use a share such as %v", c.MaxPercentile, DefaultMaxPercentile)
	case d.MaxPercentile < d.Percentile:
		return fmt.Errorf("pool: MaxPercentile %v is below Percentile %v: buffers of the default size would be dropped; make MaxPercentile at least Percentile", d.MaxPercentile, d.Percentile)
	case d.Window < 16*sampleEvery || d.Window > 1<<30:
		return fmt.Errorf("pool: Window %d is outside [%d, %d]: use 0 for the default %d", c.Window, 16*sampleEvery, 1<<30, DefaultWindow)
	}
	return nil
}

// calibrator learns the sizes that uses of a pool need and turns them into
// the default class, the largest kept class and the largest remembered
// class. Get and Put read a few atomics; a Put touches the histogram once in
// about sampleEvery Puts of a buffer. The zero value is a pool before its
// first calibration: default class minClass, every class up to topClass
// kept, none remembered.
//
// The histogram is split into nShards shards, so that recorded Puts on
// different cores mostly write different cache lines. A holder records into
// the shard of the P it was made on: shardHere takes it from the sync.Pool
// here, which hands each P back the shard it put there last, and gives each
// new P the next shard in turn (as it does a P whose shard the garbage
// collector took out of the sync.Pool, after two cycles in which no holder
// was made on it). Holders mostly stay on their P, as sync.Pool hands a
// buffer Put on a P to the next Get on that P, so a P's recorded Puts mostly
// go to its own shard, whatever the number of buffers it cycles through;
// choosing a shard costs a Get and a Put of a sync.Pool, paid once per
// holder, with the allocation of it. A shard counts its weight itself and
// adds it to the shared window count in chunks (see windowChunks); calibrate
// sums the shards.
type calibrator struct {
	def  atomic.Int32 // default class minus minClass
	lim  atomic.Int32 // topClass minus the largest class kept
	rem  atomic.Int32 // largest class remembered in the attic; 0: none
	cfg  atomic.Pointer[Calibration]
	runs atomic.Uint64
	here sync.Pool // uint8: the shard of each P
	_    [64]byte  // keep the read-mostly fields above off the counters' cache lines

	busy   atomic.Bool
	weight atomic.Uint64 // weight of the chunks the shards added since the last calibration
	next   atomic.Uint32 // the shard that the next P without one gets
	_      [64]byte
	shards [nShards]shard
}

// nShards is how many histogram shards a calibrator has, a power of two;
// once calibrated, a shard adds its weight to the window count in chunks of
// a windowChunks-th of the window. So a calibration comes at most
// nShards/windowChunks of a Window late, and a shard touches the shared
// count once in about Window/windowChunks/sampleEvery recorded Puts (8 with
// the defaults).
const (
	nShards      = 8
	windowChunks = 32
)

// shard is one part of the histogram, on cache lines of its own. Its counts
// fit 32 bits: a calibration empties it after at most a Window (up to 1<<30)
// of weight and the chunks still held by the other shards.
type shard struct {
	weight atomic.Uint32           // weight recorded here and not yet added to the window count
	hist   [nBuckets]atomic.Uint32 // weighted uses by bucket(need), since the last calibration
	_      [64]byte
}

// defaultClass returns the shelf that Get without a size looks at.
func (c *calibrator) defaultClass() int {
	return (minClass + int(c.def.Load())) & (nShelves - 1)
}

// limitClass returns the largest class kept, and so the largest shelf a Get
// may take from.
func (c *calibrator) limitClass() int {
	return topClass - int(c.lim.Load())
}

// keepsClass reports whether a buffer on shelf k may be pooled: k is at
// least the smallest class and at most the limit. One unsigned comparison,
// as it runs on the fast half of Pool[T]'s Put.
func (c *calibrator) keepsClass(k int) bool {
	return uint(k-minClass) <= uint(c.limitClass()-minClass)
}

// remembers reports whether a buffer on shelf k, above the limit, is
// remembered in the attic rather than dropped.
func (c *calibrator) remembers(k int) bool {
	return k > c.limitClass() && k <= int(c.rem.Load())
}

// seed starts h's countdown to its next recorded Put: 1 (every Put, with
// weight 1) before the first calibration, else a distance uniform in [1,
// 2*sampleEvery-1]. h keeps, in rate, the weight that Put will stand for:
// the mean of the distance it was drawn for, so that a holder seeded before
// the first calibration adds 1 at its first Put after it, not sampleEvery.
func (c *calibrator) seed(h *holder) {
	h.tick &= pooled | moved
	if c.runs.Load() == 0 {
		h.tick |= 1
		h.rate = 0
		return
	}
	h.tick |= 1 + rand.Uint32N(2*sampleEvery-1)
	h.rate = uint8(bits.TrailingZeros(sampleEvery))
}

// settings returns the calibration settings in force.
func (c *calibrator) settings() Calibration {
	if p := c.cfg.Load(); p != nil {
		return *p
	}
	return Calibration{}.withDefaults()
}

// set validates and installs new settings.
func (c *calibrator) set(s Calibration) error {
	if err := s.validate(); err != nil {
		return err
	}
	s = s.withDefaults()
	c.cfg.Store(&s)
	return nil
}

// shardHere returns the shard of the P it runs on, for a new holder. It does
// not allocate: a uint8 goes into an interface without one.
func (c *calibrator) shardHere() uint8 {
	sh, ok := c.here.Get().(uint8)
	if !ok {
		sh = uint8(c.next.Add(1) & (nShards - 1))
	}
	c.here.Put(sh)
	return sh
}

// record adds a use that needed n elements with the given weight to shard
// sh of the histogram, and recalibrates once a window's worth of weight has
// been seen.
func (c *calibrator) record(sh uint8, n int, weight uint32) {
	s := &c.shards[sh&(nShards-1)]
	s.hist[bucket(n)].Add(weight)
	w := uint64(c.settings().Window)
	if c.runs.Load() == 0 {
		// A new pool: every Put counts at once, so that it calibrates
		// after exactly firstWindow Puts.
		w = min(w, firstWindow)
	} else if s.weight.Add(weight) < uint32(w/windowChunks) {
		return
	} else {
		weight = s.weight.Swap(0)
	}
	if c.weight.Add(uint64(weight)) >= w {
		c.calibrate()
	}
}

// calibrate turns the histogram into new limits. One goroutine at a time;
// the others skip. It does not allocate.
func (c *calibrator) calibrate() {
	if !c.busy.CompareAndSwap(false, true) {
		return
	}
	defer c.busy.Store(false)
	c.weight.Store(0)
	var counts [nBuckets]uint64
	for i := range c.shards {
		s := &c.shards[i]
		s.weight.Store(0)
		for k := range s.hist {
			if s.hist[k].Load() != 0 { // most buckets are empty: read, do not write, their lines
				counts[k] += uint64(s.hist[k].Swap(0))
			}
		}
	}
	s := c.settings()
	def, limit, ok := limits(&counts, s.Percentile, s.MaxPercentile)
	if !ok {
		return
	}
	lk := bits.Len(uint(limit)) - 1
	c.def.Store(int32(bits.Len(uint(def)) - 1 - minClass))
	c.lim.Store(int32(topClass - lk))
	c.rem.Store(int32(recurClass(&counts, lk)))
	c.runs.Add(1)
}

// limits computes the default capacity (the smallest class covering the
// share pct of the weighted uses) and the largest kept capacity (the same for
// maxPct, never below the default). Needs beyond the top class count in the
// last bucket and cap the limit at the top class. ok is false for an empty
// histogram: nothing to learn from.
func limits(counts *[nBuckets]uint64, pct, maxPct float64) (def, limit int, ok bool) {
	var total uint64
	for _, n := range counts {
		total += n
	}
	if total == 0 {
		return 0, 0, false
	}
	dk := percentileClass(counts, total, pct)
	mk := percentileClass(counts, total, maxPct)
	dk = min(max(dk, minClass), topClass)
	mk = min(max(mk, dk), topClass)
	return 1 << dk, 1 << mk, true
}

// percentileClass returns the smallest bucket at which the cumulative weight
// reaches the share p of total.
func percentileClass(counts *[nBuckets]uint64, total uint64, p float64) int {
	want := uint64(math.Ceil(p * float64(total)))
	var cum uint64
	for k, n := range counts {
		cum += n
		if cum >= want {
			return k
		}
	}
	return nBuckets - 1
}

// recurClass returns the largest class above the limit class lk that the
// attic remembers: the largest class k such that uses needing class k or
// more are at least the share recurShare of the weighted uses, capped at the
// top class; 0 if there is none above lk.
func recurClass(counts *[nBuckets]uint64, lk int) int {
	var total uint64
	for _, n := range counts {
		total += n
	}
	need := recurShare * float64(total)
	var tail uint64
	for k := nBuckets - 1; k > lk; k-- {
		tail += counts[k]
		if tail > 0 && float64(tail) >= need {
			if k = min(k, topClass); k > lk {
				return k
			}
			return 0
		}
	}
	return 0
}

// bucket returns ceil(log2 n): the class that holds n elements, with needs
// beyond the top class in the last bucket.
func bucket(n int) int {
	if n <= 1 {
		return 0
	}
	return min(bits.Len(uint(n-1)), nBuckets-1)
}

// classFor returns the shelf for a Get of at least n elements.
func classFor(n int) int {
	return max(bucket(n), minClass)
}

// current returns the default capacity and the limit (0: none yet).
func (c *calibrator) current() (defaultCap, maxCap int) {
	if c.runs.Load() == 0 {
		return 1 << c.defaultClass(), 0
	}
	return 1 << c.defaultClass(), 1 << c.limitClass()
}
