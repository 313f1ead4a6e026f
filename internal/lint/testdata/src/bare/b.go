package bare

import (
	"fmt"
)

// B formats n: its file's imports are in parentheses, but its fix goes
// with those of a.go.
func B(n int) string {
	fmt.Println(n)
	return fmt.Sprintf("%d", n) // want `^integer-format: fmt.Sprintf can be replaced with faster strconv.Itoa \(no fix offered: the fix would edit the import declaration of a.go, which has no parentheses and would not parse; put that import in parentheses\)$`
}
