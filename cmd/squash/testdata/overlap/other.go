package overlap

import (
	"fmt"
)

// Count formats n.
func Count(n int) string { return fmt.Sprintf("%d", n) }
