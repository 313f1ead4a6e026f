package b

import "strings"

// max shadows the builtin: a count that may be negative cannot be wrapped
// in max(0, n), so such a loop is reported without a fix, and the message
// says why; a length is fixed as ever.
func max(a, b int) int {
	if a > b {
		return a
	}
	return b
}

func pad(n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ { // want `b grows as this loop of n iterations writes up to 1 byte each: Grow it once before the loop \(no fix offered: n may be negative, and the builtin max that would keep Grow's argument from going negative is hidden here by a declaration of max\)$`
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
