package buildergrow_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/squashgo/squash/passes/buildergrow"
)

func Test(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), buildergrow.Analyzer, "a", "b")
}

// TestGo120 runs the analyzer on a module at Go 1.20, which has no builtin
// max to keep Grow's argument from going negative.
func TestGo120(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, filepath.Join(analysistest.TestData(), "go120"), buildergrow.Analyzer, "./...")
}
