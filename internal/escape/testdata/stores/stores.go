// Package stores stores to index expressions, for TestReadStores.
package stores

// Put stores v in m.
func Put(m map[string]int, k string, v int) {
	m[k] = v // a map
}

// Box stores n in out, converting it to an interface.
func Box(out []any, n int) {
	out[0] = n // boxed
}
