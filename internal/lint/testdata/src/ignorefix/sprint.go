package ignorefix

import (
	"fmt"
)

// perfsprint fixes the imports of a file for all of its fixes there: with
// one silenced, the others have none.
func sprint(n int, b bool) (string, string) {
	s := fmt.Sprintf("%d", n) //squash:ignore perfsprint the article's "before" variant
	t := fmt.Sprintf("%t", b) // want `fmt.Sprintf can be replaced with faster strconv.FormatBool \(no fix offered: perfsprint fixes a file's imports for all of its fixes there together, and //squash:ignore silences its finding on line 10; make this one by hand\)$`
	return s, t
}
