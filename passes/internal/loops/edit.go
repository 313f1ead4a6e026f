package loops

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
)

// Redeclare returns the edits that replace the declaration list[i] with
// decl, text such as "s := make([]T, 0, n)". When the loop list[j] does not
// follow it directly, the declaration moves to just before the loop, where
// the loop's length is sure to be known; the caller has checked that nothing
// in between uses the variable.
func Redeclare(fset *token.FileSet, list []ast.Stmt, i, j int, decl string) []analysis.TextEdit {
	old := list[i]
	if j == i+1 {
		return []analysis.TextEdit{{Pos: old.Pos(), End: old.End(), NewText: []byte(decl)}}
	}
	f := fset.File(old.Pos())
	return []analysis.TextEdit{
		{Pos: f.LineStart(f.Line(old.Pos())), End: f.LineStart(f.Line(list[i+1].Pos()))},
		{Pos: list[j].Pos(), End: list[j].Pos(), NewText: []byte(decl + "\n")},
	}
}

// Uses returns related information pointing at each top-level statement of
// body that uses obj: where a measured allocation of the variable happens.
func Uses(info *types.Info, body *ast.BlockStmt, obj types.Object, msg string) []analysis.RelatedInformation {
	var related []analysis.RelatedInformation
	for _, s := range body.List {
		if Refers(info, s, obj) {
			related = append(related, analysis.RelatedInformation{Pos: s.Pos(), End: s.End(), Message: msg})
		}
	}
	return related
}
