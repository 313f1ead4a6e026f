package loops

import (
	"go/ast"
	"go/token"
	"go/types"
	"go/version"

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

func fileOf(pass *analysis.Pass, pos token.Pos) *ast.File {
	for _, f := range pass.Files {
		if f.FileStart <= pos && pos <= f.FileEnd {
			return f
		}
	}
	return nil
}

// Size returns the count as the argument of make's capacity or of Grow,
// both of which panic when it is negative: the count itself when it cannot
// be negative, else max(0, count) when the builtin max can be used at pos
// (Go 1.21 or later, not shadowed). It reports false when neither will do.
func (c Count) Size(pass *analysis.Pass, pos token.Pos) (string, bool) {
	if c.NonNegative {
		return c.Text, true
	}
	if !builtinMax(pass, pos) {
		return "", false
	}
	return "max(0, " + c.Text + ")", true
}

// builtinMax reports whether max at pos is the builtin of Go 1.21.
func builtinMax(pass *analysis.Pass, pos token.Pos) bool {
	v := ""
	if f := fileOf(pass, pos); f != nil {
		v = pass.TypesInfo.FileVersions[f]
	}
	if v == "" && pass.Module != nil && pass.Module.GoVersion != "" {
		v = "go" + pass.Module.GoVersion
	}
	if v != "" && version.Compare(v, "go1.21") < 0 {
		return false
	}
	scope := pass.Pkg.Scope().Innermost(pos)
	if scope == nil {
		return false
	}
	_, obj := scope.LookupParent("max", pos)
	return obj == types.Universe.Lookup("max")
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
