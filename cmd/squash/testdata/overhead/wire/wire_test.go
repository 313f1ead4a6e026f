package wire

import (
	"slices"
	"strconv"
	"testing"
)

func points(n int) []Point {
	ps := make([]Point, n)
	for i := range ps {
		ps[i] = Point{int32(i), int32(-i), "point " + strconv.Itoa(i)}
	}
	return ps
}

func TestRoundTrip(t *testing.T) {
	ps := points(5)
	got, err := Decode(Encode(ps))
	if err != nil || !slices.Equal(got, ps) {
		t.Errorf("Decode(Encode(%v)) = %v, %v", ps, got, err)
	}
}

func BenchmarkEncode(b *testing.B) {
	ps := points(20)
	for b.Loop() {
		Encode(ps)
	}
}

func BenchmarkDecode(b *testing.B) {
	data := Encode(points(20))
	for b.Loop() {
		if _, err := Decode(data); err != nil {
			b.Fatal(err)
		}
	}
}
