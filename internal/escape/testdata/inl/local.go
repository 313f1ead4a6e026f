package inl

// Count makes a slice that never leaves it, of a size known only at run
// time: the compiler writes no escape record for it, and the slice is on
// the heap when it needs more than 32 bytes.
func Count(n int) int {
	seen := make([]bool, n)
	c := 0
	for i := range seen {
		if i%3 == 0 {
			seen[i] = true
			c++
		}
	}
	return c
}
