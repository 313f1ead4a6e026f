package a

import "sync"

// UnlockAll defers in a loop: the compiler wraps each deferred call in a
// func literal that goes to the heap, which the source does not show.
//
//squash:noalloc
func UnlockAll(ms []sync.Mutex) {
	for i := range ms {
		defer ms[i].Unlock() // want `func literal escapes to heap \(the compiler's wrapper of the deferred call, which goes to the heap where the defer cannot run in place, as in a loop\)`
	}
}

// Start starts a goroutine on a method: the compiler wraps the call in a
// func literal that goes to the heap with the goroutine.
//
//squash:noalloc
func Start(wg *sync.WaitGroup) {
	go wg.Done() // want `func literal escapes to heap \(the compiler's wrapper of the call that go starts, which goes to the heap with the goroutine\)`
}

// Literal defers a func literal in a loop: the literal is in the source,
// and the compiler's words need nothing added.
//
//squash:noalloc
func Literal(ms []sync.Mutex) {
	for i := range ms {
		defer func() { ms[i].Unlock() }() // want `^func literal escapes to heap$`
	}
}

var handler func() int

// Static stores a func literal that captures nothing: the compiler says it
// escapes, and makes one read-only closure for it, which allocates nothing.
//
//squash:noalloc
func Static() {
	handler = func() int { return 1 }
}
