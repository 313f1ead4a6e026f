package lint

import (
	"go/ast"
	"go/token"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
)

// A fix is a diagnostic of a test analyzer: replace node by text.
type fix struct {
	node      ast.Node
	msg, text string
}

// fixer returns an analyzer that reports the fixes that match returns for
// each node of the package.
func fixer(name string, match func(ast.Node) []fix) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name: name,
		Doc:  "test fixes",
		Run: func(pass *analysis.Pass) (any, error) {
			for _, f := range pass.Files {
				ast.Inspect(f, func(n ast.Node) bool {
					for _, x := range match(n) {
						pass.Report(analysis.Diagnostic{Pos: x.node.Pos(), Message: x.msg, SuggestedFixes: []analysis.SuggestedFix{{
							Message: x.msg, TextEdits: []analysis.TextEdit{{Pos: x.node.Pos(), End: x.node.End(), NewText: []byte(x.text)}},
						}}})
					}
					return true
				})
			}
			return nil, nil
		},
	}
}

// TestFixSuite: of overlapping fixes, the first analyzer's is made; all of
// a later analyzer's fixes in the package are left out when one of them
// overlaps (sums' fix of 2 too); of one analyzer's own overlapping fixes,
// the first is made.
func TestFixSuite(t *testing.T) {
	sum := func(n ast.Node) *ast.BinaryExpr {
		b, _ := n.(*ast.BinaryExpr)
		if b != nil && b.Op == token.ADD {
			if l, ok := b.Y.(*ast.BasicLit); ok && l.Value == "1" {
				return b
			}
		}
		return nil
	}
	two := func(n ast.Node) bool { l, ok := n.(*ast.BasicLit); return ok && l.Value == "2" }
	names := fixer("names", func(n ast.Node) []fix {
		if b := sum(n); b != nil {
			return []fix{{b.X, "name x", "y"}}
		}
		return nil
	})
	sums := fixer("sums", func(n ast.Node) []fix {
		if b := sum(n); b != nil {
			return []fix{{b, "sum x + 1", "z"}}
		}
		if two(n) {
			return []fix{{n, "two", "3"}}
		}
		return nil
	})
	twice := fixer("twice", func(n ast.Node) []fix {
		if two(n) {
			return []fix{{n, "four", "4"}, {n, "five", "5"}}
		}
		return nil
	})
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), FixSuite(names, sums, twice)[0], "overlap")
}

func TestOverlaps(t *testing.T) {
	edit := func(pos, end token.Pos) analysis.TextEdit { return analysis.TextEdit{Pos: pos, End: end} }
	for _, tc := range []struct {
		a, b analysis.TextEdit
		want bool
	}{
		{edit(10, 20), edit(15, 25), true},
		{edit(10, 20), edit(20, 30), false}, // adjacent
		{edit(10, 20), edit(0, 10), false},
		{edit(10, 20), edit(12, 14), true},
		{edit(10, 10), edit(10, 10), true},  // two insertions at one place
		{edit(10, 0), edit(10, 10), true},   // End NoPos: an insertion
		{edit(15, 15), edit(10, 20), true},  // an insertion inside a replacement
		{edit(10, 10), edit(10, 20), true},  // an insertion where it starts: counted, to be safe
		{edit(20, 20), edit(10, 20), false}, // and after it
	} {
		if got := overlaps(tc.a, tc.b); got != tc.want {
			t.Errorf("overlaps(%v, %v) = %v", tc.a, tc.b, got)
		}
		if got := overlaps(tc.b, tc.a); got != tc.want {
			t.Errorf("overlaps(%v, %v) = %v", tc.b, tc.a, got)
		}
	}
}
