// Package old is a module at Go 1.20, before the builtin max: a count that
// may be negative cannot be wrapped in max(0, n), so such a loop is
// reported without a fix, and the message says why; a length is fixed as
// ever.
package old

import "strings"

func pad(n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ { // want `b grows as this loop of n iterations writes up to 1 byte each: Grow it once before the loop \(no fix offered: n may be negative, and the builtin max that would keep Grow's argument from going negative needs Go 1.21, and this file is go1.20\)$`
		b.WriteByte(' ')
	}
	return b.String()
}

func stars(words []string) string {
	var b strings.Builder
	for range words { // want `b grows as this loop of len\(words\) iterations writes up to 1 byte each: Grow it once before the loop$`
		b.WriteByte('*')
	}
	return b.String()
}
