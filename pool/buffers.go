package pool

// Buffers is a calibrated pool of *Buffer. The zero value is ready to use;
// a Buffers must not be copied after first use. All methods are safe for
// concurrent use.
//
// Buffers learns, from the Buffers put back, how many bytes uses needed, and
// recalibrates every Window Puts: Get then returns buffers large enough for
// the Percentile share of uses, and Put drops buffers larger than the
// MaxPercentile share needed, so a rare giant does not stay pinned.
type Buffers struct {
	s shelves
}

var defaultBuffers Buffers

// Get returns an empty Buffer from the package's default pool. See
// Buffers.Get.
func Get() *Buffer { return defaultBuffers.Get() }

// GetCap returns an empty Buffer with Cap() >= n from the package's default
// pool. See Buffers.GetCap.
func GetCap(n int) *Buffer { return defaultBuffers.GetCap(n) }

// Put returns b to the package's default pool. See Buffers.Put.
func Put(b *Buffer) { defaultBuffers.Put(b) }

// Get returns an empty Buffer whose capacity is the calibrated default (64
// bytes before the first calibration). It does not allocate when the pool
// has a buffer of that class; it may hand out a somewhat larger one.
func (p *Buffers) Get() *Buffer {
	k := p.s.cal.defaultClass()
	if v := p.s.shelf[k].Get(); v != nil {
		b := v.(*Buffer)
		b.state = stateOut
		return b
	}
	return p.miss(k)
}

// GetCap returns an empty Buffer with Cap() >= n; n <= 0 is the same as Get.
// It does not allocate when the pool has a buffer of that size class. A
// request above the calibrated maximum is served by a new buffer of exactly
// n bytes, which Put will then drop.
func (p *Buffers) GetCap(n int) *Buffer {
	k, ok := p.s.getClass(n)
	if !ok {
		return p.make(n)
	}
	if v := p.s.shelf[k].Get(); v != nil {
		b := v.(*Buffer)
		b.state = stateOut
		return b
	}
	return p.miss(k)
}

// miss serves a Get whose shelf k was empty: from a larger shelf, or new.
func (p *Buffers) miss(k int) *Buffer {
	if v := p.s.search(k); v != nil {
		b := v.(*Buffer)
		b.state = stateOut
		return b
	}
	return p.make(1 << k)
}

func (p *Buffers) make(n int) *Buffer {
	return &Buffer{b: make([]byte, 0, n), holder: holder{tick: p.s.phase()}}
}

// Put empties b and returns it to the pool; b must not be used afterwards.
// It does not allocate. Put(nil) does nothing. A second Put of the same
// Buffer with no Get in between does nothing (but a Put racing with another
// goroutine's use of b is a data race, as for any value). A Buffer made
// elsewhere — the zero value, or one from another pool — is adopted like any
// other. A buffer larger than the calibrated maximum, or smaller than 64
// bytes, is left to the garbage collector.
func (p *Buffers) Put(b *Buffer) {
	if b == nil {
		return
	}
	c := cap(b.b)
	if !p.s.admit(&b.holder, c) && !p.s.settle(&b.holder, max(b.peak, len(b.b)), c) {
		return
	}
	b.b = b.b[:0]
	b.peak = 0
	b.state = statePooled
	p.s.shelf[shelfOf(c)].Put(b)
}

// SetCalibration replaces the calibration settings; zero fields mean the
// defaults. It returns an error, and changes nothing, if a setting is out of
// range. The new settings apply from the next calibration.
func (p *Buffers) SetCalibration(c Calibration) error { return p.s.cal.set(c) }

// Limits reports the calibrated default capacity handed out by Get and the
// largest capacity Put keeps (0: no limit yet, before the first
// calibration). It does not allocate.
func (p *Buffers) Limits() (defaultCap, maxCap int) { return p.s.cal.current() }
