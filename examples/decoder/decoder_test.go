package decoder

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"
)

// lorem is the article's input: the decimal byte values of its sentence,
// separated by single spaces.
var lorem = func() []byte {
	var b []byte
	for i, c := range []byte("Lorem ipsum dolor sit amet, consectetur adipiscing elit.") {
		if i > 0 {
			b = append(b, ' ')
		}
		b = strconv.AppendUint(b, uint64(c), 10)
	}
	return b
}()

// stage is one way of decoding, adapted to one signature.
type stage struct {
	name   string
	decode func(in []byte) ([]byte, error)
}

var stages = []stage{
	{"Simple", func(in []byte) ([]byte, error) { return Simple(bytes.NewReader(in)) }},
	{"Prealloc", func(in []byte) ([]byte, error) {
		var d Decoder
		d.Decode(strings.NewReader("1 2 3")) // a used decoder must not remember
		out, err := d.Decode(bytes.NewReader(in))
		return bytes.Clone(out), err
	}},
	{"NoAlloc", func(in []byte) ([]byte, error) {
		var d StreamDecoder
		dst := make([]byte, len(in))
		n, err := d.DecodeInto(dst, bytes.NewReader(in))
		return dst[:n], err
	}},
	{"NoAlloc/onebyte", func(in []byte) ([]byte, error) {
		var d StreamDecoder
		dst := make([]byte, len(in))
		n, err := d.DecodeInto(dst, iotest.OneByteReader(bytes.NewReader(in)))
		return dst[:n], err
	}},
	{"Dynamic", func(in []byte) ([]byte, error) {
		var d StreamDecoder
		var out bytes.Buffer
		out.WriteString("kept")
		err := d.Decode(iotest.HalfReader(bytes.NewReader(in)), &out)
		if !bytes.HasPrefix(out.Bytes(), []byte("kept")) {
			return nil, fmt.Errorf("Decode lost what the buffer held: %q", out.Bytes())
		}
		return out.Bytes()[4:], err
	}},
	{"Concurrent", func(in []byte) ([]byte, error) {
		outs, err := DecodeAll([][]byte{[]byte("1"), in, []byte("2")}, 2)
		if err != nil {
			return nil, err
		}
		if string(outs[0]) != "\x01" || string(outs[2]) != "\x02" {
			return nil, fmt.Errorf("neighbours decoded wrong: %q", outs)
		}
		return outs[1], nil
	}},
}

func TestStages(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		reason   string // the SyntaxError's reason, if an error is wanted
		offset   int
	}{
		{in: "79 75", want: "OK"},
		{in: "0", want: "\x00"},
		{in: "255 0 1", want: "\xff\x00\x01"},
		{in: "007 0000000000000000000065", want: "\x07A"},
		{in: string(lorem), want: "Lorem ipsum dolor sit amet, consectetur adipiscing elit."},
		{in: "", reason: "empty token"},
		{in: " 79", reason: "empty token"},
		{in: "79 ", reason: "empty token", offset: 3},
		{in: "79  75", reason: "empty token", offset: 3},
		{in: "256", reason: "value over 255"},
		{in: "79 99999999999999999999999", reason: "value over 255", offset: 3},
		{in: "7a", reason: "not a decimal digit"},
		{in: "79 -1", reason: "not a decimal digit", offset: 3},
		{in: "+1", reason: "not a decimal digit"},
		{in: "79\n", reason: "not a decimal digit"},
		{in: "79\t75", reason: "not a decimal digit"},
		{in: "1 2 x", reason: "not a decimal digit", offset: 4},
	} {
		for _, s := range stages {
			got, err := s.decode([]byte(tc.in))
			if tc.reason == "" {
				if err != nil || string(got) != tc.want {
					t.Errorf("%s(%q) = %q, %v; want %q", s.name, tc.in, got, err, tc.want)
				}
				continue
			}
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Errorf("%s(%q) error = %v, want a SyntaxError (%s)", s.name, tc.in, err, tc.reason)
				continue
			}
			if se.Reason != tc.reason || se.Offset != tc.offset {
				t.Errorf("%s(%q) error = %v, want %s at offset %d", s.name, tc.in, err, tc.reason, tc.offset)
			}
		}
	}
}

func TestShortBuffer(t *testing.T) {
	var d StreamDecoder
	n, err := d.DecodeInto(make([]byte, 1), strings.NewReader("79 75"))
	if !errors.Is(err, ErrShortBuffer) || n != 1 {
		t.Errorf("DecodeInto into 1 byte = %d, %v; want 1, ErrShortBuffer", n, err)
	}
}

func TestReadError(t *testing.T) {
	boom := errors.New("disk on fire")
	r := io.MultiReader(strings.NewReader("79 7"), iotest.ErrReader(boom))
	for _, s := range []struct {
		name string
		err  error
	}{
		{"Simple", func() error { _, err := Simple(r); return err }()},
	} {
		if !errors.Is(s.err, boom) {
			t.Errorf("%s: error %v, want the reader's", s.name, s.err)
		}
	}
	var d Decoder
	if _, err := d.Decode(iotest.ErrReader(boom)); !errors.Is(err, boom) {
		t.Errorf("Decoder: error %v, want the reader's", err)
	}
	var sd StreamDecoder
	if _, err := sd.DecodeInto(make([]byte, 8), iotest.ErrReader(boom)); !errors.Is(err, boom) {
		t.Errorf("StreamDecoder: error %v, want the reader's", err)
	}
}

// TestSteadyStateAllocs pins the stages that promise not to allocate.
func TestSteadyStateAllocs(t *testing.T) {
	rd := bytes.NewReader(lorem)
	var d Decoder
	var sd StreamDecoder
	dst := make([]byte, len(lorem))
	var out bytes.Buffer
	for name, f := range map[string]func(){
		"Prealloc": func() { rd.Reset(lorem); d.Decode(rd) },
		"NoAlloc":  func() { rd.Reset(lorem); sd.DecodeInto(dst, rd) },
		"Dynamic":  func() { rd.Reset(lorem); out.Reset(); sd.Decode(rd, &out) },
	} {
		f() // grow the buffers
		if n := testing.AllocsPerRun(100, f); n != 0 {
			t.Errorf("%s allocates %v times per call in steady state, want 0", name, n)
		}
	}
	rd.Reset(lorem)
	// Simple is the demo's "before": it must allocate, but squash fix
	// may take some of its allocations away.
	if n := testing.AllocsPerRun(100, func() { rd.Reset(lorem); Simple(rd) }); n < 1 {
		t.Errorf("Simple allocates %v times per call; the demo wants it to allocate", n)
	}
}

func FuzzStagesAgree(f *testing.F) {
	for _, s := range []string{"79 75", "", " ", "0", "255", "256", "00255", "1  2", "1 2 ", " 1", "7a", "1\n", string(lorem), "99999999999999999999"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		want, wantErr := stages[0].decode(in)
		for _, s := range stages[1:] {
			got, err := s.decode(in)
			if (err == nil) != (wantErr == nil) {
				t.Fatalf("%s(%q) error = %v; Simple's = %v", s.name, in, err, wantErr)
			}
			if err == nil && !bytes.Equal(got, want) {
				t.Fatalf("%s(%q) = %q; Simple's = %q", s.name, in, got, want)
			}
			var se, wse *SyntaxError
			if errors.As(err, &se) && errors.As(wantErr, &wse) && se.Offset != wse.Offset {
				t.Fatalf("%s(%q) error at offset %d; Simple's at %d", s.name, in, se.Offset, wse.Offset)
			}
		}
	})
}

func ExampleSimple() {
	out, err := Simple(strings.NewReader("79 75"))
	fmt.Printf("%s %v\n", out, err)
	_, err = Simple(strings.NewReader("79 256"))
	fmt.Println(err)
	// Output:
	// OK <nil>
	// decoder: value over 255 at offset 3: "256"
}

func ExampleStreamDecoder_Decode() {
	var d StreamDecoder
	var out bytes.Buffer
	for _, in := range []string{"72 105", "33"} {
		if err := d.Decode(strings.NewReader(in), &out); err != nil {
			fmt.Println(err)
		}
	}
	fmt.Println(out.String())
	// Output: Hi!
}
