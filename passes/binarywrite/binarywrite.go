package binarywrite

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/squashgo/squash/passes/internal/imports"
	"github.com/squashgo/squash/passes/internal/passdoc"
)

//go:embed doc.go
var doc string

// binencPath is the import path of the package the fix uses.
const binencPath = squashModule + "/binenc"

// Analyzer reports binary.Write of numeric slices.
var Analyzer = &analysis.Analyzer{
	Name:     "binarywrite",
	Doc:      passdoc.Doc(doc),
	URL:      "https://pkg.go.dev/github.com/squashgo/squash/passes/binarywrite",
	Requires: []*analysis.Analyzer{inspect.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	checked, available, why := false, false, ""
	for cur := range ins.Root().Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		fn, ok := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
		if !ok || fn.FullName() != "encoding/binary.Write" || len(call.Args) != 3 {
			continue
		}
		elem, ok := numericElem(pass.TypesInfo.TypeOf(call.Args[2]))
		if !ok {
			continue
		}
		d := analysis.Diagnostic{
			Pos: call.Pos(),
			End: call.End(),
			Message: fmt.Sprintf("binary.Write copies the []%s into a new []byte as large as the data before writing it: binenc.Write writes it without allocating",
				types.TypeString(elem, types.RelativeTo(pass.Pkg))),
		}
		if !checked {
			checked = true
			available, why = binencAvailable(pass, pass.Fset.File(call.Pos()).Name())
		}
		if !available {
			// The import the fix adds would not build.
			d.Message += fmt.Sprintf(" (%s; no fix offered: %s)", binencPath, why)
		} else if sel, ok := call.Fun.(*ast.SelectorExpr); ok {
			file := enclosingFile(pass, call)
			if edits, ok := fixEdits(pass, file, sel); ok {
				d.SuggestedFixes = []analysis.SuggestedFix{{Message: "Use binenc.Write", TextEdits: edits}}
			}
		}
		pass.Report(d)
	}
	return nil, nil
}

// numericElem returns the element type of a slice of fixed-size numbers
// other than bytes: what binary.Write copies and binenc writes as is.
func numericElem(t types.Type) (types.Type, bool) {
	if t == nil {
		return nil, false
	}
	s, ok := t.Underlying().(*types.Slice)
	if !ok {
		return nil, false
	}
	b, ok := s.Elem().Underlying().(*types.Basic)
	if !ok {
		return nil, false
	}
	switch b.Kind() {
	case types.Int8, types.Int16, types.Int32, types.Int64,
		types.Uint16, types.Uint32, types.Uint64, types.Float32, types.Float64:
		return s.Elem(), true
	}
	return nil, false
}

func enclosingFile(pass *analysis.Pass, n ast.Node) *ast.File {
	for _, f := range pass.Files {
		if f.FileStart <= n.Pos() && n.Pos() < f.FileEnd {
			return f
		}
	}
	return nil
}

// fixEdits replaces binary.Write with binenc.Write and imports binenc, when
// encoding/binary stays used and the name binenc is free (or binenc is
// imported already, under that name or another).
func fixEdits(pass *analysis.Pass, file *ast.File, sel *ast.SelectorExpr) ([]analysis.TextEdit, bool) {
	if file == nil {
		return nil, false
	}
	pkgID, ok := sel.X.(*ast.Ident)
	if !ok {
		return nil, false
	}
	pkgName, ok := pass.TypesInfo.Uses[pkgID].(*types.PkgName)
	if !ok {
		return nil, false
	}
	// Other uses of encoding/binary in this file keep its import alive.
	others := 0
	ast.Inspect(file, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id != pkgID && pass.TypesInfo.Uses[id] == pkgName {
			others++
		}
		return true
	})
	if others == 0 {
		return nil, false
	}
	name, edits, ok := imports.Add(pass, file, sel.Pos(), binencPath)
	if !ok {
		return nil, false // the name binenc is taken
	}
	return append([]analysis.TextEdit{{Pos: sel.X.Pos(), End: sel.Sel.End(), NewText: []byte(name + ".Write")}}, edits...), true
}
