package prealloc_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/squashgo/squash/passes/prealloc"
)

func Test(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), prealloc.Analyzer, "a", "b")
}

// TestGo120 runs the analyzer on a module at Go 1.20, which has no builtin
// max to keep a capacity from going negative.
func TestGo120(t *testing.T) {
	analysistest.Run(t, filepath.Join(analysistest.TestData(), "go120"), prealloc.Analyzer, "./...")
}
