package failurepathfix

import (
	"errors"
	"fmt"
)

// The failure path's finding is not reported, and the other's fix is not
// made: perfsprint's fix of the imports would drop fmt, which it still uses.
func label(n int) (string, error) {
	if n < 0 {
		return "", errors.New(fmt.Sprint(n))
	}
	return fmt.Sprint(n), nil // want `fmt.Sprint can be replaced with faster strconv.Itoa \(no fix offered: perfsprint fixes a file's imports for all of its fixes there together, and its finding on line 12, on a failure path, is not reported; make this one by hand\)`
}
