//go:build purego

package tags

var sink *int

// Slow allocates: a build with -tags=purego reports it.
//
//squash:noalloc
func Slow(x int) int {
	y := x
	sink = &y
	return y
}
