package a

// S is a value to take the address of.
type S struct{ a, b int }

// Param returns the address of its parameter: the compiler moves the
// parameter to the heap, and says so at the parameter.
//
//squash:noalloc
func Param(v int) *int { // want `v escapes to heap`
	return &v
}

// Result stores the address of its named result.
//
//squash:noalloc
func Result() (r int) { // want `r escapes to heap`
	isink = &r
	return 1
}

var isink *int

// Receiver returns the address of its value receiver.
//
//squash:noalloc
func (s S) Receiver() *S { // want `s escapes to heap`
	return &s
}

// Copied returns its argument's address after copying it in.
//
//squash:noalloc
func Copied(s S) *S { // want `s escapes to heap`
	return &s
}

// Stringify converts bytes that escape: one violation, the compiler's, not
// also the size check's.
//
//squash:noalloc
func Stringify(b []byte) string {
	return string(b) // want `string\(b\) escapes to heap`
}

// StringifyPart converts a slice of bytes that escapes.
//
//squash:noalloc
func StringifyPart(b []byte) string {
	return string(b[1:]) // want `string\(b\[1:\]\) escapes to heap`
}

// StringifyParen converts a parenthesized operand.
//
//squash:noalloc
func StringifyParen(b []byte) string {
	return string((b)) // want `string\(b\) escapes to heap`
}

// LocalConv converts bytes that do not escape: the size check's violation, at
// the compiler's place for the conversion.
//
//squash:noalloc
func LocalConv(b []byte) int {
	s := string(b[:]) // want `string\(b\[:\]\), which does not escape, goes to the heap above 32 bytes`
	return len(s) + int(s[0])
}
