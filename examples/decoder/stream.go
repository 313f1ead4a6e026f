package decoder

import (
	"bytes"
	"errors"
	"io"
)

// ErrShortBuffer is returned by StreamDecoder.DecodeInto when the output
// does not fit the buffer given.
var ErrShortBuffer = errors.New("decoder: output buffer too small")

// A StreamDecoder parses the byte stream as it reads it, through a fixed
// chunk buffer, with no string, no token slice and no allocation (the
// article's NoAlloc stage), and appends to a bytes.Buffer for output of any
// length (the Dynamic stage).
//
// A StreamDecoder is not safe for concurrent use.
type StreamDecoder struct {
	chunk [512]byte
}

// DecodeInto decodes all of r into dst and returns the number of bytes
// written. It does not allocate. Output longer than dst is an error wrapping
// ErrShortBuffer.
//
// squash guard holds DecodeInto, decode and scan, the NoAlloc stage's path,
// to that: each is marked //squash:noalloc, so anything the compiler puts on
// the heap in them fails the check. token, which they call, is not: its
// errors are allocated.
//
//squash:noalloc
func (d *StreamDecoder) DecodeInto(dst []byte, r io.Reader) (int, error) {
	out, err := d.decode(r, dst[:0], len(dst))
	return len(out), err
}

// Decode decodes all of r and appends the bytes to out, which grows as
// needed. Once out has grown to the size of the inputs, Decode does not
// allocate.
func (d *StreamDecoder) Decode(r io.Reader, out *bytes.Buffer) error {
	b, err := d.decode(r, out.AvailableBuffer(), -1)
	if err != nil {
		return err // out is unchanged: b lies beyond its length
	}
	out.Write(b) // the bytes are already in place unless b grew
	return nil
}

// decode appends the decoded bytes to out. With limit >= 0, it stops with
// ErrShortBuffer instead of writing more than limit bytes.
//
//squash:noalloc
func (d *StreamDecoder) decode(r io.Reader, out []byte, limit int) ([]byte, error) {
	var s scanner
	for {
		n, err := r.Read(d.chunk[:])
		var serr error
		if out, serr = s.scan(d.chunk[:n], out, limit); serr != nil {
			return out, serr
		}
		if err == io.EOF {
			return s.finish(out, limit)
		}
		if err != nil {
			return out, err
		}
	}
}

// A scanner is the state of a parse that may stop in the middle of a token.
type scanner struct {
	off    int  // offset of the next byte
	start  int  // offset of the current token
	val    int  // value of the current token so far
	digits int  // digits in the current token
	bad    bool // the current token holds a non-digit
	tok    [8]byte
}

// scan consumes chunk, appending a byte to out for each complete token.
//
//squash:noalloc
func (s *scanner) scan(chunk []byte, out []byte, limit int) ([]byte, error) {
	for _, c := range chunk {
		if c == ' ' {
			var err error
			if out, err = s.token(out, limit); err != nil {
				return out, err
			}
			s.off++
			s.start = s.off
			continue
		}
		if len(s.tok) > s.digits {
			s.tok[s.digits] = c
		}
		s.digits++
		s.off++
		if c < '0' || c > '9' {
			s.bad = true
			continue
		}
		if s.val <= 255 {
			s.val = s.val*10 + int(c-'0')
		}
	}
	return out, nil
}

// finish ends the last token at the end of the input.
func (s *scanner) finish(out []byte, limit int) ([]byte, error) {
	return s.token(out, limit)
}

// token ends the current token.
func (s *scanner) token(out []byte, limit int) ([]byte, error) {
	switch {
	case s.digits == 0:
		return out, &SyntaxError{Offset: s.start, Reason: "empty token"}
	case s.bad:
		return out, &SyntaxError{Offset: s.start, Token: s.seen(), Reason: "not a decimal digit"}
	case s.val > 255:
		return out, &SyntaxError{Offset: s.start, Token: s.seen(), Reason: "value over 255"}
	case limit >= 0 && len(out) >= limit:
		return out, ErrShortBuffer
	}
	out = append(out, byte(s.val))
	s.val, s.digits = 0, 0
	return out, nil
}

// seen returns the start of the current token, as far as it is kept.
func (s *scanner) seen() string {
	return string(s.tok[:min(s.digits, len(s.tok))])
}
