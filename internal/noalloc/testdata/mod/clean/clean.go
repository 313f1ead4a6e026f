// Package clean has no marked function, so Check builds nothing.
package clean

// Alloc allocates, but is not marked.
func Alloc() *int { return new(int) }
