package readstring

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
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

// Analyzer reports string conversions of bytes just read that unsafe.String
// can share.
var Analyzer = &analysis.Analyzer{
	Name:     "readstring",
	Doc:      passdoc.Doc(doc),
	URL:      "https://pkg.go.dev/github.com/squashgo/squash/passes/readstring",
	Requires: []*analysis.Analyzer{inspect.Analyzer},
	Run:      run,
}

// readers return a []byte that no one else holds.
var readers = map[string]bool{"io.ReadAll": true, "os.ReadFile": true}

func run(pass *analysis.Pass) (any, error) {
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	for cur := range ins.Root().Preorder((*ast.FuncDecl)(nil)) {
		fd := cur.Node().(*ast.FuncDecl)
		if fd.Body == nil {
			continue
		}
		// The variables that a reader's result is assigned to, where they
		// are declared.
		fresh := map[types.Object]string{}
		uses := map[types.Object][]*ast.Ident{}
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				if n.Tok != token.DEFINE || len(n.Rhs) != 1 || len(n.Lhs) != 2 {
					break
				}
				call, ok := n.Rhs[0].(*ast.CallExpr)
				if !ok {
					break
				}
				fn, ok := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
				if !ok || !readers[fn.FullName()] {
					break
				}
				if id, ok := n.Lhs[0].(*ast.Ident); ok && pass.TypesInfo.Defs[id] != nil {
					fresh[pass.TypesInfo.Defs[id]] = fn.FullName()
				}
			case *ast.Ident:
				if obj := pass.TypesInfo.Uses[n]; obj != nil {
					uses[obj] = append(uses[obj], n)
				}
			}
			return true
		})
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			conv, ok := n.(*ast.CallExpr)
			if !ok || len(conv.Args) != 1 {
				return true
			}
			if tv := pass.TypesInfo.Types[conv.Fun]; !tv.IsType() || !types.Identical(tv.Type, types.Typ[types.String]) {
				return true
			}
			id, ok := ast.Unparen(conv.Args[0]).(*ast.Ident)
			if !ok {
				return true
			}
			obj := pass.TypesInfo.Uses[id]
			reader, ok := fresh[obj]
			if !ok || len(uses[obj]) != 1 {
				return true // the bytes are used elsewhere, and may change
			}
			report(pass, conv, id, reader)
			return true
		})
	}
	return nil, nil
}

func report(pass *analysis.Pass, conv *ast.CallExpr, b *ast.Ident, reader string) {
	var file *ast.File
	for _, f := range pass.Files {
		if f.FileStart <= conv.Pos() && conv.Pos() < f.FileEnd {
			file = f
		}
	}
	name, edits, ok := imports.Add(pass, file, conv.Pos(), "unsafe")
	if !ok {
		return
	}
	edits = append(edits, analysis.TextEdit{
		Pos: conv.Pos(), End: conv.End(),
		NewText: fmt.Appendf(nil, "%s.String(%s.SliceData(%s), len(%s))", name, name, b.Name, b.Name),
	})
	pass.Report(analysis.Diagnostic{
		Pos:     conv.Pos(),
		End:     conv.End(),
		Message: fmt.Sprintf("string(%s) copies the bytes that %s returned, which nothing else uses: unsafe.String shares them", b.Name, reader),
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   "share the bytes with unsafe.String",
			TextEdits: edits,
		}},
	})
}
