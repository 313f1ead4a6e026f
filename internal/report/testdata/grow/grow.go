// Package grow allocates only as maps grow on insert and as values of
// named types are made that do not escape: the compiler writes no record
// of a value that escapes in it, nor in its tests, for
// TestMapGrowthWithoutRecords and TestNamedMakes.
package grow

// Fill stores n keys in m, which grows to hold them.
func Fill(m map[int]int, n int) {
	for i := range n {
		m[i] = i
	}
}
