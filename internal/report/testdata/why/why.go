// Package why has lines whose allocations the compiler's records explain,
// or do not, for TestOwnRecords and TestIndexStoreMechanism.
package why

import (
	"bytes"
	"fmt"
	"io"
	"maps"
	"reflect"
	"strings"
)

// Box stores values in a map of interfaces: the store grows the map, which
// is the line's own allocation; the values are boxed where they are
// converted, and a one-byte value is not allocated at all.
func Box(data []byte) map[int]any {
	m := map[int]any{}
	for i, c := range data {
		var v any
		if c < 128 {
			v = int8(c)
		} else {
			v = int(c) * 1000
		}
		m[i] = v
	}
	return m
}

// Slots stores values in a slice of interfaces by index: each store boxes
// its value, and the slice, made once, never grows. No map is involved.
func Slots(data []byte) []any {
	out := make([]any, len(data))
	for i, c := range data {
		n := int(c) * 1000
		out[i] = n
	}
	return out
}

// Keyed stores values in a map of interfaces: each store boxes its value,
// and the map grows now and then.
func Keyed(data []byte) map[int]any {
	m := map[int]any{}
	for i, c := range data {
		n := int(c) * 1000
		m[i] = n
	}
	return m
}

// Suffix adds s to each of names: each store concatenates two strings,
// whatever the element held.
func Suffix(names []string, s string) {
	for i := range names {
		names[i] += s
	}
}

// Tally counts words in a map of numbers: += adds numbers, and the map
// grows now and then.
func Tally(words []string) map[string]int {
	counts := map[string]int{}
	for _, w := range words {
		counts[w] += 1
	}
	return counts
}

// Bytes appends bytes to a slice of interfaces: boxing a byte allocates
// nothing, so only the slice's growth allocates.
func Bytes(data []byte) []any {
	var s []any
	for _, c := range data {
		s = append(s, c)
	}
	return s
}

// Node is generic: the records of Clone's makes name its shape inside the
// brackets of other types.
type Node[T any] struct {
	items []T
	kids  []*Node[T]
}

// Clone copies n's slices.
func (n *Node[T]) Clone() *Node[T] {
	c := &Node[T]{}
	c.items = make([]T, len(n.items), cap(n.items))
	c.kids = make([]*Node[T], len(n.kids), cap(n.kids))
	return c
}

// Settable has the shape of gopkg.in/yaml.v3's decoder.sequence
// (decode.go:743): the slice made is converted to an interface for
// settableValueOf, which copies the slice to the heap (runtime.convTslice);
// the backing array goes with it. The compiler has a record of each at the
// make.
//
//go:noinline
func Settable(l int) (out reflect.Value) {
	out = settableValueOf(make([]any, l))
	return out
}

func settableValueOf(i any) reflect.Value {
	v := reflect.ValueOf(i)
	sv := reflect.New(v.Type()).Elem()
	sv.Set(v)
	return sv
}

// Console has the shape of rs/zerolog's ConsoleWriter (console.go:129): a
// function inlined into NewConsole returns a slice literal as it is, which
// is made at the call, on NewConsole's line, with no frame of the callee.
type Console struct {
	PartsOrder []string
	Extra      []string
}

//go:noinline
func NewConsole(extra string) Console {
	var w Console
	w.PartsOrder = defaultPartsOrder()
	w.Extra = append(defaultPartsOrder(), extra)
	return w
}

func defaultPartsOrder() []string {
	return []string{"time", "level", "caller", "message"}
}

// Parts is a slice of another type than the literal partsOf returns.
type Parts []string

// Index stores, in maps, slices that inlined functions make: each is made
// on the callee's line, which the profile shows as an inlined frame, and
// only the maps' growth is the storing line's own.
//
//go:noinline
func Index(names []string) (map[string]Parts, map[string][]string) {
	byName, made := map[string]Parts{}, map[string][]string{}
	for _, s := range names {
		byName[s] = partsOf(s)
		made[s] = madeParts(2)
	}
	return byName, made
}

func partsOf(s string) Parts {
	return []string{s, s}
}

func madeParts(n int) []string {
	return make([]string, n)
}

// UnknownKeys has the shape of fxamacker/cbor's decoder
// (decode_map_utils.go:92): the map it inserts into is reached through a
// pointer, and grows.
//
//go:noinline
func UnknownKeys(uks *map[any]struct{}, keys []any) {
	for _, key := range keys {
		(*uks)[key] = struct{}{}
	}
}

// Fields has the shape of sirupsen/logrus's Fields: a map under a name.
type Fields map[string]any

// Names and Events are a slice and a channel under a name, and Labels a
// map under an alias.
type (
	Names  []string
	Events chan int
	Labels = Fields
)

// Named makes values of types whose names do not say what they are, as
// logrus's entry.go does (data := make(Fields, len(entry.Data)+defaultFields)):
// each escapes, and has its record.
//
//go:noinline
func Named(n int) (Fields, Names, Events, Labels) {
	data := make(Fields, n+6)
	names := make(Names, n)
	events := make(Events, n)
	labels := make(Labels, n)
	return data, names, events, labels
}

// Floats boxes float64s, which the runtime's tiny allocator packs two to a
// 16-byte block, and pairs of them, 16 bytes, which it does not.
func Floats(data []byte) []any {
	s := make([]any, 0, 2*len(data))
	for _, c := range data {
		s = append(s, float64(c)*1.5)
		s = append(s, [2]float64{float64(c), 2})
	}
	return s
}

// Group has the shape of expr-lang/expr's vm.go:581: a slice in a map,
// appended to under its key. The append grows the slice, and the store
// grows the map when a key is new: 64 keys need more than the map's first
// group.
//
//go:noinline
func Group(data []byte) map[byte][]byte {
	m := map[byte][]byte{}
	for i, c := range data {
		m[c%64] = append(m[c%64], byte(i))
	}
	return m
}

// Holder is made by newHolder, which the compiler inlines into its callers.
type Holder struct {
	r   io.Reader
	buf [64]byte
}

func newHolder(r io.Reader) *Holder {
	h := new(Holder)
	h.r = r
	return h
}

var held *Holder

// Hold has the shape of andybalholm/brotli's benchmark line
// io.Copy(io.Discard, NewReader(bytes.NewReader(data))): on one line, an
// inlined function of the module allocates on its own line, which the
// profile shows as an inlined frame of its own, and an inlined function of
// the standard library allocates with no frame of the module under it,
// which the profile blames on this line.
//
//go:noinline
func Hold(data []byte) {
	held = newHolder(bytes.NewReader(data))
}

// Strings copies short strings out of data, 5 bytes each, which the
// runtime's tiny allocator packs three to a 16-byte block, and long ones,
// 20 bytes each, which it does not: the size of each is known only at run
// time (msgpack's stringWithLen, return string(b), err).
//
//go:noinline
func Strings(data []byte) (short, long []string) {
	short = make([]string, 0, len(data)/20)
	long = make([]string, 0, len(data)/20)
	for i := 0; i+20 <= len(data); i += 20 {
		short = append(short, string(data[i:i+5]))
		long = append(long, string(data[i:i+20]))
	}
	return short, long
}

type closer struct{ n *int }

func (c closer) Close() error { *c.n++; return nil }

// Undo closes each of n closers by a defer in a loop: the compiler wraps
// each deferred call in a closure (a func literal the line does not
// have), which a defer in a loop allocates on every pass.
func Undo(n int) int {
	closed := 0
	for range n {
		var c io.Closer = closer{&closed}
		defer c.Close()
	}
	return closed
}

// Padded writes the result of an inlined call to a variadic function: the
// compiler names that result ~r0, which its record says escapes.
func Padded(w io.Writer, n int) {
	fmt.Fprint(w, pad(n))
}

func pad(n int) string { return strings.Repeat(" ", n) }

// Failed returns an error made by fmt.Errorf with arguments. Go 1.26
// inlines Errorf, and with it errors.New(format), taken only where there
// is nothing to format: the compiler's record of its &errorString{…} is of
// a path that does not run here, where fmt.errorf allocates.
func Failed(n int) error {
	return fmt.Errorf("bad value %d", n)
}

// Entry is a log entry whose fields Values puts into a variable of
// interface type, one at a time, as logrus's TextFormatter.printPlain
// does (value = entry.Message): each assignment converts the string to an
// interface, which copies its header to the heap.
type Entry struct{ Level, Message string }

// Values passes each field of e to emit through value, an any.
func Values(e *Entry, emit func(any)) {
	var value any
	value = e.Level
	emit(value)
	value = e.Message
	emit(value)
}

// Merged copies src into a map of its own with maps.Copy, which is inlined:
// the map grows on its first insert, in maps.Copy's dst[k] = v, a line of
// the standard library that the site names (logrus's
// maps.Copy(dup.Data, entry.Data)).
func Merged(src map[string]int) map[string]int {
	dst := make(map[string]int)
	maps.Copy(dst, src)
	return dst
}

// keyOf returns b as a string. Compiled alone, and inlined into Remember,
// the string escapes; inlined into KeyLength, it does not. There the
// compiler writes no record of it, and a string longer than 32 bytes goes
// to the heap all the same.
func keyOf(b []byte) string {
	return string(b)
}

// KeyLength inlines keyOf, and keeps nothing of the string.
func KeyLength(b []byte) int {
	return len(keyOf(b))
}

var remembered string

// Remember inlines keyOf, and keeps the string.
func Remember(b []byte) {
	remembered = keyOf(b)
}

// failName panics with name, for the names that Check refuses.
//
//go:noinline
func failName(name string) { panic(name) }

// Check copies b to a name, and keeps the copy only where it panics with
// it: the call to failName, on the error path, is where the copy escapes.
//
//go:noinline
func Check(b []byte) int {
	name := string(b)
	if name == "" || name[0] == '-' {
		failName(name)
	}
	return len(name)
}

// unknownName is the error Find returns for a name it does not know.
type unknownName struct{ name string }

func (e *unknownName) Error() string { return "unknown name " + e.name }

func newUnknownName(name string) error { return &unknownName{name} }

// Find copies key to look it up, and keeps the copy only in the error it
// returns for a key it does not know.
//
//go:noinline
func Find(m map[string]int, key []byte) (int, error) {
	k := string(key)
	v, ok := m[k]
	if !ok {
		return 0, newUnknownName(k)
	}
	return v, nil
}

// greeting is never assigned: as a const, it would go into an interface
// with no copy.
var greeting = "hello, world"

// Greet writes the greeting with fmt.Fprint, which takes it as an
// interface: the compiler's record says that greeting escapes, where its
// value's copy in the interface does.
func Greet(w io.Writer) {
	fmt.Fprint(w, greeting)
}

// Boxed returns a number as an interface, which copies it.
//
//go:noinline
func Boxed(n int) any {
	v := n * 1000
	return v
}
