package a

// The values below do not escape, so the compiler reports nothing about
// them; those whose size is known only at run time go to the heap above the
// 32 bytes (or 32 runes) of stack the compiler gives them.

// MakeN makes a slice of n bytes.
//
//squash:noalloc
func MakeN(n int) int {
	b := make([]byte, n) // want `make\(\[\]byte, n\), which does not escape, goes to the heap above 32 bytes, as its size is not a constant`
	return len(b)
}

// ToString converts bytes to a string.
//
//squash:noalloc
func ToString(x [40]byte) int {
	s := string(x[:]) // want `string\(x\[:\]\), which does not escape, goes to the heap above 32 bytes`
	return len(s) + int(s[3])
}

// Runes converts a string to runes, and indexes them.
//
//squash:noalloc
func Runes(s string) int {
	return int([]rune(s)[3]) // want `\[\]rune\(s\), which does not escape, goes to the heap above 32 runes`
}

// Join concatenates three strings, once.
//
//squash:noalloc
func Join(a, b, c string) int {
	s := a + b + c // want `a \+ b \+ c, which does not escape, goes to the heap above 32 bytes`
	return len(s)
}

// Grow appends to a string.
//
//squash:noalloc
func Grow(a, b string) int {
	a += b // want `a \+= …, which does not escape, builds a new string on the heap at any size \(unless a side is empty\)`
	return len(a)
}

// Sized allocates nothing of a size known only at run time: a constant
// make, a []byte(s) only read, a constant string, and a make that append
// extends its slice with.
//
//squash:noalloc
func Sized(s string, buf []byte, n int) int {
	const k = 16
	b := make([]byte, k, 2*k)
	r := []byte(s)
	t := "a" + "b"
	buf = append(buf[:0], make([]byte, n)...)
	return len(b) + len(r) + len(t) + len(buf)
}

var counts = map[string]int{}

// Shared converts bytes to strings that share the bytes: a map key, a
// comparison's operand, a switch's tag, len's argument.
//
//squash:noalloc
func Shared(b []byte) int {
	n := counts[string(b)] + len(string(b))
	if string(b) == "x" {
		n++
	}
	switch string(b) {
	case "y":
		n++
	}
	return n
}
