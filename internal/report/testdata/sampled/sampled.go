// Package sampled allocates a known number of objects of known sizes on
// each of three lines: enough, with a low bound on what is recorded, that
// squash records them by sample.
package sampled

var (
	small  *[2]*int // 16 bytes, with pointers: not packed into tiny blocks
	medium []*int
	large  []byte
)

// Allocate makes 400 objects of 16 bytes, 100 of 128 and 20 of 4096.
func Allocate() {
	for range 400 {
		small = new([2]*int)
	}
	for range 100 {
		medium = make([]*int, 16)
	}
	for range 20 {
		large = make([]byte, 4096)
	}
}
