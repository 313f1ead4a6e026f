package pool

import "sync"

// Buffers is a calibrated pool of *Buffer. The zero value is ready to use;
// a Buffers must not be copied after first use. All methods are safe for
// concurrent use.
//
// Buffers learns, from the Buffers put back, how many bytes uses needed, and
// recalibrates every Window Puts: Get then returns buffers large enough for
// the Percentile share of uses, and Put keeps buffers up to the size that the
// MaxPercentile share needed. A larger buffer is not kept: if uses of its
// size class or larger recur (one use in 4096 or more), the pool remembers it
// by weak pointer, so a use of that size before the next garbage collection
// reuses it, and the collector frees it as if it had been dropped; a rarer
// one, such as a giant, is dropped outright. When a calibration lowers the
// maximum, Gets no longer take buffers of the classes above it, and the
// collector frees those left on their shelves within two cycles, as any
// sync.Pool's contents; a Buffer that came straight off such a shelf before
// the calibration goes back to it on Put, unchecked, and is freed the same
// way. A Buffer from the pool that outgrows its capacity swaps its bytes into
// a larger pooled buffer, and leaves its smaller one to the pool, rather than
// allocate.
type Buffers struct {
	s     shelves
	attic attic[Buffer]
}

var defaultBuffers Buffers

// Get returns an empty Buffer from the package's default pool. See
// Buffers.Get.
func Get() *Buffer { return get(&defaultBuffers, pop, (*Buffers).missDefault) }

// GetCap returns an empty Buffer with Cap() >= n from the package's default
// pool. See Buffers.GetCap.
func GetCap(n int) *Buffer { return defaultBuffers.GetCap(n) }

// Put returns b to the package's default pool. See Buffers.Put.
func Put(b *Buffer) { put(&defaultBuffers, b, push, (*Buffers).put) }

// Get returns an empty Buffer whose capacity is the calibrated default (64
// bytes before the first calibration). It does not allocate when the pool
// has a buffer of that class; it may hand out a somewhat larger one.
func (p *Buffers) Get() *Buffer {
	return get(p, pop, (*Buffers).missDefault)
}

// Get, Put (both the package's and Buffers') and Buffer's Write, WriteString
// and WriteByte are written so that the compiler inlines them into their
// callers, like the code of a caller that uses a sync.Pool directly: each
// passes its slow half (and Put its fast half, push, which calls sync.Pool's
// Put) as a func argument to a small helper, such as get and put. The
// inliner prices a call through a func parameter as cheap, where direct
// calls would put these functions over its budget of 80; once a helper is
// inlined, its func arguments are constants again, and their calls are
// inlined in turn. TestHotPathsInline checks that all of them are;
// bench/results/pool.txt has what it saves.

// get is Get's body: a Buffer off the default shelf, or miss(p).
func get(p *Buffers, pop func(*sync.Pool) *Buffer, miss func(*Buffers) *Buffer) *Buffer {
	if b := pop(&p.s.shelf[p.s.cal.defaultClass()]); b != nil {
		return b
	}
	return miss(p)
}

// pop takes a Buffer off shelf s, or returns nil.
func pop(s *sync.Pool) *Buffer {
	b, _ := s.Get().(*Buffer)
	if b != nil {
		b.tick &^= pooled
	}
	return b
}

// missDefault is miss for Get.
func (p *Buffers) missDefault() *Buffer { return p.miss(p.s.cal.defaultClass(), 0) }

// GetCap returns an empty Buffer with Cap() >= n; n <= 0 is the same as Get.
// It does not allocate when the pool has a buffer of that size class. A
// request above the calibrated maximum takes a remembered buffer if there is
// one, and is otherwise served by a new buffer: of the whole size class if
// the class is remembered, else of exactly n bytes. Put treats it, like any
// buffer, by its size class, floor(log2 Cap()). An n no memory could hold
// panics "pool: Buffer too large".
func (p *Buffers) GetCap(n int) *Buffer {
	if k, ok := p.s.getClass(n); !ok {
		return p.miss(k, n)
	} else if b := pop(&p.s.shelf[k]); b != nil {
		return b
	} else {
		return p.miss(k, n)
	}
}

// miss serves a Get of class k, for n elements, that its shelf did not:
// from a larger shelf or the attic, or new. The Buffer it returns is
// marked moved, so that Put checks its class.
func (p *Buffers) miss(k, n int) *Buffer {
	b := findAbove(&p.s, &p.attic, k)
	if b == nil {
		b = p.make(p.s.newCap(k, n))
	}
	b.tick = b.tick&^pooled | moved
	return b
}

// make returns a new Buffer of capacity n, at home in p.
func (p *Buffers) make(n int) *Buffer {
	b := &Buffer{
		b:      makeCap[byte](0, n, "Buffer"),
		home:   p,
		holder: holder{class: uint8(shelfOf(n)), shard: p.s.cal.shardHere()},
	}
	p.s.cal.seed(&b.holder)
	return b
}

// Put empties b and returns it to the pool; b must not be used afterwards.
// It does not allocate, except the first time a given buffer above the
// maximum is remembered (the runtime makes a small weak handle for it).
// Put(nil) does nothing. A second Put of the same Buffer with no Get in
// between does nothing (but a Put racing with another goroutine's use of b
// is a data race, as for any value). A Buffer made elsewhere — the zero
// value, or one from another pool — is adopted like any other. A buffer
// above the calibrated maximum size class is remembered or dropped, as the
// Buffers doc says (unless it came straight off its shelf before a
// calibration lowered the maximum); one smaller than 64 bytes is dropped. A
// dropped buffer counts as put: a second Put of it does nothing either.
func (p *Buffers) Put(b *Buffer) { put(p, b, push, (*Buffers).put) }

// put is Put's body. A Buffer of p's that came off its shelf and has not
// grown since goes back to that shelf by push, unless admits says this Put
// is to be recorded; the rest go to slow. That shelf's class was kept when
// the Buffer left it. If a calibration has lowered the limit below it since,
// the Buffer joins the buffers that were on the shelf then: no Get takes
// from it while the limit stays lower, and the collector clears it, as any
// sync.Pool's contents, unless a later calibration raises the limit again
// and makes the class a kept one. Checking the limit here as well would put
// Put over the inlining budget.
func put(p *Buffers, b *Buffer, push, slow func(*Buffers, *Buffer)) {
	if b != nil && b.home == p && b.admits() {
		b.pool()
		push(p, b)
	} else {
		slow(p, b)
	}
}

// push empties b and puts it on the shelf of its class.
func push(p *Buffers, b *Buffer) {
	b.b = b.b[:0]
	b.peak = 0
	p.s.shelf[b.class].Put(b)
}

// put is the slow half of Put: adoption, the recorded Puts, and buffers
// outside the kept classes.
func (p *Buffers) put(b *Buffer) {
	if b == nil {
		return
	}
	k := shelfOf(cap(b.b))
	v := p.s.settle(&b.holder, max(b.peak, len(b.b)), k)
	if v == ignore {
		return // a second Put: b may already be another user's
	}
	b.home, b.class = p, uint8(k)
	if v != drop {
		p.shelve(b, v)
	}
}

// shelve empties b, marks it pooled and keeps it (v == keep) or remembers it
// (v == remember); b.class must be its shelf.
func (p *Buffers) shelve(b *Buffer, v int) {
	b.b = b.b[:0]
	b.peak = 0
	b.tick |= pooled
	k := int(b.class)
	switch v {
	case keep:
		p.s.shelf[k&(nShelves-1)].Put(b)
	case remember:
		p.attic.put(k, b)
	}
}

// SetCalibration replaces the calibration settings; zero fields mean the
// defaults. It returns an error, and changes nothing, if a setting is out of
// range. The new Window applies at once, to the Puts recorded since the last
// calibration too; the percentiles apply from the next calibration.
func (p *Buffers) SetCalibration(c Calibration) error { return p.s.cal.set(c) }

// Limits reports the calibrated default capacity handed out by Get and the
// largest size class Put keeps, maxCap (0: no limit yet, before the first
// calibration): Put keeps buffers of capacity below twice maxCap. It does not
// allocate.
func (p *Buffers) Limits() (defaultCap, maxCap int) { return p.s.cal.current() }
