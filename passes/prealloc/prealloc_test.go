package prealloc_test

import (
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/squashgo/squash/passes/prealloc"
)

func Test(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), prealloc.Analyzer, "a", "b", "c")
}

// TestGo120 runs the analyzer on a module at Go 1.20, which has no builtin
// max to keep a capacity from going negative, nor package slices.
func TestGo120(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, filepath.Join(analysistest.TestData(), "go120"), prealloc.Analyzer, "./...")
}

// TestFixMessages checks that a fix says whether it keeps the slice nil:
// those that make it with slices.Grow do, those with make do not.
func TestFixMessages(t *testing.T) {
	const keeps = ", keeping it nil when the loop does not run"
	grows := 0
	for _, r := range analysistest.Run(t, analysistest.TestData(), prealloc.Analyzer, "a") {
		for _, d := range r.Diagnostics {
			for _, f := range d.SuggestedFixes {
				text := ""
				for _, e := range f.TextEdits {
					text += string(e.NewText)
				}
				grow := strings.Contains(text, ".Grow[")
				if grow {
					grows++
				}
				if strings.HasSuffix(f.Message, keeps) != grow || !strings.HasPrefix(f.Message, "Preallocate ") {
					t.Errorf("%v: fix %q edits %q", r.Pass.Fset.Position(d.Pos), f.Message, text)
				}
			}
		}
	}
	if grows == 0 {
		t.Error("no fix with slices.Grow")
	}
}

// TestGuided runs the profile-guided tier: loops that may end early, which
// Analyzer leaves alone.
func TestGuided(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), prealloc.GuidedAnalyzer, "exits")
}
