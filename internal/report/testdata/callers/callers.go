// Package callers has a helper that allocates, called from two places.
package callers

import "strconv"

// key builds a map key: a small helper, which allocates on behalf of its
// callers.
//
//go:noinline
func key(table string, id int) []byte {
	b := make([]byte, 0, 64) // the site
	b = append(b, table...)
	return strconv.AppendInt(b, int64(id), 10)
}

// Index makes three keys an op.
func Index(ids []int) int {
	n := 0
	for _, id := range ids {
		n += len(key("users", id)) // three calls
	}
	return n
}

// Lookup makes one key an op.
func Lookup(id int) int {
	return len(key("orders", id)) // one call
}
