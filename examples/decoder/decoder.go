package decoder

import (
	"io"
	"strconv"
	"strings"
)

// A SyntaxError reports a token that is not a decimal byte value.
type SyntaxError struct {
	Offset int    // byte offset of the token in the input
	Token  string // the token, as far as it was read
	Reason string // "empty token", "not a decimal digit", "value over 255"
}

// Error reports the reason, the offset and the token, quoted.
func (e *SyntaxError) Error() string {
	return "decoder: " + e.Reason + " at offset " + strconv.Itoa(e.Offset) + ": " + strconv.Quote(e.Token)
}

// Simple decodes all of r the obvious way: io.ReadAll, string(b),
// strings.Split, strconv.ParseUint and append. Each of those allocates, and
// the output slice grows from nothing.
//
// Simple calls no other function of this package, so that a memory profile's
// lines of this file hold exactly its own allocations.
func Simple(r io.Reader) ([]byte, error) {
	var out []byte
	off := 0
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	s := string(b)
	tokens := strings.Split(s, " ")
	for _, tok := range tokens {
		v, err := strconv.ParseUint(tok, 10, 8)
		if err != nil {
			reason := "not a decimal digit"
			switch {
			case tok == "":
				reason = "empty token"
			case strings.Trim(tok, "0123456789") == "":
				reason = "value over 255"
			}
			return nil, &SyntaxError{Offset: off, Token: tok, Reason: reason}
		}
		out = append(out, byte(v))
		off += len(tok) + 1
	}
	return out, nil
}
