package a

import (
	"bytes"
	"strings"
)

const sep = ", "

// Reported.

func runes(ids []rune) string {
	var b strings.Builder
	for _, id := range ids { // want `b grows as this loop of len\(ids\) iterations writes up to 5 bytes each`
		b.WriteByte(',')
		b.WriteRune(id)
	}
	return b.String()
}

func stars(n int) string {
	var b bytes.Buffer
	b.WriteString("[")
	for range n { // want `b grows as this loop of n iterations writes up to 1 byte each`
		b.WriteByte('*')
	}
	b.WriteString("]")
	return b.String()
}

func separators(words []string) string {
	var b strings.Builder
	for i := 0; i < len(words); i++ { // want `b grows as this loop of len\(words\) iterations writes up to 2 bytes each`
		b.WriteString(sep)
	}
	return b.String()
}

// Not reported.

func unbounded(words []string) string {
	var b strings.Builder
	for _, w := range words {
		b.WriteString(w)
	}
	return b.String()
}

func alreadyGrown(ids []rune) string {
	var b strings.Builder
	b.Grow(len(ids))
	for _, id := range ids {
		b.WriteRune(id)
	}
	return b.String()
}

func conditional(ids []rune) string {
	var b strings.Builder
	for _, id := range ids {
		if id > 'a' {
			b.WriteRune(id)
		}
	}
	return b.String()
}

func earlyExit(ids []rune) string {
	var b strings.Builder
	for _, id := range ids {
		if id == 0 {
			break
		}
		b.WriteRune(id)
	}
	return b.String()
}

func unknownLength(ch chan rune) string {
	var b strings.Builder
	for r := range ch {
		b.WriteRune(r)
	}
	return b.String()
}

func otherUse(ids []rune) string {
	var b strings.Builder
	for _, id := range ids {
		b.WriteRune(id)
		if b.Len() > 10 {
			b.Reset()
		}
	}
	return b.String()
}

func constantRunes(n int) string {
	var b strings.Builder
	for range n { // want `b grows as this loop of n iterations writes up to 6 bytes each`
		b.WriteRune('é')
		b.WriteRune('x')
		b.WriteRune(-1)
	}
	return b.String()
}

func pad(n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ { // want `b grows as this loop of n iterations writes up to 1 byte each`
		b.WriteByte(' ')
	}
	return b.String()
}

func joinSeps(words []string) string {
	var b strings.Builder
	for i := 0; i < len(words)-1; i++ { // want `b grows as this loop of len\(words\) - 1 iterations writes up to 2 bytes each`
		b.WriteString(sep)
	}
	return b.String()
}

func localLen(ids []rune) string {
	n := len(ids)
	var b strings.Builder
	for i := 0; i < n; i++ { // want `b grows as this loop of n iterations writes up to 4 bytes each`
		b.WriteRune(ids[i])
	}
	return b.String()
}

func localReassigned(ids []rune, k int) string {
	n := len(ids)
	n -= k
	var b strings.Builder
	for i := 0; i < n; i++ { // want `b grows as this loop of n iterations writes up to 4 bytes each`
		b.WriteRune(ids[i])
	}
	return b.String()
}

func neverRuns() string {
	var b strings.Builder
	for i := range -2 {
		b.WriteByte(byte(i))
	}
	return b.String()
}

type width uint8

func padWidth(w width) string {
	var b bytes.Buffer
	for range w { // want `b grows as this loop of w iterations writes up to 4 bytes each`
		b.WriteRune('\t')
		b.WriteString("   ")
	}
	return b.String()
}

func padInt64(n int64) string {
	var b strings.Builder
	for range n { // want `b grows as this loop of n iterations writes up to 1 byte each`
		b.WriteByte(' ')
	}
	return b.String()
}

// Not reported: the fix would write len or int, which the code hides.

func lenShadowed(len int, xs []int) string {
	var b strings.Builder
	for range xs {
		b.WriteByte('x')
	}
	return b.String()
}

func intShadowed(n uint8) string {
	type int = int32
	var b strings.Builder
	for range n {
		b.WriteByte('x')
	}
	return b.String()
}

// Each loop that writes a bounded amount gets a Grow of its own: the
// builder is grown nowhere yet, and a Grow before the first would not size
// it for the second. One that writes an unbounded amount between them
// changes nothing.

func twoLoops(keys, values []string) string {
	var b strings.Builder
	for range keys { // want `b grows as this loop of len\(keys\) iterations writes up to 1 byte each`
		b.WriteByte('k')
	}
	for _, v := range values {
		b.WriteString(v)
	}
	for range values { // want `b grows as this loop of len\(values\) iterations writes up to 2 bytes each`
		b.WriteString(sep)
	}
	return b.String()
}
