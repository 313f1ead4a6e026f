// Package pragma reads squash's comment directives, //squash:ignore and
// //squash:noalloc, and the comments that are meant as one and are not: a
// directive has no blank after //, as //go:noinline has none, so "//
// squash:ignore" is prose to Go, and a near miss left unreported would
// silence nothing, or check nothing, without a word. It also says which
// line a directive covers (Covered), the one rule that squash lint and the
// passes that must know what it silences both read.
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
// such as a no-break space, follows it). A Spaced or Block comment is one
// whose first word begins with d's name (squash:ignore), so the comment
// "// squash:ignored" is one too, unless what follows the name is
// punctuation that prose puts there: the line of a doc comment that
// begins with a quotation of the name and its closing quote is no attempt.
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
	word, ok := strings.CutPrefix(strings.TrimLeftFunc(body, unicode.IsSpace), name)
	if !ok || !attempt(word) {
		return Other, ""
	}
	if block {
		return Block, ""
	}
	return Spaced, ""
}

// attempt reports whether after, what follows a directive's name at the
// start of a comment that is not the directive, reads as part of an
// attempt at it: nothing, a space, or more of a word (the name followed by
// "d", ":prealloc", "=true" or "*/"), not the punctuation that ends a
// quotation or a clause in prose (a quote, a comma, a parenthesis).
func attempt(after string) bool {
	if after == "" {
		return true
	}
	switch c := after[0]; {
	case c == ':' || c == '_' || c == '-' || c == '=' || c == '*':
		return true
	case c < 0x80:
		r := rune(c)
		return unicode.IsSpace(r) || unicode.IsLetter(r) || unicode.IsDigit(r)
	}
	return true // beyond ASCII: a no-break space, a letter
}
