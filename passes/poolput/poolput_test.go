package poolput_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/squashgo/squash/passes/poolput"
)

func Test(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), poolput.Analyzer, "a")
}
