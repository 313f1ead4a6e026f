package fixes

import (
	"encoding/binary"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/squashgo/squash/binenc"
)

// A User is a record with an ID.
type User struct {
	ID   int
	Name string
}

// IDs collects the users' IDs into a slice that grows (prealloc reports it).
func IDs(users []User) []int {
	var ids []int
	for _, u := range users {
		ids = append(ids, u.ID)
	}
	return ids
}

// IDsFixed is IDs after prealloc's fix: IDs returns ids, so the fix makes
// it with slices.Grow, which keeps it nil when there are no users.
func IDsFixed(users []User) []int {
	ids := slices.Grow[[]int](nil, len(users))
	for _, u := range users {
		ids = append(ids, u.ID)
	}
	return ids
}

// NthID returns the nth user's ID, from a slice of all the IDs that grows
// (prealloc reports it).
func NthID(users []User, n int) int {
	var ids []int
	for _, u := range users {
		ids = append(ids, u.ID)
	}
	return ids[n]
}

// NthIDFixed is NthID after prealloc's fix: NthID only indexes ids, which
// sees no difference between nil and empty, so the fix makes it with make.
func NthIDFixed(users []User, n int) int {
	ids := make([]int, 0, len(users))
	for _, u := range users {
		ids = append(ids, u.ID)
	}
	return ids[n]
}

// Index maps IDs to users in a map that grows (mapsize reports it).
func Index(users []User) map[int]*User {
	m := map[int]*User{}
	for i := range users {
		m[users[i].ID] = &users[i]
	}
	return m
}

// IndexFixed is Index after mapsize's fix.
func IndexFixed(users []User) map[int]*User {
	m := make(map[int]*User, len(users))
	for i := range users {
		m[users[i].ID] = &users[i]
	}
	return m
}

// WriteSamples writes with binary.Write, which copies xs first (binarywrite
// reports it).
func WriteSamples(w io.Writer, xs []uint64) error {
	return binary.Write(w, binary.LittleEndian, xs)
}

// WriteSamplesFixed is WriteSamples after binarywrite's fix.
func WriteSamplesFixed(w io.Writer, xs []uint64) error {
	return binenc.Write(w, binary.LittleEndian, xs)
}

// Valid compiles its pattern on every call (regexpcompile reports it).
func Valid(s string) bool {
	return regexp.MustCompile(`^[a-z0-9_]+$`).MatchString(s)
}

var validFixedRe = regexp.MustCompile(`^[a-z0-9_]+$`)

// ValidFixed is Valid after regexpcompile's fix.
func ValidFixed(s string) bool {
	return validFixedRe.MatchString(s)
}

var values = sync.Pool{New: func() any { return make([]byte, 0, 64) }}

// WithBuffer pools slices by value, which boxes them on Put (poolput
// reports it).
func WithBuffer(use func([]byte) []byte) {
	b := values.Get().([]byte)
	b = use(b[:0])
	values.Put(b)
}

var pointers = sync.Pool{New: func() any { b := make([]byte, 0, 64); return &b }}

// WithBufferFixed is WithBuffer rewritten as poolput's message says.
func WithBufferFixed(use func([]byte) []byte) {
	bp := pointers.Get().(*[]byte)
	*bp = use((*bp)[:0])
	pointers.Put(bp)
}

// Stars builds a string of n stars in a builder that grows (buildergrow
// reports it).
func Stars(n int) string {
	var b strings.Builder
	for range n {
		b.WriteByte('*')
	}
	return b.String()
}

// StarsFixed is Stars after buildergrow's fix.
func StarsFixed(n int) string {
	var b strings.Builder
	b.Grow(max(0, n))
	for range n {
		b.WriteByte('*')
	}
	return b.String()
}

// greeting is never assigned (constvar reports it).
var greeting = "hello, squash"

// Greet writes the greeting, which fmt.Fprint takes as an interface: the
// conversion copies the variable's value to the heap.
func Greet(w io.Writer) {
	fmt.Fprint(w, greeting)
}

// greetingFixed is greeting after constvar's fix.
const greetingFixed = "hello, squash"

// GreetFixed is Greet with the constant, which goes into the interface
// with no copy.
func GreetFixed(w io.Writer) {
	fmt.Fprint(w, greetingFixed)
}
