// Package poolput defines an Analyzer that reports sync.Pool.Put of a value
// that is not a pointer.
//
// # Analyzer poolput
//
// poolput: put pointers, not values, into a sync.Pool
//
// sync.Pool stores interfaces. Putting a slice, a string, a struct or a
// number converts it to an interface, which allocates a copy on the heap on
// every Put (staticcheck's SA6002) — the very allocation the pool was meant
// to save. Pool a pointer instead:
//
//	buf := pool.Get().([]byte)
//	...
//	pool.Put(buf[:0]) // allocates a slice header each time
//
// becomes
//
//	bp := pool.Get().(*[]byte)
//	buf := (*bp)[:0]
//	...
//	*bp = buf
//	pool.Put(bp)
//
// Types whose conversion to an interface never allocates (as the gc
// compiler does it in Go 1.26) are not reported: interfaces; pointer-shaped
// types, which the interface holds directly — pointers, maps, channels,
// functions, unsafe.Pointer, and structs and arrays of one such word, like
// struct{ p *strings.Builder }; zero-size types; and booleans and
// single-byte integers (or a struct or array of exactly one), which point
// at static values in the runtime. Neither are constants. Other numbers,
// strings and slices are reported: the runtime avoids their allocation only
// for some values (integers 0 to 255, +0.0, empty strings, nil slices).
//
// The rewrite touches the pool's New, every Get and every Put, so it is
// offered as a fix only when all of them are in view: an unexported
// package-level sync.Pool variable whose New returns one value of the boxed
// type, and whose other uses in the package are all v := pool.Get().(T) and
// pool.Put(v) (or of a slice of v) as a statement in v's block. The fix then
// makes New return a pointer, keeps the pointer next to v at each Get, and
// stores v through it before each Put. A deferred Put, a Put of a value from
// elsewhere or any other use of the pool leaves the rewrite to the message,
// as does a pool in a struct field, a local variable or a parameter. So does
// an exported pool, which other packages may Get from: their
// pool.Get().([]byte) would still compile after the rewrite and panic at run
// time. The message then says what stood in the way, such as "no fix
// offered: the Get at line 40 is not v := bufs.Get().([]byte)" (or "at
// get.go:40" where the pool's uses are in more than one file).
package poolput
