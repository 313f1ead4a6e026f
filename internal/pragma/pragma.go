// Package pragma reads squash's comment directives, //squash:ignore and
// //squash:noalloc, and the comments that are meant as one and are not: a
// directive has no blank after //, as //go:noinline has none, so "//
// squash:ignore" is prose to Go, and a near miss left unreported would
// silence nothing, or check nothing, without a word.
package pragma

import (
	"strings"
	"unicode"
)

// A Kind is how a comment stands to a directive.
type Kind int

const (
	// Other is any comment not meant as the directive.
	Other Kind = iota
	// Exact is the directive, alone or followed by a blank and more.
	Exact
	// Joined is the directive followed at once by more than a blank:
	// //squash:noallocs, //squash:ignore:prealloc.
	Joined
	// Spaced is a line comment with blanks after //: // squash:ignore.
	Spaced
	// Block is a /* */ comment: /*squash:noalloc*/, /* squash:ignore … */.
	Block
)

// Read reads text, a comment as ast.Comment holds it, against the
// directive d, such as "//squash:ignore". It returns its kind, and with it,
// for Exact, what follows d; for Joined, the word written in d's place, up
// to the first space (d alone where a space other than a blank or a tab,
// such as a no-break space, follows it). A Spaced or Block comment is one whose first word
// begins with d's name (squash:ignore), so "// squash:ignored" is one too.
// Read does not allocate.
func Read(text, d string) (kind Kind, rest string) {
	if after, ok := strings.CutPrefix(text, d); ok {
		if after == "" || after[0] == ' ' || after[0] == '\t' {
			return Exact, after
		}
		if i := strings.IndexFunc(text, unicode.IsSpace); i >= 0 {
			return Joined, text[:i]
		}
		return Joined, text
	}
	name := strings.TrimPrefix(d, "//")
	body, block := strings.CutPrefix(text, "/*")
	if !block {
		var line bool
		if body, line = strings.CutPrefix(text, "//"); !line {
			return Other, ""
		}
	}
	if !strings.HasPrefix(strings.TrimLeftFunc(body, unicode.IsSpace), name) {
		return Other, ""
	}
	if block {
		return Block, ""
	}
	return Spaced, ""
}
