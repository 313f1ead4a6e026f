package binenc

import (
	"encoding/binary"
	"testing"
)

// fuzzType reads data as values of T and checks every entry point on them.
func fuzzType[T Number](t *testing.T, order binary.ByteOrder, data []byte) {
	vals := make([]T, len(data)/sizeOf[T]())
	if _, err := binary.Decode(data, binary.LittleEndian, vals); err != nil {
		t.Fatal(err)
	}
	checkAll(t, order, vals)
}

// FuzzEncode checks, for random slices of every type in every order, that
// the bytes equal encoding/binary's and that decoding gives the values back.
func FuzzEncode(f *testing.F) {
	f.Add([]byte{}, uint8(0))
	f.Add([]byte{1}, uint8(1))
	f.Add([]byte("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"), uint8(1))
	f.Add([]byte{0x7f, 0xf8, 0, 0, 0, 0, 0, 1, 0xff, 0xc0, 0, 1, 0x80, 0, 0, 0}, uint8(2))
	f.Add(make([]byte, 200), uint8(3))
	f.Fuzz(func(t *testing.T, data []byte, which uint8) {
		order := orders[int(which)%len(orders)].order
		fuzzType[uint8](t, order, data)
		fuzzType[int8](t, order, data)
		fuzzType[uint16](t, order, data)
		fuzzType[int16](t, order, data)
		fuzzType[uint32](t, order, data)
		fuzzType[int32](t, order, data)
		fuzzType[uint64](t, order, data)
		fuzzType[int64](t, order, data)
		fuzzType[float32](t, order, data)
		fuzzType[float64](t, order, data)
	})
}
