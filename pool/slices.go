package pool

import (
	"reflect"
	"sync/atomic"
	"unsafe"
)

// Slice holds a pooled slice of T. Use S freely — append to it, reslice it —
// and Put the Slice back when done; Put keeps whatever S then refers to. The
// pool hands out and keeps *Slice, never bare slice headers, so neither Get
// nor Put boxes a value.
type Slice[T any] struct {
	// S is the pooled slice: empty, with the capacity asked for, after Get.
	S    []T
	home *Pool[T] // the Pool that made or adopted it; class is a shelf of home's
	holder
	_ [lineFill - 4*wordSize - unsafe.Sizeof(holder{})]byte // S and home are 4 words: see lineFill
}

// Pool is a calibrated pool of slices of T, held in *Slice[T]. The zero
// value is ready to use; a Pool must not be copied after first use. All
// methods are safe for concurrent use.
//
// Pool learns from len(S) at Put how many elements uses needed, so put a
// Slice back with S as long as the data it held. See Buffers for the
// calibration; capacities and limits count elements, not bytes.
type Pool[T any] struct {
	s     shelves
	attic attic[Slice[T]]
	ptrs  atomic.Uint32 // 0 unknown, 1 T holds no pointers, 2 it does
}

// Get returns a *Slice[T] with len(S) == 0 and the calibrated default
// capacity (64 elements before the first calibration). It does not allocate
// when the pool has a slice of that class; it may hand out a somewhat
// larger one.
func (p *Pool[T]) Get() *Slice[T] {
	k := p.s.cal.defaultClass()
	if s, _ := p.s.shelf[k].Get().(*Slice[T]); s != nil {
		s.tick &^= pooled
		return s
	}
	return p.miss(k, 0)
}

// GetCap returns a *Slice[T] with len(S) == 0 and cap(S) >= n; n <= 0 is
// the same as Get. It does not allocate when the pool has a slice of that
// size class. A request above the calibrated maximum takes a remembered slice
// if there is one (see Buffers), and is otherwise served by a new slice: of
// the whole size class if the class is remembered, else of exactly n
// elements. Put treats it, like any slice, by its size class. An n no
// memory could hold panics "pool: Slice too large".
func (p *Pool[T]) GetCap(n int) *Slice[T] {
	k, ok := p.s.getClass(n)
	if ok {
		if s, _ := p.s.shelf[k].Get().(*Slice[T]); s != nil {
			s.tick &^= pooled
			return s
		}
	}
	return p.miss(k, n)
}

// miss serves a Get of class k, for n elements, that its shelf did not; see
// Buffers.miss. The Slice it returns is marked moved, so that Put checks
// its class.
func (p *Pool[T]) miss(k, n int) *Slice[T] {
	s := findAbove(&p.s, &p.attic, k)
	if s == nil {
		s = p.make(p.s.newCap(k, n))
	}
	s.tick = s.tick&^pooled | moved
	return s
}

func (p *Pool[T]) make(n int) *Slice[T] {
	s := &Slice[T]{
		S:      makeCap[T](0, n, "Slice"),
		home:   p,
		holder: holder{class: uint8(shelfOf(n)), shard: p.s.cal.shardHere()},
	}
	p.s.cal.seed(&s.holder)
	return s
}

// Put clears all of S's capacity if T holds pointers (so the pool pins
// nothing they point to), empties S and returns s to the pool; s must not be
// used afterwards. It does not allocate (but see Buffers.Put on
// remembering); clearing costs time in proportion to cap(S), and only for T
// with pointers. Put(nil) does nothing; a second Put of the same Slice with
// no Get in between does nothing; a Slice made elsewhere — the zero value,
// or one from another Pool — is adopted like any other. A slice with
// capacity above the calibrated maximum is remembered or dropped, as for
// Buffers (unlike a Buffer, even one that came straight off its shelf before
// a calibration lowered the maximum); one below 64 elements is dropped.
func (p *Pool[T]) Put(s *Slice[T]) {
	// A Slice of p's that came off its shelf, whose S still has a capacity of
	// that shelf's class, goes back to it if the class is still kept, unless
	// admits says this Put is to be recorded; the rest go to put. Slices of a
	// T that holds pointers are marked moved, as Put must clear them. Unlike
	// Buffers.Put, this is not inlined, so it can afford to check the limit.
	if s != nil && s.home == p && s.admits() && uint(cap(s.S))>>s.class == 1 && p.s.cal.keepsClass(int(s.class)) {
		s.pool()
		s.S = s.S[:0]
		p.s.shelf[s.class&(nShelves-1)].Put(s)
		return
	}
	p.put(s)
}

// put is the slow half of Put: adoption, the recorded Puts, Slices whose S
// changed class, and clearing.
func (p *Pool[T]) put(s *Slice[T]) {
	if s == nil {
		return
	}
	k := shelfOf(cap(s.S))
	v := p.s.settle(&s.holder, len(s.S), k)
	if v == ignore || v == drop {
		return // drop: settle marked it pooled, so that a second Put is ignored too
	}
	if p.clear(s) {
		s.tick |= moved // so that its every Put clears it
	}
	s.home, s.class = p, uint8(k)
	s.tick |= pooled
	if v == keep {
		p.s.shelf[k].Put(s)
		return
	}
	p.attic.put(k, s)
}

// SetCalibration replaces the calibration settings; see
// Buffers.SetCalibration.
func (p *Pool[T]) SetCalibration(c Calibration) error { return p.s.cal.set(c) }

// Limits reports the calibrated default capacity and the largest capacity
// Put keeps, in elements (0: no limit yet). It does not allocate.
func (p *Pool[T]) Limits() (defaultCap, maxCap int) { return p.s.cal.current() }

// clear empties s.S, zeroing all of its capacity first if T holds pointers
// (a caller may have resliced S shorter than what it wrote), and reports
// whether it does.
func (p *Pool[T]) clear(s *Slice[T]) bool {
	ptrs := p.ptrs.Load()
	if ptrs == 0 {
		ptrs = 1
		if hasPointers(reflect.TypeFor[T]()) {
			ptrs = 2
		}
		p.ptrs.Store(ptrs)
	}
	if ptrs == 2 {
		clear(s.S[:cap(s.S)])
	}
	s.S = s.S[:0]
	return ptrs == 2
}

// hasPointers reports whether values of t hold pointers the garbage
// collector follows.
func hasPointers(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128:
		return false
	case reflect.Array:
		return t.Len() > 0 && hasPointers(t.Elem())
	case reflect.Struct:
		for i := range t.NumField() {
			if hasPointers(t.Field(i).Type) {
				return true
			}
		}
		return false
	}
	return true
}
