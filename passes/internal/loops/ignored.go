package loops

import (
	"go/ast"

	"golang.org/x/tools/go/analysis"

	"github.com/squashgo/squash/internal/pragma"
)

// Ignored reports whether a //squash:ignore that names the analyzer name,
// with a reason, covers the line where stmt begins, by the rule squash
// lint reads it with (pragma.Covered): at the end of that line, or alone on
// a line above it with nothing but comment lines between. Its finding there is then silenced, and its
// fix not made. (squash lint also checks that each name is one of its
// analyzers'; a directive that names another too is taken here as it
// is.)
func Ignored(pass *analysis.Pass, stmt ast.Node, name string) bool {
	tf, file := pass.Fset.File(stmt.Pos()), FileOf(pass, stmt.Pos())
	if tf == nil || file == nil {
		return false
	}
	line := tf.PositionFor(stmt.Pos(), false).Line
	src := source(pass, stmt.Pos())
	var comments map[int]bool
	commentLines := func() map[int]bool {
		if comments == nil {
			comments = pragma.CommentLines(tf, file, src)
		}
		return comments
	}
	for _, cg := range file.Comments {
		if tf.PositionFor(cg.Pos(), false).Line > line {
			break // the directives that may cover line are on it or above it
		}
		for _, c := range cg.List {
			if pragma.Silences(c.Text, name) && pragma.Covered(tf, src, c, commentLines) == line {
				return true
			}
		}
	}
	return false
}
