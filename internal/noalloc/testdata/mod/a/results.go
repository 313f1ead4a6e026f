package a

import "strconv"

// Overflow catenates the result of strconv.FormatUint, which the compiler
// inlines and names ~r0 in its message (json-iterator/go's ReadInt64):
// Message gives the source too.
//
//squash:noalloc
func Overflow(v uint64) string {
	return "overflow: " + strconv.FormatUint(v, 10) // want `"overflow: " \+ ~r0 escapes to heap`
}
