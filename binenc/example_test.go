package binenc_test

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"

	"github.com/squashgo/squash/binenc"
)

func ExampleWrite() {
	samples := []int16{1, -1, 256}
	var out bytes.Buffer
	if err := binenc.Write(&out, binary.BigEndian, samples); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("% x\n", out.Bytes())
	// Output: 00 01 ff ff 01 00
}

func ExampleRead() {
	in := bytes.NewReader([]byte{0, 0, 0x80, 0x3f, 0, 0, 0, 0xc0})
	vals := make([]float32, 2)
	if err := binenc.Read(in, binary.LittleEndian, vals); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(vals)

	// A stream that ends early gives binary.Read's errors, as they are.
	err := binenc.Read(bytes.NewReader([]byte{1, 2, 3}), binary.LittleEndian, vals)
	fmt.Println(err == io.ErrUnexpectedEOF)
	err = binenc.Read(bytes.NewReader(nil), binary.LittleEndian, vals)
	fmt.Println(err == io.EOF)
	// Output:
	// [1 -2]
	// true
	// true
}

func ExampleAppend() {
	buf := []byte("hdr:")
	buf, err := binenc.Append(buf, binary.LittleEndian, []uint32{1, 2})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%q\n", buf)
	// Output: "hdr:\x01\x00\x00\x00\x02\x00\x00\x00"
}

func ExampleEncode() {
	buf := make([]byte, 16)
	n, err := binenc.Encode(buf, binary.BigEndian, []uint64{1, 2})
	fmt.Println(n, err, buf[7], buf[15])

	_, err = binenc.Encode(buf[:10], binary.BigEndian, []uint64{1, 2})
	fmt.Println(err)
	// Output:
	// 16 <nil> 1 2
	// binenc: Encode needs 16 bytes for 2 uint64, the buffer has 10: pass a buffer of binenc.Size(data) bytes or use binenc.Append: short buffer
}

func ExampleDecode() {
	vals := make([]uint16, 2)
	n, err := binenc.Decode([]byte{0, 1, 0, 2, 0xff}, binary.BigEndian, vals)
	fmt.Println(n, err, vals)
	// Output: 4 <nil> [1 2]
}

func ExampleSize() {
	fmt.Println(binenc.Size(make([]float64, 10)))
	// Output: 80
}
