// Package other is a package whose tests a load need not type-check.
package other

// Count counts k in m.
func Count(m map[string]int, k string) {
	m[k]++ // a map
}
