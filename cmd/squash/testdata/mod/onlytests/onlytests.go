// Package onlytests has tests but no benchmarks.
package onlytests

// Double doubles.
func Double(x int) int { return 2 * x }
