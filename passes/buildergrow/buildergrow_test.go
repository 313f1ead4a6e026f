package buildergrow_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/squashgo/squash/passes/buildergrow"
)

func Test(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), buildergrow.Analyzer, "a")
}
