package bare

import "fmt"

// A formats n: perfsprint's fix of this file's bare import would not
// parse, as fmt stays in use.
func A(n int) string {
	fmt.Println(n)
	return fmt.Sprintf("%d", n) // want `^integer-format: fmt.Sprintf can be replaced with faster strconv.Itoa \(no fix offered: the fix would edit the import declaration of a.go, which has no parentheses and would not parse; put that import in parentheses\)$`
}
