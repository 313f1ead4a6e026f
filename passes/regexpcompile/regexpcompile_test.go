package regexpcompile_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/squashgo/squash/passes/regexpcompile"
)

func Test(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), regexpcompile.Analyzer, "a", "b", "c", "d")
}
