package ignorefix

import "sync"

var first = sync.Pool{New: func() any { return make([]byte, 0, 64) }}

// The first Put, whose fix rewrites the second, is silenced: the second
// has no fix.
func useFirst(n int) {
	b := first.Get().([]byte)
	if n > 0 {
		first.Put(b) //squash:ignore poolput measured: the pool holds few buffers
		return
	}
	first.Put(b[:0]) // want `sync.Pool.Put of a \[\]byte allocates to box it in an interface on every call \(SA6002\): pool a \*\[\]byte instead, put back the pointer, and assign through it \(no fix offered: the fix would also change line 12, where //squash:ignore silences poolput\)$`
}

var second = sync.Pool{New: func() any { return make([]byte, 0, 64) }}

// The second Put is silenced: the first's fix would rewrite it, so it
// has none.
func useSecond(n int) {
	b := second.Get().([]byte)
	if n > 0 {
		second.Put(b) // want `\(SA6002\): pool a \*\[\]byte instead, put back the pointer, and assign through it \(no fix offered: the fix would also change line 28, where //squash:ignore silences poolput\)$`
		return
	}
	second.Put(b[:0]) //squash:ignore poolput measured: the pool holds few buffers
}

var third = sync.Pool{New: func() any { return make([]byte, 0, 64) }}

// The second of three Puts is silenced: the first's fix would rewrite it,
// so it has none, and the third, which it covered, says so too.
func useThird(n int) {
	b := third.Get().([]byte)
	switch {
	case n > 1:
		third.Put(b) // want `\(SA6002\): pool a \*\[\]byte instead, put back the pointer, and assign through it \(no fix offered: the fix would also change line 41, where //squash:ignore silences poolput\)$`
	case n > 0:
		third.Put(b[:1]) //squash:ignore poolput measured: the pool holds few buffers
	default:
		third.Put(b[:0]) // want `\(SA6002\): pool a \*\[\]byte instead, put back the pointer, and assign through it \(no fix offered: the fix would also change line 41, where //squash:ignore silences poolput\)$`
	}
}
