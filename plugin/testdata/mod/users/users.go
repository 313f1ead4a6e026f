// Package users holds a finding of each of squash's analyzers that a small
// module shows, with its fix, one that a directive keeps, and a directive
// without its reason.
package users

import (
	"encoding/binary"
	"fmt"
	"io"
	"regexp"
	"strings"
	"sync"
)

// A User is a record with an ID.
type User struct {
	ID   int
	Name string
}

// IDs collects the users' IDs in a slice that grows.
func IDs(users []User) []int {
	var ids []int
	for _, u := range users {
		ids = append(ids, u.ID)
	}
	return ids
}

// ByID indexes the users in a map that grows.
func ByID(users []User) map[int]User {
	m := map[int]User{}
	for _, u := range users {
		m[u.ID] = u
	}
	return m
}

// ValidName compiles its pattern on every call.
func ValidName(s string) bool {
	return regexp.MustCompile(`^[a-z]+$`).MatchString(s)
}

// Bar draws n stars in a builder that grows.
func Bar(n int) string {
	var b strings.Builder
	for range n {
		b.WriteByte('*')
	}
	return b.String()
}

var greeting = "hello"

// Greet writes the greeting, which fmt takes as an interface.
func Greet(w io.Writer) {
	fmt.Fprintln(w, greeting)
}

var bufs = sync.Pool{New: func() any { return make([]byte, 0, 64) }}

// Render formats into a pooled buffer, which each Put boxes.
func Render(f func([]byte) []byte) {
	b := bufs.Get().([]byte)
	b = f(b[:0])
	bufs.Put(b)
}

// WriteIDs writes the IDs with binary.Write, which copies them first.
func WriteIDs(w io.Writer, ids []uint64) error {
	return binary.Write(w, binary.LittleEndian, ids)
}

// Kept grows its slice on purpose.
func Kept(n int) []int {
	//squash:ignore prealloc the growth is what its benchmark measures
	var s []int
	for i := range n {
		s = append(s, i)
	}
	return s
}

// NoReason silences nothing: its directive has no reason.
func NoReason(n int) []int {
	//squash:ignore prealloc
	var s []int
	for i := range n {
		s = append(s, i)
	}
	return s
}
