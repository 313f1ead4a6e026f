package a

import (
	"bytes"
	"encoding/binary"
	"io"
)

type Celsius float32

// Reported.

func samples(w io.Writer, xs []uint64) error {
	return binary.Write(w, binary.LittleEndian, xs) // want `binary.Write copies the \[\]uint64 into a new \[\]byte`
}

func temps(w io.Writer, ts []Celsius) error {
	return binary.Write(w, binary.BigEndian, ts) // want `binary.Write copies the \[\]Celsius into a new \[\]byte`
}

func floats(buf *bytes.Buffer, fs []float64) {
	_ = binary.Write(buf, binary.NativeEndian, fs) // want `binary.Write copies the \[\]float64`
}

func signed(w io.Writer, xs []int16) error {
	return binary.Write(w, binary.LittleEndian, xs) // want `binary.Write copies the \[\]int16`
}

// Not reported.

func rawBytes(w io.Writer, b []byte) error {
	return binary.Write(w, binary.LittleEndian, b) // written as is
}

func oneValue(w io.Writer, x uint64) error {
	return binary.Write(w, binary.LittleEndian, x)
}

func array(w io.Writer, a [4]uint32) error {
	return binary.Write(w, binary.LittleEndian, a)
}

type header struct{ A, B uint32 }

func structs(w io.Writer, hs []header) error {
	return binary.Write(w, binary.LittleEndian, hs)
}

func ints(w io.Writer, xs []int) error {
	return binary.Write(w, binary.LittleEndian, xs) // not fixed-size: binary.Write fails on it
}

func bools(w io.Writer, bs []bool) error {
	return binary.Write(w, binary.LittleEndian, bs)
}

func read(r io.Reader, xs []uint64) error {
	return binary.Read(r, binary.LittleEndian, xs)
}
