// Package lint runs squash's allocation analyzers over packages, through
// the go command's vet so that results are cached like go vet's.
package lint

import (
	"github.com/catenacyber/perfsprint/analyzer"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/modernize"

	"github.com/squashgo/squash/passes/binarywrite"
	"github.com/squashgo/squash/passes/buildergrow"
	"github.com/squashgo/squash/passes/mapsize"
	"github.com/squashgo/squash/passes/poolput"
	"github.com/squashgo/squash/passes/prealloc"
	"github.com/squashgo/squash/passes/regexpcompile"
)

// Suite returns the analyzers squash lint runs: its own passes, and the
// allocation-related analyzers that golang.org/x/tools' modernize suite and
// catenacyber/perfsprint already keep, reused as they are.
func Suite() []*analysis.Analyzer {
	return []*analysis.Analyzer{
		prealloc.Analyzer,
		mapsize.Analyzer,
		binarywrite.Analyzer,
		regexpcompile.Analyzer,
		poolput.Analyzer,
		buildergrow.Analyzer,
		modernize.StringsSeqAnalyzer,
		modernize.StringsBuilderAnalyzer,
		modernize.FmtAppendfAnalyzer,
		perfsprint,
	}
}

// perfsprint reports fmt.Sprintf calls with one simple argument. Its loop
// concatenation check is off (modernize's stringsbuilder covers it), and so
// is fmt.Errorf to errors.New, which saves no allocation.
var perfsprint = func() *analysis.Analyzer {
	a := analyzer.New()
	for flag, value := range map[string]string{"concat-loop": "false", "errorf": "false"} {
		if err := a.Flags.Set(flag, value); err != nil {
			panic("squash: perfsprint has no " + flag + " flag: " + err.Error())
		}
	}
	return a
}()
