// Package vetfails compiles, and its tests do, but go vet rejects them.
package vetfails

// Buffer allocates 64 bytes.
func Buffer() []byte { return make([]byte, 64) }
