package a

import (
	"fmt"
	"io"
	_ "unsafe" // for go:linkname
)

// Level is a number with a method of each receiver.
type Level int

func (l *Level) Set(n int) { *l = Level(n) }

func (l Level) String() string { return fmt.Sprint(int(l)) }

func keep(v any) { _ = v }

func now() int { return 0 }

// Reported.

var greeting = "hello, world" // want `^greeting is never assigned, and converting it to an interface copies its value to the heap \(runtime.convT\*\): make it a const, which goes into an interface with no copy$`

var limit = 1000 // want `^limit is never assigned`

var level Level = 300 // want `^level is never assigned`

var (
	// prefix starts every line.
	prefix  = ">>> " // want `^prefix is never assigned`
	started = now()
)

var (
	host = "localhost" // want `^host is never assigned`
	port = 8080        // want `^port is never assigned`
)

var first, second = "first", "second" // want `^first is never assigned` `^second is never assigned`

var mixed, other = "mixed", now() // want `^mixed is never assigned, .* \(no fix offered: it is declared with variables that must stay variables: move it to a const declaration of its own\)$`

func write(w io.Writer) {
	fmt.Fprint(w, greeting, prefix, started)
	keep(limit)
	keep(level)
	fmt.Fprintln(w, host, port)
	fmt.Fprintln(w, first, second, mixed, other)
}

func name() any {
	return greeting
}

// Not reported.

var counter = 1000 // assigned

var hits = 1000 // incremented

var width = 1000 // addressed

var lvl Level = 1000 // a method with a pointer receiver is called on it

var Name = "exported" // another package may assign it

var small = 7 // boxed from the runtime's small values

var empty = "" // boxed from static memory

var debug = true // one byte

var ratio = 1.5 // a float

var unused = "never boxed"

var linked = "linked" // named by go:linkname

//go:linkname linked other.linked

var tuned = 4096 // assigned in a file the build leaves out

func notReported(w io.Writer) {
	counter = 2
	hits++
	p := &width
	lvl.Set(3)
	keep(counter)
	keep(hits)
	keep(*p)
	keep(width)
	keep(lvl)
	keep(Name)
	keep(small)
	keep(empty)
	keep(debug)
	keep(ratio)
	fmt.Fprint(w, len(unused))
	keep(linked)
	keep(tuned)
	_ = level.String()
}
