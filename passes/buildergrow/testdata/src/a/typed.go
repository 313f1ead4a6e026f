package a

import (
	"bytes"
	"strings"
)

// Counted loops that start at a typed zero count n, as for range n does.

func countedUint(n uint) string {
	var b strings.Builder
	for i := uint(0); i < n; i++ { // want `b grows as this loop of n iterations writes up to 1 byte each`
		b.WriteByte(byte(i))
	}
	return b.String()
}

func countedInt64(n int64) string {
	var b strings.Builder
	for i := int64(0); i < n; i++ { // want `b grows as this loop of n iterations writes up to 2 bytes each`
		b.WriteString("ab")
	}
	return b.String()
}

func countedUint8(n uint8) []byte {
	var b bytes.Buffer
	for i := uint8(0); i < n; i++ { // want `b grows as this loop of n iterations writes up to 3 bytes each`
		b.WriteByte('a' + i)
		b.WriteString(sep)
	}
	return b.Bytes()
}

// Not reported: the loop does not run n times, or not surely.

func typedStartNotZero(n uint) string {
	var b strings.Builder
	for i := uint(1); i < n; i++ {
		b.WriteByte(byte(i))
	}
	return b.String()
}

func typedIndexModified(n int64) string {
	var b strings.Builder
	for i := int64(0); i < n; i++ {
		b.WriteByte(byte(i))
		i++
	}
	return b.String()
}

func floatStart(x float64) string {
	var b strings.Builder
	for f := 0.0; f < x; f++ {
		b.WriteByte('.')
	}
	return b.String()
}
