// Package wire encodes points in a binary format.
package wire

import (
	"bytes"
	"encoding/binary"
	"io"
)

// A Point is a named position.
type Point struct {
	X, Y int32
	Name string
}

// Encode writes each point as its coordinates, the length of its name and
// the name.
func Encode(ps []Point) []byte {
	var buf bytes.Buffer
	for _, p := range ps {
		binary.Write(&buf, binary.LittleEndian, p.X)
		binary.Write(&buf, binary.LittleEndian, p.Y)
		binary.Write(&buf, binary.LittleEndian, uint16(len(p.Name)))
		buf.WriteString(p.Name)
	}
	return buf.Bytes()
}

// Decode reads the points that Encode wrote.
func Decode(b []byte) ([]Point, error) {
	r := bytes.NewReader(b)
	var ps []Point
	for r.Len() > 0 {
		var p Point
		var n uint16
		if err := binary.Read(r, binary.LittleEndian, &p.X); err != nil {
			return nil, err
		}
		if err := binary.Read(r, binary.LittleEndian, &p.Y); err != nil {
			return nil, err
		}
		if err := binary.Read(r, binary.LittleEndian, &n); err != nil {
			return nil, err
		}
		name := make([]byte, n)
		if _, err := io.ReadFull(r, name); err != nil {
			return nil, err
		}
		p.Name = string(name)
		ps = append(ps, p)
	}
	return ps, nil
}
