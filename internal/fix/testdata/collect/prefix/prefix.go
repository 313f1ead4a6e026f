// Package prefix imports collect: squash fix runs its tests too when it
// verifies a fix of collect.
package prefix

import "example.com/collect"

// Prefix returns the items of xs before the first negative one, or nil
// if there are none.
func Prefix(xs []int) []int { return collect.Collect(xs) }
