// Package lint runs squash's allocation analyzers over packages, through
// the go command's vet so that results are cached like go vet's.
package lint

import (
	"go/ast"
	"go/token"
	"slices"

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
// is fmt.Errorf to errors.New, which saves no allocation. Its fixes are
// offered only where its import fix works (see parenImportsOnly).
var perfsprint = func() *analysis.Analyzer {
	a := analyzer.New()
	for flag, value := range map[string]string{"concat-loop": "false", "errorf": "false"} {
		if err := a.Flags.Set(flag, value); err != nil {
			panic("squash: perfsprint has no " + flag + " flag: " + err.Error())
		}
	}
	return parenImportsOnly(a)
}()

// parenImportsOnly returns a copy of a whose fixes in a package are dropped
// if one of them edits an import declaration without parentheses:
// perfsprint v0.10.1 turns `import "fmt"` into `import \t"strconv"\n"fmt"`,
// or a bare `import `, which do not build. Its import fix is worked out for
// all of its fixes in the package together, so all go. The diagnostics stay,
// and say why they have no fix.
func parenImportsOnly(a *analysis.Analyzer) *analysis.Analyzer {
	c := *a
	c.Run = func(pass *analysis.Pass) (any, error) {
		p := *pass
		var ds []analysis.Diagnostic
		p.Report = func(d analysis.Diagnostic) { ds = append(ds, d) }
		res, err := a.Run(&p)
		bare := slices.ContainsFunc(ds, func(d analysis.Diagnostic) bool {
			return slices.ContainsFunc(d.SuggestedFixes, func(f analysis.SuggestedFix) bool {
				return slices.ContainsFunc(f.TextEdits, func(e analysis.TextEdit) bool { return inBareImport(pass.Files, e.Pos) })
			})
		})
		for _, d := range ds {
			if bare && d.Category == "fiximports" {
				continue // not a finding: the imports of the fixes dropped
			}
			if bare && len(d.SuggestedFixes) > 0 {
				d.SuggestedFixes = nil
				d.Message += " (no fix offered: its fix of an import declaration without parentheses does not build; put the import in parentheses)"
			}
			pass.Report(d)
		}
		return res, err
	}
	return &c
}

// inBareImport reports whether pos is inside an import declaration without
// parentheses in one of files.
func inBareImport(files []*ast.File, pos token.Pos) bool {
	for _, f := range files {
		for _, d := range f.Decls {
			if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.IMPORT && !g.Lparen.IsValid() && g.Pos() <= pos && pos <= g.End() {
				return true
			}
		}
	}
	return false
}
