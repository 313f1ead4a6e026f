package fiximports

import (
	"fmt"
)

// Label formats n: perfsprint's finding, whose fix needs strconv, which
// its fix of the file's imports adds.
func Label(n int) string {
	return fmt.Sprintf("%d", n) // want `fmt.Sprintf can be replaced with faster strconv.Itoa`
}

// Print keeps fmt in use.
func Print(n int) { fmt.Println(n) }
