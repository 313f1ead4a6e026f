package splitcut_test

import (
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/squashgo/squash/passes/splitcut"
)

func Test(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), splitcut.Analyzer, "a")
}

// FuzzSameParts: the loop the fix writes visits the parts that
// strings.Split returns, in order, for any string and non-empty separator.
func FuzzSameParts(f *testing.F) {
	for _, s := range []string{"", ",", "a", "a,b", ",a,", "a,,b", "héllo,wörld"} {
		f.Add(s, ",")
	}
	f.Fuzz(func(t *testing.T, s, sep string) {
		if sep == "" {
			return // not reported: Split with "" splits into runes
		}
		var got []string
		for rest, more := s, true; more; {
			var part string
			part, rest, more = strings.Cut(rest, sep)
			got = append(got, part)
		}
		if want := strings.Split(s, sep); !slices.Equal(got, want) {
			t.Errorf("Cut loop over %q by %q: %q; Split: %q", s, sep, got, want)
		}
	})
}
