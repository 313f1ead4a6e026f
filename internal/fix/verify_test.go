package fix

import (
	"slices"
	"strings"
	"testing"
)

// FuzzNewFindings: what go vet reports after a fix, less what it reported
// before, whatever their positions: nothing when they are the same, and
// only lines of after.
func FuzzNewFindings(f *testing.F) {
	f.Add("a.go:1:2: x declared and not used\nb.go:3: unreachable code", "a.go:5:2: x declared and not used")
	f.Add("", "p.go:1:1: bad")
	f.Fuzz(func(t *testing.T, before, after string) {
		b, a := strings.Split(before, "\n"), strings.Split(after, "\n")
		if got := newFindings(a, a); len(got) != 0 {
			t.Errorf("newFindings(a, a) = %q", got)
		}
		for _, l := range newFindings(b, a) {
			if !slices.Contains(a, l) {
				t.Errorf("newFindings gave %q, not a line of after", l)
			}
		}
	})
}
