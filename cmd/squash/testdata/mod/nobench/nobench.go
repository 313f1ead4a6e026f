// Package nobench has no test files.
package nobench

// X is nothing.
var X int
