package prefix

import "testing"

func TestPrefixNil(t *testing.T) {
	if got := Prefix([]int{-1}); got != nil {
		t.Errorf("Prefix([-1]) = %#v, want nil", got)
	}
}
