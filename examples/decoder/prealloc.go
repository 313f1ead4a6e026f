package decoder

import (
	"bytes"
	"io"
	"strconv"
)

// A Decoder decodes like Simple but keeps its input and output buffers from
// one call to the next (the article's preallocation stage). After the first
// calls have grown the buffers, Decode does not allocate.
//
// A Decoder is not safe for concurrent use.
type Decoder struct {
	in  []byte
	out []byte
}

// Decode decodes all of r. The result is valid until the next call.
func (d *Decoder) Decode(r io.Reader) ([]byte, error) {
	in, err := readAll(r, d.in[:0])
	d.in = in
	if err != nil {
		return nil, err
	}
	out := d.out[:0]
	off := 0
	for {
		end := bytes.IndexByte(in[off:], ' ')
		if end < 0 {
			end = len(in) - off
		}
		tok := in[off : off+end]
		// string(tok) does not escape ParseUint, so it needs no allocation.
		v, err := strconv.ParseUint(string(tok), 10, 8)
		if err != nil {
			return nil, tokenError(off, tok)
		}
		out = append(out, byte(v))
		off += end + 1
		if off > len(in) {
			break
		}
	}
	d.out = out
	return out, nil
}

// readAll appends all of r to buf, growing it only when it is full.
func readAll(r io.Reader, buf []byte) ([]byte, error) {
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return buf, err
		}
	}
}

// tokenError explains why tok, at offset off, is not a byte value.
func tokenError(off int, tok []byte) error {
	reason := "value over 255"
	if len(tok) == 0 {
		reason = "empty token"
	}
	for _, c := range tok {
		if c < '0' || c > '9' {
			reason = "not a decimal digit"
			break
		}
	}
	return &SyntaxError{Offset: off, Token: string(tok), Reason: reason}
}
