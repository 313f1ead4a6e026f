package other

import "testing"

func TestCount(t *testing.T) {
	m := map[string]int{}
	Count(m, "a")
	if m["a"] != 1 {
		t.Errorf("Count: %v", m)
	}
}
