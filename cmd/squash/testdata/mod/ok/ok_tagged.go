//go:build squashtagged

package ok

// tagged is left out of every build without the tag squashtagged, which
// explain says how to set: TestExplainBadInput.
func tagged() []byte { return make([]byte, 100) }
