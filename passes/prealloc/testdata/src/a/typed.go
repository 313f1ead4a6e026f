package a

// Counted loops that start at a typed zero count n, as for range n does.

func countedUint(n uint) []int {
	var out []int // want `out grows once per iteration of a loop of n iterations`
	for i := uint(0); i < n; i++ {
		out = append(out, int(i))
	}
	return out
}

func countedUintMade(n uint) int {
	out := []int{} // want `out grows once per iteration of a loop of n iterations`
	for i := uint(0); i < n; i++ {
		out = append(out, int(i))
	}
	return len(out)
}

func countedInt64(n int64) []int64 {
	var out []int64 // want `out grows once per iteration of a loop of n iterations`
	for i := int64(0); i < n; i++ {
		out = append(out, i*i)
	}
	return out
}

func countedUint8(n uint8) []byte {
	var out []byte // want `out grows once per iteration of a loop of n iterations`
	for i := uint8(0); i < n; i++ {
		out = append(out, 'a'+i)
	}
	return out
}

type index int32

func countedNamed(n index) []index {
	var out []index // want `out grows once per iteration of a loop of n iterations`
	for i := index(0); i < n; i++ {
		out = append(out, i)
	}
	return out
}

// Not reported: the loop does not run n times, or not surely.

func typedStartNotZero(n uint) []int {
	var out []int
	for i := uint(1); i < n; i++ {
		out = append(out, int(i))
	}
	return out
}

func typedIndexModified(n int64) []int64 {
	var out []int64
	for i := int64(0); i < n; i++ {
		out = append(out, i)
		i++
	}
	return out
}

func floatStart(x float64) []float64 {
	var out []float64
	for f := 0.0; f < x; f++ {
		out = append(out, f)
	}
	return out
}
